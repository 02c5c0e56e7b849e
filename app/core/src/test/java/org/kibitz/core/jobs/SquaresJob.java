package org.kibitz.core.jobs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * A deterministic job for the tests: item {@code i} gives a value computed from {@code i} and the
 * job's seed. It can take time per item, fail chosen items, and log each item it does (in memory, and
 * to a file for a child JVM).
 */
final class SquaresJob implements Job<Integer, SquaresJob.Value> {

    /** One item's result, as the journal keeps it. */
    record Value(int item, long value, List<Long> digits) {
    }

    private final int count;
    private final long seed;
    private final long sleepMillis;
    private final Set<Integer> failing;
    private final Optional<Path> runLog;
    private final IntConsumer onRun;
    final ConcurrentLinkedQueue<Integer> ran = new ConcurrentLinkedQueue<>();

    SquaresJob(int count, long seed, long sleepMillis, Set<Integer> failing, Optional<Path> runLog, IntConsumer onRun) {
        this.count = count;
        this.seed = seed;
        this.sleepMillis = sleepMillis;
        this.failing = failing;
        this.runLog = runLog;
        this.onRun = onRun;
    }

    SquaresJob(int count, long seed) {
        this(count, seed, 0, Set.of(), Optional.empty(), i -> { });
    }

    static Value value(int i, long seed) {
        long x = (i + 1) * 0x9E3779B97F4A7C15L ^ seed;
        x ^= x >>> 31;
        x *= 0xBF58476D1CE4E5B9L;
        return new Value(i, x ^ (x >>> 29), List.of((long) i * i, x & 0xFFFF));
    }

    @Override
    public String kind() {
        return "squares";
    }

    @Override
    public String name() {
        return "squares " + count;
    }

    @Override
    public Map<String, String> parameters() {
        return Map.of("seed", String.valueOf(seed));
    }

    @Override
    public List<Integer> items() {
        return IntStream.range(0, count).boxed().toList();
    }

    @Override
    public String id(Integer item) {
        return "item-" + item;
    }

    @Override
    public Value run(Integer item, JobContext context) throws Exception {
        ran.add(item);
        runLog.ifPresent(f -> {
            try {
                Files.writeString(f, item + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        onRun.accept(item);
        if (sleepMillis > 0) {
            Thread.sleep(sleepMillis);
        }
        if (failing.contains(item)) {
            throw new IllegalStateException("item " + item + " fails on purpose");
        }
        return value(item, seed);
    }

    @Override
    public Class<Value> resultType() {
        return Value.class;
    }
}
