package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.testing.FakeUciEngine;
import org.kibitz.testing.RealEngines;
import org.kibitz.core.TestGames;
import org.kibitz.core.analysis.AnalysisState.Status;
import org.kibitz.core.engines.EngineEntry;

/**
 * Analysis slots against real engines (Stockfish, Fairy-Stockfish, the built-in engine) and fakes
 * that crash, hang, stay silent or flood.
 */
class AnalysisSlotTest {

    private static final List<ProtocolPlugin> PROTOCOLS = ServiceLoader.load(ProtocolPlugin.class).stream()
            .map(ServiceLoader.Provider::get).toList();

    private final List<AnalysisSlot> slots = new ArrayList<>();
    private final EngineLog log = new EngineLog(10_000, new ChangeSignal());

    @AfterEach
    void endEngines() throws Exception {
        for (AnalysisSlot s : slots) {
            s.dispose().get(15, TimeUnit.SECONDS);
        }
    }

    private AnalysisSlot slot(EngineEntry e, ChangeSignal signal) {
        AnalysisSlot s = new AnalysisSlot("t" + slots.size(), (entry, listener) -> new EngineProber(PROTOCOLS)
                .open(entry.toConfig(), TestGames.GAMES, listener), log, signal, null);
        s.setEngine(e);
        slots.add(s);
        return s;
    }

    private static EngineEntry real(String program) {
        return EngineEntry.of(program, program, List.of(RealEngines.require(program))).withProtocol(java.util.Optional.of("uci"));
    }

    private static EngineEntry fake(String... args) {
        return EngineEntry.of("fake", "Fake " + args[0], FakeUciEngine.command(args)).withProtocol(java.util.Optional.of("uci"))
                .withTimeouts(new EngineEntry.Timeouts(20_000, 5_000, 800, 500, 500));
    }

    /** Polls the slot until its state passes, or fails with the last state seen. */
    private static AnalysisState await(AnalysisSlot s, Duration max, Predicate<AnalysisState> ok) throws InterruptedException {
        long end = System.nanoTime() + max.toNanos();
        AnalysisState st = s.state();
        while (System.nanoTime() < end) {
            st = s.state();
            if (ok.test(st)) {
                return st;
            }
            Thread.sleep(20);
        }
        fail("not reached in " + max + "; last state: " + st.status() + " " + st.error().map(t -> t.render(Locale.ENGLISH))
                .orElse("") + " lines " + st.lines().size());
        return st;
    }

    private static GameNode line(GameTree tree, GamePlugin g, String... moves) {
        GameNode n = tree.root();
        for (String m : moves) {
            n = n.addChild(Move.parseCoordinates(m, g.coordinateRankBase()));
        }
        return n;
    }

    private static boolean linesFor(AnalysisState st, GameNode node, int k, int minDepth) {
        if (st.status() != Status.RUNNING || st.request().isEmpty() || st.request().get().target() != node
                || st.lines().size() < k) {
            return false;
        }
        for (AnalysisUpdate u : st.lines()) {
            if (!u.position().equals(node.position()) || u.depth().orElse(0) < minDepth || u.pv().isEmpty()
                    || !node.position().isLegal(u.pv().get(0))) {
                return false;
            }
        }
        return true;
    }

