package org.kibitz.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.kibitz.engine.protocol.Game;

/**
 * The evaluations see both sides alike: a position and its colour-flipped mirror (ranks reversed,
 * colours and side to move swapped) score the same for the side to move. Run on the perft positions of
 * testdata/, which come from real games and test suites; a one-sided table entry would show here.
 */
class EvaluationSymmetryTest {

    @Test
    void chessMirrorsScoreAlike() throws Exception {
        assertMirrorsScoreAlike(Game.CHESS, EvaluationSymmetryTest::mirrorChess, 5);
    }

    @Test
    void xiangqiMirrorsScoreAlike() throws Exception {
        assertMirrorsScoreAlike(Game.XIANGQI, EvaluationSymmetryTest::mirrorXiangqi, 30);
    }

    /** Every perft position of the game scores as its mirror does; there are at least {@code atLeast}. */
    private static void assertMirrorsScoreAlike(Game game, UnaryOperator<String> mirror, int atLeast)
            throws Exception {
        int n = 0;
        for (String fen : fens(game.id())) {
            int a = game.setUp(fen, List.of(), false).evaluate();
            int b = game.setUp(mirror.apply(fen), List.of(), false).evaluate();
            assertEquals(a, b, fen + " against " + mirror.apply(fen));
            n++;
        }
        assertTrue(n >= atLeast);
    }

    @Test
    void theStartPositionsAreLevel() throws Exception {
        // Only the side to move's tempo bonus separates the sides.
        assertEquals(10, Game.CHESS.setUpStart().evaluate());
        assertEquals(10, Game.XIANGQI.setUpStart().evaluate());
    }

    static List<String> fens(String game) throws Exception {
        Path file = Path.of(System.getProperty("kibitz.testdata"), game, "perft.epd");
        return Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty())
                .map(l -> l.split(";")[0].strip()).toList();
    }

    static String mirrorChess(String fen) {
        String[] f = fen.split("\\s+");
        String placement = flipped(f[0]);
        String side = f[1].equals("w") ? "b" : "w";
        String castling = f[2].equals("-") ? "-" : sortCastling(swapCase(f[2]));
        String ep = f[3].equals("-") ? "-" : "" + f[3].charAt(0) + (char) ('1' + '8' - f[3].charAt(1));
        return placement + " " + side + " " + castling + " " + ep + " " + (f.length > 4 ? f[4] : "0") + " " + (f.length > 5 ? f[5] : "1");
    }

    static String mirrorXiangqi(String fen) {
        String[] f = fen.split("\\s+");
        String placement = flipped(f[0]);
        return placement + " " + (f[1].equals("b") ? "w" : "b") + " - - 0 1";
    }

    /** The placement upside down, colours swapped. */
    private static String flipped(String placement) {
        List<String> rows = new ArrayList<>(List.of(placement.split("/")));
        Collections.reverse(rows);
        return swapCase(String.join("/", rows));
    }

    private static String sortCastling(String c) {
        StringBuilder upper = new StringBuilder();
        StringBuilder lower = new StringBuilder();
        for (char ch : c.toCharArray()) {
            (Character.isUpperCase(ch) ? upper : lower).append(ch);
        }
        return upper.toString() + lower;
    }

    private static String swapCase(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            sb.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        }
        return sb.toString();
    }
}
