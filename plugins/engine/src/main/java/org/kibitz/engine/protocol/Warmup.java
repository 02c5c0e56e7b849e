package org.kibitz.engine.protocol;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kibitz.engine.search.Limits;
import org.kibitz.engine.search.SearchBoard;
import org.kibitz.engine.search.SearchControl;
import org.kibitz.engine.search.SearchObserver;
import org.kibitz.engine.search.Searcher;
import org.kibitz.engine.search.TranspositionTable;

/**
 * A short search of a few positions of both games, once per process, while the GUI waits for the engine
 * to be ready (the first {@code isready}; xboard's {@code feature done=0} ... {@code done=1}): the JIT
 * compiles the search before the first real one, which a freshly started JVM would otherwise run
 * interpreted, several times slower. It uses its own table and searcher, so that what the engine
 * searches afterwards is the same with or without it.
 */
final class Warmup {

    private static final AtomicBoolean DONE = new AtomicBoolean();
    private static final long BUDGET_MS = 400;
    private static final List<String[]> POSITIONS = List.of(
            new String[] {"chess", null},
            new String[] {"xiangqi", null},
            new String[] {"chess", "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 1"},
            new String[] {"xiangqi", "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3"});

    private Warmup() {
    }

    /** No warm-up any more: real work has begun (a search started before any isready). */
    static void skip() {
        DONE.set(true);
    }

    /** Runs the warm-up the first time it is called in this process; later calls return at once. */
    static void once() {
        if (!DONE.compareAndSet(false, true)) {
            return;
        }
        long end = System.nanoTime() + BUDGET_MS * 1_000_000;
        TranspositionTable table = new TranspositionTable(1);
        Searcher searcher = new Searcher(table);
        for (int round = 0; round < 4 && System.nanoTime() < end; round++) {
            for (String[] p : POSITIONS) {
                long left = (end - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return;
                }
                try {
                    SearchBoard b = Game.named(p[0]).orElseThrow().setUp(p[1], List.of(), false);
                    table.clear();
                    Limits limits = Limits.builder().nodes(20_000).moveTime(left).moveOverhead(0).build();
                    searcher.search(b, new SearchControl(limits), SearchObserver.NONE);
                } catch (Game.BadPosition e) {
                    throw new IllegalStateException("a warm-up position is wrong", e);
                }
            }
        }
    }
}
