package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Games;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EngineWinModels;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.GameSelection;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.jobs.Progress;
import org.kibitz.core.jobs.RunLock;
import org.kibitz.core.puzzle.Candidate;
import org.kibitz.core.puzzle.Puzzle;
import org.kibitz.core.puzzle.PuzzleFiles;
import org.kibitz.core.puzzle.PuzzleFormat;
import org.kibitz.core.puzzle.PuzzleJob;
import org.kibitz.core.puzzle.PuzzleRules;
import org.kibitz.core.store.EngineFingerprint;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz puzzles FILE... --engine E [limit] [--out FILE.csv|.pgn|.epd]}: the games evaluated as
 * {@code evaluate} does (store, journal), every move judged {@code ?} or {@code ??} a candidate, each
 * candidate solved by the engine at a deeper limit as a second resumable job (decision 0033), the
 * puzzles written atomically at the end. The last line on stdout is {@code games G candidates C puzzles P}.
 * Exit 0 clean, 1 when positions or candidates failed or games were broken, 2 on a usage or I/O error.
 */
@Command(name = "puzzles", resourceBundle = "org.kibitz.cli.puzzles", sortOptions = false)
final class PuzzlesCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("puzzles");

    private final BatchRun run;
    private final Games games;
    private final EngineRegistry registry;
    private final JobRunner runner;

    @Spec
    CommandSpec spec;

    @Mixin
    EngineLogOption engineLog;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "files", converter = InputFiles.Converter.class)
    List<Path> files = new ArrayList<>();

    @Mixin
    BatchArgs batch;

    @Option(names = "--solve-nodes", paramLabel = "N", descriptionKey = "solveNodes")
    Long solveNodes;

    @Option(names = "--solve-depth", paramLabel = "D", descriptionKey = "solveDepth")
    Integer solveDepth;

    @Option(names = "--min-rating-gap", paramLabel = "GAP", descriptionKey = "margin")
    Double margin;

    @Option(names = "--player", paramLabel = "NAME", descriptionKey = "player")
    String player;

    @Option(names = "--side", paramLabel = "SIDE", defaultValue = "both", descriptionKey = "side")
    String side;

    @Option(names = "--rules", paramLabel = "SET", descriptionKey = "rules")
    String rules;

    @Option(names = "--judge", paramLabel = "MODEL", descriptionKey = "judge")
    String judge;

    @Option(names = "--out", paramLabel = "FILE", defaultValue = "puzzles.csv", descriptionKey = "out")
    Path out;

    @Inject
    PuzzlesCommand(BatchRun run, Games games, EngineRegistry registry, JobRunner runner) {
        this.run = run;
        this.games = games;
        this.registry = registry;
        this.runner = runner;
    }

    @Override
    public Integer call() {
        try (EngineLogOption.Running logging = engineLog.start("puzzles", spec.commandLine().getErr(), spec.commandLine())) {
            return callLogged();
        }
    }

    private CommandLine.ParameterException usage(String key, Object... args) {
        return new CommandLine.ParameterException(spec.commandLine(), TEXT.text(key, args));
    }

    private Integer callLogged() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PuzzleFormat format = PuzzleFormat.of(out).orElseThrow(() -> usage("out.bad", out));
        if (margin != null && !(margin > 0 && margin <= 2)) {
            throw usage("margin.bad", margin);
        }
        if ((solveNodes != null && solveNodes < 1) || (solveDepth != null && solveDepth < 1)) {
            throw usage("solve.bad");
        }
        if (solveNodes != null && solveDepth != null) {
            throw usage("solve.both");
        }
        GameSelection.SideFilter solverSide;
        try {
            solverSide = GameSelection.SideFilter.parse(side);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        // Every move is judged (both sides); the games are those the player played, the candidates those
        // the wanted side (the player's, in each game) must solve.
        Optional<BatchRun.Planned> planned = run.plan(batch, files, 1, ranges -> new GameSelection(ranges, 1,
                GameSelection.SideFilter.BOTH, Optional.empty()), 1, err, TEXT);
        if (planned.isEmpty()) {
            stdout.println(summary(0, 0, 0));
            stdout.flush();
            return 2;
        }
        GameSelection byPlayer = new GameSelection(List.of(), 1, GameSelection.SideFilter.BOTH, Optional.ofNullable(player));
        BatchRun.Planned p = planned.get();
        BatchEvaluation.Plan all = p.plan();
        BatchEvaluation.Plan plan = new BatchEvaluation.Plan(all.request(), all.opened(), all.digests(),
                all.units().stream().filter(u -> byPlayer.takes(u.entry())).toList(),
                all.skipped().stream().filter(s -> byPlayer.takes(s.entry())).toList(), all.runId());
        BatchRun.Planned chosen = new BatchRun.Planned(plan, p.gameFiles(), p.jobs());
        StringWriter ignored = new StringWriter();
        if (BatchRun.refuseEmpty(chosen, new PrintWriter(ignored), err).isPresent()) {
            stdout.println(summary(0, 0, 0));
            stdout.flush();
            return 1;
        }
        String gameId = BatchRun.gameId(plan);
        List<EngineWinModels.Chosen> models = batch.models(judge, plan);
        SearchLimits evaluation = plan.request().limits();
        SearchLimits solve = solveNodes != null ? SearchLimits.nodes(solveNodes)
                : solveDepth != null ? SearchLimits.depth(solveDepth) : PuzzleRules.deeper(evaluation);
        String ruleSet = rules == null ? "" : rules.strip();
        if (!ruleSet.isEmpty()) {
            List<String> known = games.byId(gameId).map(g -> g.ruleSets()).orElse(List.of());
            if (!known.contains(ruleSet)) {
                throw usage("rules.bad", ruleSet, String.join(", ", known));
            }
        }
        PuzzleRules puzzleRules = new PuzzleRules(solve, models.get(0).model().win(),
                margin == null ? PuzzleRules.DEFAULT_MARGIN : margin, PuzzleRules.DEFAULT_DECISIVE,
                PuzzleRules.DEFAULT_MAX_PLIES, ruleSet);

        List<Candidate> candidates = java.util.Collections.synchronizedList(new ArrayList<>());
        int[] gamesDone = {0};
        boolean[] summarized = {false};
        int exit = BatchRun.guarded(err, TEXT, () -> { }, () -> {
            List<EngineFingerprint> fps = new ArrayList<>();
            BatchEvaluation.Listener collect = new BatchEvaluation.Listener() {
                @Override
                public void game(GameResults results) {
                    if (results.broken().isPresent()) {
                        return;
                    }
                    gamesDone[0]++;
                    try {
                        candidates.addAll(Candidate.of(results, models.get(0).model(), games, (entry, solver) ->
                                solverSide.takes(solver) && byPlayer.playerSide(entry).map(s -> s == solver).orElse(true)));
                    } catch (IllegalArgumentException e) {
                        synchronized (err) {
                            err.println(TEXT.text("game.unjudged", results.file().getFileName(), results.entry().gameNumber(),
                                    e.getMessage()));
                        }
                    }
                }
            };
            BatchRun.Outcome evaluated = run.run(chosen, batch, err, TEXT, collect, fps::addAll);
            JobResult<?> result = evaluated.result();
            if (result.state() != JobState.COMPLETED) {
                if (result.state() == JobState.FAILED) {
                    err.println(TEXT.text("failed", result.error().map(Throwable::getMessage).orElse("?")));
                } else {
                    err.println(TEXT.text("cancelled"));
                }
                stdout.println(summary(gamesDone[0], candidates.size(), 0));
                stdout.flush();
                summarized[0] = true;
                return result.state() == JobState.FAILED ? 2 : 1;
            }
            BatchArgs.printModels(stdout, plan, models);
            String fingerprint = fps.isEmpty() ? plan.request().engines().get(0).name() : EvaluationJob.fingerprintText(fps.get(0));
            Solved solved = solve(chosen, candidates, puzzleRules, fingerprint, plan.runId(), err);
            if (solved.result.state() != JobState.COMPLETED) {
                err.println(solved.result.state() == JobState.FAILED
                        ? TEXT.text("failed", solved.result.error().map(Throwable::getMessage).orElse("?"))
                        : TEXT.text("cancelled"));
                stdout.println(summary(gamesDone[0], candidates.size(), solved.puzzles.size()));
                stdout.flush();
                summarized[0] = true;
                return solved.result.state() == JobState.FAILED ? 2 : 1;
            }
            new PuzzleFiles(chosen.gameFiles()).write(out, format, solved.puzzles);
            stdout.println(TEXT.text("written", Terminal.safe(out.toString()), solved.puzzles.size()));
            stdout.println(summary(gamesDone[0], candidates.size(), solved.puzzles.size()));
            stdout.flush();
            err.flush();
            summarized[0] = true;
            boolean clean = evaluated.counts().failed() == 0 && evaluated.counts().brokenGames() == 0
                    && solved.result.failures().isEmpty();
            return clean ? 0 : 1;
        });
        if (!summarized[0]) {
            // An engine that failed, a file that could not be written: the run still ends with its summary.
            err.flush();
            stdout.println(summary(gamesDone[0], candidates.size(), 0));
            stdout.flush();
        }
        return exit;
    }

    static String summary(int games, int candidates, int puzzles) {
        return "games " + games + " candidates " + candidates + " puzzles " + puzzles;
    }

    private record Solved(JobResult<PuzzleJob.Found> result, List<Puzzle> puzzles) {
    }

    /** Solves the candidates as a job with its own journal beside the evaluation's. */
    private Solved solve(BatchRun.Planned planned, List<Candidate> candidates, PuzzleRules puzzleRules, String fingerprint,
                         String evaluationRun, PrintWriter err)
            throws IOException, InterruptedException, java.util.concurrent.ExecutionException {
        BatchEvaluation.Plan plan = planned.plan();
        String name = plan.opened().get(0).file().getFileName().toString();
        PuzzleJob job;
        Path runs = run.paths().data().resolve("runs");
        java.nio.file.Files.createDirectories(runs);
        try (SessionPool pool = SessionPool.of(registry, games, planned.jobs(), planned.jobs());
             CliProgress bar = CliProgress.open(batch.progress, err, name)) {
            job = new PuzzleJob(name, candidates, games, pool, plan.request().engines().get(0), fingerprint, puzzleRules,
                    evaluationRun);
            Path journal = runs.resolve(evaluationRun + "-puzzles-" + digest(job.parameters(), player, side) + ".journal.jsonl");
            RunLock.check(journal);
            if (batch.fresh) {
                java.nio.file.Files.deleteIfExists(journal);
            }
            JobObserver<Candidate, PuzzleJob.Found> observer = new JobObserver<>() {
                @Override
                public void progress(Progress progress) {
                    bar.update(progress, TEXT.text("progress.candidates"));
                }

                @Override
                public void itemDone(Candidate c, PuzzleJob.Found found, boolean fromJournal) {
                    if (found.puzzle() == null && !fromJournal) {
                        synchronized (err) {
                            err.println(TEXT.text("candidate.rejected", c.gameUrl(), c.ply(), c.judgement(), found.rejected()));
                            err.flush();
                        }
                    }
                }

                @Override
                public void itemFailed(Candidate c, Throwable error) {
                    synchronized (err) {
                        err.println(TEXT.text("candidate.failed", c.gameUrl(), c.ply(), String.valueOf(error.getMessage())));
                        err.flush();
                    }
                }

                @Override
                public void notice(org.kibitz.api.i18n.Text message) {
                    synchronized (err) {
                        err.println("kibitz: " + Terminal.safe(message.render()));
                    }
                }
            };
            JobOptions options = JobOptions.DEFAULT.withJournal(journal, true).withParallelism(planned.jobs());
            JobHandle<Candidate, PuzzleJob.Found> handle = runner.submit(job, options, observer);
            JobResult<PuzzleJob.Found> result = handle.result().get();
            bar.close();
            Map<String, Puzzle> puzzles = new LinkedHashMap<>();
            for (Candidate c : candidates) {
                PuzzleJob.Found f = result.results().get(c.id());
                if (f != null && f.puzzle() != null) {
                    puzzles.putIfAbsent(f.puzzle().id(), f.puzzle());
                }
            }
            return new Solved(result, List.copyOf(puzzles.values()));
        }
    }

    private static String digest(Map<String, String> parameters, String player, String side) throws IOException {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            parameters.forEach((k, v) -> sha.update((k + "=" + v + "\n").getBytes(StandardCharsets.UTF_8)));
            sha.update(("player=" + (player == null ? "" : player) + "\nside=" + side + "\n").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IOException(e);
        }
    }
}
