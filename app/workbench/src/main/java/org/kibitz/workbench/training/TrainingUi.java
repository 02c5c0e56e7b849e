package org.kibitz.workbench.training;

import org.kibitz.core.puzzle.Puzzle;
import org.kibitz.core.puzzle.PuzzleFileException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javafx.animation.PauseTransition;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.util.Duration;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.core.GameDocument;
import org.kibitz.core.training.Mistakes;
import org.kibitz.core.training.PuzzleRun;
import org.kibitz.core.training.TrainingProgress;
import org.kibitz.core.training.TrainingQueue;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.moves.MoveListOptions;

/**
 * The training pane's state, FX thread only: a puzzle set solved one puzzle at a time (the opponent's move
 * played, the solver's checked, replies played, failures brought back by {@link TrainingQueue} and kept in
 * {@link TrainingProgress}), or "Learn from your mistakes" over the game the window shows. The pane draws
 * what {@link #view()} holds and hands the moves played on its board to {@link #tried(Move)}.
 */
public final class TrainingUi {

    /** The pane's id. */
    public static final String PANE = "training";

    /** What the pane is doing. */
    public enum Mode {
        IDLE, PUZZLES, MISTAKES
    }

    /** How long a move is shown before the answer to it is played (the opponent's first move, a reply). */
    static final Duration REPLY_DELAY = Duration.millis(450);

    /**
     * What the board shows.
     *
     * @param game        the game drawn
     * @param position    the position
     * @param last        the move that led to it, marked
     * @param marked      squares marked (a hint)
     * @param interactive whether the user may move now
     * @param flipped     whether seen from Black's (Black's in xiangqi) side: the solver's at the bottom
     */
    public record View(GamePlugin game, Position position, Optional<Move> last, List<Square> marked, boolean interactive,
                       boolean flipped) {
    }

    /** What an engine said of a move the game has no score for. */
    public enum Checked {
        /** At most the margin worse than the engine's best. */
        GOOD,
        /** Worse than that. */
        WORSE,
        /** No engine plays the game. */
        NO_ENGINE
    }

    /** Checks a move the game has no score for with an engine, off the FX thread. */
    @FunctionalInterface
    public interface MoveChecker {
        /** @return completes (on any thread) with the verdict, or fails with why the engine could not say */
        java.util.concurrent.CompletableFuture<Checked> check(GamePlugin game, Position before, Move move, Optional<Move> best);
    }

    /** Reads a puzzle file into puzzles; throws with a message for the user. */
    @FunctionalInterface
    public interface PuzzleReader {
        List<Puzzle> read(Path file) throws IOException;
    }

    private final Games games;
    private final I18n i18n;
    private final GameDocument document;
    private final MoveListOptions notation;
    private final Path progressFile;
    private final Clock clock;
    private final PuzzleReader reader;

    private final ReadOnlyObjectWrapper<Mode> mode = new ReadOnlyObjectWrapper<>(this, "mode", Mode.IDLE);
    private final ReadOnlyObjectWrapper<View> view = new ReadOnlyObjectWrapper<>(this, "view");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    /** Makes the title in the current language, again after a language switch. */
    private java.util.function.Supplier<String> titleText = () -> "";
    private final ReadOnlyStringWrapper stats = new ReadOnlyStringWrapper(this, "stats", "");
    private final ReadOnlyIntegerWrapper revision = new ReadOnlyIntegerWrapper(this, "revision");
    private final ObjectProperty<Side> mistakesSide = new SimpleObjectProperty<>(this, "mistakesSide", Side.WHITE);
    /** The message's key and arguments, so a language switch says it again. */
    private String messageKey = "";
    private Object[] messageArgs = {};

    private TrainingProgress progress;
    private TrainingQueue queue;
    private String setName = "";
    private PuzzleRun run;
    private boolean recorded;
    private int solvedClean;
    private int failedCount;

    private List<Mistakes.Mistake> mistakes = List.of();
    private int mistakeIndex;
    private boolean mistakeOver;
    private boolean mistakeHinted;
    private PauseTransition pending;
    private MoveChecker checker;
    /** Grows whenever what is shown changes: a check's answer for an older position is dropped. */
    private int shown;
    private boolean checking;

