package org.kibitz.workbench.match;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.application.Platform;
import org.kibitz.workbench.JobKit;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Side;
import org.kibitz.api.i18n.Text;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameDocument;
import org.kibitz.core.GameFiles;
import org.kibitz.core.JsonStore;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.Shard;
import org.kibitz.core.jobs.JobHandle;
import org.kibitz.core.jobs.JobObserver;
import org.kibitz.core.jobs.JobOptions;
import org.kibitz.core.jobs.JobResult;
import org.kibitz.core.jobs.JobRunner;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.match.Adjudication;
import org.kibitz.core.match.GameRunner;
import org.kibitz.core.match.MatchJob;
import org.kibitz.core.match.MatchMerge;
import org.kibitz.core.match.MatchTally;
import org.kibitz.core.match.Opening;
import org.kibitz.core.match.Openings;
import org.kibitz.core.match.PlayedGame;
import org.kibitz.core.match.TimeControl;
import org.kibitz.core.match.stats.EloDifference;
import org.kibitz.core.match.stats.MatchScore;
import org.kibitz.core.match.stats.NormalizedElo;
import org.kibitz.core.match.stats.Sprt;
import org.kibitz.core.match.stats.TournamentRatings;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;

/**
 * Engine matches and tournaments in the workbench, one at a time: plans a {@link MatchJob} from what
 * the Match dialog asked for, runs it on the app's job runner with its journal in the data folder's
 * {@code runs/} (the plan kept beside it, so a paused match resumes, also after a restart), and keeps
 * what the Match pane shows: the standings, the games being played, the finished games.
 *
 * <p>Games are played on job threads and heard of there and on engine threads; they only store what
 * they hear. The FX thread takes it ten times a second while a match runs, so a fast
 * match cannot flood the FX thread.
 */
public final class MatchUi {

    /** The Match pane's id, as saved in layouts. */
    public static final String PANE = "match";

    /**
     * Virtual draws per pairing when a tournament is rated: the CLI's {@code --prior-draws} default
     * (decision 0012), named under the pane's table.
     */
    static final double PRIOR_DRAWS = MatchTally.DEFAULT_PRIOR_DRAWS;

    /** How often the pane takes the news of the running games. */
    static final Duration TICK = Duration.ofMillis(100);

    /** Where the match is. */
    public enum State {
        /** No match yet. */
        IDLE,
        /** Being planned (the openings read) before it starts. */
        STARTING,
        RUNNING,
        /** Pause or Stop was pressed; the games being played are ending. */
        STOPPING,
        /** Stopped with games to play: Resume continues it from its journal. */
        PAUSED,
        /** Every game played, or the SPRT decided. */
        FINISHED,
        /** Stopped for good. */
        STOPPED
    }

    /** A finished game, as the list shows it. */
    public record FinishedRow(int number, String white, String black, String result, String end, String reason,
                              int plies, String pgn, Text why, MatchJob.Finished kept) {
        /** A game as a journal of an older Kibitz keeps it: the reason in English only. */
        public FinishedRow(int number, String white, String black, String result, String end, String reason, int plies, String pgn) {
            this(number, white, black, result, end, reason, plies, pgn, null, null);
        }

        /**
         * Why it ended, in the current language: from the game's own reason when it ended in this window,
         * else as the journal keeps it in each language (English for journals that kept only English).
         */
        public String reason(I18n i18n) {
            if (why != null) {
                return i18n.render(why);
            }
            return kept == null ? reason : kept.reason(i18n.locale());
        }
    }

    /**
     * A line of the standings. For two engines, each engine's view of the match (elo, LOS, nElo are
     * against the other); for more, the tournament's ratings ({@code los} and {@code nElo} NaN).
     */
    public record StandingRow(int rank, String name, long games, long wins, long losses, long draws, double points,
                              double elo, double error, double los, double nElo, double nEloError) {
        public double score() {
            return games == 0 ? Double.NaN : points / games;
        }
    }

    /** A game being played, as the pane shows it now. */
    public record LiveRow(int number, String white, String black, String whiteClock, String blackClock,
                          Optional<Side> thinking, String lastMove, String whiteLine, String blackLine) {
    }

    /** A match that was started: its setup, its plan and its job. */
    public record Run(MatchSetup setup, MatchJob.Plan plan, JobHandle<MatchJob.Item, MatchJob.Finished> handle,
                      Optional<Sprt> sprt, int total) {
    }

