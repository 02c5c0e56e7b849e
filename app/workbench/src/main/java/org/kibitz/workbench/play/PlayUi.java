package org.kibitz.workbench.play;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.Tags;
import org.kibitz.core.GameDocument;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRegistry;
import org.kibitz.core.match.PlaySession;
import org.kibitz.core.match.PlayedGame;
import org.kibitz.core.match.TimeControl;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.board.BoardController;
import org.kibitz.workbench.board.RuleSetChoice;

/**
 * Playing on the board: a person against an engine or two engines against each other, as a
 * {@link PlaySession} judges it, recorded move by move into the document (clocks as {@code [%clk]},
 * the engine's score as {@code [%eval]}, the tags at the start and the result at the end) so the
 * ordinary save actions write it. The clocks and buttons are shown above the board. FX thread only,
 * but for the engines, which are started and asked off it.
 */
public final class PlayUi {

    /** How long an engine may think with no clock or move time (depth and node limits) before it loses. */
    static final java.time.Duration STALL = java.time.Duration.ofSeconds(60);

    /**
     * A game to play.
     *
     * @param white       empty for a person
     * @param black       empty for a person
     * @param fromCurrent start from the position the board shows, else from the game's start
     */
    public record Setup(GamePlugin game, Optional<EngineEntry> white, Optional<EngineEntry> black, TimeControl time,
                        String ruleSet, boolean fromCurrent) {
        public Setup {
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(white, "white");
            Objects.requireNonNull(black, "black");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(ruleSet, "ruleSet");
        }

        Optional<EngineEntry> engine(Side side) {
            return side == Side.WHITE ? white : black;
        }
    }

    private final EngineRegistry registry;
    private final Games games;
    private final GameDocument document;
    private final BoardController board;
    private final I18n i18n;
    private final RuleSetChoice rules;
    private final Supplier<MainWindow> window;
    private final BooleanSupplier confirmDiscard;
    private final ReadOnlyObjectWrapper<PlaySession> session = new ReadOnlyObjectWrapper<>(this, "session");
    private final AtomicReference<Shown> lastThought = new AtomicReference<>();
    private PlayBar bar;
    private GameNode last;
    private Timeline ticker;
    private Setup setup;
    private int starting;

    private record Shown(Side side, EngineEvent.AnalysisUpdate update) {
    }

