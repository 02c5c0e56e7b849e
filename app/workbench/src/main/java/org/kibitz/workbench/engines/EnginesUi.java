package org.kibitz.workbench.engines;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.paint.Color;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.i18n.Text;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.board.BoardArrow;
import org.kibitz.workbench.board.BoardController;
import org.kibitz.workbench.moves.MoveListOptions;
import org.kibitz.core.jobs.Background;
import org.kibitz.core.GameDocument;
import org.kibitz.core.JsonStore;
import org.kibitz.core.analysis.AnalysisRecorder;
import org.kibitz.core.analysis.AnalysisRequest;
import org.kibitz.core.analysis.AnalysisService;
import org.kibitz.core.analysis.AnalysisSettings;
import org.kibitz.core.analysis.AnalysisSlot;
import org.kibitz.core.analysis.AnalysisState;
import org.kibitz.core.analysis.ChangeSignal;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.store.AnalysisStore;

/**
 * What the engine panes share, one per window: the engine list, the analysis service and its slots,
 * the settings of the panes, and the wiring to the game: the engines follow the document's cursor,
 * their lines are stored in the game tree, and their best moves are drawn on the board.
 *
 * <p>Engine news is read at most once per frame ({@link FrameTicker}); everything here runs on the
 * FX thread.
 */
public final class EnginesUi {

    public static final String LINES_PANE = "engine-lines";
    public static final String CURVE_PANE = "curve";
    public static final String LOG_PANE = "engine-log";

    /** Most panels side by side. */
    public static final int MAX_PANELS = 4;

    private static final System.Logger LOG = System.getLogger(EnginesUi.class.getName());
    /** The panels' colours: the curves' engine colours, so a compared engine's curve and its panel match. */
    private static final List<Color> SLOT_COLORS = org.kibitz.core.chart.EvalChart.ENGINE_COLORS.stream()
            .map(c -> Color.rgb(c.getRed(), c.getGreen(), c.getBlue())).toList();

    /**
     * Engines compared on a game: the curve pane draws one curve per engine over that game's lines, in
     * the engines' colours, and marks where they disagree.
     *
     * @param tree          the game tree compared
     * @param engines       the engines' names, in the comparison's order (the order of the colours)
     * @param disagreements the main line's plies (positions after that many moves) where they disagree
     */
    public record CurveOverlay(org.kibitz.api.tree.GameTree tree, List<String> engines, java.util.Set<Integer> disagreements) {
        public CurveOverlay {
            Objects.requireNonNull(tree, "tree");
            engines = List.copyOf(engines);
            disagreements = java.util.Set.copyOf(disagreements);
        }
    }

    private final ObjectProperty<Optional<CurveOverlay>> curveOverlay = new SimpleObjectProperty<>(this, "curveOverlay",
            Optional.empty());
    /** Whether the curve shows the overlay when there is one (the user may turn it off for the usual curve). */
    private final BooleanProperty curveOverlayShown = new SimpleBooleanProperty(this, "curveOverlayShown", true);

    private final EngineRegistry registry;
    private final EngineRegistry.LoadReport loadReport;
    private final AnalysisService service;
    private final GameDocument document;
    private final Games games;
    private final I18n i18n;
    private final BoardController board;
    private final MoveListOptions moveOptions;
    private final JsonStore<AnalysisSettings> settingsStore;
    private final Supplier<MainWindow> window;
    private final FrameTicker ticker = new FrameTicker();
    private final ChangeSignal curveSignal = new ChangeSignal();
    private final ObjectProperty<AnalysisText.Unit> scoreUnit = new SimpleObjectProperty<>(AnalysisText.Unit.PAWNS);
    private final BooleanProperty arrows = new SimpleBooleanProperty(true);
    private final IntegerProperty engineListRevision = new SimpleIntegerProperty();
    private final IntegerProperty panelsRevision = new SimpleIntegerProperty();
    private final List<Consumer<Map<String, AnalysisState>>> frameReaders = new CopyOnWriteArrayList<>();
    private final Map<String, List<BoardArrow>> shownArrows = new HashMap<>();
    private AnalysisSettings settings;
    private AnalysisRequest lastRequest;
    private Map<String, AnalysisState> states = Map.of();
    private Optional<String> settingsProblem = Optional.empty();
    private final AnalysisStore store;
    private final Function<GamePlugin, String> ruleSets;
    private final StoredLoader stored;
    private long storedRevision;