    /** A setup that cannot be played, with the reason for the user. */
    public static final class SetupException extends Exception {
        public SetupException(String message) {
            super(message);
        }
    }

    private sealed interface News {
    }

    private record Done(int generation, MatchJob.Item item, MatchJob.Finished finished, boolean fromJournal)
            implements News {
    }

    private record Failed(int generation, MatchJob.Item item, String error) implements News {
    }

    private final EngineRegistry registry;
    private final Games games;
    private final GameFiles files;
    private final JobRunner runner;
    private final Path runs;
    private final JsonStore<MatchSetup> store;
    private final GameDocument document;
    private final I18n i18n;
    private final Supplier<MainWindow> window;
    private final BooleanSupplier confirmDiscard;
    private final Executor background;

    private final ObjectProperty<State> state = new SimpleObjectProperty<>(this, "state", State.IDLE);
    private final ObjectProperty<Optional<MatchSetup>> saved = new SimpleObjectProperty<>(this, "saved", Optional.empty());
    private final ObjectProperty<Run> current = new SimpleObjectProperty<>(this, "current");
    private final IntegerProperty done = new SimpleIntegerProperty(this, "done");
    private final IntegerProperty total = new SimpleIntegerProperty(this, "total");
    private final ObjectProperty<Optional<Sprt.Status>> sprtStatus = new SimpleObjectProperty<>(this, "sprt", Optional.empty());
    private final BooleanProperty watching = new SimpleBooleanProperty(this, "watching");
    private final ObservableList<StandingRow> standings = FXCollections.observableArrayList();
    private final ObservableList<FinishedRow> finished = FXCollections.observableArrayList();
    private final ObservableList<LiveRow> live = FXCollections.observableArrayList();
    private final ObservableList<String> names = FXCollections.observableArrayList();

    private final ConcurrentLinkedQueue<News> news = new ConcurrentLinkedQueue<>();
    private final ConcurrentSkipListMap<Integer, LiveGame> playing = new ConcurrentSkipListMap<>();
    /** The reasons of games that ended while the window watched, in any language (the journal's are English). */
    private final Map<Integer, Text> reasons = new ConcurrentHashMap<>();
    /** Asks the FX thread to take the news every {@link #TICK} while a match runs; made at the first match. */
    private final JobKit.Ticks ticks = new JobKit.Ticks("kibitz-match-ticks", TICK, this::tick);
    private MatchTally tally;
    private int generation;
    private boolean stopForGood;
    private boolean sprtDecided;

    /** The tree of the game followed on the board, while it is the document's. */
    private GameTree watchTree;
    private int watchedNumber;
    private GamePlugin watchedGame;

