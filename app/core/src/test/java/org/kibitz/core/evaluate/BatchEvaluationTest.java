package org.kibitz.core.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.testing.FaultyProxyEngine;
import org.kibitz.testing.RealEngines;

/**
 * Batch evaluation with real engines on real games: results independent of the number of jobs,
 * positions taken from the store only when written before the run started, a resumed run equal to
 * an uninterrupted one, an engine that crashes or hangs on one position, and a broken game skipped.
 */
class BatchEvaluationTest {

    private static final List<ProtocolPlugin> PROTOCOLS = ServiceLoader.load(ProtocolPlugin.class).stream()
            .map(ServiceLoader.Provider::get).toList();

    @TempDir
    Path dir;

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final GameFiles files = TestGames.files();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private static Path capablanca() {
        return TestGames.shared("chess/pgn/Capablanca.pgn");
    }

    private static EngineRef stockfish() {
        return EngineRef.listed(EngineEntry.of("sf", "Stockfish", List.of(RealEngines.require("stockfish"))));
    }

    private SessionPool pool(int n) {
        SessionPool p = new SessionPool(ref -> new EngineProber(PROTOCOLS).open(ref.entry().toConfig(), TestGames.GAMES, e -> { }), n, n);
        toClose.add(p);
        return p;
    }

    private JobRunner runner() {
        JobRunner r = JobRunner.threaded(2);
        toClose.add(r);
        return r;
    }

    private EvaluationRequest request(Path file, EngineRef engine, String games, long nodes, int jobs, boolean store,
                                      String runId) {
        return new EvaluationRequest(List.of(file), List.of(engine), SearchLimits.nodes(nodes),
                new GameSelection(GameSelection.parseRanges(games), 1, GameSelection.SideFilter.BOTH, Optional.empty()),
                Shard.ALL, Duration.ofSeconds(20), jobs, store, Optional.ofNullable(runId));
    }

    private record Outcome(JobResult<GameEvaluation> result, EvaluationCounts counts, List<GameResults> games) {
    }

    private Outcome run(EvaluationRequest r, Optional<AnalysisStore> store, String runs) throws Exception {
        BatchEvaluation.Plan plan = BatchEvaluation.plan(r, files);
        List<GameResults> seen = new CopyOnWriteArrayList<>();
        BatchEvaluation.Batch b = BatchEvaluation.start(plan, dir.resolve(runs), false, files, pool(r.jobs()), store, runner(),
                new BatchEvaluation.Listener() {
                    @Override
                    public void game(GameResults results) {
                        seen.add(results);
                    }
                });
        JobResult<GameEvaluation> result = b.handle().result().get(3, TimeUnit.MINUTES);
        return new Outcome(result, b.counts(), seen);
    }

    /** Every position's evaluation, by game and ply, without the engine's time (the one field that varies). */
    private static Map<String, String> evaluations(List<GameResults> games) {
        Map<String, String> out = new TreeMap<>();
        for (GameResults g : games) {
            for (GameEvaluation e : g.byEngine()) {
                for (PositionEval p : e.positions()) {
                    out.put(g.entry().gameNumber() + "/" + p.ply(), p.score() + " d" + p.depth() + " n" + p.nodes() + " " + p.pv());
                }
            }
        }
        return out;
    }

    @Test
    void theSameResultsWithOneJobOrThreeAndInGameOrder() throws Exception {
        RealEngines.require("stockfish");
        Outcome one = run(request(capablanca(), stockfish(), "1-3", 400, 1, false, null), Optional.empty(), "a");
        Outcome three = run(request(capablanca(), stockfish(), "1-3", 400, 3, false, null), Optional.empty(), "b");
        assertEquals(List.of(1, 2, 3), three.games().stream().map(g -> g.entry().gameNumber()).toList());
        assertEquals(evaluations(one.games()), evaluations(three.games()));
        assertTrue(one.counts().evaluated() > 100, "three master games have over 100 positions");
        assertEquals(0, one.counts().failed());
        // Every position of every game: the start, and one after each move.
        for (GameResults g : one.games()) {
            GameEvaluation e = g.first().orElseThrow();
            assertEquals(e.moves().size() + 1, e.positions().size(), "game " + g.entry().gameNumber());
        }
    }