    /** Where the panes and dialogs run their short background work (probes, engine discovery). */
    public Background background() {
        return background;
    }

    private final Background background = Background.threads();

    /**
     * @param store where analysis is kept across runs (the service writes to it; the panes read what
     *              is kept for the positions the user visits)
     */
    public EnginesUi(EngineRegistry registry, EngineRegistry.LoadReport loadReport, AnalysisService service,
                     GameDocument document, Games games, I18n i18n, BoardController board, MoveListOptions moveOptions,
                     JsonStore<AnalysisSettings> settingsStore, Supplier<MainWindow> window, AnalysisStore store,
                     Function<GamePlugin, String> ruleSets) {
        this.ruleSets = Objects.requireNonNull(ruleSets, "ruleSets");
        this.store = Objects.requireNonNull(store, "store");
        this.stored = new StoredLoader(store, this::storedLoaded);
        this.registry = Objects.requireNonNull(registry, "registry");
        // New engines are offered threads and hash for the panels open now and a job beside them.
        registry.loadFrom(this::engineLoad);
        this.loadReport = Objects.requireNonNull(loadReport, "loadReport");
        this.service = Objects.requireNonNull(service, "service");
        this.document = Objects.requireNonNull(document, "document");
        this.games = Objects.requireNonNull(games, "games");
        this.i18n = Objects.requireNonNull(i18n, "i18n");
        this.board = board;
        this.moveOptions = moveOptions;
        this.settingsStore = Objects.requireNonNull(settingsStore, "settingsStore");
        this.window = Objects.requireNonNull(window, "window");
        settings = switch (settingsStore.load()) {
            case JsonStore.Loaded.Ok<AnalysisSettings> ok -> ok.value();
            case JsonStore.Loaded.Missing<AnalysisSettings> m -> AnalysisSettings.DEFAULT;
            case JsonStore.Loaded.Corrupt<AnalysisSettings> c -> {
                settingsProblem = Optional.of(i18n.get("engines.settings.corrupt", c.reason(),
                        c.setAside().map(Object::toString).orElse("-")));
                yield AnalysisSettings.DEFAULT;
            }
        };
        scoreUnit.set(settings.scoreUnit());
        arrows.set(settings.arrows());
        scoreUnit.addListener((o, a, b) -> {
            saveSettings(settings.withScoreUnit(b));
            service.signal().raise();
        });
        arrows.addListener((o, a, b) -> {
            saveSettings(settings.withArrows(b));
            service.signal().raise();
        });
        for (AnalysisSettings.Panel p : settings.panels()) {
            AnalysisSlot slot = service.slot(p.id());
            slot.setMultiPv(p.multiPv());
        }
        registry.addListener(() -> onFx(() -> engineListRevision.set(engineListRevision.get() + 1)));
        document.addListener((d, change) -> documentChanged(change));
        ticker.watch("engine lines", service.signal(), FrameTicker.REFRESH, this::readSlots);
        if (moveOptions != null) {
            moveOptions.revisionProperty().addListener((o, a, b) -> service.signal().raise());
        }
        i18n.localeProperty().addListener((o, a, b) -> service.signal().raise());
        loadStored();
    }

    // ------------------------------------------------------------------ shared parts

    public EngineRegistry registry() {
        return registry;
    }

    public AnalysisService service() {
        return service;
    }

    public GameDocument document() {
        return document;
    }

    public Games games() {
        return games;
    }

    public I18n i18n() {
        return i18n;
    }

    public FrameTicker ticker() {
        return ticker;
    }

    /** Raised when what the curve plots may have changed (analysis stored, cursor moved, other game). */
    public ChangeSignal curveSignal() {
        return curveSignal;
    }

    public ObjectProperty<AnalysisText.Unit> scoreUnitProperty() {
        return scoreUnit;
    }

