package org.kibitz.core.puzzle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.evaluate.judge.WinModel;

/**
 * A puzzle's themes and rating estimate, from its solution (decision 0033). Theme names follow
 * lichess's where lichess has one ({@code mateIn2}, {@code advantage}, {@code crushing},
 * {@code hangingPiece}, {@code opening}, {@code oneMove}...); material won is named by the piece:
 * {@code winQueen}, {@code winRook}, {@code winBishop}, {@code winKnight} for chess, {@code winChariot},
 * {@code winHorse}, {@code winCannon}, {@code winAdvisor}, {@code winElephant} for xiangqi.
 */
public final class PuzzleThemes {

    private PuzzleThemes() {
    }

    /** Piece values in pawns, by FEN letter (upper case). */
    private static final Map<Character, Integer> CHESS = Map.of('Q', 9, 'R', 5, 'B', 3, 'N', 3, 'P', 1);
    private static final Map<Character, Integer> XIANGQI = Map.of('R', 9, 'C', 5, 'N', 4, 'A', 2, 'B', 2, 'P', 1);
    private static final Map<Character, String> CHESS_NAMES = Map.of('Q', "Queen", 'R', "Rook", 'B', "Bishop", 'N', "Knight");
    private static final Map<Character, String> XIANGQI_NAMES = Map.of('R', "Chariot", 'C', "Cannon", 'N', "Horse",
            'A', "Advisor", 'B', "Elephant");

    private static boolean xiangqi(Position p) {
        return p.gameId().equals("xiangqi");
    }

    private static Map<Character, Integer> values(Position p) {
        return xiangqi(p) ? XIANGQI : CHESS;
    }

    /** The material of {@code side} in pawns. */
    public static int material(Position p, Side side) {
        Map<Character, Integer> v = values(p);
        int sum = 0;
        for (Piece piece : p.pieces().values()) {
            if (piece.side() == side) {
                sum += v.getOrDefault(Character.toUpperCase(piece.type()), 0);
            }
        }
        return sum;
    }

    /** How much the material balance moved for {@code side} from {@code start} to {@code end}, in pawns. */
    public static int materialGain(Position start, Position end, Side side) {
        return (material(end, side) - material(end, side.opposite())) - (material(start, side) - material(start, side.opposite()));
    }

    private static int count(Position p, Side side, char type) {
        int n = 0;
        for (Piece piece : p.pieces().values()) {
            if (piece.side() == side && Character.toUpperCase(piece.type()) == type) {
                n++;
            }
        }
        return n;
    }

    /**
     * The themes of a solution.
     *
     * @param before    the position before the opponent's mistake
     * @param solution  the solver's view: positions after the mistake and after each move of the line
     * @param line      the line (solver, reply, ..., solver)
     * @param mate      whether it ends in checkmate
     * @param last      the solver's score after its last move
     */
    public static List<String> of(Position before, List<Position> solution, List<Move> line, boolean mate, Score last,
                                  WinModel win) {
        List<String> themes = new ArrayList<>();
        Position start = solution.get(0);
        Position end = solution.get(solution.size() - 1);
        Side solver = start.sideToMove();
        int solverMoves = (line.size() + 1) / 2;
        if (mate) {
            themes.add("mate");
            themes.add("mateIn" + Math.min(5, solverMoves));
        } else {
            boolean crushing = last instanceof Score.Mate m ? m.moves() > 0 : win.centipawns(last) >= 600;
            themes.add(crushing ? "crushing" : "advantage");
            // The most valuable kind of piece the opponent lost for good.
            Map<Character, String> names = xiangqi(start) ? XIANGQI_NAMES : CHESS_NAMES;
            Map<Character, Integer> v = values(start);
            char wonType = 0;
            for (char t : names.keySet()) {
                int net = (count(start, solver.opposite(), t) - count(end, solver.opposite(), t))
                        - (count(start, solver, t) - count(end, solver, t));
                if (net > 0 && (wonType == 0 || v.get(t) > v.get(wonType))) {
                    wonType = t;
                }
            }
            if (solverMoves == 1 && start.isCapture(line.get(0))) {
                themes.add("hangingPiece");
            }
            if (wonType != 0) {
                themes.add("win" + names.get(wonType));
            }
        }
        themes.add(phase(before));
        themes.add(switch (solverMoves) {
            case 1 -> "oneMove";
            case 2 -> "short";
            case 3 -> "long";
            default -> "veryLong";
        });
        return themes;
    }

    /**
     * {@code opening} up to move 10, {@code endgame} with few pieces (chess: six or fewer besides kings and
     * pawns; xiangqi: four or fewer chariots, horses and cannons), else {@code middlegame}.
     */
    public static String phase(Position p) {
        int pieces = 0;
        for (Piece piece : p.pieces().values()) {
            char t = Character.toUpperCase(piece.type());
            if (xiangqi(p) ? (t == 'R' || t == 'N' || t == 'C') : (t != 'K' && t != 'P')) {
                pieces++;
            }
        }
        if (pieces <= (xiangqi(p) ? 4 : 6)) {
            return "endgame";
        }
        return p.fullmoveNumber() <= 10 ? "opening" : "middlegame";
    }

    /**
     * A rating estimate on lichess's scale: 900 for a one-move capture or mate, 350 more for each further
     * move to find, 250 more when the first move is quiet (neither a capture nor a check), 100 more for a mate
     * in three or more; kept within 600..2800.
     */
    public static int rating(List<Position> solution, List<Move> line, boolean mate) {
        Position start = solution.get(0);
        int solverMoves = (line.size() + 1) / 2;
        int r = 900 + 350 * (solverMoves - 1);
        Move first = line.get(0);
        boolean check = solution.get(1).inCheck();
        if (!start.isCapture(first) && !check) {
            r += 250;
        }
        if (mate && solverMoves > 2) {
            r += 100;
        }
        return Math.max(600, Math.min(2800, r));
    }

    /** The rating deviation of an estimate: wide, as a new puzzle's is before anyone plays it. */
    public static final int ESTIMATE_DEVIATION = 500;
}
