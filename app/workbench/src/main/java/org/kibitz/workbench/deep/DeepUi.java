package org.kibitz.workbench.deep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.application.Platform;
import org.kibitz.workbench.JobKit;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.control.TreeItem;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameDocument;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.ScoreCodec;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.tree.deep.DeepAnalysis;
import org.kibitz.core.tree.deep.DeepExport;
import org.kibitz.core.tree.deep.DeepNode;
import org.kibitz.core.tree.deep.DeepSettings;
import org.kibitz.core.tree.deep.DeepTree;
import org.kibitz.core.tree.deep.DeepValues;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;

/**
 * Deep analysis in the workbench, one run at a time: runs a {@link DeepAnalysis} of the board's
 * position on a thread of its own, its state file in the data folder's {@code deep/} named by the
 * position (so the same position resumes later), and keeps what the Deep analysis pane shows: the
 * growing tree as tree items, the progress, the best line.
 *
 * <p>The workers only note that something changed; while a run is on, the FX thread takes the tree
 * at most every {@link #TICK}, so fast searches cannot flood it.
 */
public final class DeepUi {

    /** The pane's id, as saved in layouts. */
    public static final String PANE = "deep";

    /** How often the pane takes the tree while a run is on. */
    static final Duration TICK = Duration.ofMillis(200);

    /** The most rows the tree view shows (transpositions are shown under each path). */
    static final int MAX_ROWS = 20_000;

    /** The search budget when the dialog gives neither searches nor minutes. */
    public static final long DEFAULT_BUDGET = 100;

    public enum State {
        /** No run yet. */
        IDLE,
        RUNNING,
        /** Stop was pressed; the searches under way are ending. */
        STOPPING,
        /** Stopped by the user: Resume continues from the state file. */
        STOPPED,
        /** The budget was spent or nothing is left to expand. */
        FINISHED,
        /** The run could not go on (the state file, the engines). */
        FAILED
    }

    /**
     * What the dialog asks for.
     *
     * @param engines        engine ids, one or more
     * @param nodes          nodes per position's search, or 0 to search by time
     * @param seconds        seconds per position's search when {@code nodes} is 0
     * @param budgetSearches the positions the tree may hold in all, 0 for no limit
     * @param budgetMinutes  how long this run may start searches, 0 for no limit
     * @param rechecks       how many times a position whose value moved is searched again, deeper
     */
    public record Setup(List<String> engines, long nodes, double seconds, int multiPv, int window, int maxPlies,
                        long budgetSearches, int budgetMinutes, int rechecks) {
        public Setup {
            engines = List.copyOf(engines);
        }

        public Setup(List<String> engines, long nodes, double seconds, int multiPv, int window, int maxPlies,
                     long budgetSearches, int budgetMinutes) {
            this(engines, nodes, seconds, multiPv, window, maxPlies, budgetSearches, budgetMinutes,
                    DeepSettings.DEFAULT_RECHECKS);
        }

        public static Setup defaults(String engine) {
            return new Setup(engine == null ? List.of() : List.of(engine), 200_000, 0, 3, 30, 12, 100, 0);
        }
    }

    /** How a run ended: its stop reason (empty when the user stopped it), the nodes held, the failures. */
    public record Ended(Optional<DeepAnalysis.Stop> stop, int nodes, int resumed, int searched, List<String> failures) {
    }

    /**
     * A row of the tree view: the root (empty path) or a move from its parent.
     *
     * @param path     the moves from the root
     * @param move     the move in the game's notation, with its number; the root's label for the root
     * @param value    the minimaxed value from White's/Red's view ({@code +0.25}, {@code #3}, {@code -})
     * @param depth    the depth of its search (the node's if analysed, else the parent's line's)
     * @param engine   the engine that gave it
     * @param analysed whether the position after it was searched
     * @param best     whether it is on the best line
     * @param inWindow whether it is within the window of its parent's best
     */
    public record Row(List<Move> path, String move, String value, int depth, String engine, boolean analysed,
                      boolean best, boolean inWindow) {
    }

