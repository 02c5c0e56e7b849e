package org.kibitz.core.evaluate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineInfo;
import org.kibitz.core.AtomicFiles;
import org.kibitz.core.GameFiles;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobJournal;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.RunLock;
import org.kibitz.core.jobs.Progress;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.EngineFingerprint;

/**
 * Batch evaluation, the service the CLI's {@code evaluate} and the workbench's "Evaluate games" share:
 * {@link #plan} lists the games a request takes, {@link #start} runs them as an {@link EvaluationJob}
 * and hands each game's results to a {@link Listener} in game order, whatever order the engines
 * finish them in.
 *
 * <p>Every run has an id (the user's {@code --run-id}, else a digest of the request) and keeps, in the
 * data folder's {@code runs/}, a journal of finished games and a small state file (when the run first
 * started, and the engines' fingerprints). Starting the same request again resumes it: finished games
 * come from the journal, and no engine is started when none is needed.
 */
public final class BatchEvaluation {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Hears about a running batch, from the job's threads; calls for games come one at a time, in game order. */
    public interface Listener {
        /** A game is finished (or skipped as broken), in game order. */
        default void game(GameResults results) {
        }

        /** A position is settled (searched, found in the store, or failed); in any order. */
        default void position(EvaluationJob.Unit unit, PositionEval eval) {
        }

        /** The job's progress in games. */
        default void progress(Progress progress) {
        }

        /** A word about the run's bookkeeping: its damaged journal was set aside and repaired. */
        default void notice(org.kibitz.api.i18n.Text message) {
        }
    }

    /** A game the listing already found broken. */
    public record Skipped(int ordinal, int fileIndex, GameFiles.Entry entry, String reason) {
    }

    /**
     * What a request takes.
     *
     * @param opened  the input files, listed
     * @param digests their SHA-256
     * @param units   one per selected game and engine, in game order
     * @param skipped selected games the listing found broken
     * @param runId   the run's id
     */
    public record Plan(EvaluationRequest request, List<GameFiles.OpenedFile> opened, List<String> digests,
                       List<EvaluationJob.Unit> units, List<Skipped> skipped, String runId) {

        /** Selected games, broken ones included. */
        public int games() {
            return (int) units.stream().filter(u -> u.engine() == 0).count() + skipped.size();
        }
    }

    /** A started batch. */
    public record Batch(Plan plan, EvaluationJob job, JobHandle<EvaluationJob.Unit, GameEvaluation> handle,
                        EvaluationCounts counts, Path journal) {
    }

    private BatchEvaluation() {
    }

    /**
     * Lists the request's files and picks its games.
     *
     * @throws GameFiles.OpenException a file cannot be read at all
     */
    public static Plan plan(EvaluationRequest request, GameFiles files) throws GameFiles.OpenException, IOException {
        List<GameFiles.OpenedFile> opened = new ArrayList<>();
        List<String> digests = new ArrayList<>();
        for (Path f : request.files()) {
            opened.add(files.read(f));
            digests.add(JobJournal.digest(f));
        }
        List<EvaluationJob.Unit> units = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        int ordinal = 0;
        for (int fi = 0; fi < opened.size(); fi++) {
            for (GameFiles.Entry e : opened.get(fi).entries()) {
                int o = ordinal++;
                if (!request.shard().takes(o) || !request.selection().takes(e)) {
                    continue;
                }
                if (!e.readable() || e.hasErrors()) {
                    skipped.add(new Skipped(o, fi, e, opened.get(fi).file().getFileName() + ", game " + e.gameNumber()
                            + ": " + EvaluationJob.problemText(e.problems())));
                    continue;
                }
                for (int en = 0; en < request.engines().size(); en++) {
                    units.add(new EvaluationJob.Unit(o, fi, e, en));
                }
            }
        }
        String runId = request.runId().orElseGet(() -> runId(request, digests));
        return new Plan(request, opened, digests, units, skipped, runId);
    }