    public PlayUi(EngineRegistry registry, Games games, GameDocument document, BoardController board, I18n i18n,
                  RuleSetChoice rules, Supplier<MainWindow> window, BooleanSupplier confirmDiscard) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.games = Objects.requireNonNull(games, "games");
        this.document = Objects.requireNonNull(document, "document");
        this.board = Objects.requireNonNull(board, "board");
        this.i18n = Objects.requireNonNull(i18n, "i18n");
        this.rules = Objects.requireNonNull(rules, "rules");
        this.window = Objects.requireNonNull(window, "window");
        this.confirmDiscard = Objects.requireNonNull(confirmDiscard, "confirmDiscard");
        document.addListener((d, change) -> {
            PlaySession s = session.get();
            if (change == GameDocument.Change.GAME && s != null && !s.over() && document.tree() != ownTree) {
                s.stop(); // another game replaced the one in play
            }
        });
    }

    private org.kibitz.api.tree.GameTree ownTree;

    public I18n i18n() {
        return i18n;
    }

    public EngineRegistry registry() {
        return registry;
    }

    public GameDocument document() {
        return document;
    }

    public RuleSetChoice rules() {
        return rules;
    }

    public Optional<MainWindow> window() {
        return Optional.ofNullable(window.get());
    }

    /** The game in play (or the last one played, over), null before the first. */
    public ReadOnlyObjectProperty<PlaySession> sessionProperty() {
        return session.getReadOnlyProperty();
    }

    /** The engines that can play {@code game}. */
    public List<EngineEntry> engines(GamePlugin game) {
        return registry.playing(game.id());
    }

    /** Asks for a new game and starts it. */
    public void newGame() {
        PlayDialog.ask(this).ifPresent(this::start);
    }

    /**
     * Starts a game: off the FX thread the engines are started and made ready for the game (options,
     * variant, a new game, {@code isready} answered), then the document is replaced by the new game
     * and the first side is to move: no clock runs while an engine gets going. A failing engine is
     * reported and nothing is played.
     */
    public void start(Setup s) {
        if (!confirmDiscard.getAsBoolean()) {
            return;
        }
        stopGame();
        this.setup = s;
        int ticket = ++starting;
        status(i18n.get("play.starting"));
        GamePlugin game = s.game();
        Position start = s.fromCurrent() && document.game() == game ? document.position() : game.startPosition();
        String you = i18n.get("play.you");
        // The engine log labels this game's engines with the game, as it labels a job's.
        String logJob = i18n.get("play.event");
        Thread.ofPlatform().daemon().name("kibitz-play-open").start(() -> {
            List<EngineSession> opened = new ArrayList<>();
            EngineSession[] sessions = new EngineSession[2];
            try {
                for (Side side : Side.values()) {
                    Optional<EngineEntry> e = s.engine(side);
                    if (e.isPresent()) {
                        EngineSession es = registry.open(e.get(), games,
                                registry.sessionTap().tap(e.get().name(), logJob));
                        opened.add(es);
                        sessions[side.ordinal()] = es;
                    }
                }
                PlaySession.Player[] players = new PlaySession.Player[2];
                for (Side side : Side.values()) {
                    players[side.ordinal()] = sessions[side.ordinal()] == null
                            ? new PlaySession.Human(you)
                            : new PlaySession.Engine(s.engine(side).get().name(), sessions[side.ordinal()]);
                }
                PlaySession ps = new PlaySession(new PlaySession.Settings(game, s.ruleSet(), s.time(), STALL), start,
                        players[0], players[1], new Relay());
                ps.prepare();
                Platform.runLater(() -> {
                    if (ticket != starting) {
                        opened.forEach(x -> Thread.ofPlatform().daemon().start(x::close));
                        return;
                    }
                    begin(s, ps, start);
                });
            } catch (EngineException | RuntimeException ex) {
                opened.forEach(EngineSession::close);
                String why = ex instanceof EngineException ee ? i18n.render(ee.text()) : String.valueOf(ex);
                Platform.runLater(() -> {
                    status(i18n.get("play.engineFailed", why));
                    window().ifPresent(w -> w.notify(i18n.get("play.engineFailed", why)));
                });
            }
        });
    }

    private void begin(Setup s, PlaySession ps, Position start) {
        GamePlugin game = s.game();
        PlaySession.Player[] players = {ps.player(Side.WHITE), ps.player(Side.BLACK)};
        document.newGame(game, start);
        ownTree = document.tree();
        document.markPlayedHere();
        last = document.cursor();
        Tags tags = document.tree().tags();
        tags.put("Event", i18n.get("play.event"));
        tags.put("Date", LocalDate.now().format(DateTimeFormatter.ofPattern("yyyy.MM.dd")));
        tags.put("White", tagName(players[0]));
        tags.put("Black", tagName(players[1]));
        tags.put("Result", "*");
        tags.put("TimeControl", s.time().pgnTag());
        if (!s.ruleSet().isEmpty()) {
            rules.setRuleSet(game, s.ruleSet());
        }
        boolean personBlack = players[1] instanceof PlaySession.Human && players[0] instanceof PlaySession.Engine;
        board.setFlipped(personBlack);
        session.set(ps);
        lastThought.set(null);
        bar = new PlayBar(this, ps);
        board.topBarProperty().set(bar);
        board.setMoveHandler(this::personMoved);
        ticker = new Timeline(new KeyFrame(javafx.util.Duration.millis(100), e -> tick()));
        ticker.setCycleCount(Animation.INDEFINITE);
        ticker.play();
        status(i18n.get("play.started", players[0].name(), players[1].name()));
        ps.start();
        tick();
    }

    /** A player as the PGN tags name it: the engine's name, a person by their login name. */
    static String tagName(PlaySession.Player p) {
        if (p instanceof PlaySession.Human) {
            String user = System.getProperty("user.name", "");
            return user.isBlank() ? "?" : user;
        }
        return p.name();
    }

    private void tick() {
        PlaySession s = session.get();
        if (s == null) {
            return;
        }
        s.checkFlag();
        if (bar != null) {
            bar.update(thinkingText(s));
        }
    }

    /** The engine to move's latest line in words: name, depth, score, the first moves. */
    private String thinkingText(PlaySession s) {
        Shown t = lastThought.get();
        if (t == null || s.over() || s.thinking().filter(x -> x == t.side()).isEmpty()) {
            return "";
        }
        EngineEvent.AnalysisUpdate u = t.update();
        StringBuilder b = new StringBuilder(s.player(t.side()).name()).append(": ");
        u.depth().ifPresent(d -> b.append(i18n.get("play.depth", d)).append("  "));
        u.score().ifPresent(sc -> b.append(AnalysisText.score(sc.forWhite(t.side()), AnalysisText.Unit.PAWNS)).append("  "));
        try {
            b.append(AnalysisText.pv(u.position(), u.pv(), s.settings().game().notations().get(0), 8));
        } catch (RuntimeException e) {
            // a line the notation cannot write: the rest still says something
        }
        return b.toString();
    }

    /** A move played on the board while a game is on: the arbiter's, not the document's. */
    private boolean personMoved(Move move) {
        PlaySession s = session.get();
        if (s == null || s.over()) {
            return false;
        }
        if (document.cursor() != last) {
            document.goTo(last);
            status(i18n.get("play.backToGame"));
            return true;
        }
        if (!s.humanToMove()) {
            status(i18n.get("play.notYourTurn"));
            return true;
        }
        try {
            s.play(move);
        } catch (IllegalArgumentException e) {
            status(i18n.get("board.illegal", move.coordinates(s.settings().game().coordinateRankBase())));
        }
        return true;
    }

    /** Takes back the last full move (the person's and the engine's answer). */
    public void takeback() {
        PlaySession s = session.get();
        if (s != null && s.takeback() == 0) {
            status(i18n.get("play.nothingToTakeBack"));
        }
    }

    /** The person to move (or the one playing) resigns. */
    public void resign() {
        PlaySession s = session.get();
        if (s == null || s.over()) {
            return;
        }
        Side side = personSide(s).orElse(s.position().sideToMove());
        s.resign(side);
    }

    /** Offers the engine a draw; says when it declines. */
    public void offerDraw() {
        PlaySession s = session.get();
        if (s != null && !s.over() && !s.offerDraw()) {
            status(i18n.get("play.drawDeclined", PlaySession.DRAW_AFTER_MOVES));
        }
    }

    /** Ends the game in play unfinished (engine against engine: the person's Stop). */
    public void stopGame() {
        PlaySession s = session.get();
        if (s != null && !s.over()) {
            s.stop();
        }
    }

    /** Takes the finished game's bar off the board. */
    public void dismiss() {
        PlaySession s = session.get();
        if (s != null && !s.over()) {
            return;
        }
        board.topBarProperty().set(null);
        bar = null;
    }

    /** Ends everything: the window closes. */
    public void close() {
        PlaySession s = session.get();
        if (s != null) {
            s.close();
        }
        if (ticker != null) {
            ticker.stop();
        }
    }

    static Optional<Side> personSide(PlaySession s) {
        for (Side side : Side.values()) {
            if (s.player(side) instanceof PlaySession.Human && s.player(side.opposite()) instanceof PlaySession.Engine) {
                return Optional.of(side);
            }
        }
        return Optional.empty();
    }

    /** A side's name as the board says it (Red for xiangqi's White). */
    String sideName(GamePlugin game, Side side) {
        String key = "side." + game.id() + "." + side.name();
        String s = i18n.get(key);
        return s.equals(key) ? i18n.get("side." + side.name()) : s;
    }

    /** A player as the bar says it: "you" and the built-in engine in the current language. */
    String playerName(PlaySession.Player p) {
        return p instanceof PlaySession.Human ? i18n.get("play.you") : i18n.engineName(p.name());
    }

    /** The end of a game in words: the result and why. */
    String resultText(PlaySession s, PlaySession.Result r) {
        GamePlugin game = s.settings().game();
        String loser = r.loser().map(side -> playerName(s.player(side))).orElse("");
        boolean person = r.loser().map(side -> s.player(side) instanceof PlaySession.Human).orElse(false);
        String why = switch (r.end()) {
            case RULES -> {
                Ruling ruling = r.ruling().orElseThrow();
                String w = ruling.outcome().winner().map(x -> i18n.get("board.wins", sideName(game, x)))
                        .orElse(i18n.get("board.draw")) + " · " + i18n.get("termination." + ruling.outcome().termination().name());
                yield ruling.isRepetition() ? w + " (" + i18n.get("rules." + ruling.ruleSet()) + ")" : w;
            }
            case TIME_FORFEIT -> person ? i18n.get("play.end.time.you") : i18n.get("play.end.time", loser);
            case ILLEGAL_MOVE -> i18n.get("play.end.illegal", loser, r.detail());
            case DISCONNECT -> i18n.get("play.end.disconnect", loser, r.detail());
            case STALLED -> i18n.get("play.end.stalled", loser);
            case NO_MOVE -> i18n.get("play.end.noMove", loser);
            case RESIGNS -> person ? i18n.get("play.end.resigns.you") : i18n.get("play.end.resigns", loser);
            case DRAW_AGREED -> i18n.get("play.end.drawAgreed");
            case STOPPED -> i18n.get("play.end.stopped");
            // Match adjudications: a game on the board is never adjudicated.
            case ADJUDICATED_LOSS, ADJUDICATED_DRAW, MAX_MOVES -> r.detail();
        };
        return r.result().pgn() + "  " + why;
    }

    private void status(String text) {
        MainWindow w = window.get();
        if (w != null) {
            w.setStatus(text);
        }
    }

    // ---- what the arbiter says, brought to the FX thread ----

    private void onFx(Runnable r) {
        if (Platform.isFxApplicationThread()) {
            r.run();
        } else {
            Platform.runLater(r);
        }
    }

    private final class Relay implements PlaySession.Listener {
        @Override
        public void thinking(Side side, EngineEvent.AnalysisUpdate update) {
            if (update.multipv() <= 1 && !update.pv().isEmpty() && update.score().isPresent()) {
                lastThought.set(new Shown(side, update)); // a currmove or string line would blank the shown one
            }
        }

        @Override
        public void moved(Side side, Position before, PlayedGame.Played move) {
            onFx(() -> recordMove(side, move));
        }

        @Override
        public void takenBack(int plies) {
            onFx(() -> recordTakeback(plies));
        }

        @Override
        public void ended(PlaySession.Result result) {
            onFx(() -> recordEnd(result));
        }
    }

    private boolean ours() {
        return document.tree() == ownTree && last != null && document.contains(last);
    }

    private void recordMove(Side side, PlayedGame.Played move) {
        if (!ours()) {
            return;
        }
        if (document.cursor() != last) {
            document.goTo(last);
        }
        GameNode node = document.play(move.move());
        move.left().ifPresent(node::setClock);
        move.score().ifPresent(sc -> node.setEvalForWhite(sc.forWhite(side)));
        PlaySession s = session.get();
        if (s != null && s.player(side) instanceof PlaySession.Engine) {
            // As a match's PGN comments an engine's move (cutechess's form): score/depth and its time.
            node.setComment(move.comment());
        }
        last = node;
        lastThought.set(null);
        tick();
    }

    private void recordTakeback(int plies) {
        if (!ours()) {
            return;
        }
        GameNode first = last;
        for (int i = 1; i < plies; i++) {
            first = first.parent().orElseThrow();
        }
        GameNode parent = first.parent().orElseThrow();
        document.delete(first);
        last = parent;
        document.goTo(parent);
        status(i18n.get("play.takenBack"));
        tick();
    }

    private void recordEnd(PlaySession.Result r) {
        PlaySession s = session.get();
        board.setMoveHandler(null);
        if (ticker != null) {
            ticker.stop();
        }
        String text = s == null ? "" : resultText(s, r);
        if (s != null) {
            s.close(); // the engines are done: their processes end off the FX thread
        }
        if (ours()) {
            Tags tags = document.tree().tags();
            tags.put("Result", r.result().pgn());
            tags.put("Termination", r.end().pgn());
            document.treeAnnotated();
            if (document.cursor() != last) {
                document.goTo(last);
            }
        }
        if (bar != null) {
            bar.update("");
            bar.showEnd(() -> s == null ? "" : resultText(s, r));
        }
        status(text);
    }

    private PlayDialog.Form lastForm;

    /** The new-game dialog's fields as the user last left them (started or cancelled). */
    Optional<PlayDialog.Form> lastForm() {
        return Optional.ofNullable(lastForm);
    }

    void rememberForm(PlayDialog.Form form) {
        lastForm = form;
    }

    /** What {@code setup} the last game was started with, for the dialog to offer again. */
    Optional<Setup> lastSetup() {
        return Optional.ofNullable(setup);
    }
}
