package org.kibitz.core.match;

import org.kibitz.core.match.PlayedGame.End;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineListener;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.engine.SessionState;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Side;

/**
 * One game played on the board: a person against an engine, or two engines, with Kibitz's clocks.
 * It is the arbiter as {@link GameRunner} is for matches: every move checked legal, the clocks kept
 * from the moment a side is to move until its move (an engine's from its {@code go} to its
 * {@code bestmove}, as the session stamped those lines), the increment added after each move, the game's rules applied after every move
 * (checkmate, stalemate, repetition by the rule set, move limits), UCCI and UCI engines kept off moves
 * that lose by repetition; an engine that dies, stays silent or plays an illegal move loses.
 *
 * <p>The engines are made ready before any clock runs ({@link #prepare()}: a new game, the variant,
 * {@code isready} answered), as cutechess and fastchess ready theirs between games: what an engine
 * does to get going (a large hash, a network to load) is never charged to its first move.
 *
 * <p>Headless and thread-safe: a person's moves, takebacks, draw offers and resignations come from
 * the caller's thread (the UI's), the engines think on a worker thread of the session, and nothing
 * here waits for an engine on the caller's thread. A person runs out of time when {@link #checkFlag()}
 * (called on every tick of the shown clocks) or their move finds the clock below zero.
 *
 * <p>Draw offers: the engine accepts a person's offer only after move 30 (the position's move number is
 * 31 or more, so a game set up from a later position counts its moves from there) and when the score it gave with its last move is within ±{@value #DRAW_SCORE} centipawns (0.2 pawns);
 * a mate score never accepts. Engines' own draw offers and resignations: a resigning engine loses, an
 * engine's draw offer is ignored.
 */
public final class PlaySession implements AutoCloseable {

    /** The engine accepts a draw offer within this many centipawns of equality... */
    public static final int DRAW_SCORE = 20;
    /** ...and only after this move (the position's full-move number is past it). */
    public static final int DRAW_AFTER_MOVES = 30;
    /** How long past its allowed time (clock, move time or stall timeout) an engine is waited for before it loses. */
    private static final Duration GRACE = Duration.ofSeconds(2);

    /** One side of the game. */
    public sealed interface Player permits Human, Engine {
        String name();
    }

    /** A person, moving on the board. */
    public record Human(String name) implements Player {
        public Human {
            Objects.requireNonNull(name, "name");
        }
    }

    /** An engine; the session is the play session's from now on (it closes it). */
    public record Engine(String name, EngineSession session) implements Player {
        public Engine {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(session, "session");
        }
    }

    /**
     * How the game is played.
     *
     * @param ruleSet      the repetition rule set, "" for a game without
     * @param time         the time control of both sides; a person has a clock only when it has one
     *                     (move time, nodes and depth bind the engines)
     * @param stallTimeout how long an engine may think with no clock or move time before it is taken as stalled
     */
    public record Settings(GamePlugin game, String ruleSet, TimeControl time, Duration stallTimeout) {
        public Settings {
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(ruleSet, "ruleSet");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(stallTimeout, "stallTimeout");
        }
    }


    /**
     * The end of a game.
     *
     * @param loser  who lost, empty for a draw or a stopped game
     * @param ruling the rules' verdict when {@code end} is {@link End#RULES}
     * @param detail what an engine did (an illegal move's coordinates, a crash's message), else ""
     */
    public record Result(GameResult result, End end, Optional<Side> loser, Optional<Ruling> ruling, String detail) {
    }

    /**
     * Told of the game as it goes. Calls come from the thread that made the change (the person's
     * moves: the caller's) or from the session's worker (the engines'), in order; they must return
     * quickly and not wait for another thread.
     */
    public interface Listener {
        /** {@code side}'s engine is asked for a move. */
        default void asked(Side side) {
        }

        /** What the engine to move says while it thinks. */
        default void thinking(Side side, EngineEvent.AnalysisUpdate update) {
        }

