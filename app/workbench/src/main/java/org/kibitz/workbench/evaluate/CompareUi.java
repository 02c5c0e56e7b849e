package org.kibitz.workbench.evaluate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.GameDocument;
import org.kibitz.core.Settings;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.evaluate.EvaluationRequest;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.compare.ComparedPosition;
import org.kibitz.core.evaluate.compare.Comparison;
import org.kibitz.core.evaluate.compare.ComparisonOutputs;
import org.kibitz.core.evaluate.compare.ComparisonSummary;
import org.kibitz.core.evaluate.compare.EngineView;
import org.kibitz.core.evaluate.compare.GameComparison;
import org.kibitz.core.evaluate.compare.PairView;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.EvaluationOutputs;
import org.kibitz.core.jobs.Background;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.PositionKey;
import org.kibitz.core.store.StoredAnalysis;
import org.kibitz.core.store.StoredLine;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.files.GameList;
import org.kibitz.workbench.jobs.JobsUi;

/**
 * Engine comparison in the workbench, one per window: the core's comparison (a batch evaluation with
 * two to four engines and MultiPV, through {@link ComparisonOutputs}) run as a job; each engine's
 * evaluations go into the game on the board as they arrive, the curve pane overlays one curve per
 * engine and marks where they disagree, and the Disagreements pane lists the disagreements of every
 * game compared, the largest first. Going to one puts the compared engines in the engine panels, with
 * their lines of that position taken from the analysis store.
 */
public final class CompareUi {

    /** The Disagreements pane's id, as saved in layouts. */
    public static final String DISAGREEMENTS_PANE = "disagreements";

    /**
     * What the dialog asked for.
     *
     * @param base      engines (two to four, different), limit, searches at once and judgement preset
     * @param multipv   lines each engine searches
     * @param threshold win% points from which the engines are said to disagree
     */
    public record Choice(EvaluateUi.Choice base, int multipv, double threshold) {
        public Choice {
            Objects.requireNonNull(base, "base");
            if (base.engines().size() < 2 || base.engines().size() > EnginesUi.MAX_PANELS) {
                throw new IllegalArgumentException("a comparison needs two to four engines");
            }
            if (base.engines().stream().map(EngineEntry::id).distinct().count() != base.engines().size()) {
                throw new IllegalArgumentException("the compared engines must differ");
            }
            if (multipv < 1 || !(threshold > 0 && threshold <= 100)) {
                throw new IllegalArgumentException("multipv must be 1 or more and the threshold within 0..100");
            }
        }

        public List<EngineEntry> engines() {
            return base.engines();
        }

        public SearchLimits limits() {
            return base.limits().withMultiPv(multipv);
        }

        Settings.Comparison remembered() {
            return new Settings.Comparison(engines().stream().map(EngineEntry::id).toList(), base.limitKind(), base.limitValue(),
                    multipv, threshold, base.jobs(), base.judge());
        }
    }

    /**
     * One row of the Disagreements pane: a position where two compared engines disagree (or judge the
     * move played differently).
     */
    public record Disagreement(BatchGames.Key key, String white, String black, ComparedPosition position, PairView pair,
                               EngineView a, EngineView b) {
        /** How strongly they disagree, in win% points. */
        public double magnitude() {
            return pair.magnitude();
        }
    }

    /** A comparison the window started. */
    public record Run(BatchEvaluation.Batch batch, Choice choice, ComparisonOutputs outputs) {
        /** The figures so far (all games compared until now). */
        public ComparisonSummary summary() {
            return outputs.summary();
        }
    }

    private sealed interface News {
    }

    private record PositionNews(int generation, BatchGames.Key key, int engine, String name, PositionEval eval) implements News {
    }

    private record GameNews(int generation, GameComparison game) implements News {
    }

    private final BatchGames games;
    private final EngineRegistry registry;
    private final SessionPool pool;
    private final AnalysisStore store;
    private final JobRunner runner;
    private final GameDocument document;
    private final EnginesUi engines;
    private final I18n i18n;
    private final Supplier<MainWindow> window;
    private final Background background;

    private final ObservableList<Disagreement> disagreements = FXCollections.observableArrayList();
    private final ObjectProperty<Run> current = new SimpleObjectProperty<>(this, "current");
    private final BatchStarter<Run> starter;
    private final IntegerProperty gamesCompared = new SimpleIntegerProperty(this, "gamesCompared");
    private final Map<BatchGames.Key, GameComparison> compared = new HashMap<>();
    /** Evaluations of games not finished yet, for a game opened meanwhile. */
    private final Map<BatchGames.Key, List<PositionNews>> partial = new HashMap<>();
    private final FxInbox<News> news = new FxInbox<>(this::drain);
    private int generation;
    private Choice running;
    private Path runFile;

