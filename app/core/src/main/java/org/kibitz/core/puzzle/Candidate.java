package org.kibitz.core.puzzle;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Side;
import org.kibitz.core.GameFiles;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.GameReport;

/**
 * A position after a move judged {@code ?} or {@code ??}: where a puzzle may start. A job item, kept in
 * the journal's order of games and plies.
 *
 * @param ordinal     the game's place among all games of the batch
 * @param gameNumber  its number in its file
 * @param ply         the mistake's ply, from 1
 * @param gameId      {@code chess} or {@code xiangqi}
 * @param variant     the variant ({@code chess960}) or empty
 * @param startFen    the game's start position
 * @param moves       the game's moves up to and including the mistake, in coordinates
 * @param judgement   the mistake's glyph ({@code ?} or {@code ??})
 * @param gameUrl     the game's Site when it is a URL, else {@code file:game-number}
 * @param openingTags the game's opening as lichess-style tags, or its ECO/ECCO code
 */
public record Candidate(int ordinal, int gameNumber, int ply, String gameId, String variant, String startFen,
                        List<String> moves, String judgement, String gameUrl, List<String> openingTags) {

    public Candidate {
        moves = List.copyOf(moves);
        openingTags = List.copyOf(openingTags);
    }

    /** The item id in the journal: game and ply. */
    public String id() {
        return "g" + ordinal + "-p" + ply;
    }

    /**
     * The candidates of one game: its moves judged {@code ?} or {@code ??} by the first engine's evaluation,
     * whose solver (the mistake's opponent) {@code takes} accepts.
     *
     * @param solverFilter which solvers are wanted: a side, the player's side in this game, or both
     */
    public static List<Candidate> of(GameResults results, JudgementModel model, Games games,
                                     java.util.function.BiPredicate<GameFiles.Entry, Side> solverFilter) {
        if (results.broken().isPresent() || results.byEngine().isEmpty()) {
            return List.of();
        }
        GameReport report = GameReport.of(results, 0, model, games);
        GameEvaluation ev = results.byEngine().get(0);
        GameFiles.Entry entry = results.entry();
        List<Candidate> out = new ArrayList<>();
        for (GameReport.MoveRow row : report.rows()) {
            if (row.judgement() != Judgement.MISTAKE && row.judgement() != Judgement.BLUNDER) {
                continue;
            }
            if (!solverFilter.test(entry, row.side().opposite())) {
                continue;
            }
            out.add(new Candidate(results.ordinal(), entry.gameNumber(), row.ply(), ev.gameId(), variant(entry, ev.gameId()),
                    ev.startFen(), ev.moves().subList(0, row.ply()), row.judgement().glyph(),
                    gameUrl(entry, results.file().getFileName().toString()), openingTags(entry)));
        }
        return out;
    }

    private static String variant(GameFiles.Entry entry, String gameId) {
        String v = entry.tag("Variant").strip().toLowerCase(Locale.ROOT);
        return v.isEmpty() || v.equals(gameId) || v.equals("standard") || v.contains("xiangqi") || v.contains("chinese")
                ? "" : v;
    }

    /** The Site tag when it is a URL, else {@code file:game-number}. */
    static String gameUrl(GameFiles.Entry entry, String fileName) {
        String site = entry.tag("Site").strip();
        if (site.startsWith("http://") || site.startsWith("https://")) {
            return site;
        }
        return fileName + ":" + entry.gameNumber();
    }

    /** The Opening (and Variation) tag as lichess writes opening tags, else the ECO or ECCO code. */
    static List<String> openingTags(GameFiles.Entry entry) {
        String opening = tagWord(entry.tag("Opening"));
        if (!opening.isEmpty()) {
            String variation = tagWord(entry.tag("Variation"));
            return variation.isEmpty() ? List.of(opening) : List.of(opening, opening + "_" + variation);
        }
        return Optional.of(entry.tag("ECO").strip()).filter(s -> !s.isEmpty() && !s.equals("?"))
                .or(() -> Optional.of(entry.tag("ECCO").strip()).filter(s -> !s.isEmpty() && !s.equals("?")))
                .map(List::of).orElse(List.of());
    }

    private static String tagWord(String s) {
        String t = s.strip();
        if (t.equals("?")) {
            return "";
        }
        return t.replaceAll("[^\\p{L}\\p{N}]+", "_").replaceAll("^_+|_+$", "");
    }
}