    private final EngineRegistry registry;
    private final Games games;
    private final GameDocument document;
    private final I18n i18n;
    private final Supplier<MainWindow> window;
    private final BooleanSupplier confirmDiscard;
    private final Supplier<Optional<AnalysisStore>> store;
    private final Path dir;

    private final ObjectProperty<State> state = new SimpleObjectProperty<>(this, "state", State.IDLE);
    private final ObjectProperty<TreeItem<Row>> tree = new SimpleObjectProperty<>(this, "tree");
    private final IntegerProperty nodes = new SimpleIntegerProperty(this, "nodes");
    private final IntegerProperty searched = new SimpleIntegerProperty(this, "searched");
    private final StringProperty rootValue = new SimpleStringProperty(this, "rootValue", "-");
    private final StringProperty bestLine = new SimpleStringProperty(this, "bestLine", "");
    private final StringProperty elapsed = new SimpleStringProperty(this, "elapsed", "0:00");
    private final StringProperty message = new SimpleStringProperty(this, "message", "");

    /** The run being shown (its settings, game, root). */
    private volatile DeepAnalysis analysis;
    private volatile int searchedNow;
    private final AtomicBoolean dirty = new AtomicBoolean();
    /** The tree and progress taken every {@link #TICK} while a run runs. */
    private final JobKit.Ticks ticks = new JobKit.Ticks("deep-tick", TICK, () -> refresh(false));
    private Thread runner;
    private Instant startedAt;
    private Instant endedAt;
    private Setup lastSetup;
    private GamePlugin game;
    /** The root as it was on the board (with its move counters, for move numbers and a new game). */
    private Position boardRoot;
    /** The board's node the analysis started at, while it is the document's. */
    private GameNode anchor;