    public CompareUi(BatchGames games, EngineRegistry registry, SessionPool pool, AnalysisStore store, JobRunner runner,
                     GameDocument document, GameList list, EnginesUi engines, I18n i18n, Supplier<MainWindow> window,
                     Background background) {
        this.games = Objects.requireNonNull(games, "games");
        this.registry = Objects.requireNonNull(registry, "registry");
        this.pool = Objects.requireNonNull(pool, "pool");
        this.store = Objects.requireNonNull(store, "store");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.document = Objects.requireNonNull(document, "document");
        this.engines = Objects.requireNonNull(engines, "engines");
        this.i18n = Objects.requireNonNull(i18n, "i18n");
        this.window = Objects.requireNonNull(window, "window");
        this.background = Objects.requireNonNull(background, "background");
        this.starter = new BatchStarter<>(background, current, run -> run.batch().handle().result(),
                pane -> window().ifPresent(w -> w.docking().open(pane)));
        document.addListener((d, change) -> {
            if (change == GameDocument.Change.GAME) {
                gameOpened();
            }
        });
        list.actions().add(new GameList.Action("menu.compare.selected", "games-compare-selected",
                entries -> CompareDialog.ask(this, EvaluateUi.Scope.SELECTED)));
    }

    public I18n i18n() {
        return i18n;
    }

    public EngineRegistry registry() {
        return registry;
    }

    public Optional<MainWindow> window() {
        return Optional.ofNullable(window.get());
    }

    /** The disagreements of every game of the latest comparison, as games finish (FX thread). */
    public ObservableList<Disagreement> disagreements() {
        return disagreements;
    }

    /** The latest comparison the window started. */
    public ObjectProperty<Run> currentProperty() {
        return current;
    }

    /** Games compared so far in the latest comparison. */
    public IntegerProperty gamesComparedProperty() {
        return gamesCompared;
    }

    /** What the dialog offers first: the last choice, else the defaults. */
    public Settings.Comparison remembered() {
        return window().map(MainWindow::settings).flatMap(Settings::comparison).orElse(Settings.Comparison.DEFAULT);
    }

    /** The engines that play the game on the board. */
    public List<EngineEntry> enginesOfGame() {
        return registry.playing(document.game().id());
    }

    public boolean available(EvaluateUi.Scope scope) {
        return games.available(scope);
    }

    /** The comparison of the game on the board, when the latest comparison has finished it. */
    public Optional<GameComparison> onBoard() {
        return games.keyOfBoard().map(compared::get);
    }

