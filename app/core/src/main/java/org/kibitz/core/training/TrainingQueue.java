package org.kibitz.core.training;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.kibitz.core.puzzle.Puzzle;

/**
 * The order a set of puzzles is asked in, one session: a puzzle failed in this session comes back after
 * {@link #RETRY_GAP} others (or sooner when nothing else is left); then the puzzles due from earlier
 * sessions, lowest box and oldest first; then the ones never tried, in the file's order. Puzzles solved
 * in this session, or not due yet, are not asked again.
 */
public final class TrainingQueue {

    /** How many other puzzles come between a failure and its retry. */
    public static final int RETRY_GAP = 2;

    private record Retry(Puzzle puzzle, int askedAt) {
    }

    private final List<Puzzle> puzzles;
    private final TrainingProgress progress;
    private final List<Retry> retries = new ArrayList<>();
    private final Set<String> doneThisSession = new HashSet<>();
    private int asked;
    /** The puzzle asked last, until its end is told. */
    private Puzzle current;

    public TrainingQueue(List<Puzzle> puzzles, TrainingProgress progress) {
        this.puzzles = List.copyOf(puzzles);
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    public List<Puzzle> puzzles() {
        return puzzles;
    }

    /**
     * The next puzzle to ask, empty when none is due. Counts it as asked; one asked and left without an end
     * ({@link #finished}) is skipped for this session.
     */
    public Optional<Puzzle> next() {
        if (current != null) {
            doneThisSession.add(key(current));
        }
        Optional<Puzzle> n = pick();
        current = n.orElse(null);
        n.ifPresent(p -> {
            asked++;
            retries.removeIf(r -> key(r.puzzle()).equals(key(p)));
        });
        return n;
    }

    private Optional<Puzzle> pick() {
        for (Retry r : retries) {
            if (asked - r.askedAt() >= RETRY_GAP) {
                return Optional.of(r.puzzle());
            }
        }
        Set<String> pending = new HashSet<>();
        retries.forEach(r -> pending.add(key(r.puzzle())));
        Optional<Puzzle> due = puzzles.stream()
                .filter(p -> !pending.contains(key(p)) && !doneThisSession.contains(key(p)) && progress.due(p))
                .min(Comparator.<Puzzle>comparingInt(p -> progress.entry(p).orElseThrow().box())
                        .thenComparing(p -> progress.entry(p).orElseThrow().dueAt()));
        if (due.isPresent()) {
            return due;
        }
        for (Puzzle p : puzzles) {
            if (!pending.contains(key(p)) && !doneThisSession.contains(key(p)) && progress.entry(p).isEmpty()) {
                return Optional.of(p);
            }
        }
        return retries.isEmpty() ? Optional.empty() : Optional.of(retries.get(0).puzzle());
    }

    /** Tells the queue how an attempt ended: a failure is asked again later in the session. */
    public void finished(Puzzle p, PuzzleRun.Result result) {
        if (current != null && key(current).equals(key(p))) {
            current = null;
        }
        retries.removeIf(r -> key(r.puzzle()).equals(key(p)));
        if (result == PuzzleRun.Result.FAILED) {
            retries.add(new Retry(p, asked));
            doneThisSession.remove(key(p));
        } else {
            doneThisSession.add(key(p));
        }
    }

    private static String key(Puzzle p) {
        return TrainingProgress.key(p);
    }

    /** Puzzles still to ask in this session: failures waiting, due ones and new ones. */
    public int remaining() {
        Set<String> keys = new HashSet<>();
        retries.forEach(r -> keys.add(key(r.puzzle())));
        for (Puzzle p : puzzles) {
            if (!doneThisSession.contains(key(p)) && (progress.entry(p).isEmpty() || progress.due(p))) {
                keys.add(key(p));
            }
        }
        return keys.size();
    }
}