    /**
     * @param runs           the folder of the runs' journals (the data folder's {@code runs/})
     * @param store          where the last match's setup is kept
     * @param confirmDiscard asks the user about unsaved changes before the board's game is replaced
     */
    public MatchUi(EngineRegistry registry, Games games, GameFiles files, JobRunner runner, Path runs,
                   JsonStore<MatchSetup> store, GameDocument document, I18n i18n, Supplier<MainWindow> window,
                   BooleanSupplier confirmDiscard, Executor background) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.games = Objects.requireNonNull(games, "games");
        this.files = Objects.requireNonNull(files, "files");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.runs = Objects.requireNonNull(runs, "runs");
        this.store = Objects.requireNonNull(store, "store");
        this.document = Objects.requireNonNull(document, "document");
        this.i18n = Objects.requireNonNull(i18n, "i18n");
        this.window = Objects.requireNonNull(window, "window");
        this.confirmDiscard = Objects.requireNonNull(confirmDiscard, "confirmDiscard");
        this.background = Objects.requireNonNull(background, "background");
        Optional<MatchSetup> last = store.load() instanceof JsonStore.Loaded.Ok<MatchSetup> ok
                ? Optional.of(ok.value()) : Optional.empty();
        saved.set(last);
        if (last.filter(s -> !s.finished() && !s.runId().isEmpty()).isPresent()) {
            state.set(State.PAUSED);
            names.setAll(engineNames(last.get()));
        }
        last.filter(s -> !s.runId().isEmpty()).ifPresent(this::showKept);
        watching.addListener((o, was, now) -> {
            if (!now) {
                watchTree = null;
            }
        });
    }

    /**
     * The games the last match's journal kept, in the finished list and the standings, as the window
     * opens: a paused match shows where it stands before it is resumed, a finished one its results.
     */
    private void showKept(MatchSetup setup) {
        Path journal = runs.resolve(setup.runId() + ".journal.jsonl");
        if (!Files.isRegularFile(journal)) {
            return;
        }
        try {
            MatchMerge.Result kept = MatchMerge.merge(List.of(journal), true);
            tally = kept.tally();
            names.setAll(kept.names());
            for (MatchJob.Finished f : kept.games()) {
                finished.add(new FinishedRow(f.number(), f.white(), f.black(), f.result(), f.end(), f.reason(), f.plies(),
                        f.pgn(), null, f));
            }
            updateStandings(Optional.empty());
        } catch (IOException | MatchMerge.MergeException | RuntimeException e) {
            // A damaged journal shows nothing here; resuming reports it.
        }
    }

    // ------------------------------------------------------------------ what the pane reads (FX thread)

    public I18n i18n() {
        return i18n;
    }

    public EngineRegistry registry() {
        return registry;
    }

    public Games games() {
        return games;
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

    /** The last match's setup, as kept in the data folder. */
    public ObjectProperty<Optional<MatchSetup>> savedProperty() {
        return saved;
    }

    public ObjectProperty<Run> currentProperty() {
        return current;
    }

    public IntegerProperty doneProperty() {
        return done;
    }

    public IntegerProperty totalProperty() {
        return total;
    }

    /** The SPRT's state, when the match has one. */
    public ObjectProperty<Optional<Sprt.Status>> sprtProperty() {
        return sprtStatus;
    }

    /** Whether the board follows a running game. */
    public BooleanProperty watchingProperty() {
        return watching;
    }

    public ObservableList<StandingRow> standings() {
        return standings;
    }

    public ObservableList<FinishedRow> finished() {
        return finished;
    }

    public ObservableList<LiveRow> live() {
        return live;
    }

    /** The engines of the match shown. */
    public ObservableList<String> names() {
        return names;
    }

    /** Whether a match runs or is getting ready or ending. */
    public boolean busy() {
        State s = state.get();
        return s == State.STARTING || s == State.RUNNING || s == State.STOPPING;
    }

    /** What the dialog offers first: the last setup, else the defaults. */
    public MatchSetup remembered() {
        return saved.get().orElse(MatchSetup.DEFAULT);
    }

    /** The engines that play {@code gameId}. */
    public List<EngineEntry> engines(String gameId) {
        return registry.playing(gameId);
    }

    // ------------------------------------------------------------------ planning

    /** A plan ready to run, with the engines' names and the SPRT. */
    record Prepared(MatchJob.Plan plan, Optional<Sprt> sprt, boolean clocked) {
    }

    /** Plans what {@code s} asks for (reads the openings file: not on the FX thread for a large one). */
    Prepared prepare(MatchSetup s) throws SetupException {
        GamePlugin g = games.byId(s.gameId()).orElseThrow(() -> fail("match.error.game", s.gameId()));
        if (s.engines().size() < 2) {
            throw fail("match.error.engines");
        }
        List<EngineRef> refs = new ArrayList<>();
        List<String> engineNames = new ArrayList<>();
        for (String id : s.engines()) {
            EngineEntry e = registry.byId(id).orElseThrow(() -> fail("match.error.engine", id));
            String name = e.name();
            if (engineNames.contains(name)) {
                name = name + " (" + (engineNames.size() + 1) + ")";
            }
            refs.add(EngineRef.listed(e));
            engineNames.add(name);
        }
        TimeControl tc;
        try {
            tc = TimeControl.parse(s.timeSettings());
        } catch (IllegalArgumentException e) {
            throw fail("match.error.tc", e.getMessage());
        }
        String ruleSet = g.ruleSets().isEmpty() ? "" : g.ruleSets().contains(s.ruleSet()) ? s.ruleSet() : g.ruleSets().get(0);
        Adjudication adj;
        try {
            adj = new Adjudication(
                    s.resignMoves() > 0 ? Optional.of(new Adjudication.Resign(s.resignMoves(), s.resignScore(), false)) : Optional.empty(),
                    s.drawMoves() > 0 ? Optional.of(new Adjudication.Draw(s.drawMoveNumber(), s.drawMoves(), s.drawScore())) : Optional.empty(),
                    s.maxMoves() > 0 ? OptionalInt.of(s.maxMoves()) : OptionalInt.empty());
        } catch (IllegalArgumentException e) {
            throw fail("match.error.adjudication", e.getMessage());
        }
        Openings openings;
        if (s.openings().isEmpty()) {
            openings = Openings.standard(g);
        } else {
            Openings.Options o = Openings.Options.defaults().withSeed(s.runId().hashCode())
                    .withOrder(Openings.Order.parse(s.order()).orElse(Openings.Order.SEQUENTIAL));
            if (s.plies() > 0) {
                o = o.withPlies(s.plies());
            }
            try {
                openings = Openings.load(Path.of(s.openings()), o, files, Optional.of(g));
            } catch (GameFiles.OpenException e) {
                throw new SetupException(i18n.get("match.error.openings", i18n.render(e.text())));
            } catch (RuntimeException e) {
                throw fail("match.error.openings", String.valueOf(e.getMessage()));
            }
            if (!openings.gameId().equals(g.id()) || openings.size() == 0) {
                throw fail("match.error.openingsGame", s.openings(), g.id());
            }
        }
        Optional<Sprt> sprt = Optional.empty();
        if (s.sprt() && engineNames.size() == 2) {
            try {
                sprt = Optional.of(new Sprt(s.alpha(), s.beta(), s.elo0(), s.elo1(), Sprt.Model.NORMALIZED));
            } catch (IllegalArgumentException e) {
                throw fail("match.error.sprt", e.getMessage());
            }
        }
        GameRunner.Settings settings = new GameRunner.Settings(g, ruleSet, adj, Duration.ofSeconds(60));
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("game", g.id());
        parameters.put("openings", s.openings().isEmpty() ? "" : "file=" + s.openings() + " order=" + s.order()
                + (s.plies() > 0 ? " plies=" + s.plies() : ""));
        parameters.put("adjudication", adj.toString());
        Openings chosen = openings;
        MatchJob.Plan plan = new MatchJob.Plan(engineNames.size() == 2 ? "Kibitz match" : "Kibitz tournament", refs,
                engineNames, java.util.Collections.nCopies(refs.size(), tc), settings, s.games(), s.rounds(), s.repeat(), s.gauntlet(), pair -> {
                    Opening o = chosen.forPair(pair);
                    return new MatchJob.Start(o.start(), o.moves(), chosen.file().isPresent() ? o.label() : "");
                }, parameters, Shard.ALL);
        return new Prepared(plan, sprt, tc.clocked());
    }

    private SetupException fail(String key, Object... args) {
        return new SetupException(i18n.get(key, args));
    }

    private List<String> engineNames(MatchSetup s) {
        return s.engines().stream().map(id -> registry.byId(id).map(EngineEntry::name).orElse(id)).toList();
    }

    // ------------------------------------------------------------------ running (FX thread)

    /**
     * Starts the match {@code setup} asks for, a new run; its setup is kept as the last match.
     *
     * @return completes with the run on the FX thread, or fails with why it could not start
     */
    public CompletableFuture<Run> start(MatchSetup setup) {
        String id = "match-" + Long.toString(System.currentTimeMillis(), 36);
        // The match's layout comes before its games start: rebuilding the docking while the first
        // game is played kept the board from following its first moves.
        if (Platform.isFxApplicationThread()) {
            window().ifPresent(w -> w.useTask(org.kibitz.workbench.TaskLayout.MATCH));
        }
        return launch(setup.withRun(id, false), false);
    }

    /** Continues the last match from its journal: its finished games are taken as played. */
    public CompletableFuture<Run> resume() {
        Optional<MatchSetup> s = saved.get().filter(m -> !m.runId().isEmpty());
        if (s.isEmpty()) {
            return CompletableFuture.failedFuture(fail("match.error.nothingToResume"));
        }
        return launch(s.get().withFinished(false), true);
    }

    private CompletableFuture<Run> launch(MatchSetup setup, boolean resume) {
        CompletableFuture<Run> started = new CompletableFuture<>();
        if (busy()) {
            started.completeExceptionally(fail("match.error.busy"));
            return started;
        }
        State before = state.get();
        state.set(State.STARTING);
        int gen = ++generation;
        news.clear();
        playing.clear();
        reasons.clear();
        finished.clear();
        live.clear();
        sprtStatus.set(Optional.empty());
        done.set(0);
        total.set(0);
        stopForGood = false;
        sprtDecided = false;
        JobKit.start(background, () -> {
                Prepared p = prepare(setup);
                // An engine on a computer not known yet: asked first, as a panel asks (decision 0032).
                org.kibitz.workbench.engines.HostTrust.ensureKnown(p.plan().engines().stream().map(r -> r.entry()).toList(), i18n,
                        () -> window().map(w -> (javafx.stage.Window) w.stage()).orElse(null));
                Files.createDirectories(runs);
                Path journal = runs.resolve(setup.runId() + ".journal.jsonl");
                if (!resume) {
                    Files.deleteIfExists(journal);
                }
                store.save(setup);
                int c = setup.concurrency();
                SessionPool pool = SessionPool.of(registry, games, 2 * c, 2 * c);
                FormatPlugin pgn = files.formats().byId("pgn").orElseThrow();
                MatchJob job = new MatchJob(p.plan(), pool, games, pgn, item -> observe(item, p));
                JobObserver<MatchJob.Item, MatchJob.Finished> observer = new JobObserver<>() {
                    @Override
                    public void itemDone(MatchJob.Item item, MatchJob.Finished f, boolean fromJournal) {
                        news.add(new Done(gen, item, f, fromJournal));
                    }

                    @Override
                    public void itemFailed(MatchJob.Item item, Throwable error) {
                        news.add(new Failed(gen, item, String.valueOf(error.getMessage())));
                    }
                };
                int count = job.items().size();
                Platform.runLater(() -> {
                    tally = new MatchTally(p.plan().names());
                    names.setAll(p.plan().names());
                    total.set(count);
                    saved.set(Optional.of(setup));
                    updateStandings(p.sprt());
                });
                JobHandle<MatchJob.Item, MatchJob.Finished> handle = runner.submit(job,
                        JobOptions.DEFAULT.withJournal(journal, true).withParallelism(c), observer);
                return new Launched(new Run(setup, p.plan(), handle, p.sprt(), count), pool);
        }, l -> {
            current.set(l.run());
            state.set(State.RUNNING);
            ticks.start();
            window().ifPresent(w -> w.docking().open(PANE));
            l.run().handle().result().whenComplete((r, x) -> {
                background.execute(l.pool()::close);
                Platform.runLater(() -> ended(l.run(), r));
            });
        }).whenComplete((l, x) -> {
            if (x != null) {
                state.set(before);
                started.completeExceptionally(x);
            } else {
                started.complete(l.run());
            }
        });
        return started;
    }

    /** A match started: its run, and the engines' pool it holds until its job is over. */
    private record Launched(Run run, SessionPool pool) {
    }

    /** Pauses the match: no new game starts, the games being played stop; Resume plays them again. */
    public void pause() {
        Run run = current.get();
        if (run != null && state.get() == State.RUNNING) {
            state.set(State.STOPPING);
            run.handle().cancel();
        }
    }

    /** Stops the match for good (its journal stays, but it is not offered to resume). */
    public void stop() {
        Run run = current.get();
        if (run != null && state.get() == State.RUNNING) {
            stopForGood = true;
            state.set(State.STOPPING);
            run.handle().cancel();
        } else if (state.get() == State.PAUSED) {
            keep(remembered().withFinished(true));
            state.set(State.STOPPED);
        }
    }

    private void ended(Run run, JobResult<MatchJob.Finished> result) {
        tick();
        if (current.get() != run) {
            return;
        }
        ticks.stop();
        playing.clear();
        live.clear();
        boolean complete = result != null && result.state() == JobState.COMPLETED && result.failures().isEmpty();
        if (complete || sprtDecided || stopForGood) {
            keep(run.setup().withFinished(true));
            state.set(stopForGood && !complete && !sprtDecided ? State.STOPPED : State.FINISHED);
        } else {
            state.set(State.PAUSED);
            if (result != null && result.state() == JobState.FAILED) {
                window().ifPresent(w -> w.notify(i18n.get("match.failed", String.valueOf(result.failures()))));
            }
        }
    }

    private void keep(MatchSetup s) {
        saved.set(Optional.of(s));
        background.execute(() -> {
            try {
                store.save(s);
            } catch (IOException e) {
                Platform.runLater(() -> window().ifPresent(w -> w.notify(i18n.get("match.saveFailed", e.getMessage()))));
            }
        });
    }

    private GameRunner.Observer observe(MatchJob.Item item, Prepared p) {
        MatchJob.Start start = p.plan().openings().apply(item.pair());
        LiveGame g = new LiveGame(item.number(), p.plan().names().get(item.white()), p.plan().names().get(item.black()),
                start.position(), start.book(), p.clocked());
        playing.put(item.number(), g);
        return new GameRunner.Observer() {
            @Override
            public void started(org.kibitz.api.game.Position position, GameRunner.Player white, GameRunner.Player black,
                                Duration whiteLeft, Duration blackLeft) {
                g.started(position, whiteLeft, blackLeft);
            }

            @Override
            public void asked(Side side, org.kibitz.api.game.Position position) {
                g.asked(side);
            }

            @Override
            public void thinking(Side side, EngineEvent.AnalysisUpdate update) {
                if (update.multipv() <= 1) {
                    g.thinking(side, update);
                }
            }

            @Override
            public void moved(org.kibitz.api.game.Position before, org.kibitz.core.match.PlayedGame.Played move,
                              org.kibitz.api.game.Position after, Duration whiteLeft, Duration blackLeft) {
                g.moved(before, move.move(), move.score(), after, whiteLeft, blackLeft);
            }

            @Override
            public void ended(PlayedGame game) {
                reasons.put(item.number(), game.reason());
                playing.remove(item.number(), g);
            }
        };
    }

    // ------------------------------------------------------------------ the news, on the FX thread

    /** Takes the news: finished games into the tally and the list, the running games' state. */
    void tick() {
        Run run = current.get();
        boolean counted = false;
        for (News n; (n = news.poll()) != null; ) {
            switch (n) {
                case Done d -> {
                    if (d.generation() != generation || tally == null) {
                        continue;
                    }
                    MatchJob.Finished f = d.finished();
                    tally.add(d.item().white(), d.item().black(), d.item().pair(), f.result());
                    Text why = reasons.remove(f.number());
                    String reason = why == null ? f.reason() : i18n.render(why);
                    FinishedRow row = new FinishedRow(f.number(), f.white(), f.black(), f.result(), f.end(), reason,
                            f.plies(), f.pgn(), why, f);
                    int at = 0;
                    while (at < finished.size() && finished.get(at).number() < row.number()) {
                        at++;
                    }
                    finished.add(at, row);
                    counted = true;
                    if (!d.fromJournal() && run != null && run.sprt().isPresent() && !sprtDecided
                            && tally.sprt(0, 1, run.sprt().get()).decision() != Sprt.Decision.CONTINUE) {
                        sprtDecided = true;
                        if (state.get() == State.RUNNING) {
                            state.set(State.STOPPING);
                        }
                        run.handle().cancel();
                    }
                }
                case Failed f -> {
                    if (f.generation() == generation) {
                        window().ifPresent(w -> w.setStatus(i18n.get("match.gameFailed", f.item().number(), f.error())));
                    }
                }
            }
        }
        if (counted && run != null) {
            done.set(finished.size());
            updateStandings(run.sprt());
        }
        List<LiveGame.Snapshot> snaps = playing.values().stream().map(LiveGame::snapshot)
                .sorted(Comparator.comparingInt(LiveGame.Snapshot::number)).toList();
        List<LiveRow> rows = snaps.stream().map(this::row).toList();
        if (!rows.equals(live)) {
            live.setAll(rows);
        }
        follow(snaps);
    }

    private void updateStandings(Optional<Sprt> sprt) {
        if (tally == null) {
            return;
        }
        List<String> n = tally.names();
        List<StandingRow> rows = new ArrayList<>();
        if (n.size() == 2) {
            for (int a = 0; a < 2; a++) {
                MatchScore s = tally.score(a, 1 - a);
                EloDifference elo = s.games() > 0 ? EloDifference.of(s) : new EloDifference(Double.NaN, Double.NaN, Double.NaN);
                NormalizedElo nelo = s.games() > 0 ? NormalizedElo.fastchess(s) : new NormalizedElo(Double.NaN, Double.NaN);
                rows.add(new StandingRow(a + 1, n.get(a), s.games(), s.wins(), s.losses(), s.draws(), s.points(),
                        elo.elo(), elo.error(), elo.los(), nelo.nElo(), nelo.error()));
            }
            rows.sort(Comparator.comparingDouble(StandingRow::points).reversed());
            sprtStatus.set(sprt.map(t -> tally.sprt(0, 1, t)));
        } else {
            List<TournamentRatings.HeadToHead> h = new ArrayList<>();
            for (int a = 0; a < n.size(); a++) {
                for (int b = a + 1; b < n.size(); b++) {
                    MatchScore s = tally.score(a, b);
                    if (s.games() > 0) {
                        h.add(new TournamentRatings.HeadToHead(n.get(a), n.get(b), s));
                    }
                }
            }
            Map<String, TournamentRatings.Rating> fitted = new HashMap<>();
            if (!h.isEmpty()) {
                try {
                    TournamentRatings.fit(h, PRIOR_DRAWS).forEach(r -> fitted.put(r.name(), r));
                } catch (RuntimeException e) {
                    // Ratings that do not converge are left out; the points still stand.
                }
            }
            for (int a = 0; a < n.size(); a++) {
                TournamentRatings.Rating r = fitted.get(n.get(a));
                long w = 0;
                long l = 0;
                long d = 0;
                for (int b = 0; b < n.size(); b++) {
                    if (b != a) {
                        MatchTally.Encounter e = tally.encounter(a, b);
                        w += e.wins();
                        l += e.losses();
                        d += e.draws();
                    }
                }
                rows.add(new StandingRow(0, n.get(a), tally.games(a), w, l, d, tally.points(a),
                        r == null ? Double.NaN : r.elo(), r == null ? Double.NaN : r.error(), Double.NaN, Double.NaN, Double.NaN));
            }
            rows.sort(Comparator.comparingDouble(StandingRow::points).reversed()
                    .thenComparing(Comparator.comparingDouble((StandingRow r) -> Double.isNaN(r.elo()) ? -1e9 : r.elo()).reversed()));
            sprtStatus.set(Optional.empty());
        }
        List<StandingRow> ranked = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            StandingRow r = rows.get(i);
            ranked.add(new StandingRow(i + 1, r.name(), r.games(), r.wins(), r.losses(), r.draws(), r.points(), r.elo(),
                    r.error(), r.los(), r.nElo(), r.nEloError()));
        }
        standings.setAll(ranked);
    }

    private LiveRow row(LiveGame.Snapshot s) {
        GamePlugin g = games.byId(s.position().gameId()).orElse(null);
        Notation notation = g == null ? null : g.notations().get(0);
        long now = System.nanoTime();
        String wc = clock(s, Side.WHITE, now);
        String bc = clock(s, Side.BLACK, now);
        String last = s.lastMove().map(m -> {
            org.kibitz.api.game.Position before = s.beforeLast().orElseThrow();
            String text;
            try {
                text = notation == null ? m.toString() : notation.format(before, m);
            } catch (RuntimeException e) {
                text = m.coordinates(g == null ? 1 : g.coordinateRankBase());
            }
            int moveNumber = s.moves().size() / 2 + (s.moves().size() % 2);
            return moveNumber + (before.sideToMove() == Side.WHITE ? ". " : "… ") + text;
        }).orElse("");
        return new LiveRow(s.number(), s.white(), s.black(), wc, bc, s.thinking(), last,
                line(s.whiteLine(), notation), line(s.blackLine(), notation));
    }

    private static String clock(LiveGame.Snapshot s, Side side, long now) {
        if (!s.clocked()) {
            // No clock: the time of the search under way.
            if (s.thinking().filter(side::equals).isPresent()) {
                return time(Duration.ofNanos(now - s.askedAtNanos()));
            }
            return "";
        }
        Duration left = side == Side.WHITE ? s.whiteLeft() : s.blackLeft();
        if (s.thinking().filter(side::equals).isPresent()) {
            left = left.minusNanos(now - s.askedAtNanos());
        }
        return time(left.isNegative() ? Duration.ZERO : left);
    }

    /** {@code m:ss.t}, or {@code h:mm:ss} from an hour. */
    static String time(Duration d) {
        long ms = Math.max(0, d.toMillis());
        long s = ms / 1000;
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d:%02d.%d", s / 60, s % 60, ms / 100 % 10);
    }

    private static String line(Optional<EngineEvent.AnalysisUpdate> update, Notation notation) {
        if (update.isEmpty()) {
            return "";
        }
        EngineEvent.AnalysisUpdate u = update.get();
        StringBuilder b = new StringBuilder();
        u.score().map((Score s) -> AnalysisText.score(s, AnalysisText.Unit.PAWNS)).ifPresent(b::append);
        u.depth().ifPresent(d -> b.append(b.isEmpty() ? "" : "  ").append("d").append(d));
        if (!u.pv().isEmpty() && notation != null) {
            b.append(b.isEmpty() ? "" : "  ").append(AnalysisText.pv(u.position(), u.pv(), notation, 10));
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ the board

    /**
     * Starts following a running game on the board: the board's game is replaced (after asking about
     * unsaved changes) by the game being played, which grows as its moves come.
     *
     * @return whether the board follows it (false when the user kept their game)
     */
    public boolean watch() {
        if (watchTree != null && document.tree() == watchTree) {
            watching.set(true);
            return true;
        }
        if (!confirmDiscard.getAsBoolean()) {
            watching.set(false);
            return false;
        }
        watchTree = null;
        watchedNumber = 0;
        watching.set(true);
        follow(playing.values().stream().map(LiveGame::snapshot).sorted(Comparator.comparingInt(LiveGame.Snapshot::number)).toList());
        return true;
    }

    /** The board stops following. */
    public void unwatch() {
        watching.set(false);
    }

    private void follow(List<LiveGame.Snapshot> snaps) {
        if (!watching.get()) {
            return;
        }
        if (watchTree != null && document.tree() != watchTree) {
            // The user opened another game: it is theirs now.
            watching.set(false);
            return;
        }
        Optional<LiveGame.Snapshot> s = snaps.stream().filter(x -> x.number() == watchedNumber).findFirst()
                .or(() -> snaps.stream().findFirst());
        if (s.isEmpty()) {
            return;
        }
        LiveGame.Snapshot g = s.get();
        GamePlugin plugin = games.byId(g.start().gameId()).orElse(null);
        if (plugin == null) {
            return;
        }
        List<GameNode> line = watchTree == null ? List.of() : watchTree.mainline();
        List<Move> have = new ArrayList<>();
        for (GameNode node : line) {
            node.move().ifPresent(have::add);
        }
        boolean prefix = have.size() <= g.moves().size() && g.moves().subList(0, have.size()).equals(have);
        if (watchTree == null || g.number() != watchedNumber || !prefix || watchedGame != plugin) {
            document.newGame(plugin, g.start());
            watchTree = document.tree();
            document.markPlayedHere();
            watchedNumber = g.number();
            watchedGame = plugin;
            have.clear();
        }
        if (g.moves().size() > have.size()) {
            // The match's moves are not the user's changes: Watch again, or opening another game, asks
            // about saving only when the user changed the followed game themselves.
            boolean edited = document.modified();
            document.goTo(watchTree.mainlineEnd());
            boolean evaluated = false;
            for (int i = have.size(); i < g.moves().size(); i++) {
                GameNode n = document.play(g.moves().get(i));
                // The engines' own scores on the moves: the curve follows the watched game.
                Optional<Score> e = i < g.evals().size() ? g.evals().get(i) : Optional.empty();
                if (e.isPresent()) {
                    n.setEvalForWhite(e.get());
                    // Saved, the game keeps whose evaluation each is (the mover's), as the match's own file does.
                    if (n.comment().isEmpty()) {
                        n.setComment(org.kibitz.core.analysis.EngineGameCurve.comment(
                                e.get().forWhite(n.positionBefore().sideToMove()), java.util.OptionalInt.empty()));
                    }
                    evaluated = true;
                }
            }
            if (evaluated) {
                document.treeAnnotated();
            }
            if (!edited) {
                document.markUnmodified();
            }
        }
    }

    /** The number of the game the board follows, 0 for none. */
    public int watchedGame() {
        return watching.get() && watchTree != null ? watchedNumber : 0;
    }

    /**
     * Opens a finished game on the board (after asking about unsaved changes), read from its PGN.
     *
     * @return whether it was opened
     */
    public boolean open(FinishedRow row) {
        GameTree tree;
        try {
            tree = readPgn(row.pgn());
        } catch (IOException | RuntimeException e) {
            window().ifPresent(w -> w.notify(i18n.get("match.openFailed", row.number(), String.valueOf(e.getMessage()))));
            return false;
        }
        GamePlugin g = games.byId(tree.gameId()).orElse(null);
        if (g == null) {
            return false;
        }
        boolean ours = watchTree != null && document.tree() == watchTree;
        if (!ours && !confirmDiscard.getAsBoolean()) {
            return false;
        }
        watching.set(false);
        document.open(g, tree, Optional.empty());
        window().ifPresent(w -> w.setStatus(i18n.get("match.opened", row.number(), row.white(), row.black())));
        return true;
    }

    /** The first game of a PGN text. */
    GameTree readPgn(String pgn) throws IOException {
        FormatPlugin format = files.formats().byId("pgn").orElseThrow();
        try (GameReader reader = format.reader(new ByteArrayInputStream(pgn.getBytes(StandardCharsets.UTF_8)),
                ReadContext.of("match", games))) {
            ReadResult r = reader.next();
            if (r == null || r.game().isEmpty()) {
                throw new IOException("no game in the PGN text");
            }
            return r.game().get();
        }
    }
}