    /**
     * @param dir            the folder of the state files (the data folder's {@code deep/})
     * @param confirmDiscard asks the user about unsaved changes before the board's game is replaced
     */
    public DeepUi(EngineRegistry registry, Games games, GameDocument document, I18n i18n, Supplier<MainWindow> window,
                  BooleanSupplier confirmDiscard, Supplier<Optional<AnalysisStore>> store, Path dir) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.games = Objects.requireNonNull(games, "games");
        this.document = Objects.requireNonNull(document, "document");
        this.i18n = Objects.requireNonNull(i18n, "i18n");
        i18n.localeProperty().addListener((o, a, b) -> relabel());
        this.window = Objects.requireNonNull(window, "window");
        this.confirmDiscard = Objects.requireNonNull(confirmDiscard, "confirmDiscard");
        this.store = Objects.requireNonNull(store, "store");
        this.dir = Objects.requireNonNull(dir, "dir");
    }

    // ------------------------------------------------------------------ what the pane reads (FX thread)

    public I18n i18n() {
        return i18n;
    }

    public EngineRegistry registry() {
        return registry;
    }

    public GameDocument document() {
        return document;
    }

    public Optional<MainWindow> window() {
        return Optional.ofNullable(window.get());
    }

    public ObjectProperty<State> stateProperty() {
        return state;
    }

    public State state() {
        return state.get();
    }

    public boolean busy() {
        return state.get() == State.RUNNING || state.get() == State.STOPPING;
    }

    /** The tree view's root item, replaced as the tree grows. */
    public ObjectProperty<TreeItem<Row>> treeProperty() {
        return tree;
    }

    public IntegerProperty nodesProperty() {
        return nodes;
    }

    public IntegerProperty searchedProperty() {
        return searched;
    }

    public StringProperty rootValueProperty() {
        return rootValue;
    }

    public StringProperty bestLineProperty() {
        return bestLine;
    }

    public StringProperty elapsedProperty() {
        return elapsed;
    }

    /** What the pane says of the run, kept as words to say again in another language. */
    private Supplier<String> said = () -> "";

    private void say(Supplier<String> words) {
        said = words;
        message.set(words.get());
    }

    /** Another language: the run's message and the tree's words ("root") again. */
    private void relabel() {
        message.set(said.get());
        if (analysis != null) {
            refresh(true);
        }
    }

    public StringProperty messageProperty() {
        return message;
    }

    /** The setup of the last run, to start the dialog from. */
    public Optional<Setup> lastSetup() {
        return Optional.ofNullable(lastSetup);
    }

    /** Whether the last run can be resumed: stopped, or finished (a larger budget grows it on). */
    public boolean resumable() {
        return lastSetup != null && boardRoot != null && !busy() && Files.isRegularFile(stateFile(game, boardRoot));
    }

    /** The state file of deep analysis of {@code position}: {@code <data>/deep/<hash of root>.jsonl}. */
    public Path stateFile(GamePlugin g, Position position) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] h = sha.digest((g.id() + "\n" + DeepTree.key(position)).getBytes(StandardCharsets.UTF_8));
            return dir.resolve(HexFormat.of().formatHex(h, 0, 10) + ".jsonl");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether the board's position was analysed before (a state file is there to resume). */
    public boolean canResumeBoard() {
        return Files.isRegularFile(stateFile(document.game(), document.position()));
    }

    // ------------------------------------------------------------------ runs

    /** Starts (or, with {@code resume}, resumes) deep analysis of the board's position. */
    public CompletableFuture<Ended> start(Setup setup, boolean resume) {
        anchor = document.cursor();
        return start(setup, document.game(), document.position(), resume);
    }

    /** Resumes the last run with its setup and a new budget. */
    public CompletableFuture<Ended> resume(Setup setup) {
        if (game == null || boardRoot == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("nothing to resume"));
        }
        return start(setup, game, boardRoot, true);
    }

    private CompletableFuture<Ended> start(Setup setup, GamePlugin g, Position root, boolean resume) {
        if (busy()) {
            return CompletableFuture.failedFuture(new IllegalStateException(i18n.get("deep.busy")));
        }
        DeepSettings settings;
        try {
            settings = settings(setup, g, root);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        Path file = stateFile(g, root);
        if (resume && !Files.isRegularFile(file)) {
            return CompletableFuture.failedFuture(new IllegalStateException(i18n.get("deep.noState")));
        }
        lastSetup = setup;
        game = g;
        boardRoot = root;
        if (anchor != null && !DeepTree.key(anchor.position()).equals(DeepTree.key(root))) {
            anchor = null;
        }
        analysis = null;
        searchedNow = 0;
        startedAt = Instant.now();
        endedAt = null;
        state.set(State.RUNNING);
        say(() -> i18n.get(resume ? "deep.resuming" : "deep.starting"));
        CompletableFuture<Ended> done = new CompletableFuture<>();
        ticks.stop();
        ticks.start();
        Optional<AnalysisStore> kept = store.get();
        // Its own thread, not a pool's: Stop interrupts it, and the state file keeps what was found.
        JobKit.start(task -> runner = Thread.ofPlatform().daemon().name("deep-analysis").start(task), () -> {
            try {
                Files.createDirectories(dir);
                DeepAnalysis a = DeepAnalysis.open(settings, Optional.of(file), resume);
                analysis = a;
                dirty.set(true);
                DeepAnalysis.Result r;
                try (SessionPool pool = SessionPool.of(registry, games, 1, settings.engines().size())) {
                    r = a.run(pool, kept, p -> {
                        searchedNow = p.searched();
                        dirty.set(true);
                    });
                } finally {
                    kept.ifPresent(AnalysisStore::flush);
                }
                return new Ended(Optional.of(r.stop()), r.nodes(), r.resumed(), r.searched(), r.failures());
            } catch (InterruptedException e) {
                DeepAnalysis a = analysis;
                return new Ended(Optional.empty(), a == null ? 0 : a.tree().size(), 0, searchedNow, List.of());
            }
        }).whenComplete((e, x) -> {
            if (x == null) {
                ended(e.stop().isPresent() ? State.FINISHED : State.STOPPED, e, done);
                return;
            }
            ticks.stop();
            endedAt = Instant.now();
            refresh(true);
            state.set(State.FAILED);
            String why = JobKit.reason(x);
            say(() -> i18n.get("deep.failed", why));
            String text = message.get();
            window().ifPresent(w -> w.notify(text));
            done.completeExceptionally(x);
        });
        return done;
    }

    private void ended(State end, Ended e, CompletableFuture<Ended> done) {
        ticks.stop();
        endedAt = Instant.now();
        refresh(true);
        state.set(end);
        say(() -> {
            String text = e.stop().map(s -> i18n.get("deep.stop." + s.name().toLowerCase(java.util.Locale.ROOT), e.nodes()))
                    .orElseGet(() -> i18n.get("deep.stopped", e.nodes()));
            return e.failures().isEmpty() ? text : text + " " + i18n.get("deep.failures", e.failures().size(), e.failures().get(0));
        });
        window().ifPresent(w -> w.setStatus(message.get()));
        done.complete(e);
    }

    /** Stops the run; the state file keeps what was found, Resume continues from it. */
    public void stop() {
        if (state.get() == State.RUNNING && runner != null) {
            state.set(State.STOPPING);
            say(() -> i18n.get("deep.stopping"));
            runner.interrupt();
        }
    }

    /** Stops a run as the window closes. */
    public void close() {
        stop();
        ticks.close();
    }

    private DeepSettings settings(Setup s, GamePlugin g, Position root) {
        List<EngineRef> refs = new ArrayList<>();
        for (String id : s.engines()) {
            registry.byId(id).ifPresent(e -> refs.add(EngineRef.listed(e)));
        }
        if (refs.isEmpty()) {
            throw new IllegalArgumentException(i18n.get("deep.noEngine"));
        }
        SearchLimits limits = s.nodes() > 0 ? SearchLimits.nodes(s.nodes())
                : SearchLimits.moveTime(Duration.ofMillis(Math.max(1, Math.round(s.seconds() * 1000))));
        Optional<Duration> time = s.budgetMinutes() > 0 ? Optional.of(Duration.ofMinutes(s.budgetMinutes())) : Optional.empty();
        OptionalLong budget = s.budgetSearches() > 0 ? OptionalLong.of(s.budgetSearches())
                : time.isEmpty() ? OptionalLong.of(DEFAULT_BUDGET) : OptionalLong.empty();
        return new DeepSettings(g, start(g, root), List.of(), refs, limits, s.multiPv(), s.window(), s.maxPlies(), time, budget,
                s.rechecks());
    }

    /**
     * The root as the state file's header has it: its FEN without move counters, so that the same
     * position reached another way (other counters) resumes the same file.
     */
    private static Position start(GamePlugin g, Position root) {
        try {
            return g.parseFen(DeepTree.key(root) + " 0 1");
        } catch (Exception e) {
            return root;
        }
    }

    // ------------------------------------------------------------------ ticking

    /** Takes the tree and progress (FX thread); the tree items only when the tree changed or {@code force}. */
    void refresh(boolean force) {
        if (startedAt != null) {
            elapsed.set(clockText(Duration.between(startedAt, endedAt == null ? Instant.now() : endedAt)));
        }
        DeepAnalysis a = analysis;
        if (a == null || !(dirty.getAndSet(false) || force)) {
            return;
        }
        DeepTree t = a.tree();
        Side side = t.root().sideToMove();
        nodes.set(t.size());
        searched.set(searchedNow);
        rootValue.set(valueText(t.rootValue(), side));
        List<Move> best = t.bestLine();
        bestLine.set(line(best));
        tree.set(build(t, best));
        if (state.get() == State.RUNNING) {
            say(() -> i18n.get("deep.running"));
        }
    }

    // ------------------------------------------------------------------ the tree items

    private TreeItem<Row> build(DeepTree t, List<Move> best) {
        Optional<DeepNode> root = t.node(t.rootKey());
        Row rootRow = new Row(List.of(), i18n.get("deep.root"), valueText(t.rootValue(), t.root().sideToMove()),
                root.map(DeepNode::depth).orElse(0), root.map(DeepNode::engine).orElse(""), root.isPresent(), true, true);
        TreeItem<Row> item = new TreeItem<>(rootRow);
        item.setExpanded(true);
        Set<List<Move>> expanded = new HashSet<>();
        collectExpanded(tree.get(), expanded);
        if (root.isPresent()) {
            int[] budget = {MAX_ROWS};
            grow(t, root.get(), item, List.of(), best, new HashSet<>(), budget, expanded);
        }
        return item;
    }

    private void grow(DeepTree t, DeepNode n, TreeItem<Row> item, List<Move> path, List<Move> best, Set<String> onPath,
                      int[] budget, Set<List<Move>> expanded) {
        onPath.add(n.key());
        Position before = n.position();
        for (DeepTree.Edge e : t.edges(n)) {
            if (budget[0]-- <= 0) {
                break;
            }
            List<Move> p = new ArrayList<>(path.size() + 1);
            p.addAll(path);
            p.add(e.move());
            Optional<DeepNode> child = e.analysed() ? t.node(e.childKey()) : Optional.empty();
            boolean onBest = p.size() <= best.size() && best.subList(0, p.size()).equals(p);
            Row row = new Row(List.copyOf(p), moveText(before, e.move(), path.size()),
                    valueText(OptionalInt.of(e.value()), before.sideToMove()),
                    child.map(DeepNode::depth).orElse(e.line().depth()), child.map(DeepNode::engine).orElse(n.engine()),
                    child.isPresent(), onBest, e.inWindow());
            TreeItem<Row> ci = new TreeItem<>(row);
            item.getChildren().add(ci);
            if (child.isPresent() && !onPath.contains(e.childKey())) {
                grow(t, child.get(), ci, p, best, onPath, budget, expanded);
                // The best line open, other rows as the user left them.
                ci.setExpanded(onBest || expanded.contains(p));
            }
        }
        onPath.remove(n.key());
    }

    private static void collectExpanded(TreeItem<Row> item, Set<List<Move>> out) {
        if (item == null) {
            return;
        }
        if (item.isExpanded()) {
            out.add(item.getValue().path());
        }
        for (TreeItem<Row> c : item.getChildren()) {
            collectExpanded(c, out);
        }
    }

    /** A move with its number, counted from the board's root: {@code 12. Nf3}, {@code 12… Nc6}. */
    private String moveText(Position before, Move move, int ply) {
        Notation notation = game.notations().get(0);
        int half = (fullmove(boardRoot) - 1) * 2 + (boardRoot.sideToMove() == Side.WHITE ? 0 : 1) + ply;
        return (half / 2 + 1) + (half % 2 == 0 ? ". " : "… ") + notation.format(before, move);
    }

    private static int fullmove(Position p) {
        String[] f = p.fen().strip().split("\\s+");
        try {
            return Math.max(1, Integer.parseInt(f[f.length - 1]));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private String line(List<Move> moves) {
        if (moves.isEmpty() || game == null) {
            return "";
        }
        List<String> out = new ArrayList<>();
        Position p = analysis.tree().root();
        for (int i = 0; i < moves.size(); i++) {
            Move m = moves.get(i);
            if (!p.isLegal(m)) {
                break;
            }
            String text = game.notations().get(0).format(p, m);
            int half = (fullmove(boardRoot) - 1) * 2 + (boardRoot.sideToMove() == Side.WHITE ? 0 : 1) + i;
            out.add(half % 2 == 0 ? (half / 2 + 1) + ". " + text : i == 0 ? (half / 2 + 1) + "… " + text : text);
            p = p.play(m);
        }
        return String.join(" ", out);
    }

    /** A value from White's/Red's view: {@code +0.25}, {@code -1.10}, {@code #3}; {@code -} when none. */
    static String valueText(OptionalInt v, Side toMove) {
        if (v.isEmpty()) {
            return "-";
        }
        Score s = DeepValues.score(v.getAsInt()).forWhite(toMove);
        String text = ScoreCodec.evalText(s);
        return s instanceof Score.Centipawns c && c.cp() >= 0 ? "+" + text : text;
    }

    private static String clockText(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%d:%02d", s / 60, s % 60);
    }

    // ------------------------------------------------------------------ the board

    /**
     * Plays a row's line on the board: from the node the analysis started at while it is in the game,
     * else from the board's position if it is the root, else in a new game from the root (after asking
     * about unsaved changes).
     *
     * @return whether the line was played
     */
    public boolean play(List<Move> path) {
        GameNode from = base();
        if (from == null) {
            return false;
        }
        document.goTo(from);
        for (Move m : path) {
            document.play(m);
        }
        return true;
    }

    /**
     * Copies the whole tree into the board's game as variations from the node the analysis started at,
     * each move with its value ({@code [%eval]}) and engine; when the game is another, opens the tree as
     * a new game instead.
     *
     * @return the moves added
     */
    public int copyToGame() {
        DeepAnalysis a = analysis;
        if (a == null || game == null) {
            return 0;
        }
        GameTree export = DeepExport.gameTree(a.settings(), a.tree());
        GameNode at = anchorInGame();
        if (at == null) {
            return openAsGame() ? count(document.tree().root()) : 0;
        }
        int added = graft(export.root(), at);
        document.treeEdited();
        String text = i18n.get("deep.copied", added);
        window().ifPresent(w -> w.setStatus(text));
        return added;
    }

    /** Opens the tree as a new game from the root (after asking about unsaved changes). */
    public boolean openAsGame() {
        DeepAnalysis a = analysis;
        if (a == null || game == null || !confirmDiscard.getAsBoolean()) {
            return false;
        }
        GameTree export = DeepExport.gameTree(a.settings(), a.tree());
        document.open(game, export, Optional.empty());
        anchor = document.cursor();
        window().ifPresent(w -> w.setStatus(i18n.get("deep.opened")));
        return true;
    }

    private static int count(GameNode n) {
        int c = 0;
        for (GameNode k : n.children()) {
            c += 1 + count(k);
        }
        return c;
    }

    private static int graft(GameNode from, GameNode to) {
        int added = 0;
        for (GameNode c : from.children()) {
            Move m = c.move().orElseThrow();
            Optional<GameNode> have = to.child(m);
            GameNode d = have.orElseGet(() -> to.addChild(m));
            if (have.isEmpty()) {
                added++;
                c.evalForWhite().ifPresent(d::setEvalForWhite);
                d.setComment(c.comment());
            } else if (d.evalForWhite().isEmpty()) {
                c.evalForWhite().ifPresent(d::setEvalForWhite);
            }
            added += graft(c, d);
        }
        return added;
    }

    /** The node of the board's game at the root, if the game holds one. */
    private GameNode anchorInGame() {
        if (boardRoot == null || !document.game().id().equals(game.id())) {
            return null;
        }
        String key = DeepTree.key(boardRoot);
        if (anchor != null && document.contains(anchor) && DeepTree.key(anchor.position()).equals(key)) {
            return anchor;
        }
        if (DeepTree.key(document.position()).equals(key)) {
            anchor = document.cursor();
            return anchor;
        }
        return null;
    }

    private GameNode base() {
        if (boardRoot == null) {
            return null;
        }
        GameNode at = anchorInGame();
        if (at != null) {
            return at;
        }
        if (!confirmDiscard.getAsBoolean()) {
            return null;
        }
        document.newGame(game, boardRoot);
        anchor = document.cursor();
        return anchor;
    }
}
