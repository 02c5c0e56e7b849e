package org.kibitz.core.match;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;

/**
 * Where a match game starts: a start position and the book moves played from it. A game written
 * to PGN gives the start as {@code [FEN]}/{@code [SetUp]} when it is not the standard start
 * ({@link #setupFen()}) and marks the book moves as book.
 *
 * @param gameId     the game played ({@code chess}, {@code xiangqi})
 * @param label      where the opening comes from, for logs and reports: the file name and the line
 *                   the position or game starts on ({@code openings.epd:17}), or its game number when
 *                   the format has no lines (XQF); {@code startpos} for the game's standard start
 * @param gameNumber its number in the file, from 1 (position number in a FEN/EPD list); 0 for the standard start
 * @param start      the position the game starts from
 * @param setupFen   the FEN of {@code start} when it is not the game's standard start position
 * @param moves      the book moves, played from {@code start}; legal, never a null move
 * @param position   the position after the book moves: where the engines take over
 */
public record Opening(String gameId, String label, int gameNumber, Position start, Optional<String> setupFen,
                      List<Move> moves, Position position) {

    public Opening {
        Objects.requireNonNull(gameId, "gameId");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(setupFen, "setupFen");
        Objects.requireNonNull(position, "position");
        moves = List.copyOf(moves);
        if (!start.gameId().equals(gameId) || !position.gameId().equals(gameId)) {
            throw new IllegalArgumentException("an opening of " + gameId + " with a position of "
                    + start.gameId() + "/" + position.gameId());
        }
    }

    /**
     * The opening of {@code game} that plays {@code moves} from {@code start}; the position after them
     * is found by playing them.
     *
     * @throws IllegalArgumentException when a move is a null move or illegal where it is played
     */
    public static Opening of(GamePlugin game, String label, int gameNumber, Position start, List<Move> moves) {
        Position at = start;
        for (Move m : moves) {
            if (m.isNull() || !at.isLegal(m)) {
                throw new IllegalArgumentException("book move " + m + " is not legal in " + at.fen());
            }
            at = at.play(m);
        }
        String fen = start.fen();
        Optional<String> setup = fen.equals(game.startPosition().fen()) ? Optional.empty() : Optional.of(fen);
        return new Opening(game.id(), label, gameNumber, start, setup, moves, at);
    }

    /** The game's standard start position with no book moves: the opening of a match without an openings file. */
    public static Opening standard(GamePlugin game) {
        return of(game, "startpos", 0, game.startPosition(), List.of());
    }

    /** The number of book moves. */
    public int plies() {
        return moves.size();
    }
}
