package org.kibitz.core.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.TestGames;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.testing.FakeUciEngine;

/**
 * The session pool with fake engines run as child JVMs: reuse, restart and one retry after a crash,
 * a second crash reported, the bounds, and close ending the processes.
 */
class SessionPoolTest {

    private static final List<ProtocolPlugin> PROTOCOLS = ServiceLoader.load(ProtocolPlugin.class).stream()
            .map(ServiceLoader.Provider::get).toList();
    private static final AtomicInteger TOKENS = new AtomicInteger((int) (ProcessHandle.current().pid() % 10_000) * 100);

    @TempDir
    Path dir;

    private final List<SessionPool> pools = new ArrayList<>();
    private final AtomicInteger newGames = new AtomicInteger();

    @AfterEach
    void closePools() {
        pools.forEach(SessionPool::close);
    }

    private SessionPool pool(int perEngine, int total) {
        SessionPool p = new SessionPool(ref -> new EngineProber(PROTOCOLS).open(ref.entry().toConfig(), TestGames.GAMES, e -> {
            if (e instanceof EngineEvent.EngineLine l && l.direction() == EngineEvent.Direction.TO_ENGINE
                    && l.text().equals("ucinewgame")) {
                newGames.incrementAndGet();
            }
        }), perEngine, total);
        pools.add(p);
        return p;
    }

    /** A fake engine; {@code calm} ones get a token of their own so their processes can be found. */
    private static EngineRef fake(String id, String... args) {
        return EngineRef.listed(EngineEntry.of(id, "Fake " + args[0], FakeUciEngine.command(args))
                .withProtocol(Optional.of("uci")).withTimeouts(new EngineEntry.Timeouts(20_000, 5_000, 800, 500, 500)));
    }

    private static String token() {
        return Integer.toString(TOKENS.incrementAndGet());
    }

    /** One search of the start position, as {@code kibitz analyse} runs it. */
    private static AnalysisRun.Result search(EngineSession s) throws EngineException {
        return AnalysisRun.run(s, TestGames.CHESS.startPosition(), List.of(), SearchLimits.moveTime(Duration.ofMillis(300)),
                Duration.ofSeconds(10));
    }

