package org.kibitz.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.TestGames;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.jobs.Job;
import org.kibitz.core.jobs.JobContext;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.testing.RealEngines;

/**
 * The one engine log: the sessions of a pool are heard from their first line and labelled with the
 * job that holds them, a session handed from one job to the next with the next; a writer (the
 * command line's --log) gets the same lines, labelled.
 */
class EngineLogServiceTest {

    private static final List<ProtocolPlugin> PROTOCOLS = ServiceLoader.load(ProtocolPlugin.class).stream()
            .map(ServiceLoader.Provider::get).toList();

    /** A job of one item: one search on a session of {@code engine}. */
    private record OneSearch(String name, SessionPool pool, EngineRef engine) implements Job<String, String> {
        @Override
        public String kind() {
            return "test-search";
        }

        @Override
        public List<String> items() {
            return List.of("1");
        }

        @Override
        public String id(String item) {
            return item;
        }

        @Override
        public Map<String, String> parameters() {
            return Map.of();
        }

        @Override
        public String run(String item, JobContext context) throws Exception {
            return pool.withSession(engine, "chess", s -> AnalysisRun.run(s, TestGames.CHESS.startPosition(), List.of(),
                    SearchLimits.depth(3), java.time.Duration.ofSeconds(30)).best().toString());
        }

        @Override
        public Class<String> resultType() {
            return String.class;
        }
    }

    @Test
    void everySessionOfAPoolIsLabelledWithTheJobThatHoldsIt() throws Exception {
        EngineLog log = new EngineLog(10_000, new ChangeSignal());
        EngineLogService service = new EngineLogService(log, JobRunner::currentJob, ZoneOffset.UTC);
        service.setDefaultJob("outside");
        StringWriter written = new StringWriter();
        EngineRef sf = EngineRef.listed(EngineEntry.of("sf", "Stockfish", List.of(RealEngines.require("stockfish")))
                .withProtocol(Optional.of("uci")));
        JobRunner runner = JobRunner.sameThread();
        try (AutoCloseable writing = service.writeTo(written);
             SessionPool pool = new SessionPool((ref, listener) -> new EngineProber(PROTOCOLS)
                     .open(ref.entry().toConfig(), TestGames.GAMES, listener), service, 1, 1)) {
            JobHandle<String, String> first = runner.submit(new OneSearch("first", pool, sf));
            first.await();
            JobHandle<String, String> second = runner.submit(new OneSearch("second", pool, sf));
            second.await();
            assertEquals(1, pool.stats().started(), "one engine, handed from the first job to the second");

            List<EngineLog.Entry> lines = log.since(0).entries();
            assertEquals(List.of(first.label(), second.label()), log.jobs(), "the jobs, in order");
            assertEquals(List.of("Stockfish"), log.engines());
            List<String> firstJob = lines.stream().filter(e -> e.job().equals(first.label())).map(EngineLog.Entry::text).toList();
            List<String> secondJob = lines.stream().filter(e -> e.job().equals(second.label())).map(EngineLog.Entry::text).toList();
            assertEquals(first.label(), lines.get(0).job(), "heard from its first line (its banner): " + lines.get(0));
            assertTrue(firstJob.contains("uci"), "the handshake is the first job's: " + firstJob);
            assertTrue(firstJob.contains("uciok") && firstJob.stream().anyMatch(t -> t.startsWith("bestmove")), firstJob.toString());
            assertTrue(secondJob.contains("ucinewgame") && secondJob.stream().anyMatch(t -> t.startsWith("bestmove")),
                    "the reused session's new game and search are the second job's: " + secondJob);
            assertTrue(secondJob.stream().noneMatch(t -> t.equals("uci")), "no second start: " + secondJob);

            String text = written.toString();
            assertTrue(text.lines().count() >= lines.size(), "every line went to the writer too");
            assertTrue(text.lines().anyMatch(l -> l.matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3}  \\[first #1]  Stockfish  >  uci")),
                    text);
            assertTrue(text.lines().anyMatch(l -> l.matches(".*  \\[second #2]  Stockfish  <  bestmove .*")), text);
        }
        assertEquals(Optional.empty(), JobRunner.currentJob(), "no job label is left on the thread");
    }

    @Test
    void linesOutsideAJobCarryTheDefaultLabelAndTheFormatNamesNoJobForThePanels() {
        EngineLog log = new EngineLog(100, new ChangeSignal());
        EngineLogService service = new EngineLogService(log, Optional::empty, ZoneOffset.UTC);
        service.setDefaultJob("analyse");
        var tap = service.tap("Stockfish");
        tap.onEvent(new EngineEvent.EngineLine(java.time.Instant.EPOCH, EngineEvent.Direction.TO_ENGINE, "uci"));
        tap.job("later");
        tap.onEvent(new EngineEvent.EngineLine(java.time.Instant.EPOCH, EngineEvent.Direction.FROM_ENGINE, "uciok"));
        log.append("panel", java.time.Instant.EPOCH, EngineEvent.Direction.TO_ENGINE, "go infinite");
        List<EngineLog.Entry> lines = log.since(0).entries();
        assertEquals(List.of("analyse", "later", ""), lines.stream().map(EngineLog.Entry::job).toList());
        assertEquals("00:00:00.000  [analyse]  Stockfish  >  uci", EngineLog.format(lines.get(0), ZoneOffset.UTC));
        assertEquals("00:00:00.000  panel  >  go infinite", EngineLog.format(lines.get(2), ZoneOffset.UTC));
    }
}