    /**
     * Each search starts from a cleared hash (decision 0026), and the engine clears it for the next search
     * while the last one's result is settled (decision 0042): between a search's {@code go} and the moment
     * its position is settled, the next search's {@code ucinewgame} has gone, but for the game's last search.
     */
    @Test
    void theNextHashIsClearedWhileAResultIsSettled() throws Exception {
        RealEngines.require("stockfish");
        record Sent(long at, String line) {
        }
        List<Sent> sent = new CopyOnWriteArrayList<>();
        List<Long> settled = new CopyOnWriteArrayList<>();
        SessionPool pool = new SessionPool(ref -> {
            var session = new EngineProber(PROTOCOLS).open(ref.entry().toConfig(), TestGames.GAMES, e -> { });
            session.addListener(e -> {
                if (e instanceof org.kibitz.api.engine.EngineEvent.EngineLine l
                        && l.direction() == org.kibitz.api.engine.EngineEvent.Direction.TO_ENGINE) {
                    sent.add(new Sent(l.time().getEpochSecond() * 1_000_000_000L + l.time().getNano(), l.text().strip()));
                }
            });
            return session;
        }, 1, 1);
        toClose.add(pool);
        BatchEvaluation.Plan plan = BatchEvaluation.plan(request(capablanca(), stockfish(), "1", 1, 1, false, null), files);
        BatchEvaluation.Batch b = BatchEvaluation.start(plan, dir.resolve("runs"), false, files, pool, Optional.empty(), runner(),
                new BatchEvaluation.Listener() {
                    @Override
                    public void position(EvaluationJob.Unit unit, PositionEval eval) {
                        if (eval.status() == PositionEval.Status.SEARCHED) {
                            java.time.Instant now = java.time.Instant.now();
                            settled.add(now.getEpochSecond() * 1_000_000_000L + now.getNano());
                        }
                    }
                });
        b.handle().result().get(3, TimeUnit.MINUTES);
        List<Long> goes = sent.stream().filter(l -> l.line().startsWith("go ")).map(Sent::at).toList();
        assertEquals(goes.size(), settled.size(), "one go per searched position");
        assertTrue(goes.size() > 20, "a master game has more than 20 positions");
        for (int k = 0; k + 1 < goes.size(); k++) {
            long go = goes.get(k);
            long done = settled.get(k);
            assertTrue(sent.stream().anyMatch(l -> l.line().equals("ucinewgame") && l.at() >= go && l.at() <= done),
                    "search " + (k + 1) + " of " + goes.size() + " was settled before the next ucinewgame went");
        }
    }

    @Test
    void storedPositionsAreTakenOnlyWhenWrittenBeforeTheRunStarted() throws Exception {
        RealEngines.require("stockfish");
        AnalysisStore store = AnalysisStore.open(dir.resolve("store.sqlite"), TestGames.GAMES);
        toClose.add(store);
        Outcome first = run(request(capablanca(), stockfish(), "1-2", 300, 2, true, "first"), Optional.of(store), "r");
        store.flush();
        assertEquals(0, first.counts().cached());
        // Another run (another id) over the same games and one more: the first two come from the store.
        Outcome second = run(request(capablanca(), stockfish(), "1-3", 300, 2, true, "second"), Optional.of(store), "r");
        for (GameResults g : second.games().subList(0, 2)) {
            assertTrue(g.first().orElseThrow().positions().stream().allMatch(p -> p.status() == PositionEval.Status.STORED),
                    "game " + g.entry().gameNumber() + " all from the store");
        }
        // Game 3 starts where the others did: that position is in the store too.
        assertEquals(first.counts().positions() + 1, second.counts().cached());
        // What was taken is what the first run found (for a position two games share, either game's search:
        // each searched it in its own history, and the store keeps one).
        java.util.Set<String> found = new java.util.HashSet<>(evaluations(first.games()).values());
        Map<String, String> after = evaluations(second.games());
        after.forEach((k, v) -> {
            if (!k.startsWith("3/")) {
                assertTrue(found.contains(v), k + " " + v);
            }
        });
        // A deeper limit is not served by a shallower one.
        Outcome deeper = run(request(capablanca(), stockfish(), "1", 600, 1, true, "deeper"), Optional.of(store), "r");
        assertEquals(0, deeper.counts().cached());
    }

    @Test
    void aStoppedRunResumedGivesWhatAnUninterruptedOneGives() throws Exception {
        RealEngines.require("stockfish");
        AnalysisStore store = AnalysisStore.open(dir.resolve("store.sqlite"), TestGames.GAMES);
        toClose.add(store);
        EvaluationRequest r = request(capablanca(), stockfish(), "1-4", 300, 1, true, "resumed");
        BatchEvaluation.Plan plan = BatchEvaluation.plan(r, files);
        BatchEvaluation.Batch b = BatchEvaluation.start(plan, dir.resolve("runs"), false, files, pool(1), Optional.of(store),
                runner(), new BatchEvaluation.Listener() { });
        // Stop it once it has settled some positions of the second game, mid-game (games 1-4 hold
        // more than 120 positions, so the run cannot have finished by then).
        while (b.counts().positions() < 120 && !b.handle().result().isDone()) {
            Thread.sleep(5);
        }
        assertFalse(b.handle().result().isDone(), "the run was still going when it was stopped");
        b.handle().cancelNow();
        b.handle().result().get(1, TimeUnit.MINUTES);
        long finished = b.counts().games();
        // The path under test: some games finished and journalled, some not.
        assertTrue(finished >= 1 && finished < 4, finished + " of 4 games finished before the stop");
        store.flush();
        Outcome resumed = run(r, Optional.of(store), "runs");
        assertEquals(finished, resumed.result().resumed(), "the resumed run took the finished games from the journal");
        // Positions the stopped run wrote are not taken from the store (none is STORED); those of the games
        // in its journal are not searched again, and count as cached (issue 39).
        assertTrue(resumed.games().stream().flatMap(g -> g.byEngine().stream()).flatMap(e -> e.positions().stream())
                .noneMatch(e -> e.status() == PositionEval.Status.STORED), "positions the stopped run wrote are not taken from the store");
        assertTrue(resumed.counts().cached() > 0, "the journal's games count as cached");
        Outcome fresh = run(request(capablanca(), stockfish(), "1-4", 300, 1, false, null), Optional.empty(), "fresh");
        assertEquals(evaluations(fresh.games()), evaluations(resumed.games()));
        assertEquals(4, resumed.games().size());
    }

