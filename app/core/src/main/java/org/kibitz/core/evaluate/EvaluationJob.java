package org.kibitz.core.evaluate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.core.engines.EngineFailedException;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.jobs.Job;
import org.kibitz.core.jobs.JobContext;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.EngineFingerprint;
import org.kibitz.core.store.PositionKey;
import org.kibitz.core.store.StoredLine;

/**
 * A batch evaluation as a {@link Job}: one item per game and engine.
 *
 * <p>An item reads its game, takes from the analysis store the positions found there before the job
 * first started (at this engine's fingerprint, at its limit or deeper), and searches the others on
 * one engine session, from the last position of the game back to the first, each search told
 * {@code ucinewgame} (or its protocol's equal) first so that it starts from a cleared hash. With a
 * node or depth limit and one search thread, what a position's search finds depends on nothing but
 * the position with its history, the engine, its options and the limit: not on the other positions,
 * games or items, their order, the number of jobs, how often the job was stopped and resumed, or
 * whether the store served a position. See {@code docs/decisions/0007-batch-evaluation-unit.md} and
 * {@code docs/decisions/0026-evaluations-from-a-cleared-hash.md}.
 *
 * <p>An engine that dies during a search is started again and the search retried once; a second
 * death marks the position failed and the game goes on with a new engine.
 */
public final class EvaluationJob implements Job<EvaluationJob.Unit, GameEvaluation> {

    /** One game with one engine. */
    public record Unit(int ordinal, int file, GameFiles.Entry entry, int engine) {
    }

    /** Told of each position as it is settled, from the job's threads. */
    public interface PositionListener {
        void settled(Unit unit, PositionEval eval);
    }

    /** A game that cannot be evaluated: it did not read, or read with errors. */
    public static final class BrokenGameException extends Exception {
        public BrokenGameException(String message) {
            super(message);
        }
    }

    private final EvaluationRequest request;
    private final List<GameFiles.OpenedFile> opened;
    private final List<String> digests;
    private final List<Unit> units;
    /** Each engine's fingerprint; null until {@link #prepare} has learnt them from the engines. */
    private volatile List<EngineFingerprint> fingerprints;
    /** Learns the fingerprints in {@link #prepare}, when they were not known at the start; else null. */
    private final Learner learner;
    private final Instant started;
    private final GameFiles files;
    private final SessionPool pool;
    private final Optional<AnalysisStore> store;
    private final PositionListener listener;
    /** Lines each engine can give at most, learnt from its options when a stored position has fewer than asked. */
    private final java.util.concurrent.ConcurrentHashMap<Integer, Integer> lineCaps = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param opened       the input files, listed
     * @param digests      each input file's SHA-256, in the same order
     * @param units        the items, in order
     * @param fingerprints each engine's fingerprint, in the request's order
     * @param started      when the job first started: stored positions from before count as found
     * @param store        where positions are looked up and results kept; empty with {@code --no-store}
     */
    public EvaluationJob(EvaluationRequest request, List<GameFiles.OpenedFile> opened, List<String> digests,
                         List<Unit> units, List<EngineFingerprint> fingerprints, Instant started, GameFiles files,
                         SessionPool pool, Optional<AnalysisStore> store, PositionListener listener) {
        this(request, opened, digests, units, List.copyOf(fingerprints), null, started, files, pool, store, listener);
    }

    /** Starts the engines to learn their fingerprints, in the request's order. */
    @FunctionalInterface
    public interface Learner {
        List<EngineFingerprint> learn() throws EngineException, InterruptedException, java.io.IOException;
    }

    /**
     * A job whose engines' fingerprints are learnt by {@code learner} as the job gets ready
     * ({@link #prepare}), on the job's thread: its row is shown, and its engines' starts labelled with
     * it, while they start. {@link #fingerprints()} is empty until then.
     */
    public EvaluationJob(EvaluationRequest request, List<GameFiles.OpenedFile> opened, List<String> digests,
                         List<Unit> units, Learner learner, Instant started, GameFiles files,
                         SessionPool pool, Optional<AnalysisStore> store, PositionListener listener) {
        this(request, opened, digests, units, null, Objects.requireNonNull(learner, "learner"), started, files, pool,
                store, listener);
    }

