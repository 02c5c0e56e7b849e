package org.kibitz.protocols.fakes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.EngineTimeouts;
import org.kibitz.api.i18n.Text;
import org.kibitz.protocols.testing.BusyMachine;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.TestGames;
import org.kibitz.protocols.uci.UciProtocol;
import org.junit.jupiter.api.Test;

/**
 * Waits that follow what was asked (issue 36): a large hash gets time in proportion, an engine that
 * works gets time while it works, an idle one fails at its time in one line; each with two CPU-bound
 * loops beside it, as a user's machine has.
 */
class PatientStartTest {

    /** Two seconds for readyok, as a short configured timeout: everything beyond it must be earned. */
    static final EngineTimeouts SHORT = new EngineTimeouts(Duration.ofSeconds(8), Duration.ofSeconds(2),
            Duration.ofMillis(700), Duration.ofMillis(600), Duration.ofSeconds(1));

    static EngineConfig fake(String mode, String arg) {
        return EngineConfig.of("fake-" + mode, FakeEngine.command(mode, arg)).withTimeouts(SHORT);
    }

    /** A readyok 15 s late after Hash was set to 2 GB: the start takes its time and says why; it does not fail. */
    @Test
    void aLargeHashGetsTimeInProportionAndSaysSo() throws Exception {
        Recorder rec = new Recorder();
        EngineConfig c = fake("slow-hash", "15000").withOptions(java.util.Map.of("Hash", "2048"));
        try (BusyMachine busy = BusyMachine.start()) {
            long t0 = System.nanoTime();
            try (EngineSession s = new UciProtocol().open(c, TestGames.games(), rec)) {
                s.newGame("chess");
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms >= 14_000, "readyok came after " + ms + " ms, sooner than the fake waits");
            }
        }
        List<String> shown = statuses(rec);
        assertTrue(shown.contains("Allocating 2 GB of hash…"), shown.toString());
        assertTrue(rec.of(EngineEvent.Status.class).getLast().text().isEmpty(), "the status is cleared once ready");
    }

    /** An engine at work (a network to load) past the configured time is waited for while it works. */
    @Test
    void anEngineAtWorkIsWaitedForWhileItWorks() throws Exception {
        Recorder rec = new Recorder();
        try (BusyMachine busy = BusyMachine.start();
             EngineSession s = new UciProtocol().open(fake("busy-ready", "6000"), TestGames.games(), rec)) {
            s.newGame("chess");
        }
        assertTrue(statuses(rec).stream().anyMatch(t -> t.startsWith("Waiting for Fake busy-ready to answer isready")),
                statuses(rec).toString());
    }

    /** An idle engine that does not answer fails at its time, in one line that says what was asked: no option dump. */
    @Test
    void anIdleEngineFailsAtItsTimeInOneLine() throws Exception {
        try (BusyMachine busy = BusyMachine.start()) {
            EngineSession s = new UciProtocol().open(fake("sleepy-ready", "30000"), TestGames.games());
            long t0 = System.nanoTime();
            EngineException e = assertThrows(EngineException.class, () -> s.newGame("chess"));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            s.close();
            assertEquals(EngineException.Kind.TIMEOUT, e.kind());
            assertTrue(ms < 10_000, "an idle engine was waited for " + ms + " ms");
            // Its JVM may still be compiling when the time runs out, so it may get a moment more.
            String text = e.text().render(Locale.ROOT);
            assertTrue(text.matches("The engine Fake sleepy-ready did not answer isready within [0-9.]+ seconds; it was ended\\."),
                    text);
        }
    }

    /** A hash that still takes too long: the failure names what was asked and how long was waited. */
    @Test
    void aHashThatTakesTooLongIsNamedInTheFailure() throws Exception {
        EngineConfig c = fake("slow-hash", "30000").withOptions(java.util.Map.of("Hash", "128"));
        EngineSession s = new UciProtocol().open(c, TestGames.games());
        EngineException e = assertThrows(EngineException.class, () -> s.newGame("chess"));
        s.close();
        String text = e.text().render(Locale.ROOT);
        assertEquals("The engine Fake slow-hash did not answer isready within 3.3 seconds (asked to allocate 128 MB "
                + "of hash); it was ended.", text);
        assertFalse(text.contains("option name"), text);
        assertTrue(e.text().render(Locale.SIMPLIFIED_CHINESE).contains("128 MB"), e.text().render(Locale.SIMPLIFIED_CHINESE));
    }

    /**
     * A UCI engine gets no empty lines while it starts (Fairy-Stockfish answers each with
     * {@code Unknown command:}); only GNU Chess's protocol, xboard, needs them. The fake answers
     * {@code uci} 1.5 s late, six nudge intervals.
     */
    @Test
    void aUciEngineIsNotNudged() throws Exception {
        Recorder rec = new Recorder();
        try (BusyMachine busy = BusyMachine.start();
             EngineSession s = new UciProtocol().open(fake("slow-uci", "1500"), TestGames.games(), rec)) {
            s.newGame("chess");
        }
        List<String> sent = rec.of(EngineEvent.EngineLine.class).stream()
                .filter(l -> l.direction() == EngineEvent.Direction.TO_ENGINE).map(EngineEvent.EngineLine::text).toList();
        assertFalse(sent.contains(""), "empty lines sent to a UCI engine: " + sent);
    }

    private static List<String> statuses(Recorder rec) {
        return rec.of(EngineEvent.Status.class).stream().map(EngineEvent.Status::text)
                .flatMap(Optional::stream).map(Text::render).toList();
    }
}
