package org.kibitz.workbench.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.core.analysis.EngineLog;

/** The log pane's ring: the newest lines up to its capacity, oldest first, whatever way they came. */
class LogRingTest {

    private static List<EngineLog.Entry> entries(long from, long to) {
        return LongStream.range(from, to).mapToObj(i -> new EngineLog.Entry(i, Instant.EPOCH, "e",
                EngineEvent.Direction.FROM_ENGINE, "line " + i)).toList();
    }

    private static List<Long> seqs(List<EngineLog.Entry> l) {
        return l.stream().map(EngineLog.Entry::seq).toList();
    }

    @Test
    void keepsTheNewestLinesAcrossTheWrap() {
        LogRing r = new LogRing(5);
        assertEquals(0, r.append(entries(0, 3)));
        r.setText(2, "drawn");
        assertEquals(2, r.append(entries(3, 7)), "two of the oldest made room");
        assertEquals(List.of(2L, 3L, 4L, 5L, 6L), seqs(r));
        assertEquals("drawn", r.text(0), "a kept line keeps its text");
        assertNull(r.text(1));
        r.dropFront(2);
        assertEquals(List.of(4L, 5L, 6L), seqs(r));
        assertEquals(7, r.append(entries(7, 16)), "of more lines than it holds, the last ones");
        assertEquals(List.of(11L, 12L, 13L, 14L, 15L), seqs(r));
        r.add(entries(16, 17).get(0));
        assertEquals(List.of(12L, 13L, 14L, 15L, 16L), seqs(r));
    }

    @Test
    void agreesWithAListTrimmedToItsCapacity() {
        LogRing r = new LogRing(7);
        List<EngineLog.Entry> model = new ArrayList<>();
        long next = 0;
        java.util.Random rnd = new java.util.Random(38);
        for (int step = 0; step < 500; step++) {
            if (rnd.nextInt(4) == 0) {
                int d = rnd.nextInt(4);
                r.dropFront(d);
                model.subList(0, Math.min(d, model.size())).clear();
            } else {
                int n = rnd.nextInt(10);
                List<EngineLog.Entry> more = entries(next, next + n);
                next += n;
                r.append(more);
                model.addAll(more);
                if (model.size() > 7) {
                    model.subList(0, model.size() - 7).clear();
                }
            }
            assertEquals(seqs(model), seqs(r), "step " + step);
        }
        r.setAll(entries(100, 103));
        assertEquals(List.of(100L, 101L, 102L), seqs(r));
    }
}