    /** A digest of everything that decides a run's results: its files, engines, limits, selection and shard. */
    static String runId(EvaluationRequest r, List<String> digests) {
        Map<String, String> p = new TreeMap<>();
        for (int i = 0; i < digests.size(); i++) {
            p.put("file" + i, digests.get(i));
        }
        for (int i = 0; i < r.engines().size(); i++) {
            EngineRef e = r.engines().get(i);
            p.put("engine" + i, String.join("\u0000", e.entry().commandLine()) + "|" + e.entry().protocol().orElse("")
                    + "|" + new TreeMap<>(e.entry().options()));
        }
        p.put("limits", r.limitText());
        p.put("selection", r.selection().describe());
        p.put("shard", r.shard().toString());
        p.put("store", Boolean.toString(r.useStore()));
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            p.forEach((k, v) -> sha.update((k + "=" + v + "\n").getBytes(StandardCharsets.UTF_8)));
            return "eval-" + HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts (or resumes) a planned batch on {@code runner}.
     *
     * @param runs  the folder of run journals and states
     * @param fresh forget an earlier run of the same id and start over
     * @throws EngineException an engine could not be started to learn its fingerprint
     */
    public static Batch start(Plan plan, Path runs, boolean fresh, GameFiles files, SessionPool pool,
                              Optional<AnalysisStore> store, JobRunner runner, Listener listener)
            throws IOException, EngineException, InterruptedException {
        return start(plan, runs, fresh, files, pool, store, runner, listener, false);
    }

    /**
     * As {@link #start(Plan, Path, boolean, GameFiles, SessionPool, Optional, JobRunner, Listener)};
     * with {@code learnInJob}, the engines a new run must start to learn their fingerprints are
     * started by the job as it gets ready ({@link EvaluationJob#prepare}) rather than before it is
     * submitted: the job is listed at once, its row says what its engines are doing while they start,
     * and a start that fails ends the job FAILED with why (the workbench's way). Without it they are
     * started here and a failure is thrown (the command line's way, whose report names the engines
     * from the start).
     */
    public static Batch start(Plan plan, Path runs, boolean fresh, GameFiles files, SessionPool pool,
                              Optional<AnalysisStore> store, JobRunner runner, Listener listener, boolean learnInJob)
            throws IOException, EngineException, InterruptedException {
        Objects.requireNonNull(listener, "listener");
        Files.createDirectories(runs);
        Path state = runs.resolve(plan.runId() + ".json");
        Path journal = runs.resolve(plan.runId() + ".journal.jsonl");
        // Another process running this request owns its state and journal: refused before touching them.
        RunLock.check(journal);
        if (fresh) {
            Files.deleteIfExists(state);
            Files.deleteIfExists(journal);
        }
        RunState rs = RunState.read(state).orElse(null);
        boolean known = rs != null && rs.fingerprints().size() == plan.request().engines().size();
        if (!known) {
            Files.deleteIfExists(journal);
            Instant started = Instant.now();
            if (learnInJob) {
                Files.deleteIfExists(state);
                rs = new RunState(started, null);
            } else {
                rs = new RunState(started, learn(plan, pool));
                rs.write(state);
            }
        }
        EvaluationCounts counts = new EvaluationCounts();
        Emitter emitter = new Emitter(plan, listener, counts);
        EvaluationJob.PositionListener settled = (u, e) -> {
            counts.settled(e, true);
            listener.position(u, e);
        };
        EvaluationJob job;
        if (rs.fingerprints() != null) {
            job = new EvaluationJob(plan.request(), plan.opened(), plan.digests(), plan.units(),
                    rs.fingerprints(), rs.started(), files, pool, store, settled);
        } else {
            Instant started = rs.started();
            job = new EvaluationJob(plan.request(), plan.opened(), plan.digests(), plan.units(), () -> {
                List<EngineFingerprint> learnt = learn(plan, pool);
                new RunState(started, learnt).write(state);
                return learnt;
            }, started, files, pool, store, settled);
        }
        JobOptions options = JobOptions.DEFAULT.withJournal(journal, true).withParallelism(plan.request().jobs());
        emitter.drain(); // games the listing found broken, when they come first
        JobHandle<EvaluationJob.Unit, GameEvaluation> handle = runner.submit(job, options, emitter);
        return new Batch(plan, job, handle, counts, journal);
    }

    /** Each engine's fingerprint, from a session started for it (the pool keeps it for the first game). */
    private static List<EngineFingerprint> learn(Plan plan, SessionPool pool) throws EngineException, InterruptedException {
        List<EngineFingerprint> out = new ArrayList<>();
        String gameId = plan.units().isEmpty() ? null : gameOf(plan);
        for (EngineRef ref : plan.request().engines()) {
            if (gameId == null) {
                out.add(EngineFingerprint.of(ref.name()));
                continue;
            }
            EngineInfo info = pool.withSession(EvaluationJob.searchRef(ref, plan.request().limits()), gameId, s -> s.info());
            out.add(EngineFingerprint.of(info, ref.entry().options(), plan.request().limits()).searchedFresh());
        }
        return out;
    }

    private static String gameOf(Plan plan) {
        EvaluationJob.Unit u = plan.units().get(0);
        GameFiles.OpenedFile f = plan.opened().get(u.file());
        String variant = u.entry().tag("Variant").toLowerCase(java.util.Locale.ROOT);
        return f.first().map(t -> t.gameId()).orElse(variant.contains("xiangqi") ? "xiangqi" : "chess");
    }

    /** When a run first started, and its engines' fingerprints: what its resumptions must see the same. */
    record RunState(Instant started, List<EngineFingerprint> fingerprints) {

        static Optional<RunState> read(Path file) throws IOException {
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            try {
                ObjectNode o = (ObjectNode) JSON.readTree(file.toFile());
                List<EngineFingerprint> fps = new ArrayList<>();
                for (var n : o.withArray("engines")) {
                    fps.add(new EngineFingerprint(n.path("engine").asText(), n.path("options").asText(),
                            EngineFingerprint.LimitKind.valueOf(n.path("limitKind").asText()), n.path("limitValue").asLong()));
                }
                return Optional.of(new RunState(Instant.parse(o.path("started").asText()), fps));
            } catch (RuntimeException | IOException e) {
                // A damaged state is a run to start over: the journal's header will not match either.
                return Optional.empty();
            }
        }

        void write(Path file) throws IOException {
            ObjectNode o = JSON.createObjectNode();
            o.put("started", started.toString());
            ArrayNode a = o.putArray("engines");
            for (EngineFingerprint f : fingerprints) {
                ObjectNode n = a.addObject();
                n.put("engine", f.engine());
                n.put("options", f.options());
                n.put("limitKind", f.limitKind().name());
                n.put("limitValue", f.limitValue());
            }
            AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(o));
        }
    }

