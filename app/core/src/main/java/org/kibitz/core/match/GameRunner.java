package org.kibitz.core.match;

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
import java.util.function.BooleanSupplier;
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
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Side;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.match.PlayedGame.End;
import org.kibitz.core.match.PlayedGame.Played;

/**
 * Plays one game between two engine sessions and is its arbiter: every move checked legal by our
 * rules, the clocks kept by Kibitz from {@code go} to {@code bestmove}, the game's rules applied
 * after every move (checkmate, stalemate, repetition by the rule set, the move limits), the match's
 * adjudication, and an engine that crashes, stalls or plays an illegal move loses the game. Never
 * throws for what an engine does: every game ends with a result and its reason.
 *
 * <p>Engines that speak UCCI or UCI are kept off moves that would lose by the repetition rules
 * (UCCI {@code banmoves}, UCI {@code searchmoves}), as the UCCI specification intends; they can still
 * lose by repetition when every move would.
 */
public final class GameRunner {

    /**
     * How games are played.
     *
     * @param ruleSet      the repetition rule set (xiangqi: axf, computer, chinese, none), "" for none
     * @param stallTimeout how long an engine may take over a move with no clock to run out (node and
     *                     depth limits) before it is taken as stalled
     */
    public record Settings(GamePlugin game, String ruleSet, Adjudication adjudication, Duration stallTimeout) {
        public Settings {
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(ruleSet, "ruleSet");
            Objects.requireNonNull(adjudication, "adjudication");
            Objects.requireNonNull(stallTimeout, "stallTimeout");
        }
    }

    /**
     * Told of a game as it is played (the console's live lines, the workbench's board, lines and clocks).
     * Calls come from the thread playing the game, and from engine reader threads for
     * {@link #thinking}; they must return quickly.
     */
    public interface Observer {
        /** The game begins at {@code position} (after the book moves); the clocks as they start. */
        default void started(Position position, Player white, Player black, Duration whiteLeft, Duration blackLeft) {
        }

        /** {@code side}'s engine is asked for a move (its clock runs from now). */
        default void asked(Side side, Position position) {
        }

        /** What the engine to move says while it thinks (its lines, as they come). */
        default void thinking(Side side, EngineEvent.AnalysisUpdate update) {
        }

        /** A move was played; the clocks after it (zero without a clock). */
        default void moved(Position before, Played move, Position after, Duration whiteLeft, Duration blackLeft) {
        }

        /** The game is over. */
        default void ended(PlayedGame game) {
        }

        Observer NONE = new Observer() {
        };
    }

    /** One side of a game: its name, session and time control (each engine may have its own, as in cutechess). */
    /**
     * An engine in a game.
     *
     * @param book     its own opening book, if it has one ({@link EngineBook})
     * @param bookSeed seeds the book's picks in this game, so a game played again takes the same moves
     */
    public record Player(String name, EngineSession session, TimeControl time, Optional<EngineBook> book, long bookSeed) {
        public Player {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(session, "session");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(book, "book");
        }

        /** An engine without a book of its own. */
        public Player(String name, EngineSession session, TimeControl time) {
            this(name, session, time, Optional.empty(), 0);
        }
    }


    /**
     * How much longer than an engine's time and margin we wait for its answer to reach the game
     * thread before ruling it lost on time: an answer the reader stamped in time but our threads
     * handed over late (a busy machine) is judged by the stamps, as fastchess waits 100 ms past the
     * margin before it rules.
     */
    static final Duration HAND_OVER_GRACE = Duration.ofMillis(100);

    private final Settings settings;