    @Test
    void stockfishAnalysesFollowsTheUserAndStops() throws Exception {
        AnalysisSlot s = slot(real("stockfish"), new ChangeSignal());
        GameTree tree = new GameTree(TestGames.CHESS.startPosition());
        GameNode e4 = line(tree, TestGames.CHESS, "e2e4");
        GameNode c5 = line(tree, TestGames.CHESS, "e2e4", "c7c5");
        s.setMultiPv(2);
        s.start(AnalysisRequest.forNode(tree.root()));
        AnalysisState st = await(s, Duration.ofSeconds(20), x -> linesFor(x, tree.root(), 2, 8));
        assertEquals(List.of(1, 2), st.lines().stream().map(AnalysisUpdate::multipv).toList());
        assertTrue(st.info().orElseThrow().name().startsWith("Stockfish"));
        assertTrue(st.stats().nodes().orElse(0) > 0);
        assertTrue(st.lines().get(0).wdl().isPresent(), "UCI_ShowWDL is turned on for analysis");

        s.follow(AnalysisRequest.forNode(e4));
        s.follow(AnalysisRequest.forNode(c5));
        await(s, Duration.ofSeconds(20), x -> linesFor(x, c5, 2, 6));

        s.stop();
        st = await(s, Duration.ofSeconds(10), x -> x.status() == Status.STOPPED);
        assertEquals(c5, st.request().orElseThrow().target(), "the last lines stay shown after a stop");
        assertFalse(st.lines().isEmpty());
        assertTrue(log.engines().contains("t0: stockfish"));
        assertTrue(log.since(0).entries().stream().anyMatch(e -> e.text().startsWith("bestmove")));
        List<String> first = log.since(0).entries().stream().limit(6).map(e -> e.direction() + " " + e.text()).toList();
        assertTrue(first.contains("TO_ENGINE uci") && first.stream().anyMatch(l -> l.startsWith("FROM_ENGINE Stockfish")),
                "the log has the engine from its first line: " + first);
        assertTrue(log.since(0).entries().stream().anyMatch(e -> e.text().equals("uciok")));
    }

    @Test
    void fairyStockfishAnalysesXiangqi() throws Exception {
        AnalysisSlot s = slot(real("fairy-stockfish"), new ChangeSignal());
        GameTree tree = new GameTree(TestGames.XIANGQI.startPosition());
        GameNode cannon = line(tree, TestGames.XIANGQI, "h2e2");
        s.start(AnalysisRequest.forNode(cannon));
        AnalysisState st = await(s, Duration.ofSeconds(20), x -> linesFor(x, cannon, 1, 6));
        assertTrue(st.lines().get(0).pv().size() >= 2, "a PV of several legal moves");
        s.follow(AnalysisRequest.forNode(tree.root()));
        await(s, Duration.ofSeconds(20), x -> linesFor(x, tree.root(), 1, 5));
    }

    @Test
    void aUcciEngineIsToldTheMovesThatWouldLoseByRepetition() throws Exception {
        // Red's horse has chased Black's chariot round a cycle: going back to a5 a third time loses (AXF).
        EngineEntry ucci = real("fairy-stockfish").withProtocol(java.util.Optional.of("ucci"));
        AnalysisSlot s = slot(ucci, new ChangeSignal());
        GamePlugin g = TestGames.XIANGQI;
        GameTree tree = new GameTree(g.parseFen("n3k4/9/1r1n5/9/N8/9/9/9/9/3K5 b - - 0 1"));
        GameNode n = line(tree, g, "b7b6", "a5c4", "b6b7", "c4a5", "b7b6", "a5c4", "b6b7");
        List<Position> history = new ArrayList<>();
        history.add(tree.root().position());
        n.pathFromRoot().forEach(x -> history.add(x.position()));
        List<Move> banned = g.bannedMoves(history, "axf");
        assertEquals(List.of(Move.parseCoordinates("c4a5", 0)), banned);

        s.start(AnalysisRequest.forNode(n).withBanned(banned));
        AnalysisState st = await(s, Duration.ofSeconds(20), x -> linesFor(x, n, 1, 6));
        assertFalse(banned.contains(st.lines().get(0).pv().get(0)), "the engine keeps off the banned move");
        List<String> sent = log.since(0).entries().stream()
                .filter(e -> e.direction() == org.kibitz.api.engine.EngineEvent.Direction.TO_ENGINE).map(EngineLog.Entry::text).toList();
        int ban = sent.indexOf("banmoves c4a5");
        assertTrue(ban > 0 && sent.get(ban - 1).startsWith("position ") && sent.get(ban + 1).startsWith("go"),
                "banmoves goes between position and go: " + sent);
    }