    public BooleanProperty arrowsProperty() {
        return arrows;
    }

    /** Grows whenever the engine list changes (for engine choosers). */
    public IntegerProperty engineListRevision() {
        return engineListRevision;
    }

    /** Grows whenever panels are added or removed. */
    public IntegerProperty panelsRevision() {
        return panelsRevision;
    }

    public Optional<MainWindow> window() {
        return Optional.ofNullable(window.get());
    }

    /**
     * How many engines run at once as the workbench stands: its analysis panels and a job's engine
     * (a batch evaluation, a match), for the threads and hash new engines are offered.
     */
    public org.kibitz.core.engines.EngineDefaults.Load engineLoad() {
        return new org.kibitz.core.engines.EngineDefaults.Load(Math.max(1, panelIds().size()), 1);
    }

    /**
     * The threads and hash a new engine is offered and why, in a sentence: the machine's cores and
     * memory and how many engines share them (the engine manager and the first-start offer show it).
     */
    public String defaultsReason() {
        org.kibitz.core.engines.EngineDefaults.Suggestion s = registry.suggestion();
        double gb = s.machine().memoryBytes() / (1024.0 * 1024 * 1024);
        return i18n.get("defaults.reason", s.threads(), hashText(s.hashMb()), s.machine().cores(),
                String.format(java.util.Locale.ROOT, "%.1f", gb), s.load().engines(), s.load().panels(),
                s.load().jobSessions());
    }

    private static String hashText(long mb) {
        return mb >= 1024 && mb % 1024 == 0 ? (mb / 1024) + " GB" : mb + " MB";
    }

    private final javafx.beans.property.StringProperty logJob = new javafx.beans.property.SimpleStringProperty(this, "logJob", "");

    /** The job the engine log pane shows ("" for every job's lines): "show log" of a job sets it. */
    public javafx.beans.property.StringProperty logJobProperty() {
        return logJob;
    }

    /** Opens the engine log pane showing the lines of {@code job} (a job's {@code label()}). */
    public void showLog(String job) {
        logJob.set(job);
        window().ifPresent(w -> w.docking().open(LOG_PANE));
    }

    public double curveClip() {
        return settings.curveClip();
    }

    /** Sets the curve's band (pawns either side of equal), keeps it, and redraws the curve. */
    public void setCurveClip(double pawns) {
        if (pawns != settings.curveClip()) {
            saveSettings(settings.withCurveClip(pawns));
            curveSignal.raise();
        }
    }

    /** The notation the move list uses for {@code gameId}, which the engine lines use too. */
    public Notation notation(String gameId) {
        GamePlugin g = games.byId(gameId).orElse(document.game());
        return moveOptions != null ? moveOptions.notation(g) : g.notations().get(0);
    }

    /** A message from below the app, in the current language. */
    public String render(Text t) {
        return i18n.render(t);
    }

    /** Told once per frame, when any slot changed, of every slot's state. */
    public void onFrame(Consumer<Map<String, AnalysisState>> reader) {
        frameReaders.add(reader);
    }

    public Map<String, AnalysisState> states() {
        return states;
    }

    /** The colour of a panel's lines and arrows. */
    public Color colorOf(String slotId) {
        int i = panelIds().indexOf(slotId);
        return SLOT_COLORS.get(Math.floorMod(i < 0 ? 0 : i, SLOT_COLORS.size()));
    }

    /** A problem met reading the pane settings, to show once. */
    public Optional<String> takeSettingsProblem() {
        Optional<String> p = settingsProblem;
        settingsProblem = Optional.empty();
        return p;
    }

    /** What went wrong opening the analysis store, to show once. */
    public Optional<String> takeStoreProblem() {
        if (store.problem().isEmpty() || storeProblemShown) {
            return Optional.empty();
        }
        storeProblemShown = true;
        return Optional.of(render(store.problem().get()));
    }

    private boolean storeProblemShown;

    // ------------------------------------------------------------------ stored analysis

    /** Grows when analysis kept from earlier was put into the game tree (for panes that show it). */
    public long storedRevision() {
        return storedRevision;
    }

