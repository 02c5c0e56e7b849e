package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.EngineEvent.Direction;

/** The engine log: bounded, counted drops, readers catching up, long lines cut, text form. */
class EngineLogTest {

    private static final Instant T = Instant.parse("2026-01-02T03:04:05.678Z");

    @Test
    void keepsTheNewestLinesAndCountsTheDropped() {
        EngineLog log = new EngineLog(100, new ChangeSignal());
        for (int i = 0; i < 250; i++) {
            log.append("sf", T, Direction.FROM_ENGINE, "line " + i);
        }
        assertEquals(150, log.dropped());
        EngineLog.Batch all = log.since(0);
        assertEquals(100, all.entries().size());
        assertEquals(150, all.missed(), "a reader that started at 0 missed the dropped lines");
        assertEquals("line 150", all.entries().get(0).text());
        assertEquals("line 249", all.entries().get(99).text());
        assertEquals(250, all.next());
        log.append("sf", T, Direction.TO_ENGINE, "stop");
        EngineLog.Batch more = log.since(all.next());
        assertEquals(List.of("stop"), more.entries().stream().map(EngineLog.Entry::text).toList());
        assertEquals(0, more.missed());
    }

    @Test
    void clearForgetsAndNamesEngines() {
        EngineLog log = new EngineLog(10, new ChangeSignal());
        log.append("a", T, Direction.TO_ENGINE, "uci");
        log.append("b", T, Direction.FROM_ENGINE, "uciok");
        assertEquals(List.of("a", "b"), log.engines());
        log.clear();
        assertEquals(0, log.since(0).entries().size());
        assertEquals(0, log.dropped());
        log.append("a", T, Direction.TO_ENGINE, "isready");
        assertEquals(1, log.since(0).entries().size());
    }

    @Test
    void cutsHugeLinesAndWritesText() throws Exception {
        EngineLog log = new EngineLog(10, new ChangeSignal());
        log.append("junk", T, Direction.STDERR, "z".repeat(1 << 20));
        String t = log.since(0).entries().get(0).text();
        assertTrue(t.length() < EngineLog.MAX_LINE + 20, "a megabyte line is cut");
        assertTrue(t.endsWith("(1048576)"), t.substring(t.length() - 20));
        log.append("Stockfish 15.1", T, Direction.TO_ENGINE, "go infinite");
        StringWriter w = new StringWriter();
        EngineLog.write(w, log.since(1).entries(), ZoneOffset.UTC);
        assertEquals("03:04:05.678  Stockfish 15.1  >  go infinite" + System.lineSeparator(), w.toString());
        assertEquals("03:04:05.678  sf     <  readyok", EngineLog.format(new EngineLog.Entry(0, T, "sf",
                Direction.FROM_ENGINE, "readyok"), ZoneOffset.UTC, 5), "names padded so the columns line up");
    }

    @Test
    void raisesItsSignalOncePerTakeWhateverTheRate() throws Exception {
        ChangeSignal s = new ChangeSignal();
        AtomicInteger wakes = new AtomicInteger();
        s.onRaise(wakes::incrementAndGet);
        EngineLog log = new EngineLog(1000, s);
        int threads = 4;
        CountDownLatch done = new CountDownLatch(threads);
        for (int k = 0; k < threads; k++) {
            int id = k;
            new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    log.append("e" + id, T, Direction.FROM_ENGINE, "info " + i);
                }
                done.countDown();
            }).start();
        }
        done.await();
        assertEquals(1, wakes.get(), "40,000 lines and no reader: one wake-up");
        assertTrue(s.take());
        log.append("e0", T, Direction.FROM_ENGINE, "bestmove e2e4");
        assertEquals(2, wakes.get());
        assertEquals(40_001 - 1000, log.dropped());
    }
}
