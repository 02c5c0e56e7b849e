package org.kibitz.core.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.Position;

/**
 * The latest line of each MultiPV rank an engine reported for one position: what the CLI's
 * {@link AnalysisRun} returns and what an {@link AnalysisSlot} shows. Reports about another position
 * (a late line of the previous search) and lines without a PV are not kept.
 *
 * <p>Thread-safe: the session's reader thread offers, readers take copies.
 */
public final class LatestLines {

    private final AnalysisUpdate[] lines;
    private Position root;
    /** The last report found to be about {@link #root}: an identity check spares {@code equals} on a flood. */
    private Position seenRoot;
    private int ranks;

    /** @param capacity the most ranks ever kept */
    public LatestLines(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.lines = new AnalysisUpdate[capacity];
    }

    /** The most ranks ever kept. */
    public int capacity() {
        return lines.length;
    }

    /** Forgets every line; lines of {@code position} for ranks 1 to {@code ranks} are kept from now on. */
    public synchronized void reset(Position position, int ranks) {
        Arrays.fill(lines, null);
        this.root = position;
        this.seenRoot = null;
        this.ranks = Math.max(1, Math.min(lines.length, ranks));
    }

    /** Forgets every line and the position: nothing is kept until the next {@link #reset}. */
    public synchronized void clear() {
        Arrays.fill(lines, null);
        root = null;
        seenRoot = null;
        ranks = 0;
    }

    /** The position whose lines are kept. */
    public synchronized Optional<Position> root() {
        return Optional.ofNullable(root);
    }

    /** Whether a report about {@code p} is about the position whose lines are kept. */
    public synchronized boolean isAbout(Position p) {
        if (root == null || p == null) {
            return false;
        }
        if (p == seenRoot) {
            return true;
        }
        if (p.equals(root)) {
            seenRoot = p;
            return true;
        }
        return false;
    }

    /**
     * Keeps {@code u} as the latest line of its rank when it is about the kept position, has a PV and
     * its rank is one of those asked for.
     *
     * @return whether it was kept
     */
    public synchronized boolean offer(AnalysisUpdate u) {
        int rank = u.multipv();
        if (u.pv().isEmpty() || rank < 1 || rank > ranks || !isAbout(u.position())) {
            return false;
        }
        lines[rank - 1] = u;
        return true;
    }

    /** The latest line of each rank, best first (a rank not reported yet is left out). */
    public synchronized List<AnalysisUpdate> lines() {
        return lines(ranks);
    }

    /** As {@link #lines()}, of the first {@code k} ranks only. */
    public synchronized List<AnalysisUpdate> lines(int k) {
        List<AnalysisUpdate> out = new ArrayList<>();
        for (int i = 0; i < Math.min(k, ranks); i++) {
            if (lines[i] != null) {
                out.add(lines[i]);
            }
        }
        return out;
    }

    /** The latest line of rank 1. */
    public synchronized Optional<AnalysisUpdate> best() {
        return Optional.ofNullable(ranks > 0 ? lines[0] : null);
    }
}