    /**
     * What the cursor's node keeps from a panel's engine (found earlier in this run, or loaded from
     * the analysis store), as engine reports, best first, when it goes deeper than what the panel
     * shows live for this position; empty otherwise.
     */
    public List<AnalysisUpdate> storedLines(String panelId, AnalysisState live) {
        org.kibitz.api.tree.GameNode node = document.cursor();
        String engine = engineFor(panelId, document.game().id()).name();
        List<org.kibitz.api.analysis.NodeAnalysis> kept = new ArrayList<>();
        for (org.kibitz.api.analysis.NodeAnalysis a : node.analysis()) {
            if (a.engine().equals(engine)) {
                kept.add(a);
            }
        }
        if (kept.isEmpty()) {
            return List.of();
        }
        kept.sort(java.util.Comparator.comparingInt(org.kibitz.api.analysis.NodeAnalysis::multipv));
        int keptDepth = kept.get(0).depth();
        boolean liveHere = live.request().isPresent() && live.request().get().position().equals(node.position())
                && !live.lines().isEmpty();
        // Live lines win once as deep, or when they show more lines than were kept (MultiPV raised).
        if (liveHere && (live.lines().get(0).depth().orElse(0) >= keptDepth || live.lines().size() > kept.size())) {
            return List.of();
        }
        List<AnalysisUpdate> out = new ArrayList<>(kept.size());
        for (org.kibitz.api.analysis.NodeAnalysis a : kept) {
            out.add(new AnalysisUpdate(node.position(), a.multipv(), java.util.OptionalInt.of(a.depth()),
                    java.util.OptionalInt.empty(), Optional.of(a.score()), a.wdl(),
                    a.nodes() > 0 ? java.util.OptionalLong.of(a.nodes()) : java.util.OptionalLong.empty(),
                    java.util.OptionalLong.empty(), a.time().isZero() ? Optional.empty() : Optional.of(a.time()),
                    java.util.OptionalInt.empty(), java.util.OptionalLong.empty(), Optional.empty(),
                    java.util.OptionalInt.empty(), a.pv()));
        }
        return out;
    }

    /** Looks up what the store keeps for the positions of the line the user is on (once per node). */
    private void loadStored() {
        stored.load(document.tree().root(), document.currentLine(), document::contains);
    }

    private void storedLoaded() {
        storedRevision++;
        curveSignal.raise();
        service.signal().raise();
    }

    public EngineRegistry.LoadReport loadReport() {
        return loadReport;
    }

    // ------------------------------------------------------------------ panels

    public List<String> panelIds() {
        return settings.panels().stream().map(AnalysisSettings.Panel::id).toList();
    }

    public AnalysisSettings.Panel panel(String id) {
        return settings.panels().stream().filter(p -> p.id().equals(id)).findFirst()
                .orElseGet(() -> new AnalysisSettings.Panel(id, Map.of(), 1));
    }

    /** Adds a panel beside the others, analysing with the next engine that plays the game; returns its id. */
    public Optional<String> addPanel() {
        List<AnalysisSettings.Panel> ps = new ArrayList<>(settings.panels());
        if (ps.size() >= MAX_PANELS) {
            return Optional.empty();
        }
        int n = 1;
        while (panelIds().contains(Integer.toString(n))) {
            n++;
        }
        String id = Integer.toString(n);
        String gameId = document.game().id();
        // A second engine for comparison: one the other panels do not use, if there is one.
        List<String> used = ps.stream().map(p -> engineFor(p.id(), gameId).id()).toList();
        String engine = registry.playing(gameId).stream().map(EngineEntry::id).filter(e -> !used.contains(e)).findFirst()
                .orElse(registry.preferredFor(gameId).id());
        ps.add(new AnalysisSettings.Panel(id, Map.of(gameId, engine), 1));
        saveSettings(settings.withPanels(ps));
        service.slot(id);
        panelsRevision.set(panelsRevision.get() + 1);
        return Optional.of(id);
    }

