package org.kibitz.chess;

import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.chess.board.Moves;

/**
 * SAN ({@code san}: {@code Nbd2}, {@code exd8=Q+}, {@code O-O}) and figurine SAN ({@code figurine}:
 * {@code ♘bd2}, {@code exd8=♕+}) for display. Figurine SAN writes the white figurines for both
 * sides, as printed figurine notation does (the move number says whose move it is, and outline
 * figurines read on light and dark backgrounds); both forms read either colour's figurines and
 * plain letters. See {@link San} for what reading accepts.
 */
public final class SanNotation implements Notation {

    static final SanNotation SAN = new SanNotation(false);
    static final SanNotation FIGURINE = new SanNotation(true);

    private final boolean figurine;

    private SanNotation(boolean figurine) {
        this.figurine = figurine;
    }

    @Override
    public String id() {
        return figurine ? "figurine" : "san";
    }

    @Override
    public String format(Position before, Move move) {
        ChessPosition p = ChessNotations.chess(before);
        return San.format(p, legal(p, move), figurine);
    }

    @Override
    public void formatTo(Position before, Move move, StringBuilder out) {
        ChessPosition p = ChessNotations.chess(before);
        San.format(p.state(), legal(p, move), figurine, out);
    }

    private static int legal(ChessPosition p, Move move) {
        int m = p.toInternal(move);
        if (m == Moves.NONE) {
            throw new IllegalArgumentException("not a legal move in " + p.fen() + ": " + move.coordinates(1));
        }
        return m;
    }

    @Override
    public Move parse(Position before, String text) throws MoveParseException {
        ChessPosition p = ChessNotations.chess(before);
        return p.resolvedMove(San.parse(p, text));
    }

    @Override
    public String toString() {
        return id();
    }
}
