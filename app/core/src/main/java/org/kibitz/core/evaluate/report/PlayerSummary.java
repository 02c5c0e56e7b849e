package org.kibitz.core.evaluate.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.kibitz.api.game.Side;
import org.kibitz.core.evaluate.judge.GameStats;
import org.kibitz.core.evaluate.judge.Judgement;

/**
 * Each player's totals over a batch, by one engine's judgements: games, judged moves, accuracy
 * (the mean of the player's game accuracies), ACPL (over all the player's judged moves) and the counts
 * of ?!, ? and ??. Keeps a few numbers per player, never the games.
 */
public final class PlayerSummary {

    /** One player's totals. */
    public record Player(String name, int games, int moves, double accuracySum, int accuracyGames, double lossSum,
                         int inaccuracies, int mistakes, int blunders) {

        /** The mean of the game accuracies; NaN without any. */
        public double accuracy() {
            return accuracyGames == 0 ? Double.NaN : accuracySum / accuracyGames;
        }

        /** Centipawns lost per judged move; NaN without any. */
        public double acpl() {
            return moves == 0 ? Double.NaN : lossSum / moves;
        }
    }

    private final Map<String, Player> players = new TreeMap<>();
    /** Book moves by player (docs/judgements.md: they count in none of the other columns). */
    private final Map<String, Integer> book = new TreeMap<>();

    /** Adds a game's totals. */
    public synchronized void add(GameReport report) {
        for (Side side : Side.values()) {
            GameStats.SideStats st = report.stats().of(side);
            String name = report.player(side).isBlank() ? "?" : report.player(side).strip();
            Player p = players.getOrDefault(name, new Player(name, 0, 0, 0, 0, 0, 0, 0, 0));
            boolean acc = st.accuracy().isPresent();
            players.put(name, new Player(name, p.games() + 1, p.moves() + st.moves(),
                    p.accuracySum() + (acc ? st.accuracy().getAsDouble() : 0), p.accuracyGames() + (acc ? 1 : 0),
                    p.lossSum() + (st.acpl().isPresent() ? st.acpl().getAsDouble() * st.moves() : 0),
                    p.inaccuracies() + st.count(Judgement.INACCURACY), p.mistakes() + st.count(Judgement.MISTAKE),
                    p.blunders() + st.count(Judgement.BLUNDER)));
            book.merge(name, report.bookMoves(side), Integer::sum);
        }
    }

    /** The players, sorted by name. */
    public synchronized List<Player> players() {
        return List.copyOf(players.values());
    }

    /**
     * The table as lines of text, columns aligned: a header in {@code locale}'s words, then a line per
     * player sorted by name (accuracy with one decimal, ACPL rounded); with a last column of book moves
     * when any move was one.
     */
    public synchronized List<String> lines(Locale locale) {
        List<String[]> table = new ArrayList<>();
        boolean books = book.values().stream().anyMatch(n -> n > 0);
        String header = ReportFormat.text(locale, "report.summary.header")
                + (books ? "|" + ReportFormat.text(locale, "report.summary.book") : "");
        table.add(header.split("\\|"));
        for (Player p : players.values()) {
            String[] row = {p.name(), Integer.toString(p.games()), Integer.toString(p.moves()),
                    ReportFormat.fixed(p.accuracy(), 1), ReportFormat.fixed(p.acpl(), 0), Integer.toString(p.inaccuracies()),
                    Integer.toString(p.mistakes()), Integer.toString(p.blunders())};
            if (books) {
                row = java.util.Arrays.copyOf(row, row.length + 1);
                row[row.length - 1] = Integer.toString(book.getOrDefault(p.name(), 0));
            }
            table.add(row);
        }
        int cols = table.get(0).length;
        int[] width = new int[cols];
        for (String[] row : table) {
            for (int i = 0; i < cols && i < row.length; i++) {
                width[i] = Math.max(width[i], displayWidth(row[i]));
            }
        }
        List<String> out = new ArrayList<>(table.size());
        for (String[] row : table) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < cols && i < row.length; i++) {
                String cell = row[i];
                int pad = width[i] - displayWidth(cell);
                if (i == 0) {
                    b.append(cell).append(" ".repeat(pad));
                } else {
                    b.append("  ").append(" ".repeat(pad)).append(cell);
                }
            }
            out.add(b.toString().stripTrailing());
        }
        return out;
    }

    /** Columns a terminal gives the text: two for each CJK character. */
    static int displayWidth(String s) {
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            Character.UnicodeScript sc = Character.UnicodeScript.of(cp);
            boolean wide = sc == Character.UnicodeScript.HAN || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0x3000 && cp <= 0x303F);
            w += wide ? 2 : 1;
        }
        return w;
    }
}