    /** Hands games to the listener in game order as their units finish, in whatever order. */
    private static final class Emitter implements JobObserver<EvaluationJob.Unit, GameEvaluation> {
        private final Plan plan;
        private final Listener listener;
        private final EvaluationCounts counts;
        private final int engines;
        /** Selected ordinals in order, with their pieces. */
        private final TreeMap<Integer, Slot> slots = new TreeMap<>();

        private static final class Slot {
            final int fileIndex;
            final GameFiles.Entry entry;
            final GameEvaluation[] byEngine;
            String broken;
            int done;

            Slot(int fileIndex, GameFiles.Entry entry, int engines) {
                this.fileIndex = fileIndex;
                this.entry = entry;
                this.byEngine = new GameEvaluation[engines];
            }
        }

        Emitter(Plan plan, Listener listener, EvaluationCounts counts) {
            this.plan = plan;
            this.listener = listener;
            this.counts = counts;
            this.engines = plan.request().engines().size();
            for (EvaluationJob.Unit u : plan.units()) {
                slots.computeIfAbsent(u.ordinal(), o -> new Slot(u.file(), u.entry(), engines));
            }
            for (Skipped s : plan.skipped()) {
                Slot slot = new Slot(s.fileIndex(), s.entry(), engines);
                slot.broken = s.reason();
                slot.done = engines;
                slots.put(s.ordinal(), slot);
            }
        }

        @Override
        public void progress(Progress progress) {
            listener.progress(progress);
        }

        @Override
        public void notice(org.kibitz.api.i18n.Text message) {
            listener.notice(message);
        }

        @Override
        public synchronized void itemDone(EvaluationJob.Unit item, GameEvaluation result, boolean fromJournal) {
            if (fromJournal) {
                for (PositionEval e : result.positions()) {
                    counts.settled(e, false);
                }
            }
            Slot s = slots.get(item.ordinal());
            s.byEngine[item.engine()] = result;
            s.done++;
            drain();
        }

        @Override
        public synchronized void itemFailed(EvaluationJob.Unit item, Throwable error) {
            Slot s = slots.get(item.ordinal());
            if (s.broken == null) {
                s.broken = error instanceof EvaluationJob.BrokenGameException ? error.getMessage()
                        : plan.opened().get(item.file()).file().getFileName() + ", game " + item.entry().gameNumber()
                        + ": " + error;
            }
            s.done++;
            drain();
        }

        /** Hands on the leading games that need nothing more. */
        synchronized void drain() {
            while (!slots.isEmpty()) {
                var first = slots.firstEntry();
                Slot s = first.getValue();
                if (s.done < engines) {
                    return;
                }
                slots.pollFirstEntry();
                Path file = plan.opened().get(s.fileIndex).file();
                if (s.broken != null) {
                    counts.broken();
                    safely(() -> listener.game(new GameResults(first.getKey(), file, s.fileIndex, s.entry, List.of(),
                            Optional.of(s.broken))));
                } else {
                    counts.game();
                    safely(() -> listener.game(new GameResults(first.getKey(), file, s.fileIndex, s.entry,
                            List.of(s.byEngine), Optional.empty())));
                }
            }
        }

        private static void safely(Runnable r) {
            try {
                r.run();
            } catch (RuntimeException e) {
                System.getLogger(BatchEvaluation.class.getName()).log(System.Logger.Level.WARNING, "batch listener", e);
            }
        }
    }
}
