package org.kibitz.workbench.evaluate;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameFiles;
import org.kibitz.core.Nags;
import org.kibitz.core.Settings;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.evaluate.EvaluationRequest;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.report.html.HtmlReport;
import org.kibitz.core.evaluate.report.html.OpeningLabels;
import org.kibitz.core.evaluate.report.html.PlayerReport;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.jobs.Background;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.files.GameList;
import org.kibitz.workbench.jobs.JobsUi;

/**
 * Batch evaluation in the workbench, one per window: starts the core's {@link BatchEvaluation} on the
 * app's job runner (the Jobs pane shows it), and brings what it finds to the game on the board as it
 * arrives (scores into the tree's nodes, so a save writes them as {@code [%eval]}; judgements as
 * glyphs) and to the Report pane (a {@link GameSummary} per game, in game order).
 *
 * <p>Results of a game that is not on the board are kept and put into it when the user opens it.
 * A run is resumable: the same request has the same run id, and its journal in the data folder's
 * {@code runs/} says which games are done.
 */
public final class EvaluateUi {

    /** The Report pane's id, as saved in layouts. */
    public static final String REPORT_PANE = "report";

    /** Which games a command evaluates. */
    public enum Scope {
        /** The game on the board. */
        GAME,
        /** Every game of the listed file. */
        FILE,
        /** The games selected in the game list. */
        SELECTED
    }

    /**
     * What the dialog asked for.
     *
     * @param engines    one or two engines
     * @param limitKind  {@code nodes}, {@code depth} or {@code movetime}
     * @param limitValue nodes, plies or milliseconds
     * @param jobs       searches at once
     * @param judge      the judgement preset, empty for the game's own
     */
    public record Choice(List<EngineEntry> engines, String limitKind, long limitValue, int jobs, String judge) {
        public Choice {
            engines = List.copyOf(engines);
            if (engines.isEmpty()) {
                throw new IllegalArgumentException("an evaluation needs an engine");
            }
            if (limitValue < 1 || jobs < 1) {
                throw new IllegalArgumentException("limit and jobs must be 1 or more");
            }
        }

        public SearchLimits limits() {
            return switch (limitKind) {
                case "depth" -> SearchLimits.depth((int) Math.min(Integer.MAX_VALUE, limitValue));
                case "movetime" -> SearchLimits.moveTime(Duration.ofMillis(limitValue));
                default -> SearchLimits.nodes(limitValue);
            };
        }

        /** How long one search may take before it is stopped. */
        Duration patience() {
            return "movetime".equals(limitKind) ? Duration.ofMillis(limitValue).multipliedBy(3).plusSeconds(30)
                    : Duration.ofMinutes(5);
        }

        Settings.Evaluation remembered() {
            return new Settings.Evaluation(engines.stream().map(EngineEntry::id).toList(), limitKind, limitValue, jobs, judge);
        }

        /** The request for the games of {@code target}, searched with {@code limits} (a comparison adds its MultiPV). */
        EvaluationRequest request(BatchGames.Target target, SearchLimits limits) {
            return new EvaluationRequest(List.of(target.file()), engines.stream().map(EngineRef::listed).toList(), limits,
                    target.selection(), Shard.ALL, patience(), jobs, true, Optional.empty());
        }
    }

    /** A batch the window started, with what its results are shown with. */
    public record Run(BatchEvaluation.Batch batch, Choice choice) {
    }

    private sealed interface News {
    }

    private record PositionNews(BatchGames.Key key, String engine, PositionEval eval) implements News {
    }

    private record GameNews(int generation, Choice choice, GameResults results) implements News {
    }

    private final BatchGames games;
    private final GameFiles files;
    private final EngineRegistry registry;
    private final SessionPool pool;
    private final AnalysisStore store;
    private final JobRunner runner;
    private final GameDocument document;
    private final GameList list;
    private final I18n i18n;
    private final Supplier<MainWindow> window;

