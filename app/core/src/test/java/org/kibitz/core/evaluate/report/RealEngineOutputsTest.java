package org.kibitz.core.evaluate.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.GameFiles;
import org.kibitz.core.Nags;
import org.kibitz.core.TestGames;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationRequest;
import org.kibitz.core.evaluate.GameSelection;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.judge.MoveVerdict;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.JobState;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.testing.RealEngines;

/**
 * The outputs of a real batch: Stockfish at 200 nodes over two short chess games through
 * {@link BatchEvaluation#start}, with two jobs and then one. Skipped when Stockfish is not installed.
 */
class RealEngineOutputsTest {

    private static final List<ProtocolPlugin> PROTOCOLS = ServiceLoader.load(ProtocolPlugin.class).stream()
            .map(ServiceLoader.Provider::get).toList();

    @TempDir
    Path dir;

    private Path run(Path games, String name, int jobs) throws Exception {
        String stockfish = RealEngines.require("stockfish");
        EvaluationRequest request = new EvaluationRequest(List.of(games), List.of(EngineRef.commandLine(List.of(stockfish))),
                SearchLimits.nodes(200), GameSelection.ALL, Shard.ALL, Duration.ofSeconds(30), jobs, false, Optional.of(name));
        BatchEvaluation.Plan plan = BatchEvaluation.plan(request, Batches.FILES);
        Path out = dir.resolve(name);
        EvaluationOutputs.Targets targets = new EvaluationOutputs.Targets(Optional.of(out.resolve("games.pgn")),
                Optional.of(out.resolve("moves.csv")), Optional.of(out.resolve("moves.jsonl")), Optional.of(out.resolve("plots")), false);
        try (SessionPool pool = new SessionPool(ref -> new EngineProber(PROTOCOLS).open(ref.entry().toConfig(), TestGames.GAMES,
                e -> { }), jobs, jobs);
             JobRunner runner = JobRunner.threaded(jobs);
             EvaluationOutputs outputs = EvaluationOutputs.open(targets, JudgementModel.lichess(), Batches.FILES, plan, Locale.ROOT)) {
            BatchEvaluation.Batch batch = BatchEvaluation.start(plan, dir.resolve("runs"), true, Batches.FILES, pool,
                    Optional.empty(), runner, outputs);
            outputs.engines(batch.job().fingerprints());
            JobResult<?> result = batch.handle().result().get(120, TimeUnit.SECONDS);
            assertEquals(JobState.COMPLETED, result.state());
            assertEquals(0, batch.counts().failed());
            assertTrue(outputs.problems().isEmpty(), outputs.problems().toString());
        }
        return out;
    }

    @Test
    void stockfishAt200NodesGivesEvalsOnEveryMoveNagsThatFollowTheCsvAndTheSameBytesWhateverTheJobs() throws Exception {
        Path games = dir.resolve("trap.pgn");
        Files.writeString(games, EvaluationOutputsTest.TRAP);
        Path two = run(games, "two-jobs", 2);

        List<Map<String, String>> csv = Csv.records(Files.readString(two.resolve("moves.csv")));
        assertEquals(14 + 4, csv.size(), "every move of both games judged");
        JudgementModel model = JudgementModel.lichess();
        for (Map<String, String> row : csv) {
            Side mover = row.get("side").equals("black") ? Side.BLACK : Side.WHITE;
            MoveVerdict v = model.judge(Csv.eval(row.get("eval_before")).forWhite(mover), Csv.eval(row.get("eval_after")).forWhite(mover),
                    row.get("best_coord").equals(row.get("move_coord")), Optional.empty(), OptionalInt.empty());
            assertEquals(v.judgement().glyph(), row.get("judgement"), "ply " + row.get("ply"));
            assertTrue(Long.parseLong(row.get("nodes")) > 0);
        }
        assertTrue(csv.stream().anyMatch(r -> r.get("judgement").equals("??")), "the trap's blunders are found");
        assertEquals("#0", csv.get(13).get("eval_after"), "Nf3# leaves a checkmate on the board");

        GameFiles.OpenedFile back = Batches.FILES.read(two.resolve("games.pgn"));
        int row = 0;
        for (GameFiles.Entry e : back.entries()) {
            for (GameNode n : Batches.FILES.readGame(back, e).mainline()) {
                Map<String, String> r = csv.get(row++);
                assertEquals(Optional.of(Csv.eval(r.get("eval_after"))), n.evalForWhite(), "game " + e.gameNumber() + " " + n);
                Judgement j = Judgement.ofGlyph(r.get("judgement")).orElseThrow();
                assertEquals(j == Judgement.NONE ? List.of() : List.of(j.nag()),
                        n.nags().stream().filter(Nags::isMoveQuality).toList());
            }
        }
        assertEquals(csv.size(), row);
        JsonNode manifest = new ObjectMapper().readTree(two.resolve("games.pgn.manifest.json").toFile());
        assertTrue(manifest.get("engines").get(0).asText().startsWith("Stockfish"), manifest.get("engines").toString());
        assertEquals(2, manifest.get("counts").get("games").asInt());
        assertTrue(Files.size(two.resolve("plots/trap-1.png")) > 1000);

        // One job: the same searches, so the same bytes, but for the engine's own time.
        Path one = run(games, "one-job", 1);
        assertArrayEquals(Files.readAllBytes(two.resolve("games.pgn")), Files.readAllBytes(one.resolve("games.pgn")));
        assertEquals(withoutTime(Files.readString(two.resolve("moves.csv"))), withoutTime(Files.readString(one.resolve("moves.csv"))));
        assertEquals(Score.mate(0), Csv.eval(csv.get(13).get("eval_after")));
    }

    /** The CSV with its {@code time_ms} column emptied. */
    private static String withoutTime(String csv) {
        int col = MoveTables.COLUMNS.indexOf("time_ms");
        StringBuilder b = new StringBuilder();
        for (List<String> r : Csv.parse(csv)) {
            r = new java.util.ArrayList<>(r);
            r.set(col, "");
            b.append(String.join("\u0001", r)).append('\n');
        }
        return b.toString();
    }
}
