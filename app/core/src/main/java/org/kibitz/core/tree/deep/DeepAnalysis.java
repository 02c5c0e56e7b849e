package org.kibitz.core.tree.deep;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.game.Move;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.EngineFingerprint;
import org.kibitz.core.store.StoredLine;
import org.kibitz.core.tree.deep.DeepTree.Candidate;

/**
 * Deep analysis of a tree, as ChessBase's: from a root, engines search positions with MultiPV, the
 * moves within a window of each position's best are expanded best first ({@link DeepTree#next}), the
 * values are minimaxed back to the root after each search, and the run stops at its budget or when
 * nothing is left to expand. Each analysed node is appended to a state file ({@link DeepJournal}) so a
 * killed analysis resumes where it stopped, and its lines go to the analysis store, so what it found
 * is shown wherever the position is. One worker per engine; each takes the best node no other has.
 */
public final class DeepAnalysis {

    /** Told after each analysed node, from the workers' threads (one at a time). */
    public interface Listener {
        void analysed(Progress progress);
    }

    /**
     * @param nodes     the nodes the tree holds
     * @param searched  the searches this run made
     * @param node      the node just analysed
     * @param rootValue the root's value, from its side to move's view
     * @param bestLine  the best line from the root
     * @param rechecked the nodes whose values moved by more than the window, so that other moves of
     *                  their parents may come into the window; each is searched again, deeper, up to
     *                  {@link DeepSettings#rechecks()} times
     * @param recheck   whether the node just analysed was a re-check (a deeper search of a node held)
     */
    public record Progress(int nodes, int searched, DeepNode node, OptionalInt rootValue, List<Move> bestLine,
                           List<String> rechecked, boolean recheck) {
    }

    /** Why a run stopped. */
    public enum Stop { SEARCH_BUDGET, TIME_BUDGET, EXHAUSTED }

    /**
     * @param nodes     the nodes the tree holds
     * @param resumed   the nodes the state file held at the start
     * @param searched  the searches this run made
     * @param failures  the searches that failed, as {@code key: reason}
     */
    public record Result(int nodes, int resumed, int searched, OptionalInt rootValue, List<Move> bestLine, Stop stop,
                         List<String> failures) {
    }

    private final DeepSettings settings;
    private final DeepTree tree;
    private final Optional<DeepJournal> journal;
    private final int resumed;
    private final Object lock = new Object();
    private final Set<String> busy = new HashSet<>();
    private final Set<String> failed = new HashSet<>();
    /** Nodes to search again, deeper, because their values moved: taken before new nodes. */
    private final java.util.LinkedHashSet<String> toRecheck = new java.util.LinkedHashSet<>();
    private final List<String> failures = new ArrayList<>();
    private int searched;
    private Stop stop;

    private DeepAnalysis(DeepSettings settings, DeepTree tree, Optional<DeepJournal> journal, int resumed) {
        this.settings = settings;
        this.tree = tree;
        this.journal = journal;
        this.resumed = resumed;
    }

    /**
     * Opens an analysis: with a state file, a new one (replacing any there) or, with {@code resume}, the
     * one there, replayed into the tree.
     */
    public static DeepAnalysis open(DeepSettings settings, Optional<Path> state, boolean resume) throws IOException {
        Objects.requireNonNull(settings, "settings");
        DeepTree tree = new DeepTree(settings.root(), settings.window(), settings.maxPlies());
        if (state.isEmpty()) {
            return new DeepAnalysis(settings, tree, Optional.empty(), 0);
        }
        int rankBase = settings.game().coordinateRankBase();
        DeepJournal.Header header = new DeepJournal.Header(DeepJournal.KIND, DeepJournal.VERSION, settings.game().id(),
                settings.start().fen(), settings.moves().stream().map(m -> m.coordinates(rankBase)).toList());
        if (!resume) {
            return new DeepAnalysis(settings, tree, Optional.of(DeepJournal.create(state.get(), header, rankBase)), 0);
        }
        DeepJournal.Loaded loaded = DeepJournal.resume(state.get(), header, settings.root(), rankBase);
        for (DeepNode n : loaded.nodes()) {
            tree.addOrReplace(n); // a node twice in the file: searched again, the later search counts
        }
        return new DeepAnalysis(settings, tree, Optional.of(loaded.journal()), loaded.nodes().size());
    }