    /** Removes a panel and ends its engine (the last panel stays). */
    public void removePanel(String id) {
        if (settings.panels().size() <= 1) {
            return;
        }
        List<AnalysisSettings.Panel> ps = new ArrayList<>(settings.panels());
        ps.removeIf(p -> p.id().equals(id));
        saveSettings(settings.withPanels(ps));
        service.remove(id);
        if (board != null) {
            board.clearArrows(arrowSource(id));
        }
        shownArrows.remove(id);
        panelsRevision.set(panelsRevision.get() + 1);
    }

    /**
     * The engine a panel uses for {@code gameId}: the one chosen there if it is still in the list and
     * plays the game, else the first configured engine that plays it, else the built-in engine.
     */
    public EngineEntry engineFor(String panelId, String gameId) {
        Optional<EngineEntry> chosen = panel(panelId).engineFor(gameId).flatMap(registry::byId).filter(e -> e.plays(gameId));
        if (chosen.isPresent()) {
            return chosen.get();
        }
        // Not chosen for this game yet: panels are there to compare, so one that the panels before
        // it do not use, if the list has one.
        List<String> before = new ArrayList<>();
        for (String id : panelIds()) {
            if (id.equals(panelId)) {
                break;
            }
            before.add(engineFor(id, gameId).id());
        }
        EngineEntry preferred = registry.preferredFor(gameId);
        if (!before.contains(preferred.id())) {
            return preferred;
        }
        return registry.playing(gameId).stream().filter(e -> !before.contains(e.id()) && (e.builtin() || !e.games().isEmpty()))
                .findFirst().orElse(preferred);
    }

    /** The engines compared on a game, when the curve overlays them (see {@link CurveOverlay}). */
    public ObjectProperty<Optional<CurveOverlay>> curveOverlayProperty() {
        return curveOverlay;
    }

    /** Whether the curve overlays the compared engines when the board shows a compared game. */
    public BooleanProperty curveOverlayShownProperty() {
        return curveOverlayShown;
    }

    /** Shows {@code overlay} on the curve (empty: the usual single curve) and redraws it. */
    public void setCurveOverlay(Optional<CurveOverlay> overlay) {
        curveOverlay.set(Objects.requireNonNull(overlay, "overlay"));
        curveSignal.raise();
    }

    /**
     * Puts {@code engines} in the first panels, one each, adding panels as needed (at most
     * {@value #MAX_PANELS}), so that their lines show side by side in their comparison colours.
     * Panels keep running or idle as they were.
     */
    public void showEngines(List<EngineEntry> engines) {
        String gameId = document.game().id();
        for (int i = 0; i < Math.min(engines.size(), MAX_PANELS); i++) {
            while (panelIds().size() <= i) {
                if (addPanel().isEmpty()) {
                    return;
                }
            }
            String id = panelIds().get(i);
            if (!engineFor(id, gameId).id().equals(engines.get(i).id())) {
                chooseEngine(id, engines.get(i));
            }
        }
        storedRevision++;
        service.signal().raise();
    }

    /** The engine whose evaluations the curve prefers: the first panel's, so one scale runs through it. */
    public String curveEngine() {
        List<String> ids = panelIds();
        return ids.isEmpty() ? "" : engineFor(ids.get(0), document.game().id()).name();
    }

    /** Chooses a panel's engine for the current game; a running analysis goes on with it. */
    public void chooseEngine(String panelId, EngineEntry entry) {
        String gameId = document.game().id();
        updatePanel(panelId, p -> p.withEngine(gameId, entry.id()));
        service.slot(panelId).setEngine(entry);
    }

    public void setMultiPv(String panelId, int k) {
        updatePanel(panelId, p -> p.withMultiPv(k));
        service.slot(panelId).setMultiPv(k);
    }

    private void updatePanel(String id, java.util.function.UnaryOperator<AnalysisSettings.Panel> change) {
        List<AnalysisSettings.Panel> ps = new ArrayList<>();
        boolean found = false;
        for (AnalysisSettings.Panel p : settings.panels()) {
            if (p.id().equals(id)) {
                ps.add(change.apply(p));
                found = true;
            } else {
                ps.add(p);
            }
        }
        if (!found) {
            ps.add(change.apply(panel(id)));
        }
        saveSettings(settings.withPanels(ps));
    }