    @Test
    void theBuiltInEnginePlaysBothGames() throws Exception {
        AnalysisSlot s = slot(EngineEntry.builtinEngine(), new ChangeSignal());
        GameTree chess = new GameTree(TestGames.CHESS.startPosition());
        s.start(AnalysisRequest.forNode(chess.root()));
        await(s, Duration.ofSeconds(30), x -> linesFor(x, chess.root(), 1, 3));
        GameTree xq = new GameTree(TestGames.XIANGQI.startPosition());
        GameNode n = line(xq, TestGames.XIANGQI, "b0c2");
        s.follow(AnalysisRequest.forNode(n));
        await(s, Duration.ofSeconds(30), x -> linesFor(x, n, 1, 3));
    }

    @Test
    void anEngineThatDiesIsReportedWithItsExitCode() throws Exception {
        AnalysisSlot s = slot(fake("crash"), new ChangeSignal());
        GameTree tree = new GameTree(TestGames.CHESS.startPosition());
        s.start(AnalysisRequest.forNode(tree.root()));
        AnalysisState st = await(s, Duration.ofSeconds(20), x -> x.status() == Status.FAILED);
        String why = st.error().orElseThrow().render(Locale.ENGLISH);
        assertTrue(why.contains("3"), why);
        assertTrue(why.contains("Segmentation fault"), "the last lines are in the message: " + why);
        assertFalse(s.running());
    }

    @Test
    void anEngineThatIgnoresStopIsEndedAfterTheStopTimeout() throws Exception {
        AnalysisSlot s = slot(fake("hang-on-stop"), new ChangeSignal());
        GameTree tree = new GameTree(TestGames.CHESS.startPosition());
        s.start(AnalysisRequest.forNode(tree.root()));
        await(s, Duration.ofSeconds(20), x -> !x.lines().isEmpty());
        long t0 = System.nanoTime();
        s.stop();
        AnalysisState st = await(s, Duration.ofSeconds(10), x -> x.status() == Status.FAILED);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < 5_000, "failed after " + ms + " ms, the stop timeout is 0.8 s");
        assertTrue(st.error().orElseThrow().render(Locale.ENGLISH).toLowerCase(Locale.ROOT).contains("stop"),
                st.error().orElseThrow().render(Locale.ENGLISH));
    }

    @Test
    void aSilentEngineFailsItsHandshake() throws Exception {
        EngineEntry silent = fake("silent").withTimeouts(new EngineEntry.Timeouts(1_000, 1_000, 500, 300, 300));
        AnalysisSlot s = slot(silent, new ChangeSignal());
        s.start(AnalysisRequest.forNode(new GameTree(TestGames.CHESS.startPosition()).root()));
        AnalysisState st = await(s, Duration.ofSeconds(15), x -> x.status() == Status.FAILED);
        assertTrue(st.error().isPresent());
    }

    @Test
    void aFloodReachesTheReaderAsOneWakeUpPerLook() throws Exception {
        ChangeSignal signal = new ChangeSignal();
        AtomicInteger wakes = new AtomicInteger();
        signal.onRaise(wakes::incrementAndGet);
        AnalysisSlot s = slot(fake("flood", "20000"), signal);
        s.setMultiPv(3);
        GameTree tree = new GameTree(TestGames.CHESS.startPosition());
        s.start(AnalysisRequest.forNode(tree.root()));
        await(s, Duration.ofSeconds(20), x -> x.lines().size() == 3);
        // A reader looking 60 times a second: each look costs one snapshot, however many lines came.
        int looks = 0;
        long seen = -1;
        int changes = 0;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        long lines0 = log.since(0).next();
        while (System.nanoTime() < end) {
            signal.take();
            AnalysisState st = s.state();
            if (st.version() != seen) {
                changes++;
                seen = st.version();
            }
            looks++;
            Thread.sleep(16);
        }
        long lines = log.since(0).next() - lines0;
        // The premise, not a rate (the rate is `kibitz bench protocol`'s): more lines came than the
        // reader looked, so one wake-up per look means the lines were coalesced.
        assertTrue(lines > 2L * looks, "the fake wrote " + lines + " lines for " + looks + " looks");
        assertTrue(changes <= looks, changes + " changes seen in " + looks + " looks");
        assertTrue(wakes.get() <= looks + 2, wakes.get() + " wake-ups for " + looks + " looks");
    }
}
