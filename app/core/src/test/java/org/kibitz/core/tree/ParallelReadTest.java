package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link ParallelRead} gives what it cut in the order it cut it, whichever worker finished first, and
 * a failure where the game it failed on would have come.
 */
class ParallelReadTest {

    /** A cutter of the numbers 0 to {@code n - 1}, failing with {@code failure} after them when not null. */
    private static ParallelRead.Cutter<Integer> numbers(int n, IOException failure) {
        AtomicInteger next = new AtomicInteger();
        return () -> {
            int i = next.getAndIncrement();
            if (i < n) {
                return i;
            }
            if (failure != null) {
                throw failure;
            }
            return null;
        };
    }

    /** Doubles a number after a random bit of work, so that workers finish out of order. */
    private static Function<Integer, Integer> slowDouble() {
        return i -> {
            long spin = ThreadLocalRandom.current().nextInt(20_000);
            long x = 0;
            for (long k = 0; k < spin; k++) {
                x += k ^ i;
            }
            if (x == 42) {
                Thread.yield();
            }
            return 2 * i;
        };
    }

    @Test
    void gamesComeInTheOrderTheyWereCutOnAnyNumberOfWorkers() throws Exception {
        for (int[] set : new int[][]{{1, 64}, {3, 1}, {4, 7}, {8, 64}}) {
            try (ParallelRead<Integer, Integer> read = new ParallelRead<>(numbers(5_000, null), set[0], set[1], ParallelReadTest::slowDouble, "t")) {
                for (int i = 0; i < 5_000; i++) {
                    assertEquals(2 * i, read.next(), set[0] + " workers, chunks of " + set[1]);
                }
                assertNull(read.next());
                assertNull(read.next(), "the end stays the end");
            }
        }
    }

    @Test
    void aReadingFailureComesAfterTheGamesCutBeforeIt() throws Exception {
        IOException broken = new IOException("disk gone");
        try (ParallelRead<Integer, Integer> read = new ParallelRead<>(numbers(100, broken), 3, 7, ParallelReadTest::slowDouble, "t")) {
            for (int i = 0; i < 100; i++) {
                assertEquals(2 * i, read.next());
            }
            assertSame(broken, assertThrows(IOException.class, read::next));
            assertNull(read.next(), "nothing after the failure");
        }
    }

    @Test
    void aPreparingFailureComesWhereItsGameWouldHave() throws Exception {
        IllegalStateException bug = new IllegalStateException("bug");
        Function<Integer, Integer> failsAt50 = i -> {
            if (i == 50) {
                throw bug;
            }
            return 2 * i;
        };
        try (ParallelRead<Integer, Integer> read = new ParallelRead<>(numbers(1_000, null), 3, 7, () -> failsAt50, "t")) {
            for (int i = 0; i < 50; i++) {
                assertEquals(2 * i, read.next());
            }
            assertSame(bug, assertThrows(IllegalStateException.class, read::next));
            assertNull(read.next(), "nothing after the failure");
        }
    }

    @Test
    void closingBeforeTheEndStopsEveryThread() throws Exception {
        ParallelRead<Integer, Integer> read = new ParallelRead<>(numbers(1_000_000, null), 3, 7, ParallelReadTest::slowDouble, "t");
        assertEquals(0, read.next());
        read.close(); // returns once the cutting and preparing threads have ended (it joins them)
        long alive = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("kibitz-prepare-t-") || t.getName().equals("kibitz-read-t")).count();
        assertEquals(0, alive, "threads left running");
    }
}