    private EvaluationJob(EvaluationRequest request, List<GameFiles.OpenedFile> opened, List<String> digests,
                          List<Unit> units, List<EngineFingerprint> fingerprints, Learner learner, Instant started,
                          GameFiles files, SessionPool pool, Optional<AnalysisStore> store, PositionListener listener) {
        this.request = Objects.requireNonNull(request, "request");
        this.opened = List.copyOf(opened);
        this.digests = List.copyOf(digests);
        this.units = List.copyOf(units);
        this.fingerprints = fingerprints;
        this.learner = learner;
        this.started = Objects.requireNonNull(started, "started");
        this.files = Objects.requireNonNull(files, "files");
        this.pool = Objects.requireNonNull(pool, "pool");
        this.store = Objects.requireNonNull(store, "store");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * The engine as a batch runs it: with a node limit, a hash set larger than such a search can fill
     * is lowered to what it can (a power of two from 16 MB, 32 bytes a node), since every search
     * starts by clearing it (decision 0026) and clearing a 1 GB table takes about as long as a
     * search of 100,000 nodes. The hash is not part of a result's fingerprint, and the cap depends on
     * the limit alone, so results stay the same whatever the engine's hash in the engine list.
     */
    public static EngineRef searchRef(EngineRef ref, org.kibitz.api.engine.SearchLimits limits) {
        if (limits.nodes().isEmpty()) {
            return ref;
        }
        long needMb = Math.max(1, (limits.nodes().getAsLong() * 32) >> 20);
        long cap = 16;
        while (cap < needMb) {
            cap <<= 1;
        }
        for (var e : ref.entry().options().entrySet()) {
            String name = e.getKey();
            if (name.equalsIgnoreCase("Hash") || name.equalsIgnoreCase("hashsize")) {
                try {
                    if (Long.parseLong(e.getValue().strip()) > cap) {
                        return ref.withOptions(java.util.Map.of(name, Long.toString(cap)));
                    }
                } catch (NumberFormatException notANumber) {
                    return ref;
                }
            }
        }
        return ref;
    }

    @Override
    public String kind() {
        return "evaluate";
    }

    @Override
    public String name() {
        String first = opened.get(0).file().getFileName().toString();
        return opened.size() == 1 ? first : first + " +" + (opened.size() - 1);
    }

    @Override
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>();
        for (int i = 0; i < digests.size(); i++) {
            p.put("file" + i + ".sha256", digests.get(i));
        }
        List<EngineFingerprint> fps = fingerprints();
        for (int i = 0; i < fps.size(); i++) {
            p.put("engine" + i, fingerprintText(fps.get(i)));
        }
        p.put("limits", request.limitText());
        p.put("selection", request.selection().describe());
        p.put("shard", request.shard().toString());
        p.put("store", Boolean.toString(request.useStore()));
        return p;
    }

    /** A fingerprint as text: {@code name|options|KIND=value}. */
    public static String fingerprintText(EngineFingerprint f) {
        return f.engine() + "|" + f.options() + "|" + f.limitKind() + "=" + f.limitValue();
    }

    @Override
    public List<Unit> items() {
        return units;
    }

    @Override
    public String id(Unit u) {
        return "f" + u.file() + "-g" + u.entry().gameNumber() + "-e" + u.engine();
    }

    @Override
    public Class<GameEvaluation> resultType() {
        return GameEvaluation.class;
    }

    public EvaluationRequest request() {
        return request;
    }

    /** Each engine's fingerprint, in the request's order; empty while the job still learns them. */
    public List<EngineFingerprint> fingerprints() {
        List<EngineFingerprint> f = fingerprints;
        return f == null ? List.of() : f;
    }

