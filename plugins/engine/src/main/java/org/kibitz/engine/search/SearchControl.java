package org.kibitz.engine.search;

/**
 * The handle between a running search and the thread that reads commands: {@code stop},
 * {@code ponderhit}, and the search's deadlines. Everything here is read by the search thread and
 * written by the other, hence volatile; the search polls it every few hundred nodes, which keeps a
 * stop well within the protocols' 50 ms.
 */
public final class SearchControl {

    private final Limits limits;
    private volatile boolean stop;
    private volatile boolean pondering;
    private volatile long startNanos;
    private volatile long softDeadline = Long.MAX_VALUE;
    private volatile long hardDeadline = Long.MAX_VALUE;

    public SearchControl(Limits limits) {
        this.limits = limits;
        this.pondering = limits.ponder();
        this.startNanos = System.nanoTime();
        if (!pondering) {
            setDeadlines(startNanos);
        }
    }

    public Limits limits() {
        return limits;
    }

    /** Asks the search to end as soon as it can; it then reports its best move. */
    public void requestStop() {
        stop = true;
    }

    public boolean stopRequested() {
        return stop;
    }

    /** The opponent played the expected move: the clock starts now and the limits apply. */
    public void ponderHit() {
        long now = System.nanoTime();
        setDeadlines(now);
        pondering = false;
    }

    public boolean pondering() {
        return pondering;
    }

    /** When the search (or the pondered search since {@code ponderhit}) started, in {@link System#nanoTime()}. */
    public long startNanos() {
        return startNanos;
    }

    /** The time after which no new iteration should start. */
    public long softDeadline() {
        return softDeadline;
    }

    /** The time at which the search must stop, in the middle of an iteration if need be. */
    public long hardDeadline() {
        return hardDeadline;
    }

    private void setDeadlines(long now) {
        long[] budget = budget(limits);
        startNanos = now;
        softDeadline = budget[0] == Long.MAX_VALUE ? Long.MAX_VALUE : now + budget[0] * 1_000_000L;
        hardDeadline = budget[1] == Long.MAX_VALUE ? Long.MAX_VALUE : now + budget[1] * 1_000_000L;
    }

    /**
     * The soft and hard time budgets in milliseconds ({@code Long.MAX_VALUE} when untimed). A fixed
     * move time is used in full less the overhead. With a clock: a share of the time left (by the moves
     * to go, 30 when sudden death) plus most of the increment; a search that runs long may take four
     * times that, but never more than a third of the clock (three quarters on the last move before the
     * control), so that a string of hard moves cannot run it out.
     */
    static long[] budget(Limits l) {
        if (l.infinite()) {
            return new long[] {Long.MAX_VALUE, Long.MAX_VALUE};
        }
        if (l.moveTimeMs() > 0) {
            long t = Math.max(1, l.moveTimeMs() - l.moveOverheadMs());
            return new long[] {t, t};
        }
        if (l.timeLeftMs() > 0) {
            long left = Math.max(1, l.timeLeftMs() - l.moveOverheadMs());
            int mtg = l.movesToGo() > 0 ? Math.min(l.movesToGo(), 40) : 30;
            long soft = left / mtg + l.incrementMs() * 3 / 4;
            long hard = Math.min(soft * 4, l.movesToGo() == 1 ? left * 3 / 4 : left / 3);
            hard = Math.max(1, hard);
            soft = Math.max(1, Math.min(soft, hard));
            return new long[] {soft, hard};
        }
        return new long[] {Long.MAX_VALUE, Long.MAX_VALUE};
    }
}
