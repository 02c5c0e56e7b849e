package org.kibitz.api.engine;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Supplier;
import org.kibitz.api.game.Move;

/**
 * An unmodifiable list of moves worked out the first time anyone looks at it: a session reports
 * every {@code info} line as an {@link EngineEvent.AnalysisUpdate}, but checking each PV against
 * the rules is work that a match runner (which only keeps the last score and depth of a search)
 * never reads. The supplier must return the same moves whichever thread asks, and may be called
 * more than once if two threads ask at the same moment; its answer is copied.
 */
public final class DeferredMoves extends AbstractList<Move> implements RandomAccess {

    private final Supplier<List<Move>> supplier;
    private volatile List<Move> moves;

    public DeferredMoves(Supplier<List<Move>> supplier) {
        this.supplier = Objects.requireNonNull(supplier, "supplier");
    }

    /** The moves, worked out now if nobody asked before. */
    public List<Move> resolved() {
        List<Move> m = moves;
        if (m == null) {
            m = List.copyOf(supplier.get());
            moves = m;
        }
        return m;
    }

    /** Whether the moves were worked out already (for tests and diagnostics). */
    public boolean isResolved() {
        return moves != null;
    }

    @Override
    public Move get(int index) {
        return resolved().get(index);
    }

    @Override
    public int size() {
        return resolved().size();
    }
}