    public GameRunner(Settings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * Plays from {@code start} after the {@code book} moves until the game ends.
     *
     * @param stop asked before every move: true stops the game unfinished ({@link End#STOPPED})
     * @throws IllegalArgumentException when a book move is illegal
     */
    public PlayedGame play(Position start, List<Move> book, Player white, Player black, Observer observer,
                           BooleanSupplier stop) {
        GamePlugin game = settings.game();
        List<Position> line = new ArrayList<>();
        line.add(start);
        Position p = start;
        for (Move m : book) {
            if (!p.isLegal(m)) {
                throw new IllegalArgumentException("book move " + m + " is illegal in " + p.fen());
            }
            p = p.play(m);
            line.add(p);
        }
        List<Move> moves = new ArrayList<>(book);
        List<Played> played = new ArrayList<>();
        Duration[] left = {white.time().period(), black.time().period()};
        int[] made = {0, 0};
        AdjudicationState adj = new AdjudicationState(settings.adjudication());
        observer.started(p, white, black, left[0], left[1]);
        PlayedGame result = loop(start, book, white, black, observer, stop, line, moves, played, left, made, adj);
        observer.ended(result);
        return result;
    }

    private PlayedGame loop(Position start, List<Move> book, Player white, Player black, Observer observer,
                            BooleanSupplier stop, List<Position> line, List<Move> moves, List<Played> played,
                            Duration[] left, int[] made, AdjudicationState adj) {
        GamePlugin game = settings.game();
        Position p = line.get(line.size() - 1);
        while (true) {
            Optional<PlayedGame> over = judged(start, book, white, black, line, played);
            if (over.isPresent()) {
                return over.get();
            }
            if (stop.getAsBoolean()) {
                return stopped(start, book, white, black, played);
            }
            Side side = p.sideToMove();
            Player mover = side == Side.WHITE ? white : black;
            TimeControl tc = mover.time();
            int i = side.ordinal();
            if (mover.book().isPresent() && mover.book().get().open(made[i])) {
                Optional<Move> fromBook = mover.book().get().pick(p, mover.bookSeed() + 31L * moves.size());
                if (fromBook.isPresent()) {
                    // The engine's own book: no search, no time used (as cutechess plays book moves).
                    made[i]++;
                    Optional<Duration> clock = tc.clocked() ? Optional.of(nonNegative(left[i])) : Optional.empty();
                    Played move = Played.book(fromBook.get(), clock);
                    Position before = p;
                    p = p.play(fromBook.get());
                    line.add(p);
                    moves.add(fromBook.get());
                    played.add(move);
                    observer.moved(before, move, p, nonNegative(left[0]), nonNegative(left[1]));
                    continue;
                }
            }
            int toGo = tc.movesPerPeriod() == 0 ? 0 : tc.movesPerPeriod() - made[i] % tc.movesPerPeriod();
            SearchLimits limits = tc.limits(left[0], left[1], toGo);
            limits = EngineTurns.withoutLosingRepetitions(limits, mover.session(), settings.game(), settings.ruleSet(), line);

            Position at = p;
            AtomicReference<EngineEvent.AnalysisUpdate> last = new AtomicReference<>();
            // When the last line went to the engine (its go) and when its last line came (its best
            // move), as the session's writer and reader stamped them: the engine's time is between
            // the two, not the position and ping before it nor our threads' hand-overs around them.
            AtomicReference<Instant> sent = new AtomicReference<>();
            AtomicReference<Instant> heard = new AtomicReference<>();
            EngineListener listener = e -> {
                if (e instanceof EngineEvent.AnalysisUpdate u && u.position().equals(at)) {
                    if (u.multipv() <= 1 && u.score().isPresent()) {
                        last.set(u);
                    }
                    observer.thinking(side, u);
                } else if (e instanceof EngineEvent.EngineLine l) {
                    if (l.direction() == EngineEvent.Direction.TO_ENGINE) {
                        sent.set(l.time());
                    } else if (l.direction() == EngineEvent.Direction.FROM_ENGINE) {
                        heard.set(l.time());
                    }
                }
            };
            mover.session().addListener(listener);
            observer.asked(side, p);
            long t0 = System.nanoTime();
            EngineEvent.BestMove best;
            try {
                CompletableFuture<EngineEvent.BestMove> f = mover.session().search(start, moves, limits);
                Duration allowed = tc.allowed(left[i], settings.stallTimeout());
                if (tc.clocked() || tc.moveTime().isPresent()) {
                    // An answer read in time may reach this thread late; it is judged by its stamps below.
                    allowed = allowed.plus(HAND_OVER_GRACE);
                }
                best = null;
                try {
                    best = f.get(allowed.toNanos(), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    // judged below
                }
                if (best == null) {
                    Duration took = Duration.ofNanos(System.nanoTime() - t0);
                    stopQuietly(mover.session());
                    if (tc.clocked() || tc.moveTime().isPresent()) {
                        Duration overrun = took.minus(tc.clocked() ? left[i] : tc.moveTime().get());
                        return loss(start, book, white, black, played, side, End.TIME_FORFEIT,
                                Text.of(GameRunner.class, "match.end.time", mover.name(), millis(overrun)));
                    }
                    return loss(start, book, white, black, played, side, End.STALLED,
                            Text.of(GameRunner.class, "match.end.stalled", mover.name(), seconds(took)));
                }
            } catch (ExecutionException e) {
                return lostEngine(start, book, white, black, played, side, mover, e.getCause());
            } catch (EngineException e) {
                return lostEngine(start, book, white, black, played, side, mover, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopQuietly(mover.session());
                return stopped(start, book, white, black, played);
            } catch (RuntimeException e) {
                // A session that fails in a way it should not (it is a bug there) still ends only this game.
                return lostEngine(start, book, white, black, played, side, mover, e);
            } finally {
                mover.session().removeListener(listener);
            }
            Duration took = engineTime(Duration.ofNanos(System.nanoTime() - t0), sent.get(), heard.get());
            if (tc.clocked()) {
                left[i] = left[i].minus(took);
                if (left[i].isNegative() && left[i].negated().compareTo(tc.margin()) > 0) {
                    return loss(start, book, white, black, played, side, End.TIME_FORFEIT,
                            Text.of(GameRunner.class, "match.end.time", mover.name(), millis(left[i].negated())));
                }
            }
            if (tc.moveTime().isPresent() && took.compareTo(tc.moveTime().get().plus(tc.margin())) > 0) {
                return loss(start, book, white, black, played, side, End.TIME_FORFEIT, Text.of(GameRunner.class,
                        "match.end.time", mover.name(), millis(took.minus(tc.moveTime().get()))));
            }
            if (best.resign()) {
                return loss(start, book, white, black, played, side, End.RESIGNS,
                        Text.of(GameRunner.class, "match.end.resigns", mover.name()));
            }
            if (best.move().isEmpty()) {
                return loss(start, book, white, black, played, side, End.NO_MOVE,
                        Text.of(GameRunner.class, "match.end.noMove", mover.name()));
            }
            Move m = best.move().get();
            if (!p.isLegal(m)) {
                return loss(start, book, white, black, played, side, End.ILLEGAL_MOVE, Text.of(GameRunner.class,
                        "match.end.illegal", mover.name(), m.coordinates(game.coordinateRankBase())));
            }
            made[i]++;
            Optional<Duration> clock = Optional.empty();
            if (tc.clocked()) {
                if (left[i].isNegative()) {
                    // Over its time but within the margin: forgiven, the clock stops at zero (as
                    // fastchess keeps it). Carried over, such overruns added up move after move until
                    // a short move lost on time.
                    left[i] = Duration.ZERO;
                }
                left[i] = left[i].plus(tc.increment());
                if (tc.movesPerPeriod() > 0 && made[i] % tc.movesPerPeriod() == 0) {
                    left[i] = left[i].plus(tc.period());
                }
                clock = Optional.of(left[i].isNegative() ? Duration.ZERO : Duration.ofMillis(left[i].toMillis()));
            }
            EngineEvent.AnalysisUpdate u = last.get();
            Optional<Score> score = u == null ? Optional.empty() : u.score();
            OptionalInt depth = u == null ? OptionalInt.empty() : u.depth();
            Played move = new Played(m, score, depth, took, clock);
            Position before = p;
            p = p.play(m);
            line.add(p);
            moves.add(m);
            played.add(move);
            observer.moved(before, move, p, nonNegative(left[0]), nonNegative(left[1]));

            Optional<PlayedGame> adjudicated = adj.after(side, score, played.size(), book.size() + played.size(), p)
                    .map(a -> done(start, book, white, black, played, a.result(), a.end(), Optional.empty(),
                            a.end() == End.ADJUDICATED_LOSS
                                    ? Text.of(GameRunner.class, "match.end.adjudicatedLoss",
                                            (a.result() == GameResult.WHITE_WINS ? black : white).name())
                                    : a.reason()));
            if (adjudicated.isPresent() && p.outcome().isEmpty()) {
                return adjudicated.get();
            }
        }
    }

    /** The rules' verdict on the line so far: the position's own end, else the rules on its history. */
    private Optional<PlayedGame> judged(Position start, List<Move> book, Player white, Player black, List<Position> line,
                                        List<Played> played) {
        Position p = line.get(line.size() - 1);
        Optional<Ruling> r = p.outcome().map(o -> Ruling.of(o, settings.ruleSet(), "position"));
        if (r.isEmpty()) {
            r = settings.game().rule(line, settings.game().ruleSets().isEmpty() ? "" : settings.ruleSet());
        }
        if (r.isEmpty()) {
            return Optional.empty();
        }
        Outcome o = r.get().outcome();
        String loserOrDraw = o.winner().map(w -> (w == Side.WHITE ? black : white).name()).orElse("");
        Text why = o.winner().isPresent()
                ? Text.of(GameRunner.class, "match.end.rules.loss", loserOrDraw,
                        Text.of(GameRunner.class, "match.termination." + o.termination().name()))
                : Text.of(GameRunner.class, "match.end.rules.draw",
                        Text.of(GameRunner.class, "match.termination." + o.termination().name()));
        return Optional.of(done(start, book, white, black, played, o.result(), End.RULES,
                r.filter(Ruling::isRepetition), why));
    }

    private PlayedGame lostEngine(Position start, List<Move> book, Player white, Player black, List<Played> played,
                                  Side side, Player mover, Throwable cause) {
        if (org.kibitz.protocols.process.EngineProcess.programEnding()) {
            // Ctrl+C: Kibitz ended the engines itself. Not a disconnect to score: the game is played
            // again when the run resumes.
            return stopped(start, book, white, black, played);
        }
        if (cause instanceof EngineException ee && ee.text().key().equals("search.illegalBestMove") && ee.text().args().size() > 1) {
            // The session found the move illegal before we could: the same infraction.
            return loss(start, book, white, black, played, side, End.ILLEGAL_MOVE,
                    Text.of(GameRunner.class, "match.end.illegal", mover.name(), String.valueOf(ee.text().args().get(1))));
        }
        boolean ended = mover.session().state() == SessionState.TERMINATED || mover.session().exit().isPresent();
        String detail = cause instanceof EngineException ee ? ee.text().render(java.util.Locale.ENGLISH) : String.valueOf(cause);
        return loss(start, book, white, black, played, side, ended ? End.DISCONNECT : End.STALLED,
                Text.of(GameRunner.class, ended ? "match.end.disconnect" : "match.end.failed", mover.name(), detail));
    }

    private PlayedGame loss(Position start, List<Move> book, Player white, Player black, List<Played> played, Side loser,
                            End end, Text reason) {
        return done(start, book, white, black, played, GameResult.win(loser.opposite()), end, Optional.empty(), reason);
    }

    /** The game left unfinished (stopped, or Kibitz ending): not a result, it is played again on resume. */
    private PlayedGame stopped(Position start, List<Move> book, Player white, Player black, List<Played> played) {
        return done(start, book, white, black, played, GameResult.UNDECIDED, End.STOPPED, Optional.empty(),
                Text.of(GameRunner.class, "match.end.stopped"));
    }

    private PlayedGame done(Position start, List<Move> book, Player white, Player black, List<Played> played,
                            GameResult result, End end, Optional<Ruling> ruling, Text reason) {
        return new PlayedGame(settings.game().id(), white.name(), black.name(), start, book, played, result, end, ruling,
                reason);
    }

    /**
     * The engine's time for a move: from the moment its last command (the {@code go}) was written to
     * the moment its answer was read, as the session stamped those lines; what our own threads added
     * around them (the position set up before, the hand-over of the answer to this thread after, each
     * a wait for a CPU on a busy machine) is ours. Without both stamps in order (a session that does
     * not post its lines), the time this thread waited.
     */
    static Duration engineTime(Duration waited, Instant sent, Instant heard) {
        if (sent == null || heard == null || heard.isBefore(sent)) {
            return waited;
        }
        Duration between = Duration.between(sent, heard);
        return between.compareTo(waited) < 0 ? between : waited;
    }

    private static void stopQuietly(EngineSession s) {
        EngineTurns.stopQuietly(s);
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }

    private static String millis(Duration d) {
        return Long.toString(Math.max(0, d.toMillis()));
    }

    private static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.1f", d.toNanos() / 1e9);
    }

    /** The adjudication counters of one game. */
    private static final class AdjudicationState {
        record Verdict(GameResult result, End end, Text reason) {
        }

        private final Adjudication rules;
        private final int[] behind = new int[2];
        private final int[] ahead = new int[2];
        private int quiet;

        AdjudicationState(Adjudication rules) {
            this.rules = rules;
        }

        /**
         * After {@code mover}'s move with the score its engine gave (its own view).
         *
         * @param enginePlies engine moves played so far
         * @param plies       plies from the start, book included
         */
        Optional<Verdict> after(Side mover, Optional<Score> score, int enginePlies, int plies, Position after) {
            int i = mover.ordinal();
            if (rules.resign().isPresent()) {
                Adjudication.Resign r = rules.resign().get();
                int v = score.map(Score::order).orElse(0);
                behind[i] = score.isPresent() && v <= -r.score() ? behind[i] + 1 : 0;
                ahead[i] = score.isPresent() && v >= r.score() ? ahead[i] + 1 : 0;
                int j = 1 - i;
                if (behind[i] >= r.moveCount() && (!r.twoSided() || ahead[j] >= r.moveCount())) {
                    return Optional.of(new Verdict(GameResult.win(mover.opposite()), End.ADJUDICATED_LOSS,
                            Text.of(GameRunner.class, "match.end.adjudicatedLoss")));
                }
                if (ahead[i] >= r.moveCount() && r.twoSided() && behind[j] >= r.moveCount()) {
                    return Optional.of(new Verdict(GameResult.win(mover), End.ADJUDICATED_LOSS,
                            Text.of(GameRunner.class, "match.end.adjudicatedLoss")));
                }
            }
            if (rules.draw().isPresent()) {
                Adjudication.Draw d = rules.draw().get();
                int v = score.map(Score::order).orElse(Integer.MAX_VALUE);
                quiet = (plies + 1) / 2 >= d.moveNumber() && Math.abs((long) v) <= d.score() ? quiet + 1 : 0;
                if (quiet >= 2 * d.moveCount()) {
                    return Optional.of(new Verdict(GameResult.DRAW, End.ADJUDICATED_DRAW,
                            Text.of(GameRunner.class, "match.end.adjudicatedDraw")));
                }
            }
            if (rules.maxMoves().isPresent() && plies >= 2 * rules.maxMoves().getAsInt()) {
                return Optional.of(new Verdict(GameResult.DRAW, End.MAX_MOVES,
                        Text.of(GameRunner.class, "match.end.maxMoves", rules.maxMoves().getAsInt())));
            }
            return Optional.empty();
        }
    }
}
