package org.kibitz.core.training;

import org.kibitz.core.puzzle.Puzzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;

/**
 * One attempt at a puzzle: the opponent's move played, then the solver's moves checked one by one, the
 * replies played for them. A wrong move is taken back (the position stays) and marks the attempt failed;
 * a hint marks it helped; showing the solution ends it failed. Not thread-safe: the FX thread owns it.
 */
public final class PuzzleRun {

    /** What a move the solver tried did. */
    public enum Answer {
        /** The expected move (or another that mates at once): the reply is played, the puzzle goes on. */
        RIGHT,
        /** The last move of the solution: solved. */
        SOLVED,
        /** Not the move: taken back, try again. */
        WRONG,
        /** The puzzle is over; nothing more is asked. */
        OVER
    }

    /** How an attempt ended, for the spaced repetition. */
    public enum Result {
        /** Solved without a wrong move or a hint. */
        CLEAN,
        /** Solved after a hint. */
        HINTED,
        /** A wrong move, or the solution shown. */
        FAILED
    }

    private final Puzzle puzzle;
    private final GamePlugin game;
    private final List<Move> line;
    private final List<Position> positions = new ArrayList<>();
    /** Index into {@link #line} of the next move to play. */
    private int next;
    private boolean wrong;
    private boolean hinted;
    private boolean shown;

    /**
     * @throws IllegalArgumentException when the FEN cannot be read or a move of the line is not legal
     */
    public PuzzleRun(Puzzle puzzle, GamePlugin game) {
        this.puzzle = Objects.requireNonNull(puzzle, "puzzle");
        this.game = Objects.requireNonNull(game, "game");
        Position p;
        try {
            p = puzzle.variant().isEmpty() ? game.parseFen(puzzle.fen()) : game.parseFen(puzzle.fen(), puzzle.variant());
        } catch (FenException | IllegalArgumentException e) {
            throw new IllegalArgumentException("puzzle " + puzzle.id() + ": " + e.getMessage(), e);
        }
        List<Move> moves = new ArrayList<>();
        Position q = p;
        for (String text : puzzle.moves()) {
            Move m;
            try {
                m = Move.parseCoordinates(text, game.coordinateRankBase());
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("puzzle " + puzzle.id() + ": not a move: " + text, e);
            }
            if (!q.isLegal(m)) {
                throw new IllegalArgumentException("puzzle " + puzzle.id() + ": " + text + " is not legal in " + q.fen());
            }
            moves.add(m);
            q = q.play(m);
        }
        this.line = List.copyOf(moves);
        positions.add(p);
        positions.add(p.play(line.get(0)));
        next = 1;
    }

    public Puzzle puzzle() {
        return puzzle;
    }

    public GamePlugin game() {
        return game;
    }

    /** The position before the opponent's first move. */
    public Position before() {
        return positions.get(0);
    }

    /** The position the board shows now. */
    public Position position() {
        return positions.get(positions.size() - 1);
    }

    /** The move that led to {@link #position()}. */
    public Move lastMove() {
        return line.get(next - 1);
    }

    /** The side that solves: the one to move after the opponent's first move. */
    public Side solver() {
        return positions.get(1).sideToMove();
    }

    /** The whole line, the opponent's move first. */
    public List<Move> line() {
        return line;
    }

    /** How many of the solver's moves were found so far, and how many the solution has. */
    public int found() {
        return next / 2;
    }

    public int solverMoves() {
        return line.size() / 2;
    }

    public boolean over() {
        return next >= line.size() || shown;
    }

    /** The move the solver should play now, if the puzzle is not over. */
    public Optional<Move> expected() {
        return over() ? Optional.empty() : Optional.of(line.get(next));
    }

    /**
     * The solver tried {@code move}. The right one is played with its reply; a move that mates at once is
     * right too (lichess counts any mate as the solution of a mate); anything else is wrong and not played.
     */
    public Answer play(Move move) {
        if (over()) {
            return Answer.OVER;
        }
        Move want = line.get(next);
        Position here = position();
        boolean right = want.equals(move) || (here.isLegal(move) && mates(here.play(move)));
        if (!right) {
            wrong = true;
            return Answer.WRONG;
        }
        if (!want.equals(move)) {
            // Another mate: the puzzle ends on it.
            positions.add(here.play(move));
            next = line.size();
            return Answer.SOLVED;
        }
        positions.add(here.play(want));
        next++;
        if (next >= line.size()) {
            return Answer.SOLVED;
        }
        positions.add(position().play(line.get(next)));
        next++;
        return next >= line.size() ? Answer.SOLVED : Answer.RIGHT;
    }

    private static boolean mates(Position after) {
        return after.outcome().flatMap(o -> o.winner()).isPresent();
    }

    /** The piece to move now (the hint); marks the attempt helped. */
    public Optional<Move> hint() {
        Optional<Move> e = expected();
        if (e.isPresent()) {
            hinted = true;
        }
        return e;
    }

    /** The moves of the line still to play, the solver's first. */
    public List<Move> rest() {
        return over() ? List.of() : line.subList(next, line.size());
    }

    /** Plays the rest of the solution and ends the attempt, failed. */
    public void showSolution() {
        if (over()) {
            return;
        }
        while (next < line.size()) {
            positions.add(position().play(line.get(next)));
            next++;
        }
        shown = true;
    }

    /** How this attempt counts, once it is over (a wrong move or the solution shown fails it). */
    public Result result() {
        if (wrong || shown) {
            return Result.FAILED;
        }
        return hinted ? Result.HINTED : Result.CLEAN;
    }

    /** Whether a wrong move was tried (the attempt is failed whatever follows). */
    public boolean failed() {
        return wrong || shown;
    }
}
