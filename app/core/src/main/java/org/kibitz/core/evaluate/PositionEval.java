package org.kibitz.core.evaluate;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.analysis.Score;

/**
 * What a batch found for one position of a game's main line, for one engine.
 *
 * @param ply    the position after this many moves of the main line (0: the start)
 * @param status how the evaluation was come by
 * @param score  {@link ScoreCodec#encode encoded}, from the point of view of the side to move; empty when failed.
 *               A position the rules end (checkmate, stalemate in xiangqi) is {@code mate 0}: the side to move has lost;
 *               one they end in a draw is {@code cp 0}.
 * @param depth  the depth reported
 * @param nodes  nodes searched (0 when not reported)
 * @param timeMs the engine's own search time in milliseconds (0 when not reported)
 * @param pv     the best line, in coordinates (ICCS ranks 0-9 for xiangqi); its first move is the engine's choice
 * @param second the score of the second best line (MultiPV 2), when searched with 2 or more lines; same encoding
 * @param error  why the position failed, when {@link Status#FAILED}
 * @param lines  every line the search gave (MultiPV), best first: each one's first move and score, same encoding;
 *               empty for a position the rules end or one read from a journal written before lines were kept
 */
public record PositionEval(int ply, Status status, String score, int depth, long nodes, long timeMs, List<String> pv,
                           String second, String error, List<Line> lines) {

    /**
     * One line of a MultiPV search.
     *
     * @param move  its first move, in coordinates
     * @param score its score, {@link ScoreCodec#encode encoded}, from the side to move's view
     */
    public record Line(String move, String score) {
        public Line {
            Objects.requireNonNull(move, "move");
            Objects.requireNonNull(score, "score");
        }

        public Score decoded() {
            return ScoreCodec.decode(score);
        }
    }

    /** How an evaluation was come by. */
    public enum Status {
        /** Searched by the engine in this job (in this run or one it resumes). */
        SEARCHED,
        /** Found in the analysis store, written there before this job started, at this engine's limit or deeper. */
        STORED,
        /** The game is over in this position by the rules: no engine asked. */
        TERMINAL,
        /** The engine failed on it twice. */
        FAILED
    }

    public PositionEval {
        pv = pv == null ? List.of() : List.copyOf(pv);
        score = score == null ? "" : score;
        second = second == null ? "" : second;
        error = error == null ? "" : error;
        lines = lines == null ? List.of() : List.copyOf(lines);
    }

    /** A position with its best line only. */
    public PositionEval(int ply, Status status, String score, int depth, long nodes, long timeMs, List<String> pv,
                        String second, String error) {
        this(ply, status, score, depth, nodes, timeMs, pv, second, error, List.of());
    }

    /** The lines searched, best first: {@link #lines} when kept, else the best line alone. */
    public List<Line> linesOrBest() {
        if (!lines.isEmpty() || score.isEmpty() || pv.isEmpty()) {
            return lines;
        }
        return List.of(new Line(pv.get(0), score));
    }

    public static PositionEval failed(int ply, String error) {
        return new PositionEval(ply, Status.FAILED, "", 0, 0, 0, List.of(), "", error);
    }

    /** The score from the side to move's view; empty when failed. */
    public Optional<Score> sideToMoveScore() {
        return score.isEmpty() ? Optional.empty() : Optional.of(ScoreCodec.decode(score));
    }

    /** The second line's score, from the side to move's view. */
    public Optional<Score> secondScore() {
        return second.isEmpty() ? Optional.empty() : Optional.of(ScoreCodec.decode(second));
    }

    /** The engine's first move, in coordinates. */
    public Optional<String> bestMove() {
        return pv.isEmpty() ? Optional.empty() : Optional.of(pv.get(0));
    }

    public boolean failed() {
        return status == Status.FAILED;
    }
}