    @Override
    public void prepare(JobContext context) throws Exception {
        if (fingerprints == null) {
            List<EngineFingerprint> learnt = List.copyOf(learner.learn());
            if (learnt.size() != request.engines().size()) {
                throw new IllegalStateException("learnt " + learnt.size() + " fingerprints for " + request.engines().size() + " engines");
            }
            fingerprints = learnt;
        }
    }

    @Override
    public GameEvaluation run(Unit unit, JobContext context) throws Exception {
        GameFiles.OpenedFile file = opened.get(unit.file());
        GameFiles.ReadGame read = files.readEntry(file, unit.entry());
        String where = file.file().getFileName() + ", game " + unit.entry().gameNumber();
        if (read.game().isEmpty() || read.entry().hasErrors()) {
            throw new BrokenGameException(where + ": " + problemText(read.entry().problems()));
        }
        GameTree tree = read.game().get();
        GamePlugin game = files.games().byId(tree.gameId()).orElseThrow(
                () -> new BrokenGameException(where + ": no rules for " + tree.gameId()));
        int rankBase = game.coordinateRankBase();
        Notation notation = game.notations().get(0);

        Position start = tree.startPosition();
        List<GameNode> line = tree.mainline();
        int n = line.size();
        List<Move> moves = new ArrayList<>(n);
        Position[] positions = new Position[n + 1];
        positions[0] = start;
        List<String> coords = new ArrayList<>(n);
        List<String> sans = new ArrayList<>(n);
        List<Boolean> judged = new ArrayList<>(n);
        boolean[] needed = new boolean[n + 1];
        // A game with no moves (a line of an EPD or FEN list) is its one position.
        needed[0] = n == 0;
        for (int i = 0; i < n; i++) {
            Move m = line.get(i).move().orElseThrow();
            Position before = positions[i];
            moves.add(m);
            coords.add(m.coordinates(rankBase));
            sans.add(notation.format(before, m));
            positions[i + 1] = line.get(i).position();
            boolean j = request.selection().judges(unit.entry(), i + 1, before.sideToMove());
            judged.add(j);
            if (j) {
                needed[i] = true;
                needed[i + 1] = true;
            }
        }

        EngineRef ref = searchRef(request.engines().get(unit.engine()), request.limits());
        EngineFingerprint fp = fingerprints().get(unit.engine());
        int ranks = Math.max(1, request.limits().multiPv());
        PositionEval[] found = new PositionEval[n + 1];
        List<Integer> toSearch = new ArrayList<>();
        for (int p = n; p >= 0; p--) {
            if (!needed[p]) {
                continue;
            }
            Optional<Outcome> over = positions[p].outcome();
            if (over.isPresent()) {
                found[p] = terminal(p, over.get(), positions[p].sideToMove());
                listener.settled(unit, found[p]);
                continue;
            }
            Optional<PositionEval> kept = stored(p, positions[p], fp, ranks, rankBase, unit.engine(), tree.gameId());
            if (kept.isPresent()) {
                found[p] = kept.get();
                listener.settled(unit, found[p]);
            } else {
                toSearch.add(p);
            }
        }

        // The searches, last position first, on one session; an engine that dies is replaced.
        int[] next = {0};
        int retried = -1;
        while (next[0] < toSearch.size()) {
            try {
                pool.withSession(ref, tree.gameId(), session -> {
                    boolean fresh = true; // the pool has just told the session a new game begins
                    // The new game told for the next search, still to be waited for.
                    org.kibitz.api.engine.EngineSession.Ready ready = null;
                    while (next[0] < toSearch.size()) {
                        context.checkCancelled();
                        int p = toSearch.get(next[0]);
                        if (ready != null) {
                            ready.await();
                            ready = null;
                        } else if (!fresh) {
                            // Every search starts from a cleared hash, so that what it finds depends on the
                            // position, its history, the engine and the limit alone (decision 0026).
                            session.newGame(tree.gameId());
                        }
                        fresh = false;
                        AnalysisRun.Result r = AnalysisRun.run(session, start, moves.subList(0, p), positions[p], request.limits(),
                                request.patience());
                        // The engine clears its hash for the next search (decision 0026) while this one's
                        // result is settled here, instead of after: the same commands, waited for as before.
                        EngineException notReady = null;
                        if (next[0] + 1 < toSearch.size()) {
                            try {
                                ready = session.startNewGame(tree.gameId());
                            } catch (EngineException e) {
                                notReady = e; // the next search's problem, as it was when told at its start
                            }
                        }
                        found[p] = searched(p, r, rankBase);
                        keep(ref, fp, r);
                        listener.settled(unit, found[p]);
                        next[0]++;
                        if (notReady != null) {
                            throw notReady;
                        }
                    }
                    return null;
                });
            } catch (EngineException e) {
                if (Thread.currentThread().isInterrupted() || org.kibitz.protocols.process.EngineProcess.programEnding()) {
                    // Stopped, or Kibitz is ending (Ctrl+C) and ended its engine: the game is not done
                    // and must not be journaled with failed positions; a resumed run searches it again.
                    throw e;
                }
                // The pool already retried a search its engine died in; anything else (an engine that
                // would not stop and was ended, a refused command) gets one more try here.
                int p = toSearch.get(next[0]);
                if (!(e instanceof EngineFailedException) && retried != p) {
                    retried = p;
                    continue;
                }
                found[p] = PositionEval.failed(p, e.text().render());
                listener.settled(unit, found[p]);
                next[0]++;
            }
        }

        List<PositionEval> evals = new ArrayList<>();
        for (PositionEval e : found) {
            if (e != null) {
                evals.add(e);
            }
        }
        return new GameEvaluation(unit.ordinal(), unit.file(), unit.entry().gameNumber(), unit.engine(), ref.name(),
                fingerprintText(fp), tree.gameId(), start.fen(), coords, sans, judged, evals);
    }