        /**
         * A move was played: the move, the score and depth its engine gave (empty for a person's),
         * the time it took on the mover's clock and the mover's clock after it (increment added,
         * empty without a clock).
         */
        default void moved(Side side, Position before, PlayedGame.Played move) {
        }

        /** The last {@code plies} moves were taken back. */
        default void takenBack(int plies) {
        }

        default void ended(Result result) {
        }
    }

    private final Settings settings;
    private final Player[] players;
    private final LongSupplier nanos;
    private final Listener listener;
    private final Position start;
    private final List<Position> line = new ArrayList<>();
    private final List<Move> moves = new ArrayList<>();
    private final List<Optional<Score>> scores = new ArrayList<>();
    /** The clocks before each ply, for takebacks. */
    private final List<Duration[]> clocksBefore = new ArrayList<>();
    private final Duration[] left = new Duration[2];
    private final EngineListener[] engineListeners = new EngineListener[2];
    private final Thread[] workers = new Thread[2];
    /** When the last line went to each side's engine and when its last line came, as the session stamped them. */
    private final AtomicReference<Instant>[] sentAt = newStamps();
    private final AtomicReference<Instant>[] heardAt = newStamps();
    private long since;
    private boolean prepared;
    private boolean started;
    private boolean closed;
    /** Increases whenever a pending engine answer must be ignored (a takeback, the end). */
    private int generation;
    private Optional<Result> result = Optional.empty();
    /** When the engine to move is thinking, its side; else null. */
    private Side thinking;