    public DeepSettings settings() {
        return settings;
    }

    /** The tree as it grows; safe to read while the analysis runs. */
    public DeepTree tree() {
        return tree;
    }

    /**
     * Runs until the budget is spent or nothing is left to expand, then closes the state file.
     *
     * @param store where the lines found are kept, if anywhere
     * @throws InterruptedException when interrupted; the nodes analysed so far are in the state file
     * @throws IOException          when the state file cannot be written
     */
    public Result run(SessionPool pool, Optional<AnalysisStore> store, Listener listener)
            throws InterruptedException, IOException {
        Objects.requireNonNull(listener, "listener");
        Instant deadline = settings.budgetTime().map(d -> Instant.now().plus(d)).orElse(null);
        List<Thread> workers = new ArrayList<>();
        Throwable[] thrown = new Throwable[1];
        try {
            for (EngineRef ref : settings.engines()) {
                Thread t = Thread.ofPlatform().name("deep-" + ref.name()).unstarted(() -> {
                    try {
                        work(ref, pool, store, listener, deadline);
                    } catch (Throwable e) {
                        synchronized (lock) {
                            if (thrown[0] == null) {
                                thrown[0] = e;
                            }
                            stop = Stop.EXHAUSTED;
                            lock.notifyAll();
                        }
                    }
                });
                workers.add(t);
                t.start();
            }
            for (Thread t : workers) {
                t.join();
            }
        } catch (InterruptedException e) {
            workers.forEach(Thread::interrupt);
            for (Thread t : workers) {
                t.join(5_000);
            }
            throw e;
        } finally {
            if (journal.isPresent()) {
                journal.get().close();
            }
        }
        if (thrown[0] instanceof IOException io) {
            throw io;
        }
        if (thrown[0] instanceof InterruptedException ie) {
            throw ie;
        }
        if (thrown[0] instanceof RuntimeException re) {
            throw re;
        }
        if (thrown[0] != null) {
            throw new IllegalStateException(thrown[0]);
        }
        synchronized (lock) {
            return new Result(tree.size(), resumed, searched, tree.rootValue(), tree.bestLine(), stop, List.copyOf(failures));
        }
    }

