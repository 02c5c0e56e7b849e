package org.kibitz.core.evaluate.compare;

import java.util.List;
import java.util.Optional;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.report.GameReport;

/**
 * A game as two or more engines evaluated it, position by position.
 *
 * @param results   what the batch found
 * @param positions the positions at least two engines evaluated, by ply
 * @param reports   each engine's judgement of the game's moves, in the command's order
 */
public record GameComparison(GameResults results, List<ComparedPosition> positions, List<GameReport> reports) {

    public GameComparison {
        positions = List.copyOf(positions);
        reports = List.copyOf(reports);
    }

    public String fileName() {
        return results.file().getFileName().toString();
    }

    public int game() {
        return results.entry().gameNumber();
    }

    public List<String> engineNames() {
        return results.byEngine().stream().map(e -> e.engineName()).toList();
    }

    /** The positions where engines {@code a} and {@code b} disagree, strongest first. */
    public List<ComparedPosition> disagreements(int a, int b) {
        return positions.stream().filter(p -> p.pair(a, b).map(PairView::disagrees).orElse(false))
                .sorted(java.util.Comparator.comparingDouble((ComparedPosition p) -> -p.pair(a, b).get().magnitude())
                        .thenComparingInt(ComparedPosition::ply))
                .toList();
    }

    /** The position after {@code ply} moves, if it was compared. */
    public Optional<ComparedPosition> at(int ply) {
        return positions.stream().filter(p -> p.ply() == ply).findFirst();
    }
}
