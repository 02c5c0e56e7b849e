package org.kibitz.core.training;

import org.kibitz.core.puzzle.Puzzle;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.core.JsonStore;

/**
 * What the solver did with each puzzle, kept in the data folder ({@code training/progress.json}) and
 * saved atomically after every attempt: a Leitner box per puzzle (decision 0035). A clean solve moves the
 * puzzle up a box and later; a solve after a hint keeps its box; a failure puts it back in box 0, due at
 * once (the session brings it back a few puzzles later, {@link TrainingQueue}). A file that cannot be read
 * is set aside by {@link JsonStore} and training starts afresh, the reason kept in {@link #problem()}.
 */
public final class TrainingProgress {

    /** Days until a puzzle in each box is due again; box 0 is a failed puzzle, due at once. */
    public static final int[] INTERVAL_DAYS = {0, 1, 3, 7, 16, 35};

    /**
     * One puzzle's record.
     *
     * @param box      its Leitner box, 0 to {@code INTERVAL_DAYS.length - 1}
     * @param due      when it is asked again (ISO-8601 instant)
     * @param attempts times tried
     * @param solved   times solved (with or without a hint)
     * @param failed   times failed
     * @param last     the last result: {@code CLEAN}, {@code HINTED} or {@code FAILED}
     * @param seen     when it was last tried (ISO-8601 instant)
     */
    public record Entry(int box, String due, int attempts, int solved, int failed, String last, String seen) {

        /** When it is due, as an instant; a date that cannot be read makes it due at once. */
        public Instant dueAt() {
            try {
                return Instant.parse(due);
            } catch (RuntimeException e) {
                return Instant.EPOCH;
            }
        }
    }

    /** The file's content. */
    public record File(int version, Map<String, Entry> puzzles) {
        public File {
            puzzles = puzzles == null ? new LinkedHashMap<>() : new LinkedHashMap<>(puzzles);
        }
    }

    private final JsonStore<File> store;
    private final Clock clock;
    private final Map<String, Entry> entries;
    private final Optional<String> problem;

    /** The progress of {@code file}, read now; {@code clock} says when "now" is (a test moves it on). */
    public TrainingProgress(Path file, Clock clock) {
        this.store = new JsonStore<>(file, File.class);
        this.clock = Objects.requireNonNull(clock, "clock");
        JsonStore.Loaded<File> loaded = store.load();
        if (loaded instanceof JsonStore.Loaded.Ok<File> ok) {
            entries = new LinkedHashMap<>(ok.value().puzzles());
            problem = Optional.empty();
        } else if (loaded instanceof JsonStore.Loaded.Corrupt<File> c) {
            entries = new LinkedHashMap<>();
            problem = Optional.of(c.reason() + c.setAside().map(p -> " (" + p + ")").orElse(""));
        } else {
            entries = new LinkedHashMap<>();
            problem = Optional.empty();
        }
    }

    /**
     * What the file keeps a puzzle under: its game, position and moves, so the same puzzle read from another
     * file (or the file written again) keeps its history, and two files' ids never collide.
     */
    public static String key(Puzzle p) {
        return p.game() + "|" + p.fen().strip() + "|" + String.join(" ", p.moves());
    }

    /** The progress file under a data folder. */
    public static Path fileIn(Path dataFolder) {
        return dataFolder.resolve("training").resolve("progress.json");
    }

    public Path file() {
        return store.file();
    }

    /** Why the file could not be read when it was opened, if it could not. */
    public Optional<String> problem() {
        return problem;
    }

    public Instant now() {
        return clock.instant();
    }

    public Optional<Entry> entry(Puzzle p) {
        return Optional.ofNullable(entries.get(key(p)));
    }

    /** Whether {@code p} was tried before and is due now. */
    public boolean due(Puzzle p) {
        Entry e = entries.get(key(p));
        return e != null && !e.dueAt().isAfter(now());
    }

    /**
     * Records an attempt and saves the file.
     *
     * @return the puzzle's new record
     * @throws IOException the file could not be written (the record is kept in memory)
     */
    public Entry record(Puzzle p, PuzzleRun.Result result) throws IOException {
        Instant now = now();
        Entry old = entries.get(key(p));
        int box = old == null ? 0 : old.box();
        int newBox = switch (result) {
            case CLEAN -> Math.min(box + 1, INTERVAL_DAYS.length - 1);
            case HINTED -> Math.max(box, 0);
            case FAILED -> 0;
        };
        Instant due = now.plus(Duration.ofDays(INTERVAL_DAYS[newBox]));
        Entry e = new Entry(newBox, due.toString(), (old == null ? 0 : old.attempts()) + 1,
                (old == null ? 0 : old.solved()) + (result == PuzzleRun.Result.FAILED ? 0 : 1),
                (old == null ? 0 : old.failed()) + (result == PuzzleRun.Result.FAILED ? 1 : 0), result.name(), now.toString());
        entries.put(key(p), e);
        store.save(new File(1, entries));
        return e;
    }
}
