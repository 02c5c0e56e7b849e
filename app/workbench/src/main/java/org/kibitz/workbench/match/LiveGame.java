package org.kibitz.workbench.match;

import org.kibitz.api.analysis.Score;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.engine.EngineEvent;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;

/**
 * A game being played, as its observer hears of it on the game's thread and the engines' reader
 * threads: where it stands, the clocks, the last move and each side's latest line. Writers only
 * store (they must return quickly); the pane takes a {@link Snapshot} a few times a second.
 */
final class LiveGame {

    /** The game as it stood when asked. */
    record Snapshot(int number, String white, String black, Position start, List<Move> moves, Position position,
                    Optional<Position> beforeLast, Optional<Move> lastMove, Duration whiteLeft, Duration blackLeft,
                    Optional<Side> thinking, long askedAtNanos, boolean clocked,
                    Optional<EngineEvent.AnalysisUpdate> whiteLine, Optional<EngineEvent.AnalysisUpdate> blackLine,
                    List<Optional<Score>> evals) {
    }

    private final int number;
    private final String white;
    private final String black;
    private final Position start;
    private final boolean clocked;
    private final List<Move> moves = new ArrayList<>();
    /** Per move of {@link #moves}: what the mover's engine said of it, from White's/Red's view (none for book moves). */
    private final List<Optional<Score>> evals = new ArrayList<>();
    private Position position;
    private Position beforeLast;
    private Move lastMove;
    private Duration whiteLeft = Duration.ZERO;
    private Duration blackLeft = Duration.ZERO;
    private Side thinking;
    private long askedAt;
    private final EngineEvent.AnalysisUpdate[] lines = new EngineEvent.AnalysisUpdate[2];

    /** @param book the opening's moves from {@code start}, played before the engines move */
    LiveGame(int number, String white, String black, Position start, List<Move> book, boolean clocked) {
        this.number = number;
        this.white = white;
        this.black = black;
        this.start = start;
        this.clocked = clocked;
        Position p = start;
        for (Move m : book) {
            beforeLast = p;
            lastMove = m;
            p = p.play(m);
            moves.add(m);
            evals.add(Optional.empty());
        }
        this.position = p;
    }

    int number() {
        return number;
    }

    synchronized void started(Position at, Duration whiteClock, Duration blackClock) {
        position = at;
        whiteLeft = whiteClock;
        blackLeft = blackClock;
    }

    synchronized void asked(Side side) {
        thinking = side;
        askedAt = System.nanoTime();
    }

    synchronized void thinking(Side side, EngineEvent.AnalysisUpdate update) {
        lines[side.ordinal()] = update;
    }

    synchronized void moved(Position before, Move move, Optional<Score> moverScore, Position after, Duration whiteClock,
                            Duration blackClock) {
        beforeLast = before;
        lastMove = move;
        position = after;
        moves.add(move);
        evals.add(moverScore.map(sc -> sc.forWhite(before.sideToMove())));
        whiteLeft = whiteClock;
        blackLeft = blackClock;
        thinking = null;
    }

    synchronized Snapshot snapshot() {
        return new Snapshot(number, white, black, start, List.copyOf(moves), position, Optional.ofNullable(beforeLast),
                Optional.ofNullable(lastMove), whiteLeft, blackLeft, Optional.ofNullable(thinking), askedAt, clocked,
                Optional.ofNullable(lines[0]), Optional.ofNullable(lines[1]), List.copyOf(evals));
    }
}