    // ------------------------------------------------------------------ analysis

    /** Starts analysing the cursor's position in a panel, with its engine for the current game. */
    public void start(String panelId) {
        EngineEntry engine = engineFor(panelId, document.game().id());
        if (engine.ssh().isPresent()) {
            // An engine on another computer: its host key is checked first, and an unknown one is
            // asked about (decision 0032), off the FX thread; the panel starts on a known or trusted host.
            HostTrust.beforeStart(engine, i18n, window().map(MainWindow::stage).orElse(null), () -> startNow(panelId, engine),
                    why -> window().ifPresent(w -> w.notify(why)));
            return;
        }
        startNow(panelId, engine);
    }

    private void startNow(String panelId, EngineEntry engine) {
        AnalysisSlot slot = service.slot(panelId);
        slot.setEngine(engine);
        lastRequest = requestAtCursor();
        slot.start(lastRequest);
    }

    /**
     * The cursor's position to analyse, with the moves that would lose by repetition under the board's
     * rule set banned (a UCCI engine is sent them as {@code banmoves}).
     */
    private AnalysisRequest requestAtCursor() {
        AnalysisRequest r = AnalysisRequest.forNode(document.cursor());
        GamePlugin g = document.game();
        if (g.ruleSets().isEmpty() || r.position().outcome().isPresent()) {
            return r;
        }
        try {
            return r.withBanned(g.bannedMoves(document.positionsToCursor(), ruleSets.apply(g)));
        } catch (RuntimeException e) {
            // A line through a null move is no history the rules can judge: nothing is banned.
            return r;
        }
    }

    public void stop(String panelId) {
        service.slot(panelId).stop();
    }

    public void toggle(String panelId) {
        if (service.slot(panelId).running()) {
            stop(panelId);
        } else {
            start(panelId);
        }
    }

    /** Starts every panel if none runs, else stops them all (the Engine menu's command). */
    public void toggleAll() {
        if (service.anyRunning()) {
            service.stopAll();
        } else {
            panelIds().forEach(this::start);
        }
    }

    private void documentChanged(GameDocument.Change change) {
        if (change == GameDocument.Change.ANALYSIS) {
            // Results stored by others (a batch evaluation) are plotted too; the engines need not follow.
            curveSignal.raise();
            return;
        }
        if (change == GameDocument.Change.FILE) {
            return;
        }
        AnalysisRequest r = requestAtCursor();
        if (change == GameDocument.Change.GAME) {
            String gameId = document.game().id();
            for (String id : panelIds()) {
                AnalysisSlot s = service.slot(id);
                EngineEntry want = engineFor(id, gameId);
                if (s.engine().map(e -> !e.id().equals(want.id()) || !e.plays(gameId)).orElse(false)) {
                    s.switchGame(want, r);
                }
            }
            panelsRevision.set(panelsRevision.get() + 1);
        }
        if (lastRequest == null || lastRequest.target() != r.target() || !lastRequest.position().equals(r.position())
                || lastRequest.game() != r.game()) {
            lastRequest = r;
            service.followAll(r);
        }
        loadStored();
        curveSignal.raise();
        ticker.wake();
        service.signal().raise();
    }

