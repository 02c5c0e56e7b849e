package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;

/**
 * Every move of the 597 Capablanca games parses, and the SAN written back equals the source's.
 *
 * <p>Normalisation before comparing: annotation suffixes ({@code ! ? !! ?? !? ?!}) are dropped,
 * {@code 0-0}/{@code 0-0-0} read as {@code O-O}/{@code O-O-O}; then the check or mate mark is
 * compared separately: the source marks a check with {@code +} whenever we write {@code +} or
 * {@code #} (this file writes mate as {@code +}, so {@code #} and {@code +} count as one mark).
 * Everything else (piece letter, disambiguation, capture mark, promotion with {@code =}) must be
 * identical.
 */
class CapablancaSanTest {

    private static final ChessPlugin CHESS = new ChessPlugin();

    static String normalise(String san) {
        String s = san.replaceAll("[!?]+$", "");
        if (s.startsWith("0-0")) {
            s = s.replace('0', 'O');
        }
        return s;
    }

    static String withoutCheck(String san) {
        return san.replaceAll("[+#]$", "");
    }

    @Test
    void everyMoveParsesAndIsWrittenBackAsInTheSource() throws IOException, MoveParseException {
        List<PgnGames.Game> games = PgnGames.read(Path.of(System.getProperty("kibitz.testdata"), "chess/pgn/Capablanca.pgn"));
        assertEquals(597, games.size());
        Notation san = CHESS.notation("san").orElseThrow();
        int moves = 0;
        List<String> problems = new ArrayList<>();
        for (PgnGames.Game g : games) {
            ChessPosition p = CHESS.startPosition();
            for (int ply = 0; ply < g.moves().size(); ply++) {
                String source = normalise(g.moves().get(ply));
                Move m = san.parse(p, source);
                String written = san.format(p, m);
                String where = "game " + g.number() + " ply " + (ply + 1) + ": ";
                if (!withoutCheck(written).equals(withoutCheck(source))) {
                    problems.add(where + source + " written " + written);
                }
                if (written.matches(".*[+#]$") != source.matches(".*[+#]$")) {
                    problems.add(where + "check mark differs: " + source + " written " + written);
                }
                p = p.play(m);
                moves++;
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " differences, first: " + problems.subList(0, Math.min(20, problems.size())));
        assertTrue(moves > 40_000, "moves read: " + moves);
        System.out.println("Capablanca: " + games.size() + " games, " + moves + " moves round-tripped");
    }
}
