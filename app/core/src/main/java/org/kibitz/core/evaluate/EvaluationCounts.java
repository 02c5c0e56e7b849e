package org.kibitz.core.evaluate;

import java.util.concurrent.atomic.LongAdder;

/**
 * Running totals of a batch, safe to read from any thread while it runs. Positions are counted per
 * engine: a position two engines evaluate counts twice.
 */
public final class EvaluationCounts {

    private final LongAdder searched = new LongAdder();
    private final LongAdder stored = new LongAdder();
    private final LongAdder terminal = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder games = new LongAdder();
    private final LongAdder brokenGames = new LongAdder();
    private final LongAdder searchMillis = new LongAdder();

    /**
     * @param now whether the position was settled in this run; one a resumed run takes from its
     *            journal was not searched now, so it counts as cached, whatever its status was
     */
    void settled(PositionEval e, boolean now) {
        if (!now && e.status() != PositionEval.Status.FAILED) {
            stored.increment();
            return;
        }
        switch (e.status()) {
            case SEARCHED -> {
                searched.increment();
                if (now) {
                    searchMillis.add(e.timeMs());
                }
            }
            case STORED -> stored.increment();
            case TERMINAL -> terminal.increment();
            case FAILED -> failed.increment();
        }
    }

    void game() {
        games.increment();
    }

    void broken() {
        brokenGames.increment();
    }

    /** Positions searched by an engine in this run, and those the rules settled in it. */
    public long evaluated() {
        return searched.sum() + terminal.sum();
    }

    /** Positions not searched in this run: taken from the analysis store or from the run's journal. */
    public long cached() {
        return stored.sum();
    }

    public long failed() {
        return failed.sum();
    }

    public long positions() {
        return evaluated() + cached() + failed();
    }

    /** Games whose every engine is done (evaluated, some positions possibly failed). */
    public long games() {
        return games.sum();
    }

    /** Games that could not be read or read with errors, skipped. */
    public long brokenGames() {
        return brokenGames.sum();
    }

    /** The engines' own reported search time of the positions searched in this run, in milliseconds. */
    public long engineMillis() {
        return searchMillis.sum();
    }

    /** The summary line of {@code kibitz evaluate}: {@code games G positions P evaluated E cached C failed F}. */
    public String summaryLine() {
        return "games " + games() + " positions " + positions() + " evaluated " + evaluated() + " cached " + cached()
                + " failed " + failed();
    }
}
