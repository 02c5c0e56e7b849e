package org.kibitz.workbench.evaluate;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Side;

/**
 * One evaluated game as the Report pane shows it: its moves judged, and each side's accuracy and
 * counts. Made from a batch's results by {@link Summaries}.
 *
 * @param file        the game's file
 * @param gameNumber  its number in the file, from 1
 * @param white       the White/Red player's name
 * @param black       the Black player's name
 * @param result      the result tag
 * @param gameId      {@code chess} or {@code xiangqi}
 * @param engine      the engine whose evaluations are judged
 * @param model       the judgement model's description
 * @param rows        one per judged move, in order
 * @param whiteStats  White's/Red's moves
 * @param blackStats  Black's moves
 * @param swing       the largest change of White's/Red's win% made by one move, in points (0..100)
 * @param swingPly    the ply of that move, 0 when no move was judged
 * @param broken      why the game could not be evaluated, when it could not
 */
public record GameSummary(Path file, int gameNumber, String white, String black, String result, String gameId,
                          String engine, String model, List<Row> rows, SideStats whiteStats, SideStats blackStats,
                          double swing, int swingPly, Optional<String> broken) {

    public GameSummary {
        rows = List.copyOf(rows);
    }

    /**
     * A judged move.
     *
     * @param ply       the move's ply, from 1
     * @param mover     who played it
     * @param number    its move number as the list writes it ({@code 12.}, {@code 12...})
     * @param move      in the game's notation
     * @param before    the evaluation before it, from White's/Red's view
     * @param after     the evaluation after it, from White's/Red's view
     * @param best      the engine's choice in the game's notation; empty when the move played was it
     * @param winLoss   the mover's loss in win% points
     * @param accuracy  the move's accuracy 0..100
     * @param nag       its judgement's NAG (6 ?!, 2 ?, 4 ??, 1 !, 3 !!), 0 for none
     */
    public record Row(int ply, Side mover, String number, String move, Optional<Score> before, Optional<Score> after,
                      String best, double winLoss, OptionalDouble accuracy, int nag) {

        /** Whether the move is a ?!, ? or ??. */
        public boolean isError() {
            return nag == 6 || nag == 2 || nag == 4;
        }
    }

    /**
     * One side's moves.
     *
     * @param moves        moves judged
     * @param accuracy     game accuracy 0..100, when any move was judged
     * @param acpl         average centipawn loss
     * @param inaccuracies ?! moves
     * @param mistakes     ? moves
     * @param blunders     ?? moves
     */
    public record SideStats(int moves, OptionalDouble accuracy, OptionalDouble acpl, int inaccuracies, int mistakes,
                            int blunders) {
        public static final SideStats NONE = new SideStats(0, OptionalDouble.empty(), OptionalDouble.empty(), 0, 0, 0);
    }

    public SideStats stats(Side side) {
        return side == Side.WHITE ? whiteStats : blackStats;
    }

    /** The judged moves that are ?!, ? or ??. */
    public List<Row> errors() {
        return rows.stream().filter(Row::isError).toList();
    }
}