    /** A position the rules end: the side to move has lost ({@code mate 0}) or it is a draw. */
    static PositionEval terminal(int ply, Outcome outcome, Side toMove) {
        String score = outcome.winner().map(w -> w == toMove ? "mate 1" : "mate 0").orElse("cp 0");
        return new PositionEval(ply, PositionEval.Status.TERMINAL, score, 0, 0, 0, List.of(), "", "");
    }

    private PositionEval searched(int ply, AnalysisRun.Result r, int rankBase) {
        List<AnalysisUpdate> lines = r.lines();
        AnalysisUpdate best = lines.isEmpty() ? null : lines.get(0);
        if (best == null || best.score().isEmpty()) {
            // The engine moved without a scored line (a forced move at a tiny limit): no evaluation to judge by.
            List<String> pv = r.best().move().map(m -> List.of(m.coordinates(rankBase))).orElse(List.of());
            return new PositionEval(ply, PositionEval.Status.FAILED, "", 0, 0, 0, pv, "", "the engine gave no score");
        }
        List<String> pv = coordinates(best.pv(), rankBase);
        if (pv.isEmpty()) {
            pv = r.best().move().map(m -> List.of(m.coordinates(rankBase))).orElse(List.of());
        }
        String second = lines.size() > 1 ? lines.get(1).score().map(ScoreCodec::encode).orElse("") : "";
        List<PositionEval.Line> all = new ArrayList<>(lines.size());
        for (AnalysisUpdate u : lines) {
            if (u.score().isPresent() && !u.pv().isEmpty()) {
                all.add(new PositionEval.Line(u.pv().get(0).coordinates(rankBase), ScoreCodec.encode(u.score().get())));
            }
        }
        return new PositionEval(ply, PositionEval.Status.SEARCHED, ScoreCodec.encode(best.score().get()),
                best.depth().orElse(0), best.nodes().orElse(0), best.time().map(java.time.Duration::toMillis).orElse(0L),
                pv, second, "", all);
    }

    /** Each move's coordinates (a loop, not a stream: once for every search). */
    private static List<String> coordinates(List<Move> moves, int rankBase) {
        String[] out = new String[moves.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = moves.get(i).coordinates(rankBase);
        }
        return List.of(out);
    }

