package org.kibitz.core.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.SearchLimits;

/** cutechess's time control strings read as cutechess reads them, and what the engine is told. */
class TimeControlTest {

    @Test
    void repeatingControlsSuddenDeathAndFixedLimitsRead() {
        TimeControl t = TimeControl.parse(Map.of("tc", "40/60+0.6"));
        assertEquals(40, t.movesPerPeriod());
        assertEquals(Duration.ofSeconds(60), t.base().orElseThrow());
        assertEquals(Duration.ofMillis(600), t.increment());
        assertEquals("40/60+0.6", t.pgnTag());

        TimeControl sd = TimeControl.parse(Map.of("tc", "1:30+1", "timemargin", "250"));
        assertEquals(Duration.ofSeconds(90), sd.base().orElseThrow());
        assertEquals(Duration.ofMillis(250), sd.margin());
        assertEquals("90+1", sd.pgnTag());

        TimeControl st = TimeControl.parse(Map.of("st", "0.5"));
        assertTrue(!st.clocked());
        assertEquals(Duration.ofMillis(600), st.allowed(Duration.ZERO, Duration.ofSeconds(60)), "move time plus the margin");
        assertEquals("1/0.5", st.pgnTag());

        TimeControl nodes = TimeControl.parse(Map.of("nodes", "5000", "depth", "12"));
        assertEquals(Duration.ofSeconds(60), nodes.allowed(Duration.ZERO, Duration.ofSeconds(60)), "no clock: the stall timeout");
        assertEquals("-", nodes.pgnTag());
    }

    @Test
    void theEngineIsToldBothClocksAndTheMovesToGo() {
        TimeControl t = TimeControl.parse(Map.of("tc", "40/60+0.6", "nodes", "100"));
        SearchLimits l = t.limits(Duration.ofMillis(59_000), Duration.ofMillis(58_500), 12);
        SearchLimits.Clock c = l.clock().orElseThrow();
        assertEquals(Duration.ofMillis(59_000), c.whiteTime());
        assertEquals(Duration.ofMillis(58_500), c.blackTime());
        assertEquals(Duration.ofMillis(600), c.whiteIncrement());
        assertEquals(12, c.movesToGo());
        assertEquals(100, l.nodes().orElseThrow(), "limits together: the first reached ends the search");
        SearchLimits over = t.limits(Duration.ofMillis(-5), Duration.ofMillis(1), 1);
        assertEquals(Duration.ZERO, over.clock().orElseThrow().whiteTime(), "never a negative time on the wire");
        assertEquals(0, TimeControl.parse(Map.of("tc", "10+0.1")).limits(Duration.ofSeconds(1), Duration.ofSeconds(1), 5)
                .clock().orElseThrow().movesToGo(), "sudden death has no moves to go");
    }

    @Test
    void badControlsAreRefusedWithTheReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TimeControl.parse(Map.of("tc", "fast")))
                .getMessage().contains("fast"));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.parse(Map.of("tc", "0+1")));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.parse(Map.of("nodes", "0")));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.parse(Map.of("st", "-1")));
        assertThrows(IllegalArgumentException.class, () -> TimeControl.parse(Map.of()), "no limit at all");
        assertThrows(IllegalArgumentException.class, () -> TimeControl.parse(Map.of("tc", "inf")), "inf alone: no limit");
        assertEquals(3, TimeControl.parse(Map.of("tc", "inf", "depth", "3")).depth().orElseThrow());
    }
}
