package org.kibitz.protocols.fakes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.EngineTimeouts;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.protocols.testing.Recorder;
import org.kibitz.protocols.testing.TestGames;
import org.kibitz.protocols.uci.UciProtocol;
import org.kibitz.protocols.xboard.XboardProtocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Engines that misbehave, as real processes: none of them may block the caller beyond its named
 * timeout, each is reported in words, and none is left running.
 */
class FaultTest {

    static final EngineTimeouts TIMEOUTS = new EngineTimeouts(Duration.ofSeconds(8), Duration.ofSeconds(3),
            Duration.ofMillis(700), Duration.ofMillis(600), Duration.ofSeconds(1));

    static EngineConfig fake(String mode) {
        return EngineConfig.of("fake-" + mode, FakeEngine.command(mode)).withTimeouts(TIMEOUTS);
    }

    static EngineSession open(String mode) throws EngineException {
        EngineSession s = new UciProtocol().open(fake(mode), TestGames.games());
        s.newGame("chess");
        s.setPosition(TestGames.chess().startPosition(), List.of());
        return s;
    }

    @AfterEach
    void nothingLeftRunning() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        List<ProcessHandle> alive;
        do {
            alive = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList();
            if (alive.isEmpty()) {
                return;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        List<String> what = new ArrayList<>();
        for (ProcessHandle h : alive) {
            what.add(h.pid() + " " + h.info().commandLine().orElse("?"));
            h.destroyForcibly();
        }
        throw new AssertionError("engine processes left running: " + what);
    }

    /**
     * An engine that started a helper and quits normally: the helper is ended too. (EngineProcess looked for
     * descendants only after the engine had exited, when the helper was no longer one.)
     */
    @Test
    void aHelperTheEngineStartedEndsWithIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path pidFile = dir.resolve("helper.pid");
        EngineConfig c = EngineConfig.of("fake-fork", FakeEngine.command("fork-helper", pidFile.toString())).withTimeouts(TIMEOUTS);
        EngineSession s = new UciProtocol().open(c, TestGames.games());
        long pid = Long.parseLong(java.nio.file.Files.readString(pidFile).strip());
        ProcessHandle helper = ProcessHandle.of(pid).orElseThrow();
        assertTrue(helper.isAlive());
        s.close();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (helper.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        boolean survived = helper.isAlive();
        helper.destroyForcibly();
        assertFalse(survived, "the helper outlived the engine");
    }

    /** An engine that closes its output and goes on running is ended by Kibitz, and said so: not "crashed (SIGKILL)". */
    @Test
    void anEngineThatClosesItsOutputIsSaidToHaveDoneSo() throws Exception {
        EngineSession s = open("close-stdout");
        CompletableFuture<BestMove> search = s.go(SearchLimits.infiniteAnalysis());
        ExecutionException e = assertThrows(ExecutionException.class, () -> search.get(10, TimeUnit.SECONDS));
        EngineException ee = assertInstanceOf(EngineException.class, e.getCause());
        String text = ee.text().render(Locale.ROOT);
        assertTrue(text.startsWith("The engine Fake close-stdout closed its output but went on running"), text);
        assertFalse(text.contains("crashed"), text);
        s.close();
    }

    @Test
    void handshakeThatNeverEnds() {
        EngineConfig c = fake("silent").withTimeouts(new EngineTimeouts(Duration.ofMillis(1500), Duration.ofSeconds(1),
                Duration.ofSeconds(1), Duration.ofMillis(300), Duration.ofMillis(500)));
        long t0 = System.nanoTime();
        EngineException e = assertThrows(EngineException.class, () -> new UciProtocol().open(c, TestGames.games()));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(EngineException.Kind.TIMEOUT, e.kind());
        assertTrue(ms >= 1400 && ms < 4000, "gave up after " + ms + " ms");
        assertEquals("The engine fake-silent did not finish the UCI handshake within 1.5 seconds; it was ended.",
                e.text().render(Locale.ROOT));
        assertEquals("引擎 fake-silent 在 1.5 秒内没有完成 UCI 握手，已被结束。", e.text().render(Locale.SIMPLIFIED_CHINESE));
    }

    @Test
    void hangsOnStop() throws Exception {
        EngineSession s = open("hang-on-stop");
        Recorder rec = new Recorder();
        s.addListener(rec);
        CompletableFuture<BestMove> search = s.go(SearchLimits.infiniteAnalysis());
        Thread.sleep(200);
        long t0 = System.nanoTime();
        ExecutionException e = assertThrows(ExecutionException.class, () -> s.stop().get(5, TimeUnit.SECONDS));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 650 && ms < 2500, "stop gave up after " + ms + " ms");
        EngineException ee = assertInstanceOf(EngineException.class, e.getCause());
        assertEquals(EngineException.Kind.TIMEOUT, ee.kind());
        assertTrue(ee.text().render(Locale.ROOT).startsWith(
                "The engine Fake hang-on-stop did not stop searching within 0.7 seconds of being told to; it was ended."));
        assertTrue(search.isCompletedExceptionally());
        for (int i = 0; i < 100 && rec.of(EngineEvent.EngineFailure.class).isEmpty(); i++) {
            Thread.sleep(10); // the event and the future are delivered on different threads
        }
        assertEquals(1, rec.of(EngineEvent.EngineFailure.class).size());
        long c0 = System.nanoTime();
        s.close();
        assertTrue((System.nanoTime() - c0) / 1_000_000 < 2500);
        assertEquals(SessionState.TERMINATED, s.state());
    }