    /**
     * Starts (or resumes) comparing the engines on the games of {@code scope}: plans and starts the
     * batch off the FX thread.
     *
     * @return completes with the run on the FX thread, or fails with why it could not start
     */
    public CompletableFuture<Run> compare(EvaluateUi.Scope scope, Choice choice) {
        window().ifPresent(w -> w.updateSettings(s -> s.withComparison(choice.remembered())));
        window().ifPresent(w -> w.useTask(org.kibitz.workbench.TaskLayout.COMPARISON));
        BatchGames.Target target;
        try {
            target = games.target(scope);
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        EvaluationRequest request = choice.base().request(target, choice.limits());
        disagreements.clear();
        compared.clear();
        partial.clear();
        gamesCompared.set(0);
        int gen = ++generation;
        running = choice;
        runFile = target.file();
        showOverlay();
        Locale locale = i18n.locale();
        return starter.start("compare-start", () -> {
            // An engine on a computer not known yet: asked first, as a panel asks (decision 0032).
            org.kibitz.workbench.engines.HostTrust.ensureKnown(request.engines().stream().map(r -> r.entry()).toList(), i18n,
                    () -> window().map(w -> (javafx.stage.Window) w.stage()).orElse(null));
            BatchEvaluation.Plan plan = BatchEvaluation.plan(request, games.files());
            String gameId = plan.opened().stream().flatMap(f -> f.first().stream()).findFirst()
                    .map(org.kibitz.api.tree.GameTree::gameId).orElse(document.game().id());
            Comparison comparison = new Comparison(JudgementModel.parse(choice.base().judge(), gameId), choice.threshold());
            ComparisonOutputs outputs = ComparisonOutputs.open(EvaluationOutputs.Targets.NONE, comparison, games.files(), plan,
                    locale, g -> queue(new GameNews(gen, g)));
            BatchEvaluation.Listener listener = new BatchEvaluation.Listener() {
                @Override
                public void game(GameResults results) {
                    outputs.game(results);
                }

                @Override
                public void position(EvaluationJob.Unit unit, PositionEval eval) {
                    queue(new PositionNews(gen, new BatchGames.Key(target.file(), unit.entry().gameNumber()), unit.engine(),
                            request.engines().get(unit.engine()).name(), eval));
                }
            };
            BatchEvaluation.Batch batch;
            try {
                batch = BatchEvaluation.start(plan, games.runs(), false, games.files(), pool, Optional.of(store), runner,
                        listener, true);
            } catch (Exception e) {
                outputs.abort();
                throw e;
            }
            return new Run(batch, choice, outputs);
        }, List.of(JobsUi.PANE, EnginesUi.CURVE_PANE), run -> {
            try {
                run.outputs().close();
            } catch (IOException e) {
                run.outputs().abort();
            }
        }, DISAGREEMENTS_PANE);
    }

    // ------------------------------------------------------------------ results, on the FX thread

    private void queue(News n) {
        news.add(n);
    }

    private void drain(List<News> batch) {
        boolean annotated = false;
        boolean overlay = false;
        for (News n : batch) {
            switch (n) {
                case PositionNews p -> {
                    if (p.generation() != generation) {
                        continue;
                    }
                    if (games.showing(p.key())) {
                        annotated |= games.put(document.tree(), p.name(), p.eval(), p.engine() == 0);
                    } else {
                        partial.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
                    }
                }
                case GameNews g -> {
                    if (g.generation() != generation) {
                        continue;
                    }
                    GameResults r = g.game().results();
                    BatchGames.Key key = new BatchGames.Key(r.file(), r.entry().gameNumber());
                    partial.remove(key);
                    compared.put(key, g.game());
                    gamesCompared.set(gamesCompared.get() + 1);
                    disagreements.addAll(rows(key, g.game()));
                    if (games.showing(key)) {
                        overlay = true;
                        loadLines(key);
                    }
                }
            }
        }
        if (annotated) {
            document.treeAnnotated();
        }
        if (overlay) {
            showOverlay();
        }
    }

    /** The rows of a compared game: each pair of engines' disagreements and differing verdicts. */
    private static List<Disagreement> rows(BatchGames.Key key, GameComparison g) {
        String white = g.results().entry().tags().getOrDefault("White", "");
        String black = g.results().entry().tags().getOrDefault("Black", "");
        List<Disagreement> out = new ArrayList<>();
        for (ComparedPosition p : g.positions()) {
            for (PairView v : p.pairs()) {
                if (v.disagrees() || v.verdictsDiffer()) {
                    out.add(new Disagreement(key, white, black, p, v, p.engine(v.a()).orElseThrow(), p.engine(v.b()).orElseThrow()));
                }
            }
        }
        return out;
    }

    /** A game was opened: what the latest comparison found for it goes into it, and the curve overlays its engines. */
    private void gameOpened() {
        Optional<BatchGames.Key> key = games.keyOfBoard();
        if (key.isPresent()) {
            boolean annotated = false;
            for (PositionNews p : partial.getOrDefault(key.get(), List.of())) {
                annotated |= games.put(document.tree(), p.name(), p.eval(), p.engine() == 0);
            }
            if (annotated) {
                document.treeAnnotated();
            }
            if (compared.containsKey(key.get())) {
                loadLines(key.get());
            }
        }
        showOverlay();
    }

    /** The curve overlays the compared engines when the board shows a game of the latest comparison. */
    private void showOverlay() {
        Optional<BatchGames.Key> key = games.keyOfBoard();
        if (running == null || key.isEmpty() || !key.get().file().equals(runFile)) {
            engines.setCurveOverlay(Optional.empty());
            return;
        }
        Set<Integer> plies = new HashSet<>();
        GameComparison g = compared.get(key.get());
        if (g != null) {
            for (ComparedPosition p : g.positions()) {
                if (p.pair(0, 1).map(PairView::disagrees).orElse(false)) {
                    plies.add(p.ply());
                }
            }
        }
        engines.setCurveOverlay(Optional.of(new EnginesUi.CurveOverlay(document.tree(),
                running.engines().stream().map(EngineEntry::name).toList(), plies)));
    }

    /**
     * Every compared engine's lines (all of its MultiPV lines, with their moves) of the main line's
     * positions of the game on the board, from the analysis store, into the tree: the engine panels
     * show them at once when the user goes there.
     */
    private void loadLines(BatchGames.Key key) {
        var tree = document.tree();
        List<GameNode> nodes = new ArrayList<>();
        nodes.add(tree.root());
        nodes.addAll(tree.mainline());
        List<PositionKey> keys = nodes.stream().map(n -> PositionKey.of(n.position())).toList();
        background.run("compare-lines", () -> {
            Map<PositionKey, List<StoredLine>> found = store.lines(keys);
            Platform.runLater(() -> {
                if (document.tree() != tree) {
                    return;
                }
                boolean changed = false;
                for (int i = 0; i < nodes.size(); i++) {
                    changed |= StoredAnalysis.putInto(nodes.get(i), found.get(keys.get(i)));
                }
                if (changed) {
                    document.treeAnnotated();
                }
            });
        });
    }

    // ------------------------------------------------------------------ the pane's links

    /**
     * Goes to a disagreement: opens its game if needed, goes to the position, and puts the compared
     * engines in the engine panels, in the comparison's order (so each panel has its engine's curve
     * colour); their lines there come from the store.
     */
    public CompletableFuture<Optional<GameNode>> goTo(Disagreement d) {
        Run run = current.get();
        List<EngineEntry> those = run == null ? List.of() : run.choice().engines();
        return games.goTo(d.key(), d.position().ply()).thenApply(node -> {
            if (!those.isEmpty()) {
                engines.showEngines(those);
                window().ifPresent(w -> w.docking().open(EnginesUi.LINES_PANE));
            }
            return node;
        });
    }
}