    /** Once per frame when a slot changed: store, draw arrows, tell the panels. */
    private void readSlots() {
        Map<String, AnalysisState> now = new HashMap<>();
        boolean stored = false;
        for (AnalysisSlot s : service.slots()) {
            AnalysisState st = s.state();
            now.put(s.id(), st);
            if (st.request().isPresent() && st.request().get().target() != null
                    && document.contains(st.request().get().target())) {
                stored |= AnalysisRecorder.record(st);
            }
        }
        states = Map.copyOf(now);
        if (stored) {
            // What is stored in the tree is what a save writes ([%eval]): the document is told so.
            document.treeAnnotated();
            curveSignal.raise();
        }
        updateArrows();
        for (Consumer<Map<String, AnalysisState>> r : frameReaders) {
            try {
                r.accept(states);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "engine pane update failed", e);
            }
        }
    }

    private static String arrowSource(String slotId) {
        return "engine-" + slotId;
    }

    /** The engines' best moves as arrows: each panel's first line strong, the next two fainter. */
    private void updateArrows() {
        if (board == null) {
            return;
        }
        updateEvaluation();
        for (String id : panelIds()) {
            AnalysisState st = states.get(id);
            List<BoardArrow> list = new ArrayList<>();
            if (arrows.get() && st != null && st.request().isPresent()
                    && (st.status() == AnalysisState.Status.RUNNING || st.status() == AnalysisState.Status.STOPPED)
                    && st.request().get().position().equals(document.position())) {
                Color c = colorOf(id);
                int n = 0;
                for (AnalysisUpdate u : st.lines()) {
                    if (n >= 3 || u.pv().isEmpty()) {
                        break;
                    }
                    Move m = u.pv().get(0);
                    if (m.isNull()) {
                        continue;
                    }
                    double alpha = n == 0 ? 0.85 : n == 1 ? 0.5 : 0.35;
                    // The badge: the value without a bound mark, in White's (Red's) view like the
                    // evaluation bar and the curve (docs/decisions/0016-board-scores-white-view.md).
                    String label = n == 0 ? u.score().map(s -> AnalysisText.score(exact(s.forWhite(u.pov())), scoreUnit.get())).orElse("") : "";
                    list.add(new BoardArrow(m, Color.color(c.getRed(), c.getGreen(), c.getBlue(), alpha),
                            n == 0 ? 0.2 : 0.13, label));
                    n++;
                }
            }
            List<BoardArrow> before = shownArrows.getOrDefault(id, List.of());
            if (!list.equals(before)) {
                // Read once per refresh (FrameTicker): a new score in the badge is drawn on the same
                // frame as the panels' lines, never left behind them.
                shownArrows.put(id, list);
                if (list.isEmpty()) {
                    board.clearArrows(arrowSource(id));
                } else {
                    board.setArrows(arrowSource(id), st.request().get().position(), list);
                }
            }
        }
    }

    /** The evaluation bar's score: the first running panel's best line at the board's position, in White's view. */
    private void updateEvaluation() {
        BoardController.Evaluation e = null;
        for (String id : panelIds()) {
            AnalysisState st = states.get(id);
            if (st == null || st.status() != AnalysisState.Status.RUNNING || st.request().isEmpty()
                    || !st.request().get().position().equals(document.position())) {
                continue;
            }
            Optional<AnalysisUpdate> best = st.lines().stream().filter(u -> u.score().isPresent()).findFirst();
            if (best.isPresent()) {
                AnalysisUpdate u = best.get();
                e = new BoardController.Evaluation(st.request().get().position(), u.score().get().forWhite(u.pov()),
                        engineFor(id, document.game().id()).name());
            }
            break;
        }
        if (!java.util.Objects.equals(e, board.evaluationProperty().get())) {
            board.setEvaluation(e);
        }
    }

    private static org.kibitz.api.analysis.Score exact(org.kibitz.api.analysis.Score s) {
        return switch (s) {
            case org.kibitz.api.analysis.Score.Centipawns c -> new org.kibitz.api.analysis.Score.Centipawns(c.cp(),
                    org.kibitz.api.analysis.Score.Bound.EXACT);
            case org.kibitz.api.analysis.Score.Mate m -> new org.kibitz.api.analysis.Score.Mate(m.moves(),
                    org.kibitz.api.analysis.Score.Bound.EXACT);
        };
    }


    // ------------------------------------------------------------------ settings and the end

    private void saveSettings(AnalysisSettings s) {
        settings = s;
        try {
            settingsStore.save(s);
        } catch (IOException e) {
            window().ifPresent(w -> w.setStatus(i18n.get("engines.settings.saveFailed", e.getMessage())));
        }
    }

    /** Ends every engine, waiting at most a few seconds (the window is closing). */
    public void close() {
        service.close(Duration.ofSeconds(6));
        // What the engines found last is written before the window goes.
        store.flush();
        stored.close();
    }

    static void onFx(Runnable r) {
        if (Platform.isFxApplicationThread()) {
            r.run();
        } else {
            Platform.runLater(r);
        }
    }
}