    @Test
    void crashesMidSearch() throws Exception {
        EngineSession s = open("crash");
        CompletableFuture<BestMove> search = s.go(SearchLimits.infiniteAnalysis());
        ExecutionException e = assertThrows(ExecutionException.class, () -> search.get(5, TimeUnit.SECONDS));
        EngineException ee = assertInstanceOf(EngineException.class, e.getCause());
        assertEquals(EngineException.Kind.DIED, ee.kind());
        String text = ee.text().render(Locale.ROOT);
        assertTrue(text.startsWith("The engine Fake crash stopped unexpectedly (exit code 3). Its last output was:"), text);
        assertTrue(text.contains("Segmentation fault in search()"), "stderr is in the last lines: " + text);
        assertTrue(text.contains("info depth 1 score cp 20 nodes 20 pv e2e4"), text);
        assertEquals(3, s.exit().orElseThrow().exitCode().getAsInt());
        assertEquals(SessionState.TERMINATED, s.state());
        s.close();
    }

    @Test
    void writesGarbage() throws Exception {
        EngineSession s = open("garbage");
        Recorder rec = new Recorder();
        s.addListener(rec);
        assertEquals(List.of("Hash"), s.options().stream().map(o -> o.name()).toList(), "broken declarations are skipped");
        BestMove best = s.go(SearchLimits.depth(3)).get(5, TimeUnit.SECONDS);
        assertEquals("e2e4", best.move().orElseThrow().coordinates(1));
        assertTrue(best.ponder().isEmpty(), "a garbage ponder move is dropped");
        List<EngineEvent.AnalysisUpdate> u = rec.of(EngineEvent.AnalysisUpdate.class);
        assertEquals(2, u.size(), u.toString());
        assertEquals(List.of("e2e4", "e7e5"), u.get(0).pv().stream().map(m -> m.coordinates(1)).toList());
        assertTrue(u.get(0).nodes().isEmpty(), "negative node counts are no counts");
        assertEquals(1, u.get(1).multipv());
        s.sync(); // still in step
        s.close();
        assertEquals(SessionState.TERMINATED, s.state());
    }

    @Test
    void garbageLinesAreReadAsWellAsTheyCanBe() throws Exception {
        Recorder rec = new Recorder();
        EngineConfig c = fake("garbage");
        org.kibitz.protocols.uci.UciSession s = new org.kibitz.protocols.uci.UciSession(
                org.kibitz.protocols.uci.UciSession.Dialect.UCI, c, TestGames.games(),
                org.kibitz.protocols.session.ProtocolSupport.start(c));
        s.addListener(rec);
        s.handshake(c.timeouts().handshake(), false);
        List<String> lines = rec.of(EngineEvent.EngineLine.class).stream()
                .filter(l -> l.direction() == EngineEvent.Direction.FROM_ENGINE).map(EngineEvent.EngineLine::text).toList();
        assertTrue(lines.contains("中文消息"), "GBK decoded: " + lines);
        String huge = lines.stream().filter(l -> l.startsWith("zzz")).findFirst().orElseThrow();
        assertEquals(64 * 1024 + 2, huge.length(), "cut at 64 KiB and marked");
        s.close();
    }