    @Test
    void anEngineThatCrashesOnOnePositionFailsItAndTheRestIsEvaluated() throws Exception {
        RealEngines.require("stockfish");
        // Every position after 7 moves kills the engine: it is retried once on a new engine, then failed.
        EngineRef crashing = EngineRef.listed(EngineEntry.of("crash", "Crashing proxy",
                FaultyProxyEngine.command("crash", "7", "--", RealEngines.require("stockfish"))).withProtocol(Optional.of("uci")));
        Outcome o = run(request(capablanca(), crashing, "1-2", 200, 1, false, null), Optional.empty(), "c");
        assertEquals(2, o.counts().failed(), "ply 7 of each game");
        for (GameResults g : o.games()) {
            GameEvaluation e = g.first().orElseThrow();
            assertTrue(e.at(7).orElseThrow().failed());
            assertFalse(e.at(6).orElseThrow().failed());
            assertFalse(e.at(8).orElseThrow().failed());
            assertEquals(e.moves().size(), e.positions().stream().filter(p -> !p.failed()).count());
        }
        // A crash once: retried on a new engine, nothing fails.
        Path marker = dir.resolve("crashed-once");
        EngineRef once = EngineRef.listed(EngineEntry.of("once", "Crash once",
                FaultyProxyEngine.command("crash", "5", marker.toString(), "--", RealEngines.require("stockfish")))
                .withProtocol(Optional.of("uci")));
        Outcome o2 = run(request(capablanca(), once, "1", 200, 1, false, null), Optional.empty(), "c2");
        assertTrue(Files.exists(marker), "the proxy did crash");
        assertEquals(0, o2.counts().failed());
    }

    @Test
    void anEngineThatHangsIsEndedAndItsPositionRetried() throws Exception {
        RealEngines.require("stockfish");
        Path marker = dir.resolve("hung-once");
        EngineRef hanging = EngineRef.listed(EngineEntry.of("hang", "Hang once",
                FaultyProxyEngine.command("hang", "4", marker.toString(), "--", RealEngines.require("stockfish")))
                .withProtocol(Optional.of("uci")).withTimeouts(new EngineEntry.Timeouts(20_000, 5_000, 800, 500, 500)));
        EvaluationRequest r = new EvaluationRequest(List.of(capablanca()), List.of(hanging), SearchLimits.nodes(200),
                new GameSelection(GameSelection.parseRanges("1"), 1, GameSelection.SideFilter.BOTH, Optional.empty()),
                Shard.ALL, Duration.ofSeconds(2), 1, false, Optional.empty());
        Outcome o = run(r, Optional.empty(), "h");
        assertTrue(Files.exists(marker), "the proxy did hang");
        GameEvaluation e = o.games().get(0).first().orElseThrow();
        assertFalse(e.at(4).orElseThrow().failed(), "retried on a new engine: " + e.at(4));
        assertEquals(0, o.counts().failed());
    }

    @Test
    void aBrokenGameIsReportedWithItsPlaceAndTheOthersAreEvaluated() throws Exception {
        RealEngines.require("stockfish");
        String good = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
        String broken = "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n";
        Path f = dir.resolve("three.pgn");
        Files.writeString(f, good + broken + good.replace("\"a\"", "\"c\""), StandardCharsets.UTF_8);
        Outcome o = run(request(f, stockfish(), "", 100, 2, false, null), Optional.empty(), "b");
        assertEquals(3, o.games().size());
        GameResults b = o.games().get(1);
        assertTrue(b.broken().isPresent());
        String why = b.broken().get();
        assertTrue(why.contains("three.pgn") && why.contains("game 2") && why.contains("line 9"), why);
        assertEquals(1, o.counts().brokenGames());
        assertEquals(2, o.counts().games());
        assertEquals(10, o.counts().evaluated(), "two games of 4 moves, 5 positions each");
    }
}
