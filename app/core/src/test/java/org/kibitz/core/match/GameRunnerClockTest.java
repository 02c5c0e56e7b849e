package org.kibitz.core.match;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The arbiter's clock: the engine is charged from its go written to its answer read, not our hand-overs. */
class GameRunnerClockTest {

    private static final Instant GO = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void theEngineIsChargedBetweenTheStampsOfItsGoAndItsAnswer() {
        // The game thread waited 130 ms; 30 of them were our threads handing the lines over.
        assertEquals(Duration.ofMillis(100),
                GameRunner.engineTime(Duration.ofMillis(130), GO, GO.plusMillis(100)));
    }

    @Test
    void neverMoreThanTheGameThreadWaited() {
        // A wall clock stepped forward between the stamps must not cost the engine time it did not use.
        assertEquals(Duration.ofMillis(130),
                GameRunner.engineTime(Duration.ofMillis(130), GO, GO.plusSeconds(5)));
    }

    @Test
    void withoutBothStampsInOrderTheWaitCounts() {
        Duration waited = Duration.ofMillis(130);
        assertEquals(waited, GameRunner.engineTime(waited, null, GO));
        assertEquals(waited, GameRunner.engineTime(waited, GO, null));
        // The last line heard came before the go (no answer line stamped): the wait counts.
        assertEquals(waited, GameRunner.engineTime(waited, GO, GO.minusMillis(1)));
    }
}