    public TrainingUi(Games games, I18n i18n, GameDocument document, MoveListOptions notation, Path dataFolder, Clock clock,
                      PuzzleReader reader) {
        this.games = Objects.requireNonNull(games, "games");
        this.i18n = Objects.requireNonNull(i18n, "i18n");
        this.document = Objects.requireNonNull(document, "document");
        this.notation = Objects.requireNonNull(notation, "notation");
        this.progressFile = TrainingProgress.fileIn(dataFolder);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.reader = Objects.requireNonNull(reader, "reader");
        i18n.localeProperty().addListener((o, a, b) -> {
            // The title too: "Learn from your mistakes: Black" stayed in the old language until the next one.
            title.set(titleText.get());
            if (!messageKey.isEmpty()) {
                say(messageKey, messageArgs);
            }
            showStats();
        });
    }

    public I18n i18n() {
        return i18n;
    }

    /** The engine that checks unscored moves at a mistake (null: such a move is said to have no engine). */
    public void setChecker(MoveChecker checker) {
        this.checker = checker;
    }

    public ReadOnlyObjectProperty<Mode> modeProperty() {
        return mode.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<View> viewProperty() {
        return view.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The message's key now (tests check what was said without its words). */
    public String messageKey() {
        return messageKey;
    }

    private void title(java.util.function.Supplier<String> text) {
        titleText = text;
        title.set(text.get());
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statsProperty() {
        return stats.getReadOnlyProperty();
    }

    /** Increases on every change of what the buttons may do. */
    public ReadOnlyIntegerProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /** The side whose mistakes "Learn from your mistakes" asks. */
    public ObjectProperty<Side> mistakesSideProperty() {
        return mistakesSide;
    }

    /** The progress kept in the data folder, read on first use. */
    public TrainingProgress progress() {
        if (progress == null) {
            progress = new TrainingProgress(progressFile, clock);
        }
        return progress;
    }

    // ---- puzzles ----------------------------------------------------------------------------------------

    /** Opens a puzzle file and asks its first due puzzle; a file that cannot be read is said so. */
    public void openFile(Path file) {
        List<Puzzle> read;
        try {
            read = reader.read(file);
        } catch (PuzzleFileException e) {
            say("training.open.failed", file.getFileName(), i18n.render(e.text()));
            return;
        } catch (IOException | RuntimeException e) {
            say("training.open.failed", file.getFileName(), e.getMessage() == null ? e.toString() : e.getMessage());
            return;
        }
        openPuzzles(read, file.getFileName().toString());
    }

    /** Starts a session over {@code puzzles} (read from {@code name}). */
    public void openPuzzles(List<Puzzle> puzzles, String name) {
        List<Puzzle> playable = new ArrayList<>();
        int unknown = 0;
        for (Puzzle p : puzzles) {
            if (games.byId(p.game()).isPresent()) {
                playable.add(p);
            } else {
                unknown++;
            }
        }
        stopPending();
        mistakes = List.of();
        queue = new TrainingQueue(playable, progress());
        setName = name;
        solvedClean = 0;
        failedCount = 0;
        mode.set(Mode.PUZZLES);
        progress().problem().ifPresent(p -> say("training.progress.corrupt", p));
        if (playable.isEmpty()) {
            run = null;
            view.set(null);
            say("training.open.empty", name, unknown);
            showStats();
            changed();
            return;
        }
        nextPuzzle();
    }

    /** Asks the next puzzle the queue gives, or says the session is done. */
    public void nextPuzzle() {
        if (queue == null) {
            return;
        }
        stopPending();
        while (true) {
            Optional<Puzzle> next = queue.next();
            if (next.isEmpty()) {
                run = null;
                say("training.done", solvedClean, failedCount);
                showStats();
                if (view.get() != null) {
                    View v = view.get();
                    view.set(new View(v.game(), v.position(), v.last(), List.of(), false, v.flipped()));
                }
                changed();
                return;
            }
            try {
                start(new PuzzleRun(next.get(), games.byId(next.get().game()).orElseThrow()));
                return;
            } catch (IllegalArgumentException e) {
                // A puzzle whose line is not legal: said, counted as not askable, the next one asked.
                say("training.puzzle.bad", e.getMessage());
                queue.finished(next.get(), PuzzleRun.Result.CLEAN);
            }
        }
    }

    /** Asks the puzzle shown again from its start (after it is over); the retry is not recorded again. */
    public void retry() {
        if (run == null) {
            return;
        }
        stopPending();
        PuzzleRun again = new PuzzleRun(run.puzzle(), run.game());
        start(again);
        recorded = true;
    }

    private void start(PuzzleRun r) {
        run = r;
        recorded = false;
        mode.set(Mode.PUZZLES);
        boolean flipped = r.solver() == Side.BLACK;
        title(() -> i18n.get("training.puzzle.title", r.puzzle().id().isEmpty() ? "-" : r.puzzle().id(),
                r.puzzle().rating() > 0 ? String.valueOf(r.puzzle().rating()) : "-"));
        // The opponent's move: shown first from the position before it, then played.
        view.set(new View(r.game(), r.before(), Optional.empty(), List.of(), false, flipped));
        say("training.puzzle.watch");
        showStats();
        changed();
        later(() -> {
            view.set(new View(r.game(), r.position(), Optional.of(r.lastMove()), List.of(), true, flipped));
            say("training.puzzle.yourMove", sideName(r.solver(), r.game()), r.solverMoves());
            changed();
        });
    }

    /** The puzzle being solved, if any. */
    public Optional<PuzzleRun> run() {
        return Optional.ofNullable(run);
    }

    // ---- moves ------------------------------------------------------------------------------------------

    /** A move the user played on the pane's board. */
    public void tried(Move move) {
        if (pending != null || checking) {
            return;
        }
        if (mode.get() == Mode.PUZZLES && run != null) {
            triedInPuzzle(move);
        } else if (mode.get() == Mode.MISTAKES && !mistakes.isEmpty() && !mistakeOver) {
            triedAtMistake(move);
        }
    }

    private void triedInPuzzle(Move move) {
        PuzzleRun r = run;
        Position before = r.position();
        String said = name(r.game(), before, move);
        PuzzleRun.Answer a = r.play(move);
        boolean flipped = view.get().flipped();
        switch (a) {
            case WRONG -> {
                // Taken back: the board shows the position again, the move not played.
                view.set(new View(r.game(), before, Optional.of(r.lastMove()), List.of(), true, flipped));
                say("training.puzzle.wrong", said);
            }
            case RIGHT -> {
                Position mine = before.play(move);
                view.set(new View(r.game(), mine, Optional.of(move), List.of(), false, flipped));
                say("training.puzzle.right", said);
                later(() -> {
                    view.set(new View(r.game(), r.position(), Optional.of(r.lastMove()), List.of(), true, flipped));
                    say("training.puzzle.goOn", said, r.found(), r.solverMoves());
                    changed();
                });
            }
            case SOLVED -> {
                view.set(new View(r.game(), r.position(), Optional.of(r.lastMove()), List.of(), false, flipped));
                finish();
            }
            case OVER -> {
            }
        }
        changed();
    }

    /** Marks the piece to move (puzzles: the solution's; mistakes: the engine's best). */
    public void hint() {
        View v = view.get();
        if (v == null) {
            return;
        }
        if (mode.get() == Mode.PUZZLES && run != null && !run.over()) {
            run.hint().ifPresent(m -> {
                view.set(new View(v.game(), v.position(), v.last(), List.of(m.from()), v.interactive(), v.flipped()));
                say("training.hint", pieceName(v.game(), v.position(), m.from()));
            });
        } else if (mode.get() == Mode.MISTAKES && !mistakeOver && !mistakes.isEmpty()) {
            Mistakes.Mistake m = current();
            if (m.best().isEmpty()) {
                say("training.hint.none");
            }
            m.best().ifPresent(b -> {
                mistakeHinted = true;
                view.set(new View(v.game(), v.position(), v.last(), List.of(b.from()), v.interactive(), v.flipped()));
                say("training.hint", pieceName(v.game(), v.position(), b.from()));
            });
        }
        changed();
    }

    /** Plays the solution (puzzles) or shows the best move (mistakes): the puzzle counts as failed. */
    public void showSolution() {
        if (mode.get() == Mode.PUZZLES && run != null && !run.over()) {
            stopPending();
            PuzzleRun r = run;
            Position from = r.position();
            List<Move> rest = List.copyOf(r.rest());
            r.showSolution();
            view.set(new View(r.game(), r.position(), Optional.of(r.lastMove()), List.of(), false, view.get().flipped()));
            say("training.solution", String.join(" ", names(r.game(), from, rest)));
            finish();
        } else if (mode.get() == Mode.MISTAKES && !mistakeOver && !mistakes.isEmpty()) {
            giveUp();
        }
        changed();
    }

    private void finish() {
        PuzzleRun r = run;
        PuzzleRun.Result result = r.result();
        if (!recorded) {
            recorded = true;
            queue.finished(r.puzzle(), result);
            if (result == PuzzleRun.Result.FAILED) {
                failedCount++;
            } else if (result == PuzzleRun.Result.CLEAN) {
                solvedClean++;
            }
            try {
                progress().record(r.puzzle(), result);
            } catch (IOException e) {
                say("training.progress.saveFailed", e.getMessage());
                showStats();
                return;
            }
        }
        if (!messageKey.equals("training.solution")) {
            say(switch (result) {
                case CLEAN -> "training.puzzle.solved";
                case HINTED -> "training.puzzle.solvedHinted";
                case FAILED -> "training.puzzle.failed";
            });
        }
        showStats();
    }

    // ---- learn from your mistakes -------------------------------------------------------------------------

    /** Steps through {@code side}'s ? and ?? moves of the game the window shows; says so when there are none. */
    public void learnFromMistakes(Side side) {
        stopPending();
        mistakesSide.set(side);
        run = null;
        queue = null;
        mistakes = Mistakes.of(document.tree(), side);
        mistakeIndex = 0;
        mode.set(Mode.MISTAKES);
        var game = document.game();
        title(() -> i18n.get("training.mistakes.title", sideName(side, game)));
        if (mistakes.isEmpty()) {
            view.set(null);
            say("training.mistakes.none", sideName(side, document.game()));
            showStats();
            changed();
            return;
        }
        showMistake();
    }

    /** The mistakes being stepped through. */
    public List<Mistakes.Mistake> mistakes() {
        return mistakes;
    }

    public int mistakeIndex() {
        return mistakeIndex;
    }

    /** Goes to the next (+1) or previous (-1) mistake. */
    public void stepMistake(int direction) {
        if (mistakes.isEmpty()) {
            return;
        }
        int to = mistakeIndex + direction;
        if (to < 0 || to >= mistakes.size()) {
            return;
        }
        mistakeIndex = to;
        showMistake();
    }

    private void showMistake() {
        stopPending();
        Mistakes.Mistake m = mistakes.get(mistakeIndex);
        mistakeOver = false;
        mistakeHinted = false;
        GamePlugin game = document.game();
        Optional<Move> last = m.node().parent().flatMap(p -> p.move());
        view.set(new View(game, m.before(), last, List.of(), true, m.side() == Side.BLACK));
        // The window's board follows: the game's position before the mistake.
        m.node().parent().filter(document::contains).ifPresent(document::goTo);
        say(m.blunder() ? "training.mistakes.askBlunder" : "training.mistakes.ask", moveNumber(m.before()),
                name(game, m.before(), m.played()));
        showStats();
        changed();
    }

    /** The mistake shown, read again from the game (analysis may have been loaded into it since). */
    private Mistakes.Mistake current() {
        Mistakes.Mistake m = Mistakes.at(mistakes.get(mistakeIndex).node());
        List<Mistakes.Mistake> all = new ArrayList<>(mistakes);
        all.set(mistakeIndex, m);
        mistakes = List.copyOf(all);
        return m;
    }

    private void triedAtMistake(Move move) {
        Mistakes.Mistake m = current();
        GamePlugin game = document.game();
        String said = name(game, m.before(), move);
        View v = view.get();
        switch (m.judge(move)) {
            case GOOD -> good(m, move, said);
            case UNKNOWN -> {
                // No score for it in the game: an engine is asked (off the FX thread), the board waits meanwhile.
                view.set(new View(game, m.before(), v.last(), v.marked(), false, v.flipped()));
                if (checker == null) {
                    view.set(new View(game, m.before(), v.last(), v.marked(), true, v.flipped()));
                    say("training.mistakes.noEngine", said);
                    break;
                }
                say("training.mistakes.checking", said);
                checking = true;
                int token = shown;
                checker.check(game, m.before(), move, m.best()).whenComplete((verdict, x) -> javafx.application.Platform.runLater(() -> {
                    if (token != shown || mode.get() != Mode.MISTAKES) {
                        return; // the user has moved on
                    }
                    checking = false;
                    View now = view.get();
                    if (x == null && verdict == Checked.GOOD) {
                        good(m, move, said);
                    } else {
                        view.set(new View(game, m.before(), now.last(), now.marked(), true, now.flipped()));
                        if (x != null) {
                            say("training.mistakes.checkFailed", said, org.kibitz.workbench.JobKit.reason(x));
                        } else if (verdict == Checked.NO_ENGINE) {
                            say("training.mistakes.noEngine", said);
                        } else {
                            say("training.mistakes.checkedWorse", said);
                        }
                    }
                    showStats();
                    changed();
                }));
            }
            case PLAYED -> {
                view.set(new View(game, m.before(), v.last(), v.marked(), true, v.flipped()));
                say("training.mistakes.played", said);
            }
            case WORSE -> {
                view.set(new View(game, m.before(), v.last(), v.marked(), true, v.flipped()));
                say(m.best().isEmpty() ? "training.mistakes.noBest" : "training.mistakes.wrong", said);
            }
        }
        showStats();
        changed();
    }

    private void good(Mistakes.Mistake m, Move move, String said) {
        GamePlugin game = document.game();
        mistakeOver = true;
        view.set(new View(game, m.before().play(move), Optional.of(move), List.of(), false, view.get().flipped()));
        say(m.best().isPresent() && !m.best().get().equals(move) ? "training.mistakes.goodAlso" : "training.mistakes.good",
                said, name(game, m.before(), m.played()), bestText(game, m));
    }

    /** Shows the engine's best and the move played, and ends this mistake. */
    public void giveUp() {
        if (mistakes.isEmpty() || mistakeOver) {
            return;
        }
        Mistakes.Mistake m = current();
        GamePlugin game = document.game();
        mistakeOver = true;
        View v = view.get();
        if (m.best().isPresent()) {
            Move b = m.best().get();
            view.set(new View(game, m.before().play(b), Optional.of(b), List.of(), false, v.flipped()));
            say("training.mistakes.gaveUp", name(game, m.before(), m.played()), bestText(game, m));
        } else {
            say("training.mistakes.gaveUpNoBest", name(game, m.before(), m.played()));
        }
        changed();
    }

    /** Whether the mistake shown is answered (solved or given up). */
    public boolean mistakeOver() {
        return mistakeOver;
    }

    private String bestText(GamePlugin game, Mistakes.Mistake m) {
        if (m.bestLine().isEmpty()) {
            return m.best().map(b -> name(game, m.before(), b)).orElse("-");
        }
        return String.join(" ", names(game, m.before(), m.bestLine().subList(0, Math.min(6, m.bestLine().size()))));
    }

    // ---- what the buttons may do ------------------------------------------------------------------------

    public boolean canHint() {
        return mode.get() == Mode.PUZZLES ? run != null && !run.over() && pending == null
                : mode.get() == Mode.MISTAKES && !mistakes.isEmpty() && !mistakeOver;
    }

    public boolean canShowSolution() {
        return mode.get() == Mode.PUZZLES ? run != null && !run.over()
                : mode.get() == Mode.MISTAKES && !mistakes.isEmpty() && !mistakeOver;
    }

    public boolean canNext() {
        return mode.get() == Mode.PUZZLES ? queue != null && (run == null || run.over())
                : mode.get() == Mode.MISTAKES && mistakeIndex + 1 < mistakes.size();
    }

    public boolean canPrevious() {
        return mode.get() == Mode.MISTAKES && mistakeIndex > 0;
    }

    public boolean canRetry() {
        return mode.get() == Mode.PUZZLES ? run != null && run.over()
                : mode.get() == Mode.MISTAKES && !mistakes.isEmpty() && mistakeOver;
    }

    /** Next: the next puzzle, or the next mistake. */
    public void next() {
        if (mode.get() == Mode.PUZZLES) {
            nextPuzzle();
        } else {
            stepMistake(1);
        }
    }

    /** Retry: the puzzle again, or the mistake's position again. */
    public void again() {
        if (mode.get() == Mode.PUZZLES) {
            retry();
        } else if (!mistakes.isEmpty()) {
            showMistake();
        }
    }

    /** Whether a move shown is waiting for its answer to be played (the board takes no move meanwhile). */
    public boolean busy() {
        return pending != null || checking;
    }

    // ---- helpers ----------------------------------------------------------------------------------------

    private void later(Runnable r) {
        stopPending();
        PauseTransition t = new PauseTransition(REPLY_DELAY);
        pending = t;
        t.setOnFinished(e -> {
            if (pending == t) {
                pending = null;
                r.run();
            }
        });
        t.play();
    }

    private void stopPending() {
        shown++;
        checking = false;
        if (pending != null) {
            pending.stop();
            pending = null;
        }
    }

    private void changed() {
        revision.set(revision.get() + 1);
    }

    /** Says {@code key} (of the training bundle) in the pane's message line, in the language of the moment. */
    public void tell(String key, Object... args) {
        say(key, args);
        changed();
    }

    private void say(String key, Object... args) {
        messageKey = key;
        messageArgs = args;
        message.set(i18n.get(key, args));
    }

    private void showStats() {
        if (mode.get() == Mode.PUZZLES && queue != null) {
            String line = i18n.get("training.stats", setName, queue.puzzles().size(), solvedClean, failedCount, queue.remaining());
            // A progress file set aside stays said for the whole session, not only until the first puzzle.
            stats.set(progress().problem().map(p -> line + "\n" + i18n.get("training.progress.corrupt", p)).orElse(line));
        } else if (mode.get() == Mode.MISTAKES && !mistakes.isEmpty()) {
            stats.set(i18n.get("training.mistakes.stats", mistakeIndex + 1, mistakes.size()));
        } else {
            stats.set("");
        }
    }

    private String name(GamePlugin game, Position before, Move move) {
        if (!before.isLegal(move)) {
            return move.coordinates(game.coordinateRankBase());
        }
        return notation.notation(game).format(before, move);
    }

    private List<String> names(GamePlugin game, Position from, List<Move> moves) {
        return notation.notation(game).formatLine(from, moves);
    }

    private String pieceName(GamePlugin game, Position p, Square s) {
        return p.pieceAt(s).map(game::pieceLabel).orElse("") + " " + squareName(game, s);
    }

    private static String squareName(GamePlugin game, Square s) {
        return s.name(game.coordinateRankBase());
    }

    private static String moveNumber(Position p) {
        return p.fullmoveNumber() + (p.sideToMove() == Side.WHITE ? "." : "...");
    }

    /** {@code side}'s name in the window's game: White or Red, Black. */
    public String sideName(Side side) {
        return sideName(side, document.game());
    }

    private String sideName(Side side, GamePlugin game) {
        boolean xiangqi = "xiangqi".equals(game.id());
        return i18n.get((xiangqi ? "training.side.xiangqi." : "training.side.chess.") + side.name().toLowerCase(java.util.Locale.ROOT));
    }
}