    private void work(EngineRef ref, SessionPool pool, Optional<AnalysisStore> store, Listener listener, Instant deadline)
            throws InterruptedException, IOException {
        EngineFingerprint[] fp = new EngineFingerprint[2]; // the first searches', the re-checks'
        boolean[] wasRecheck = new boolean[1];
        while (true) {
            Candidate c;
            synchronized (lock) {
                while (true) {
                    if (stop != null) {
                        return;
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        throw new InterruptedException();
                    }
                    if (settings.budgetSearches().isPresent()
                            && tree.size() + busy.stream().filter(k -> !tree.contains(k)).count()
                            >= settings.budgetSearches().getAsLong()) {
                        stop = Stop.SEARCH_BUDGET;
                        lock.notifyAll();
                        return;
                    }
                    if (deadline != null && !Instant.now().isBefore(deadline)) {
                        stop = Stop.TIME_BUDGET;
                        lock.notifyAll();
                        return;
                    }
                    Optional<Candidate> recheck = nextRecheck();
                    if (recheck.isPresent()) {
                        c = recheck.get();
                        break;
                    }
                    Set<String> skip = new HashSet<>(busy);
                    skip.addAll(failed);
                    Optional<Candidate> next = tree.next(skip);
                    if (next.isPresent()) {
                        c = next.get();
                        break;
                    }
                    if (busy.isEmpty()) {
                        stop = Stop.EXHAUSTED;
                        lock.notifyAll();
                        return;
                    }
                    lock.wait(1_000);
                }
                busy.add(c.key());
            }
            DeepNode node = null;
            String failure = null;
            try {
                List<Move> history = new ArrayList<>(settings.moves());
                history.addAll(c.path());
                int level = tree.contains(c.key()) ? tree.rechecks(c.key()) + 1 : 0;
                int kind = level > 0 ? 1 : 0; // which fingerprint: the first searches' or the re-checks'
                AnalysisRun.Result r = pool.withSession(ref, settings.game().id(), session -> {
                    if (fp[kind] == null) {
                        fp[kind] = EngineFingerprint.of(session.info(), ref.entry().options(), settings.nodeLimits(level));
                    }
                    return AnalysisRun.run(session, settings.start(), history, c.position(), settings.nodeLimits(level),
                            settings.patience(level));
                });
                node = node(ref, c, r);
                if (node.lines().isEmpty()) {
                    failure = "the engine gave no scored line";
                    node = null;
                } else if (store.isPresent()) {
                    keep(store.get(), ref, fp[kind], r);
                }
                wasRecheck[0] = level > 0;
            } catch (EngineException e) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new InterruptedException();
                }
                failure = ref.name() + ": " + e.text().render();
            }
            synchronized (lock) {
                busy.remove(c.key());
                try {
                    if (node == null) {
                        failed.add(c.key());
                        failures.add(c.key() + ": " + failure);
                        continue;
                    }
                    if (journal.isPresent()) {
                        journal.get().add(node);
                    }
                    List<String> moved = tree.addOrReplace(node);
                    searched++;
                    for (String k : moved) {
                        if (tree.rechecks(k) < settings.rechecks()) {
                            toRecheck.add(k);
                        }
                    }
                    listener.analysed(new Progress(tree.size(), searched, tree.node(node.key()).orElse(node), tree.rootValue(),
                            tree.bestLine(), moved, wasRecheck[0]));
                } finally {
                    lock.notifyAll();
                }
            }
        }
    }

    /**
     * A node to search again, deeper, because its value moved by more than the window: the oldest such
     * node no worker holds and not yet re-checked as often as the settings allow. Called under the lock.
     */
    private Optional<Candidate> nextRecheck() {
        for (var it = toRecheck.iterator(); it.hasNext(); ) {
            String k = it.next();
            if (busy.contains(k)) {
                continue;
            }
            it.remove();
            Optional<DeepNode> n = tree.node(k);
            if (n.isPresent() && tree.rechecks(k) < settings.rechecks()) {
                return Optional.of(new Candidate(k, n.get().path(), n.get().position(), 0));
            }
        }
        return Optional.empty();
    }

    /** The node a search found: its scored lines with a legal first move, one per move, best first. */
    private static DeepNode node(EngineRef ref, Candidate c, AnalysisRun.Result r) {
        Map<Move, DeepLine> lines = new LinkedHashMap<>();
        int depth = 0;
        for (AnalysisUpdate u : r.lines()) {
            if (u.score().isEmpty() || u.pv().isEmpty() || !c.position().isLegal(u.pv().get(0))) {
                continue;
            }
            int d = u.depth().orElse(0);
            if (lines.isEmpty()) {
                depth = d;
            }
            lines.putIfAbsent(u.pv().get(0), new DeepLine(u.pv().get(0), DeepValues.of(u.score().get()), d, u.pv()));
        }
        return new DeepNode(c.key(), c.path(), c.position(), ref.name(), depth, List.copyOf(lines.values()));
    }

    private static void keep(AnalysisStore store, EngineRef ref, EngineFingerprint fp, AnalysisRun.Result r) {
        Instant now = Instant.now();
        for (AnalysisUpdate u : r.lines()) {
            if (u.score().isPresent() && u.multipv() >= 1) {
                store.put(StoredLine.of(u, fp, ref.name(), now));
            }
        }
    }
}