    private static List<ProcessHandle> running(String token) {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(FakeUciEngine.class.getName() + " calm " + token))
                .toList();
    }

    @Test
    void anEngineThatCrashesIsStartedAgainAndItsWorkRetriedOnce() throws Exception {
        SessionPool pool = pool(1, 2);
        EngineRef once = fake("once", "crash-once", dir.resolve("crashed").toString());
        AnalysisRun.Result r = pool.withSession(once, "chess", SessionPoolTest::search);
        assertEquals("e2e4", r.best().move().orElseThrow().coordinates(1));
        assertEquals(1, r.lines().size(), "the retry's own lines");
        SessionPool.Stats st = pool.stats();
        assertEquals(2, st.started(), "the crashed process and its replacement");
        assertEquals(1, st.retries());
        assertEquals(1, st.idle(), "the new session waits for more work");
    }

    @Test
    void aSecondCrashIsReportedWithTheEngineAndWhatHappened() throws Exception {
        SessionPool pool = pool(1, 1);
        EngineRef crash = fake("crash", "crash");
        AtomicInteger attempts = new AtomicInteger();
        EngineFailedException e = assertThrows(EngineFailedException.class, () -> pool.withSession(crash, "chess", s -> {
            attempts.incrementAndGet();
            return search(s);
        }));
        assertEquals(2, attempts.get(), "tried once and retried once, not more");
        assertEquals("Fake crash", e.engine());
        assertEquals(EngineException.Kind.DIED, e.kind());
        String text = e.text().render(java.util.Locale.ENGLISH);
        assertTrue(text.startsWith("Fake crash ended during its work, and again when the work was retried"), text);
        assertTrue(text.contains("Segmentation fault in search()"), "what the engine did: " + text);
        assertEquals(1, e.getSuppressed().length, "the first crash is kept");
        assertEquals(0, pool.stats().open());
        assertEquals(2, pool.stats().started());
    }

    @Test
    void workThatFailsWithoutACrashIsNotRetried() throws Exception {
        SessionPool pool = pool(1, 1);
        EngineRef calm = fake("calm", "calm", token());
        AtomicInteger attempts = new AtomicInteger();
        EngineException e = assertThrows(EngineException.class, () -> pool.withSession(calm, "chess", s -> {
            attempts.incrementAndGet();
            s.setOption("No such option", "1");
            return null;
        }));
        assertEquals(EngineException.Kind.UNSUPPORTED, e.kind(), e.toString());
        assertEquals(1, attempts.get());
        assertEquals(1, pool.stats().idle(), "the engine is fine and kept");
    }

    @Test
    void anIdleSessionIsReusedWithANewGameBetweenUses() throws Exception {
        SessionPool pool = pool(2, 2);
        EngineRef calm = fake("calm", "calm", token());
        AtomicReference<EngineSession> first = new AtomicReference<>();
        pool.withSession(calm, "chess", s -> {
            first.set(s);
            return search(s);
        });
        AnalysisRun.Result r = pool.withSession(calm, "chess", s -> {
            assertSame(first.get(), s, "the same session");
            return search(s);
        });
        assertEquals("e2e4", r.best().move().orElseThrow().coordinates(1));
        assertEquals(1, pool.stats().started(), "one process for two units of work");
        assertEquals(2, newGames.get(), "a new game before each unit");
    }

    /**
     * Ctrl+C during a search: the shutdown hook ends the engine, and the pool must not take that for a
     * crash (start it again, count a retry, tell the user it was started again); the work fails.
     */
    @Test
    void anEngineEndedBecauseTheProgramEndsIsNotStartedAgain() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), ProgramEndProbe.class.getName(), token())
                .redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(child.waitFor(3, TimeUnit.MINUTES), out);
        String last = out.lines().filter(l -> l.startsWith("outcome ")).findFirst().orElse("");
        assertTrue(last.startsWith("outcome threw "), out);
        assertTrue(last.endsWith(" retries 0 heard 0 started 1"), out);
    }

    @Test
    void anIdleEngineThatDiedIsStartedAgain() throws Exception {
        SessionPool pool = pool(1, 1);
        String token = token();
        EngineRef calm = fake("calm", "calm", token);
        pool.withSession(calm, "chess", SessionPoolTest::search);
        List<ProcessHandle> idle = running(token);
        assertEquals(1, idle.size());
        idle.get(0).destroyForcibly();
        idle.get(0).onExit().get(10, TimeUnit.SECONDS);
        AnalysisRun.Result r = pool.withSession(calm, "chess", SessionPoolTest::search);
        assertEquals("e2e4", r.best().move().orElseThrow().coordinates(1));
        assertEquals(2, pool.stats().started(), "a new process for the dead one");
        assertTrue(pool.stats().retries() <= 1, "found dead when taken, or when told the new game");
        assertEquals(1, running(token).size());
    }

    @Test
    void atMostPerEngineSessionsOfOneEngineAndTotalInAll() throws Exception {
        SessionPool pool = pool(2, 2);
        String token = token();
        EngineRef a = fake("a", "calm", token);
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            CountDownLatch twoIn = new CountDownLatch(2);
            AtomicInteger entered = new AtomicInteger();
            AtomicInteger now = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            List<CompletableFuture<Integer>> units = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                units.add(pool.submit(a, "chess", s -> {
                    most.accumulateAndGet(now.incrementAndGet(), Math::max);
                    try {
                        if (entered.incrementAndGet() <= 2) {
                            twoIn.countDown();
                            if (!twoIn.await(60, TimeUnit.SECONDS)) {
                                fail("the pool never had two sessions of one engine at once");
                            }
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        now.decrementAndGet();
                    }
                    return 1;
                }, threads));
            }
            for (CompletableFuture<Integer> u : units) {
                assertEquals(1, u.get(90, TimeUnit.SECONDS));
            }
            assertEquals(2, most.get(), "two at once, never three");
            assertEquals(2, pool.stats().started(), "the third unit waited for an idle session");
            assertEquals(2, running(token).size());

            EngineRef b = fake("b", "calm", token());
            pool.withSession(b, "chess", SessionPoolTest::search);
            assertEquals(1, pool.open(a), "an idle session of the other engine was ended to make room");
            assertEquals(1, pool.open(b));
            assertEquals(2, pool.stats().open());
            assertEquals(3, pool.stats().started());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void closeEndsEveryProcessAndRefusesMoreWork() throws Exception {
        SessionPool pool = pool(2, 2);
        String token = token();
        EngineRef calm = fake("calm", "calm", token);
        pool.withSession(calm, "chess", SessionPoolTest::search);
        assertEquals(1, running(token).size(), "the idle engine still runs");
        pool.close();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!running(token).isEmpty() && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), running(token));
        EngineException e = assertThrows(EngineException.class, () -> pool.withSession(calm, "chess", SessionPoolTest::search));
        assertEquals(EngineException.Kind.STATE, e.kind());
        assertEquals(0, pool.stats().open());
    }
}