    /**
     * @param nanos the clock ({@link System#nanoTime()} but in tests)
     */
    public PlaySession(Settings settings, Position start, Player white, Player black, Listener listener, LongSupplier nanos) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.start = Objects.requireNonNull(start, "start");
        this.players = new Player[] {Objects.requireNonNull(white, "white"), Objects.requireNonNull(black, "black")};
        this.listener = Objects.requireNonNull(listener, "listener");
        this.nanos = Objects.requireNonNull(nanos, "nanos");
        line.add(start);
        left[0] = settings.time().period();
        left[1] = settings.time().period();
    }

    public PlaySession(Settings settings, Position start, Player white, Player black, Listener listener) {
        this(settings, start, white, black, listener, System::nanoTime);
    }

    public Settings settings() {
        return settings;
    }

    public Player player(Side side) {
        return players[side.ordinal()];
    }

    /**
     * Makes every engine ready for this game before any clock runs: told that a new game of the game
     * begins (its variant set, {@code ucinewgame} or the protocol's like) and its {@code isready}
     * answered, which also waits out what the engine does after its options (a large hash to
     * allocate, a network to load). Blocks within the engines' ready timeouts: call it off the UI
     * thread, before {@link #start()}.
     *
     * @throws EngineException when an engine cannot get ready: the game cannot be played with it
     */
    public void prepare() throws EngineException {
        List<EngineSession> sessions = new ArrayList<>();
        for (Player p : players) {
            if (p instanceof Engine e && sessions.stream().noneMatch(x -> x == e.session())) {
                sessions.add(e.session());
            }
        }
        for (EngineSession s : sessions) {
            s.newGame(settings.game().id());
        }
        synchronized (this) {
            prepared = true;
        }
    }

    /**
     * Starts the clock of the side to move (and its engine).
     *
     * @throws IllegalStateException when the game has engines that were not {@linkplain #prepare() made ready}
     */
    public synchronized void start() {
        if (started) {
            throw new IllegalStateException("already started");
        }
        if (!prepared && (players[0] instanceof Engine || players[1] instanceof Engine)) {
            throw new IllegalStateException("the engines are made ready (prepare()) before the clocks start");
        }
        started = true;
        for (Side s : Side.values()) {
            if (players[s.ordinal()] instanceof Engine e) {
                EngineListener l = ev -> {
                    if (ev instanceof EngineEvent.AnalysisUpdate u) {
                        heard(s, u);
                    } else if (ev instanceof EngineEvent.EngineLine line) {
                        if (line.direction() == EngineEvent.Direction.TO_ENGINE) {
                            sentAt[s.ordinal()].set(line.time());
                        } else if (line.direction() == EngineEvent.Direction.FROM_ENGINE) {
                            heardAt[s.ordinal()].set(line.time());
                        }
                    }
                };
                engineListeners[s.ordinal()] = l;
                e.session().addListener(l);
            }
        }
        since = nanos.getAsLong();
        if (!judge()) {
            askIfEngine();
        }
    }

    /** The position now. */
    public synchronized Position position() {
        return line.get(line.size() - 1);
    }

    /** The moves played from the start. */
    public synchronized List<Move> moves() {
        return List.copyOf(moves);
    }

    public synchronized Optional<Result> result() {
        return result;
    }

    public synchronized boolean over() {
        return result.isPresent();
    }

    /** Whether a person is to move now (and may). */
    public synchronized boolean humanToMove() {
        return started && result.isEmpty() && players[position().sideToMove().ordinal()] instanceof Human;
    }

    /** Whether an engine is thinking now. */
    public synchronized Optional<Side> thinking() {
        return Optional.ofNullable(thinking);
    }

    /** Whether the sides have clocks. */
    public boolean clocked() {
        return settings.time().clocked();
    }

    /** What {@code side}'s clock shows now (running down while it is to move); zero without a clock. */
    public synchronized Duration left(Side side) {
        Duration d = left[side.ordinal()];
        if (clocked() && started && result.isEmpty() && position().sideToMove() == side) {
            d = d.minusNanos(nanos.getAsLong() - since);
        }
        return d.isNegative() ? Duration.ZERO : d;
    }

    /** Whether {@code side}'s clock is running. */
    public synchronized boolean running(Side side) {
        return clocked() && started && result.isEmpty() && position().sideToMove() == side;
    }

    /**
     * A person's move.
     *
     * @throws IllegalStateException    when no person is to move
     * @throws IllegalArgumentException when the move is illegal
     */
    public synchronized void play(Move move) {
        if (!humanToMove()) {
            throw new IllegalStateException("no person is to move");
        }
        Position p = position();
        if (!p.isLegal(move)) {
            throw new IllegalArgumentException("illegal move " + move);
        }
        Side side = p.sideToMove();
        Duration took = Duration.ofNanos(nanos.getAsLong() - since);
        if (clocked() && left[side.ordinal()].minus(took).isNegative()) {
            end(GameResult.win(side.opposite()), End.TIME_FORFEIT, Optional.of(side), Optional.empty(), "");
            return;
        }
        apply(side, move, took, Optional.empty(), OptionalInt.empty());
    }

    /**
     * Ends the game when the side to move is out of time (a person at zero, an engine past its time,
     * the margin and a grace) or an engine has thought far past its stall timeout. Called on every tick
     * of the shown clocks.
     *
     * @return whether the game ended now
     */
    public synchronized boolean checkFlag() {
        if (!started || result.isPresent()) {
            return false;
        }
        Side side = position().sideToMove();
        int i = side.ordinal();
        Duration took = Duration.ofNanos(nanos.getAsLong() - since);
        TimeControl tc = settings.time();
        if (players[i] instanceof Human) {
            if (clocked() && left[i].minus(took).isNegative()) {
                end(GameResult.win(side.opposite()), End.TIME_FORFEIT, Optional.of(side), Optional.empty(), "");
                return true;
            }
            return false;
        }
        Duration allowed = tc.allowed(left[i], settings.stallTimeout()).plus(GRACE);
        if (took.compareTo(allowed) > 0) {
            boolean timed = tc.clocked() || tc.moveTime().isPresent();
            end(GameResult.win(side.opposite()), timed ? End.TIME_FORFEIT : End.STALLED, Optional.of(side),
                    Optional.empty(), "");
            return true;
        }
        return false;
    }

    /**
     * Takes back the last full move: plies are removed until a person's move has gone and a person is
     * to move again (an engine thinking is stopped first and its answer ignored). The clocks are set
     * back to what they showed then.
     *
     * @return the plies taken back, 0 when there is nothing to take back
     */
    public synchronized int takeback() {
        if (!started || result.isPresent()) {
            return 0;
        }
        int n = 0;
        boolean humanMoveGone = false;
        int ply = moves.size();
        while (ply > 0) {
            Side mover = line.get(ply - 1).sideToMove();
            n++;
            ply--;
            humanMoveGone |= players[mover.ordinal()] instanceof Human;
            if (humanMoveGone && players[line.get(ply).sideToMove().ordinal()] instanceof Human) {
                break;
            }
        }
        if (!humanMoveGone || players[line.get(ply).sideToMove().ordinal()] instanceof Engine) {
            return 0;
        }
        generation++;
        stopThinking();
        Duration[] before = clocksBefore.get(ply);
        left[0] = before[0];
        left[1] = before[1];
        for (int k = 0; k < n; k++) {
            int last = moves.size() - 1;
            moves.remove(last);
            scores.remove(last);
            clocksBefore.remove(last);
            line.remove(line.size() - 1);
        }
        since = nanos.getAsLong();
        listener.takenBack(n);
        return n;
    }

    /** {@code side} resigns (a person's). */
    public synchronized void resign(Side side) {
        if (started && result.isEmpty()) {
            end(GameResult.win(side.opposite()), End.RESIGNS, Optional.of(side), Optional.empty(), "");
        }
    }

    /**
     * A person offers a draw to the engine; it accepts by the rule in the class comment, and the game
     * ends drawn.
     *
     * @return whether it was accepted
     */
    public synchronized boolean offerDraw() {
        if (!started || result.isPresent() || position().fullmoveNumber() <= DRAW_AFTER_MOVES) {
            return false;
        }
        for (Side s : Side.values()) {
            if (players[s.ordinal()] instanceof Engine && !lastScore(s).map(PlaySession::drawish).orElse(false)) {
                return false;
            }
        }
        end(GameResult.DRAW, End.DRAW_AGREED, Optional.empty(), Optional.empty(), "");
        return true;
    }

    /** Ends the game unfinished. */
    public synchronized void stop() {
        if (started && result.isEmpty()) {
            end(GameResult.UNDECIDED, End.STOPPED, Optional.empty(), Optional.empty(), "");
        }
    }

    /** Stops the game if it runs and ends the engines (off the caller's thread: never blocks). */
    @Override
    public void close() {
        stop();
        List<Engine> engines = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            for (int i = 0; i < 2; i++) {
                if (players[i] instanceof Engine e) {
                    if (engineListeners[i] != null) {
                        e.session().removeListener(engineListeners[i]);
                    }
                    if (engines.stream().noneMatch(x -> x.session() == e.session())) {
                        engines.add(e);
                    }
                }
            }
        }
        for (Engine e : engines) {
            Thread.ofPlatform().daemon().name("kibitz-play-close").start(() -> e.session().close());
        }
    }

    /** The score {@code side}'s engine gave with its last move (its own view). */
    public synchronized Optional<Score> lastScore(Side side) {
        for (int k = moves.size() - 1; k >= 0; k--) {
            if (line.get(k).sideToMove() == side) {
                return scores.get(k);
            }
        }
        return Optional.empty();
    }

    private static boolean drawish(Score s) {
        return s instanceof Score.Centipawns c && Math.abs(c.cp()) <= DRAW_SCORE;
    }

    // ---- inside, under the lock ----

    private void apply(Side side, Move move, Duration took, Optional<Score> score, OptionalInt depth) {
        int i = side.ordinal();
        TimeControl tc = settings.time();
        clocksBefore.add(new Duration[] {left[0], left[1]});
        Optional<Duration> clock = Optional.empty();
        if (tc.clocked()) {
            left[i] = left[i].minus(took).plus(tc.increment());
            int made = (moves.size() + (line.get(0).sideToMove() == side ? 1 : 0) + 1) / 2;
            if (tc.movesPerPeriod() > 0 && made % tc.movesPerPeriod() == 0) {
                left[i] = left[i].plus(tc.period());
            }
            if (left[i].isNegative()) {
                left[i] = Duration.ZERO;
            }
            clock = Optional.of(Duration.ofMillis(left[i].toMillis()));
        }
        Position before = position();
        Position after = before.play(move);
        line.add(after);
        moves.add(move);
        scores.add(score);
        since = nanos.getAsLong();
        listener.moved(side, before, new PlayedGame.Played(move, score, depth, took, clock));
        if (!judge()) {
            askIfEngine();
        }
    }

    /** Ends the game when the rules say it is over. */
    private boolean judge() {
        Position p = position();
        Optional<Ruling> r = p.outcome().map(o -> Ruling.of(o, settings.ruleSet(), "position"));
        if (r.isEmpty()) {
            try {
                r = settings.game().rule(line, settings.game().ruleSets().isEmpty() ? "" : settings.ruleSet());
            } catch (RuntimeException e) {
                r = Optional.empty();
            }
        }
        if (r.isEmpty()) {
            return false;
        }
        GameResult res = r.get().outcome().result();
        end(res, End.RULES, res.winner().map(Side::opposite), r, "");
        return true;
    }

    private void end(GameResult res, End how, Optional<Side> loser, Optional<Ruling> ruling, String detail) {
        if (result.isPresent()) {
            return;
        }
        if (clocked() && started) {
            Side side = position().sideToMove();
            Duration d = left[side.ordinal()].minusNanos(nanos.getAsLong() - since);
            left[side.ordinal()] = d.isNegative() ? Duration.ZERO : d;
        }
        generation++;
        stopThinking();
        result = Optional.of(new Result(res, how, loser, ruling, detail));
        listener.ended(result.get());
    }

    private void stopThinking() {
        if (thinking != null) {
            EngineSession s = ((Engine) players[thinking.ordinal()]).session();
            thinking = null;
            Thread.ofPlatform().daemon().name("kibitz-play-stop").start(() -> stopQuietly(s));
        }
    }

    private void askIfEngine() {
        Side side = position().sideToMove();
        if (!(players[side.ordinal()] instanceof Engine e)) {
            return;
        }
        int gen = generation;
        int i = side.ordinal();
        TimeControl tc = settings.time();
        int toGo = 0;
        if (tc.movesPerPeriod() > 0) {
            int made = (moves.size() + (line.get(0).sideToMove() == side ? 0 : 1)) / 2;
            toGo = tc.movesPerPeriod() - made % tc.movesPerPeriod();
        }
        SearchLimits limits = withBans(tc.limits(left[0], left[1], toGo), e.session());
        Duration allowed = tc.allowed(left[i], settings.stallTimeout());
        List<Move> sofar = List.copyOf(moves);
        thinking = side;
        sentAt[i].set(null);
        heardAt[i].set(null);
        listener.asked(side);
        long t0 = since;
        Thread t = Thread.ofPlatform().daemon().name("kibitz-play-" + side.name().toLowerCase(java.util.Locale.ROOT))
                .unstarted(() -> think(gen, side, e, sofar, limits, allowed, t0));
        workers[i] = t;
        t.start();
    }

    /** On a worker: asks the engine and hands its answer back under the lock. */
    private void think(int gen, Side side, Engine e, List<Move> sofar, SearchLimits limits, Duration allowed, long t0) {
        EngineEvent.BestMove best;
        try {
            CompletableFuture<EngineEvent.BestMove> f = e.session().search(start, sofar, limits);
            long waited = nanos.getAsLong() - t0;
            long wait = Math.max(1, allowed.toNanos() - waited);
            try {
                best = f.get(wait, TimeUnit.NANOSECONDS);
            } catch (TimeoutException x) {
                stopQuietly(e.session());
                TimeControl tc = settings.time();
                boolean timed = tc.clocked() || tc.moveTime().isPresent();
                synchronized (this) {
                    if (gen == generation) {
                        end(GameResult.win(side.opposite()), timed ? End.TIME_FORFEIT : End.STALLED,
                                Optional.of(side), Optional.empty(), "");
                    }
                }
                return;
            }
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            return;
        } catch (ExecutionException x) {
            failed(gen, side, e, x.getCause());
            return;
        } catch (EngineException | RuntimeException x) {
            failed(gen, side, e, x);
            return;
        }
        answered(gen, side, best);
    }

    private synchronized void answered(int gen, Side side, EngineEvent.BestMove best) {
        if (gen != generation || result.isPresent()) {
            return;
        }
        thinking = null;
        int i = side.ordinal();
        TimeControl tc = settings.time();
        // The engine's time is from its go to its best move as the session stamped them: the position
        // set up before, and our threads handing the answer over after (each a wait for a CPU on a
        // busy machine), are ours, as in a match (GameRunner).
        Duration took = GameRunner.engineTime(Duration.ofNanos(nanos.getAsLong() - since), sentAt[i].get(),
                heardAt[i].get());
        if (tc.clocked() && left[i].minus(took).isNegative() && left[i].minus(took).negated().compareTo(tc.margin()) > 0) {
            end(GameResult.win(side.opposite()), End.TIME_FORFEIT, Optional.of(side), Optional.empty(), "");
            return;
        }
        if (tc.moveTime().isPresent() && took.compareTo(tc.moveTime().get().plus(tc.margin())) > 0) {
            end(GameResult.win(side.opposite()), End.TIME_FORFEIT, Optional.of(side), Optional.empty(), "");
            return;
        }
        if (best.resign()) {
            end(GameResult.win(side.opposite()), End.RESIGNS, Optional.of(side), Optional.empty(), "");
            return;
        }
        if (best.move().isEmpty()) {
            end(GameResult.win(side.opposite()), End.NO_MOVE, Optional.of(side), Optional.empty(), "");
            return;
        }
        Move m = best.move().get();
        if (!position().isLegal(m)) {
            end(GameResult.win(side.opposite()), End.ILLEGAL_MOVE, Optional.of(side), Optional.empty(),
                    m.coordinates(settings.game().coordinateRankBase()));
            return;
        }
        EngineEvent.AnalysisUpdate u = lastUpdate[i];
        boolean fresh = u != null && u.position().equals(position());
        Optional<Score> score = fresh ? u.score() : Optional.empty();
        apply(side, m, took, score, fresh ? u.depth() : OptionalInt.empty());
    }

    private synchronized void failed(int gen, Side side, Engine e, Throwable cause) {
        if (gen != generation || result.isPresent()) {
            return;
        }
        thinking = null;
        if (cause instanceof EngineException ee && ee.text().key().equals("search.illegalBestMove")
                && ee.text().args().size() > 1) {
            end(GameResult.win(side.opposite()), End.ILLEGAL_MOVE, Optional.of(side), Optional.empty(),
                    String.valueOf(ee.text().args().get(1)));
            return;
        }
        boolean gone = e.session().state() == SessionState.TERMINATED || e.session().exit().isPresent();
        String detail = cause instanceof EngineException ee ? ee.text().render(java.util.Locale.ENGLISH) : String.valueOf(cause);
        end(GameResult.win(side.opposite()), gone ? End.DISCONNECT : End.STALLED, Optional.of(side), Optional.empty(),
                detail);
    }

    private final EngineEvent.AnalysisUpdate[] lastUpdate = new EngineEvent.AnalysisUpdate[2];

    /** An engine's line, from its reader thread: kept for the move's score and passed on while it is to move. */
    private void heard(Side side, EngineEvent.AnalysisUpdate u) {
        synchronized (this) {
            if (thinking != side || !u.position().equals(position())) {
                return;
            }
            if (u.multipv() <= 1 && u.score().isPresent()) {
                lastUpdate[side.ordinal()] = u;
            }
        }
        listener.thinking(side, u);
    }

    private SearchLimits withBans(SearchLimits limits, EngineSession session) {
        return EngineTurns.withoutLosingRepetitions(limits, session, settings.game(), settings.ruleSet(), line);
    }

    private static void stopQuietly(EngineSession s) {
        EngineTurns.stopQuietly(s);
    }

    @SuppressWarnings("unchecked")
    private static AtomicReference<Instant>[] newStamps() {
        return new AtomicReference[] {new AtomicReference<Instant>(), new AtomicReference<Instant>()};
    }
}
