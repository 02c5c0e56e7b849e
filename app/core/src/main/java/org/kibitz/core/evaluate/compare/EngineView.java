package org.kibitz.core.evaluate.compare;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.analysis.Score;
import org.kibitz.core.evaluate.judge.Judgement;

/**
 * One engine's view of one position, as a comparison shows it.
 *
 * @param engine    the engine's place in the command, from 0
 * @param name      its name
 * @param best      its first move, in coordinates
 * @param bestSan   the same in the game's notation
 * @param line      its best line in the game's notation
 * @param pv        the same in coordinates
 * @param lines     each MultiPV line's first move (coordinates) and score, best first
 * @param score     its score, from the side to move's view
 * @param win       the side to move's win% (0..100) by the judgement model
 * @param depth     the depth it reached
 * @param nodes     the nodes it searched (0 when not reported)
 * @param timeMs    its own search time
 * @param stored    whether the evaluation came from the analysis store (searched earlier) rather than this run
 * @param verdict   what it calls the move played from this position, when that move is judged
 * @param playedLoss the mover's loss in win% points by this engine for the move played, when judged
 */
public record EngineView(int engine, String name, String best, String bestSan, List<String> line, List<String> pv,
                         List<Alt> lines,
                         Score score, double win, int depth, long nodes, long timeMs, boolean stored,
                         Optional<Judgement> verdict, Optional<Double> playedLoss) {

    /** One MultiPV line: its first move in coordinates and its score from the side to move's view. */
    public record Alt(String move, Score score) {
    }

    public EngineView {
        Objects.requireNonNull(name, "name");
        line = List.copyOf(line);
        pv = List.copyOf(pv);
        lines = List.copyOf(lines);
        Objects.requireNonNull(score, "score");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(playedLoss, "playedLoss");
    }

    /** Whether {@code move} is among its first {@code k} lines. */
    public boolean inTop(String move, int k) {
        for (int i = 0; i < Math.min(k, lines.size()); i++) {
            if (lines.get(i).move().equals(move)) {
                return true;
            }
        }
        return false;
    }

    /** The score of its line starting with {@code move}, if it searched one. */
    public Optional<Score> scoreOf(String move) {
        return lines.stream().filter(a -> a.move().equals(move)).map(Alt::score).findFirst();
    }
}