    private final ObservableList<GameSummary> summaries = FXCollections.observableArrayList();
    private final ObjectProperty<Optional<GameSummary>> onBoard = new SimpleObjectProperty<>(this, "onBoard", Optional.empty());
    private final ObjectProperty<Run> current = new SimpleObjectProperty<>(this, "current");
    private final BatchStarter<Run> starter;
    private final Map<BatchGames.Key, GameResults> finished = new HashMap<>();
    private final Map<BatchGames.Key, GameSummary> summaryOf = new HashMap<>();
    /** Evaluations that arrived before their game finished, by game, for a game opened meanwhile. */
    private final Map<BatchGames.Key, List<PositionNews>> partial = new HashMap<>();
    private final FxInbox<News> news = new FxInbox<>(this::drain);
    /** Grows with each run started: news of an older run is not shown. */
    private int generation;
    /** Positions settled live (searched, taken from the store, or failed) in the current run, not from its journal. */
    private final java.util.concurrent.atomic.AtomicLong settledLive = new java.util.concurrent.atomic.AtomicLong();

    /**
     * @param games the games a batch reads, and the way back to them (the window's, shared with the comparison)
     */
    public EvaluateUi(BatchGames games, EngineRegistry registry, SessionPool pool, AnalysisStore store, JobRunner runner,
                      GameDocument document, GameList list, I18n i18n, Supplier<MainWindow> window, Background background) {
        this.games = Objects.requireNonNull(games, "games");
        this.files = games.files();
        this.registry = Objects.requireNonNull(registry, "registry");
        this.pool = Objects.requireNonNull(pool, "pool");
        this.store = Objects.requireNonNull(store, "store");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.document = Objects.requireNonNull(document, "document");
        this.list = Objects.requireNonNull(list, "list");
        this.i18n = Objects.requireNonNull(i18n, "i18n");
        this.window = Objects.requireNonNull(window, "window");
        this.starter = new BatchStarter<>(background, current, run -> run.batch().handle().result(),
                pane -> window().ifPresent(w -> w.docking().open(pane)));
        document.addListener((d, change) -> {
            if (change == GameDocument.Change.GAME) {
                gameOpened();
            }
        });
        list.actions().add(new GameList.Action("menu.evaluate.selected", "games-evaluate-selected",
                entries -> EvaluateDialog.ask(this, Scope.SELECTED)));
    }

    public I18n i18n() {
        return i18n;
    }

    public EngineRegistry registry() {
        return registry;
    }

    public GameDocument document() {
        return document;
    }

    public GameList gameList() {
        return list;
    }

    public Optional<MainWindow> window() {
        return Optional.ofNullable(window.get());
    }

    /** The summaries of the latest run's games, in game order (FX thread). */
    public ObservableList<GameSummary> summaries() {
        return summaries;
    }

