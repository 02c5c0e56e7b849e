package org.kibitz.engine.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;

/**
 * A small match loop (the full match runner is a later issue): two sessions play from an opening, each
 * on its own clock (base + increment, kept here from the time between {@code go} and the best move),
 * every move checked with our rules, every game ended by our rules' adjudication, a time forfeit,
 * a resignation, a missing or illegal move, or a draw after {@link #MAX_PLIES}.
 */
final class Match {

    /**
     * How far a clock may go below zero before it is a forfeit, as cutechess-cli's {@code timemargin}:
     * the time here is taken around the client's calls, pipe and scheduling included, which a shared
     * machine under load (we have seen a load average of 14 on 2 cores) stretches by hundreds of
     * milliseconds that no engine sees.
     */
    static final long TIME_MARGIN_MS = 500;

    /** Games longer than this are drawn: they are long endgames that prove nothing more here. */
    static final int MAX_PLIES = 300;

    /** How a game ended. */
    enum Reason { RULES, TIME_FORFEIT, RESIGNATION, ILLEGAL_MOVE, NO_MOVE, ENGINE_FAILURE, PLY_LIMIT }

    /**
     * One game.
     *
     * @param ourSide  the side our engine played
     * @param result   the result
     * @param reason   why it ended
     * @param culprit  the side at fault for a forfeit, illegal move, no move or failure
     * @param detail   what the rules or the engine said
     */
    record Game(int number, List<String> opening, Side ourSide, GameResult result, Reason reason, Optional<Side> culprit,
                String detail, List<String> moves, long ourTimeLeftMs) {

        /** Points for our engine: 1, ½ or 0. */
        double ourPoints() {
            return result.winner().map(w -> w == ourSide ? 1.0 : 0.0).orElse(0.5);
        }

        boolean oursAtFault() {
            return culprit.filter(c -> c == ourSide).isPresent();
        }
    }

    private final GamePlugin game;
    private final EngineSession ours;
    private final EngineSession theirs;
    private final Duration base;
    private final Duration increment;

    Match(GamePlugin game, EngineSession ours, EngineSession theirs, Duration base, Duration increment) {
        this.game = game;
        this.ours = ours;
        this.theirs = theirs;
        this.base = base;
        this.increment = increment;
    }

    Game play(int number, List<String> opening, Side ourSide) throws Exception {
        Position start = game.startPosition();
        List<Move> moves = new ArrayList<>(Sessions.moves(game, start, opening.toArray(String[]::new)));
        List<Position> line = new ArrayList<>();
        line.add(start);
        Position p = start;
        for (Move m : moves) {
            p = p.play(m);
            line.add(p);
        }
        ours.newGame(game.id());
        theirs.newGame(game.id());
        long[] clock = {base.toMillis(), base.toMillis()};
        long inc = increment.toMillis();
        while (true) {
            Optional<Outcome> outcome = game.adjudicate(line);
            if (outcome.isPresent()) {
                return end(number, opening, ourSide, outcome.get().result(), Reason.RULES, Optional.empty(),
                        outcome.get().termination().toString(), moves, clock);
            }
            if (moves.size() >= MAX_PLIES) {
                return end(number, opening, ourSide, GameResult.DRAW, Reason.PLY_LIMIT, Optional.empty(), "", moves, clock);
            }
            Side mover = p.sideToMove();
            EngineSession s = mover == ourSide ? ours : theirs;
            int i = mover == Side.WHITE ? 0 : 1;
            SearchLimits.Clock c = new SearchLimits.Clock(Duration.ofMillis(Math.max(1, clock[0])),
                    Duration.ofMillis(Math.max(1, clock[1])), increment, increment, 0);
            BestMove best;
            long t0 = System.nanoTime();
            try {
                s.setPosition(start, moves);
                CompletableFuture<BestMove> f = s.go(SearchLimits.clock(c));
                best = f.get(clock[i] + 5000, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                s.stop();
                return end(number, opening, ourSide, GameResult.win(mover.opposite()), Reason.TIME_FORFEIT, Optional.of(mover),
                        "no move within the clock and 5 s more", moves, clock);
            } catch (Exception e) {
                return end(number, opening, ourSide, GameResult.win(mover.opposite()), Reason.ENGINE_FAILURE, Optional.of(mover),
                        String.valueOf(e), moves, clock);
            }
            long used = (System.nanoTime() - t0) / 1_000_000;
            clock[i] -= used;
            if (clock[i] < -TIME_MARGIN_MS) {
                return end(number, opening, ourSide, GameResult.win(mover.opposite()), Reason.TIME_FORFEIT, Optional.of(mover),
                        "used " + used + " ms, " + (clock[i] + used) + " ms left", moves, clock);
            }
            clock[i] = Math.max(0, clock[i]) + inc;
            if (best.resign()) {
                return end(number, opening, ourSide, GameResult.win(mover.opposite()), Reason.RESIGNATION, Optional.of(mover),
                        "", moves, clock);
            }
            if (best.move().isEmpty()) {
                return end(number, opening, ourSide, GameResult.win(mover.opposite()), Reason.NO_MOVE, Optional.of(mover),
                        "in " + p.fen(), moves, clock);
            }
            Move m = best.move().get();
            if (!p.isLegal(m)) {
                return end(number, opening, ourSide, GameResult.win(mover.opposite()), Reason.ILLEGAL_MOVE, Optional.of(mover),
                        m + " in " + p.fen(), moves, clock);
            }
            moves.add(m);
            p = p.play(m);
            line.add(p);
        }
    }

    private Game end(int number, List<String> opening, Side ourSide, GameResult result, Reason reason, Optional<Side> culprit,
                     String detail, List<Move> moves, long[] clock) {
        List<String> text = moves.stream().map(m -> m.coordinates(game.coordinateRankBase())).toList();
        long left = clock[ourSide == Side.WHITE ? 0 : 1];
        return new Game(number, opening, ourSide, result, reason, culprit, detail, text, left);
    }
}