    /** The position as the store has it from before the job started, at this fingerprint or deeper. */
    private Optional<PositionEval> stored(int ply, Position p, EngineFingerprint fp, int ranks, int rankBase, int engine,
                                         String gameId) throws InterruptedException {
        if (store.isEmpty()) {
            return Optional.empty();
        }
        List<StoredLine> lines = store.get().lines(PositionKey.of(p));
        EngineFingerprint chosen = null;
        for (StoredLine l : lines) {
            EngineFingerprint f = l.engine();
            if (!f.engine().equals(fp.engine()) || !f.options().equals(fp.options()) || f.limitKind() != fp.limitKind()
                    || f.limitValue() < fp.limitValue() || !l.at().isBefore(started)) {
                continue;
            }
            // The exact fingerprint if there, else the deepest.
            if (chosen == null || f.equals(fp) || (!chosen.equals(fp) && f.limitValue() > chosen.limitValue())) {
                chosen = f;
            }
        }
        if (chosen == null) {
            return Optional.empty();
        }
        EngineFingerprint c = chosen;
        // Bounds too: a search that ends on a fail-high line gives that line, stored or not.
        List<StoredLine> mine = lines.stream().filter(l -> l.engine().equals(c)).toList();
        int legal = p.legalMoves().size();
        StoredLine first = mine.stream().filter(l -> l.rank() == 1).findFirst().orElse(null);
        if (first == null) {
            return Optional.empty();
        }
        int have = (int) mine.stream().filter(l -> l.rank() <= ranks).count();
        // Fewer lines than asked are enough when the engine gives no more (an xboard engine has no MultiPV).
        int wanted = have < Math.min(ranks, legal) ? Math.min(Math.min(ranks, legal), lineCap(engine, gameId)) : Math.min(ranks, legal);
        if (have < wanted) {
            return Optional.empty();
        }
        String second = mine.stream().filter(l -> l.rank() == 2).findFirst().map(l -> ScoreCodec.encode(l.score())).orElse("");
        List<PositionEval.Line> all = mine.stream().filter(l -> l.rank() <= wanted && !l.pv().isEmpty())
                .sorted(java.util.Comparator.comparingInt(StoredLine::rank))
                .map(l -> new PositionEval.Line(l.pv().get(0).coordinates(rankBase), ScoreCodec.encode(l.score()))).toList();
        return Optional.of(new PositionEval(ply, PositionEval.Status.STORED, ScoreCodec.encode(first.score()), first.depth(),
                first.nodes(), first.timeMs(), first.pv().stream().map(m -> m.coordinates(rankBase)).toList(), second, "", all));
    }

    /** How many lines engine {@code engine} gives: any number with a MultiPV option, else one; any number if it cannot be asked. */
    private int lineCap(int engine, String gameId) throws InterruptedException {
        Integer known = lineCaps.get(engine);
        if (known != null) {
            return known;
        }
        int cap;
        try {
            cap = pool.withSession(searchRef(request.engines().get(engine), request.limits()), gameId, s -> s.info().options().stream()
                    .anyMatch(o -> o.name().equalsIgnoreCase("MultiPV")) ? Integer.MAX_VALUE : 1);
        } catch (EngineException e) {
            cap = Integer.MAX_VALUE; // the searches will meet the problem and report it
        }
        lineCaps.put(engine, cap);
        return cap;
    }

    private void keep(EngineRef ref, EngineFingerprint fp, AnalysisRun.Result r) {
        if (store.isEmpty()) {
            return;
        }
        Instant now = Instant.now();
        for (AnalysisUpdate u : r.lines()) {
            if (u.score().isPresent() && u.multipv() >= 1) {
                store.get().put(StoredLine.of(u, fp, ref.name(), now));
            }
        }
    }

    static String problemText(List<FormatProblem> problems) {
        if (problems.isEmpty()) {
            return "it could not be read";
        }
        return String.join("; ", problems.stream().map(FormatProblem::toString).toList());
    }
}