    @Test
    void floodsLines() throws Exception {
        EngineSession s = open("flood");
        AtomicLong updates = new AtomicLong();
        s.addListener(e -> {
            if (e instanceof EngineEvent.AnalysisUpdate) {
                updates.incrementAndGet();
            }
        });
        CompletableFuture<BestMove> search = s.go(SearchLimits.infiniteAnalysis());
        Thread.sleep(1000);
        long t0 = System.nanoTime();
        assertEquals(SessionState.SEARCHING, s.state());
        // Not a speed figure: a state() that waited behind the flood would take as long as the flood.
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 2_000, "the session answers while flooded");
        BestMove best = s.stop().get(3, TimeUnit.SECONDS);
        assertEquals("e2e4", best.move().orElseThrow().coordinates(1));
        assertTrue(search.isDone());
        // How many lines a second get through is `kibitz bench protocol`'s figure; here they must arrive.
        System.out.printf("[flood] %d updates in the second before stop%n", updates.get());
        assertTrue(updates.get() > 0, "the flood's lines reached the listener as updates");
        s.close();
    }

    /**
     * An engine that stops reading its input but goes on answering as if it read it. Its answers vouch
     * for what was sent before them, so commands are written on the caller's thread; once its pipe is
     * full such a write blocks (under the session's lock). The engine must be ended after its
     * {@code isready} time, which ends the write, and the caller hear that it died, not wait forever.
     */
    @Test
    void anEngineThatAnswersWithoutReadingCannotBlockTheCaller() throws Exception {
        EngineSession s = open("deaf-liar");
        org.kibitz.api.game.Position start = TestGames.chess().startPosition();
        // Knights out and back: a long line (about a kilobyte a command) that ends where it began, where e2e4 is legal.
        String[] shuffle = {"g1f3", "g8f6", "f3g1", "f6g8"};
        String[] moves = new String[200];
        for (int i = 0; i < moves.length; i++) {
            moves[i] = shuffle[i % 4];
        }
        List<org.kibitz.api.game.Move> line = TestGames.moves(TestGames.chess(), start, moves);
        long t0 = System.nanoTime();
        EngineException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                TIMEOUTS.ready().multipliedBy(10), () -> assertThrows(EngineException.class, () -> {
                    // 64 KiB of pipe at a kilobyte a round: it is full long before this ends.
                    for (int i = 0; i < 10_000; i++) {
                        s.newGame("chess");
                        s.setPosition(start, line);
                        try {
                            s.go(SearchLimits.nodes(1)).get(TIMEOUTS.ready().toMillis() * 2, TimeUnit.MILLISECONDS);
                        } catch (ExecutionException x) {
                            throw x.getCause();
                        }
                    }
                }));
        String text = e.text().render(Locale.ROOT);
        assertTrue(text.contains("read nothing") || text.contains("没有读取"), text);
        System.out.printf("[deaf-liar] failed after %d ms: %s%n", (System.nanoTime() - t0) / 1_000_000, text.lines().findFirst().orElse(""));
        s.close();
    }

    @Test
    void exitsOnQuitWithoutAnswering() throws Exception {
        EngineSession s = open("mute-quit");
        long t0 = System.nanoTime();
        s.close();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 600, "close took " + ms + " ms");
        assertTrue(s.exit().orElseThrow().requested());
        assertEquals(0, s.exit().orElseThrow().exitCode().getAsInt());
    }

    @Test
    void ignoresQuitAndIsKilled() throws Exception {
        EngineSession s = open("deaf-quit");
        long t0 = System.nanoTime();
        s.close();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 550 && ms < 3000, "close took " + ms + " ms");
        assertEquals(SessionState.TERMINATED, s.state());
    }

    @Test
    void aWrapperScriptIsEndedWithItsEngine() throws Exception {
        String inner = String.join(" ", FakeEngine.command("deaf-quit").stream().map(a -> "'" + a + "'").toList());
        EngineConfig c = EngineConfig.of("wrapped", List.of("/bin/sh", "-c", inner)).withTimeouts(TIMEOUTS);
        EngineSession s = new UciProtocol().open(c, TestGames.games());
        List<ProcessHandle> tree = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList();
        assertEquals(2, tree.size(), "the shell and the engine under it");
        s.close();
        // nothingLeftRunning checks that the engine under the shell is gone too
    }

    @Test
    void aSilentStartGetsASecondChanceWithTheWholeHandshakeTime() throws EngineException {
        // Silent for 3.5 s and the JVM's start: more than a recognition time of 1.5 s, so the first
        // start is taken for a silent one, and more than twice that; less than the 3/4 of the 8 s
        // handshake timeout that the second start may stay silent.
        probeWithARecognitionTimeOf1500Ms("slow-xboard");
    }

    @Test
    void anEngineThatAnswersInCecpWordsGetsTheWholeHandshakeForItsFeatures() throws EngineException {
        // It answers the nudges with 'Invalid move: ' at once (so its start is not silent and gets
        // no second chance) and its features come after the 1.5 s recognition time.
        long ms = probeWithARecognitionTimeOf1500Ms("slow-features");
        assertTrue(ms >= 2500, "the features came late: " + ms + " ms");
    }

    @Test
    void anEngineThatHangsAtTwoStartsIsFoundAndOpenedAtTheThird(@TempDir Path dir) throws Exception {
        // Short timeouts: each silent start is given up after 3/4 of the 2 s handshake.
        EngineTimeouts quick = new EngineTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(2),
                Duration.ofMillis(700), Duration.ofMillis(600), Duration.ofSeconds(1));
        Path probes = dir.resolve("probe-starts");
        Optional<EngineInfo> info = new XboardProtocol().probe(hangFirst(2, probes, quick), Duration.ofMillis(1500));
        assertEquals("Fake hang-first", info.orElseThrow(() -> new AssertionError("not recognised")).name());
        Path opens = dir.resolve("open-starts");
        try (EngineSession s = new XboardProtocol().open(hangFirst(2, opens, quick), TestGames.games())) {
            assertEquals("Fake hang-first", s.info().name());
            s.sync();
        }
        assertEquals("3", Files.readString(probes).strip());
        assertEquals("3", Files.readString(opens).strip());
    }

    @Test
    void anEngineThatRejectsUciInCecpWordsIsProbedAsXboardNext(@TempDir Path dir) throws Exception {
        // 'Invalid move: uci' is an xboard engine's answer: UCCI is not worth a start of its own.
        Path starts = dir.resolve("starts");
        List<String> command = new ArrayList<>(FakeEngine.command("xboard-log"));
        command.add(starts.toString());
        EngineProber.Result r = EngineProber.fromClassPath().probe(EngineConfig.of("fake-xboard-log", command));
        assertEquals("xboard", r.protocol().id());
        assertEquals("Fake xboard-log", r.info().name());
        assertEquals(List.of("uci", "xboard"), Files.readAllLines(starts));
    }

    private static EngineConfig hangFirst(int hangs, Path counter, EngineTimeouts timeouts) {
        List<String> command = new ArrayList<>(FakeEngine.command("hang-first"));
        command.add(Integer.toString(hangs));
        command.add(counter.toString());
        return EngineConfig.of("fake-hang-first", command).withTimeouts(timeouts);
    }

    /** Probes a slow xboard fake, asserts it was recognised, and returns how long that took (ms). */
    private static long probeWithARecognitionTimeOf1500Ms(String mode) throws EngineException {
        long t0 = System.nanoTime();
        Optional<EngineInfo> info = new XboardProtocol().probe(fake(mode), Duration.ofMillis(1500));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals("Fake " + mode, info.orElseThrow(() -> new AssertionError("not recognised after " + ms + " ms")).name());
        return ms;
    }
}