    /**
     * Writes the latest run's finished games as a player report page ({@link HtmlReport}) to {@code target},
     * off the FX thread, judged as the Report pane judges them (the run's preset), in {@code locale}'s language.
     *
     * @return completes with the page's path, or fails with why it could not be written (nothing replaced then)
     */
    public java.util.concurrent.CompletableFuture<Path> exportReport(Path target, java.util.Locale locale) {
        List<GameResults> results = new ArrayList<>(finished.values());
        results.sort(java.util.Comparator.comparingInt(GameResults::ordinal));
        Run run = current.get();
        String judge = run == null ? "" : run.choice().judge();
        String engine = run == null || run.choice().engines().isEmpty() ? "" : run.choice().engines().get(0).name();
        String limit = run == null ? "" : run.batch().plan().request().limitText();
        List<String> sources = run == null ? List.of()
                : run.batch().plan().request().files().stream().map(f -> f.getFileName().toString()).toList();
        org.kibitz.api.game.Games known = files.games();
        String boardGame = document.game().id();
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            String gameId = results.stream().flatMap(r -> r.first().stream()).map(GameEvaluation::gameId).findFirst()
                    .orElse(boardGame);
            JudgementModel model = JudgementModel.parse(judge, gameId);
            PlayerReport report = new PlayerReport(model, known, OpeningLabels.DEFAULT);
            results.forEach(report::game);
            try {
                HtmlReport.write(target, report, locale, Optional.empty(),
                        new HtmlReport.About("", engine, limit, model.describe(), sources));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return target;
        }, r -> {
            Thread t = new Thread(r, "report-export");
            t.setDaemon(true);
            t.start();
        });
    }

    /**
     * The finished games of the window's latest run, what puzzles are made of.
     *
     * @param results its games' results, in game order (broken ones left out)
     * @param model   how they are judged: the run's preset, as the Report pane judges them
     * @param engine  the run's first engine, which solves the candidates
     * @param limits  the run's search limit
     * @param name    the run's first file's name
     */
    public record Finished(List<GameResults> results, JudgementModel model, EngineRef engine, SearchLimits limits, String name) {
    }

    /** The latest run's finished games (FX thread), empty while none has finished. */
    public Optional<Finished> finishedRun() {
        Run run = current.get();
        List<GameResults> results = new ArrayList<>(finished.values().stream().filter(r -> r.broken().isEmpty()).toList());
        if (run == null || results.isEmpty()) {
            return Optional.empty();
        }
        results.sort(java.util.Comparator.comparingInt(GameResults::ordinal));
        String gameId = results.stream().flatMap(r -> r.first().stream()).map(GameEvaluation::gameId).findFirst()
                .orElse(document.game().id());
        EvaluationRequest request = run.batch().plan().request();
        return Optional.of(new Finished(results, JudgementModel.parse(run.choice().judge(), gameId), request.engines().get(0),
                request.limits(), request.files().get(0).getFileName().toString()));
    }

    /** The window's engine sessions. */
    public SessionPool pool() {
        return pool;
    }

    /** The app's job runner (the Jobs pane shows its jobs). */
    public JobRunner runner() {
        return runner;
    }

    /** The summary of the game on the board, when the latest run evaluated it. */
    public ObjectProperty<Optional<GameSummary>> onBoardProperty() {
        return onBoard;
    }

    /** The latest run the window started. */
    public ObjectProperty<Run> currentProperty() {
        return current;
    }

    /** Positions the current run settled itself (not read back from its journal). */
    public long settledLive() {
        return settledLive.get();
    }

    /** What the dialog offers first: the last choice, else the defaults (an engine that plays the game, nodes 100000, cores). */
    public Settings.Evaluation remembered() {
        return window().map(MainWindow::settings).flatMap(Settings::evaluation).orElse(Settings.Evaluation.DEFAULT);
    }

    /** The engines that play the game on the board. */
    public List<EngineEntry> engines() {
        return registry.playing(document.game().id());
    }

    /** Whether {@code scope} has games to evaluate now. */
    public boolean available(Scope scope) {
        return games.available(scope);
    }

    /**
     * Starts (or resumes) evaluating the games of {@code scope}: plans and starts the batch off the FX
     * thread (an engine may be started to learn its fingerprint).
     *
     * @return completes with the run on the FX thread, or fails with why it could not start
     */
    public CompletableFuture<Run> evaluate(Scope scope, Choice choice) {
        window().ifPresent(w -> w.updateSettings(s -> s.withEvaluation(choice.remembered())));
        // The task's layout comes forward with the task (View › Layout switches back).
        window().ifPresent(w -> w.useTask(org.kibitz.workbench.TaskLayout.BATCH));
        BatchGames.Target target;
        try {
            target = games.target(scope);
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        Path file = target.file();
        EvaluationRequest request = choice.request(target, choice.limits());
        summaries.clear();
        summaryOf.clear();
        finished.clear();
        partial.clear();
        onBoard.set(Optional.empty());
        settledLive.set(0);
        int gen = ++generation;
        BatchEvaluation.Listener listener = new BatchEvaluation.Listener() {
            @Override
            public void game(GameResults results) {
                queue(new GameNews(gen, choice, results));
            }

            @Override
            public void position(EvaluationJob.Unit unit, PositionEval eval) {
                settledLive.incrementAndGet();
                Path f = unit.file() == 0 ? file : request.files().get(unit.file());
                queue(new PositionNews(new BatchGames.Key(f, unit.entry().gameNumber()), request.engines().get(unit.engine()).name(), eval));
            }
        };
        // Progress while it runs, the report once it is done.
        return starter.start("evaluate-start", () -> {
            // An engine on a computer not known yet: asked first, as a panel asks (decision 0032).
            org.kibitz.workbench.engines.HostTrust.ensureKnown(request.engines().stream().map(r -> r.entry()).toList(), i18n,
                    () -> window().map(w -> (javafx.stage.Window) w.stage()).orElse(null));
            BatchEvaluation.Plan plan = BatchEvaluation.plan(request, files);
            // The engines start inside the job: its row in the Jobs pane says what they are doing meanwhile.
            return new Run(BatchEvaluation.start(plan, games.runs(), false, files, pool, Optional.of(store), runner,
                    listener, true), choice);
        }, List.of(JobsUi.PANE), run -> { }, REPORT_PANE);
    }

    // ------------------------------------------------------------------ results, on the FX thread

    private void queue(News n) {
        news.add(n);
    }

    private void drain(List<News> batch) {
        // Nodes whose scores changed, told once; judgements of finished games likewise.
        boolean annotated = false;
        Map<GameNode, List<Integer>> nags = new IdentityHashMap<>();
        for (News n : batch) {
            switch (n) {
                case PositionNews p -> {
                    if (games.showing(p.key())) {
                        annotated |= games.put(document.tree(), p.engine(), p.eval(), true);
                    } else {
                        partial.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p);
                    }
                }
                case GameNews g -> {
                    if (g.generation() != generation) {
                        continue; // a run this window has moved on from
                    }
                    GameResults r = g.results();
                    BatchGames.Key key = new BatchGames.Key(r.file(), r.entry().gameNumber());
                    partial.remove(key);
                    finished.put(key, r);
                    GameSummary s = Summaries.of(r, g.choice().judge(), files.games());
                    summaryOf.put(key, s);
                    summaries.add(s);
                    if (games.showing(key)) {
                        annotated |= putAll(r);
                        nags.putAll(judgements(s));
                        onBoard.set(Optional.of(s));
                    }
                }
            }
        }
        if (annotated) {
            document.treeAnnotated();
        }
        if (!nags.isEmpty()) {
            document.setNags(nags);
        }
    }

    /** A game was opened: what the latest run found for it goes into it. */
    private void gameOpened() {
        Optional<BatchGames.Key> key = games.keyOfBoard();
        Optional<GameSummary> s = key.map(summaryOf::get);
        onBoard.set(s);
        if (key.isEmpty()) {
            return;
        }
        boolean annotated = false;
        GameResults r = finished.get(key.get());
        if (r != null) {
            annotated = putAll(r);
        }
        for (PositionNews p : partial.getOrDefault(key.get(), List.of())) {
            annotated |= games.put(document.tree(), p.engine(), p.eval(), true);
        }
        if (annotated) {
            document.treeAnnotated();
        }
        s.ifPresent(summary -> document.setNags(judgements(summary)));
    }

    /** Every engine's evaluations of a finished game into the board's tree. */
    private boolean putAll(GameResults r) {
        boolean any = false;
        for (var ev : r.byEngine()) {
            if (!games.sameMoves(ev.moves())) {
                return false; // the game on the board is not the one evaluated (edited since)
            }
            for (PositionEval e : ev.positions()) {
                any |= games.put(document.tree(), ev.engineName(), e, true);
            }
        }
        return any;
    }

    /** The glyphs of a judged game's moves: its judgements in place of any move-quality glyph, the others kept. */
    private Map<GameNode, List<Integer>> judgements(GameSummary s) {
        Map<GameNode, List<Integer>> out = new IdentityHashMap<>();
        for (GameSummary.Row r : s.rows()) {
            GameNode node = BatchGames.nodeAt(document.tree(), r.ply());
            if (node == null) {
                continue;
            }
            List<Integer> nags = new ArrayList<>(node.nags().stream().filter(n -> !Nags.isMoveQuality(n)).toList());
            if (r.nag() != 0) {
                nags.add(0, r.nag());
            }
            out.put(node, nags);
        }
        return out;
    }

    // ------------------------------------------------------------------ the report's links

    /** Goes to a judged move: on the board when its game is there, else after opening the game. */
    public void goTo(GameSummary s, int ply) {
        games.goTo(new BatchGames.Key(s.file(), s.gameNumber()), ply);
    }

    /** Opens a summary's game on the board (a game of the listed file). */
    public CompletableFuture<Boolean> open(GameSummary s) {
        return games.open(new BatchGames.Key(s.file(), s.gameNumber()));
    }

    /** The game plugin of the board. */
    GamePlugin game() {
        return document.game();
    }
}
