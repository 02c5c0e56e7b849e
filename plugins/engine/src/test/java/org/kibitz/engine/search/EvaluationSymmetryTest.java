package org.kibitz.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.engine.protocol.Game;

/**
 * The evaluations see both sides alike: a position and its colour-flipped mirror (ranks reversed,
 * colours and side to move swapped) score the same for the side to move. Run on the perft positions of
 * ../shared/data, which come from real games and test suites; a one-sided table entry would show here.
 */
class EvaluationSymmetryTest {

    @Test
    void chessMirrorsScoreAlike() throws Exception {
        int n = 0;
        for (String fen : fens("chess")) {
            int a = Game.CHESS.setUp(fen, List.of(), false).evaluate();
            int b = Game.CHESS.setUp(mirrorChess(fen), List.of(), false).evaluate();
            assertEquals(a, b, fen + " against " + mirrorChess(fen));
            n++;
        }
        assertTrue(n >= 5);
    }

    @Test
    void xiangqiMirrorsScoreAlike() throws Exception {
        int n = 0;
        for (String fen : fens("xiangqi")) {
            int a = Game.XIANGQI.setUp(fen, List.of(), false).evaluate();
            int b = Game.XIANGQI.setUp(mirrorXiangqi(fen), List.of(), false).evaluate();
            assertEquals(a, b, fen + " against " + mirrorXiangqi(fen));
            n++;
        }
        assertTrue(n >= 30);
    }

    @Test
    void theStartPositionsAreLevel() throws Exception {
        // Only the side to move's tempo bonus separates the sides.
        assertEquals(10, Game.CHESS.setUpStart().evaluate());
        assertEquals(10, Game.XIANGQI.setUpStart().evaluate());
    }

    static List<String> fens(String game) throws Exception {
        Path file = Path.of(System.getProperty("kibitz.shared"), "data", game, "perft.epd");
        return Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty())
                .map(l -> l.split(";")[0].strip()).toList();
    }

    static String mirrorChess(String fen) {
        String[] f = fen.split("\\s+");
        String[] rows = f[0].split("/");
        StringBuilder placement = new StringBuilder();
        for (int i = rows.length - 1; i >= 0; i--) {
            placement.append(swapCase(rows[i]));
            if (i > 0) {
                placement.append('/');
            }
        }
        String side = f[1].equals("w") ? "b" : "w";
        String castling = f[2].equals("-") ? "-" : sortCastling(swapCase(f[2]));
        String ep = f[3].equals("-") ? "-" : "" + f[3].charAt(0) + (char) ('1' + '8' - f[3].charAt(1));
        return placement + " " + side + " " + castling + " " + ep + " " + (f.length > 4 ? f[4] : "0") + " " + (f.length > 5 ? f[5] : "1");
    }

    static String mirrorXiangqi(String fen) {
        String[] f = fen.split("\\s+");
        String[] rows = f[0].split("/");
        StringBuilder placement = new StringBuilder();
        for (int i = rows.length - 1; i >= 0; i--) {
            placement.append(swapCase(rows[i]));
            if (i > 0) {
                placement.append('/');
            }
        }
        return placement + " " + (f[1].equals("b") ? "w" : "b") + " - - 0 1";
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
