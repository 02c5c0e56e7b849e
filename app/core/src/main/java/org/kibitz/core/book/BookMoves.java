package org.kibitz.core.book;

import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Square;

/**
 * How a Polyglot-style book (16-byte records, see {@link PolyglotEntry}) of one game writes its
 * moves in 16 bits. The key of a position is {@link Position#hash()} for both: for chess it is the
 * Polyglot key, for xiangqi Kibitz's own key (see {@code docs/xiangqi-book-format.md}).
 */
public interface BookMoves {

    /** The game whose moves these are. */
    String gameId();

    /** The 16-bit code of a move legal in {@code before}. */
    int encode(Position before, Move move);

    /** The legal move a code stands for in {@code before}, in the game's own form; empty when it is none. */
    Optional<Move> decode(Position before, int code);

    /** The book key of a position. */
    default long key(Position position) {
        return position.hash();
    }

    /**
     * Whether a position and its mirror image ({@link Position#mirrored()}) share their book entries:
     * a book then holds one of the two, with its moves, and a probe of either finds them.
     */
    default boolean mergesMirrors() {
        return false;
    }

    /** The code of the mirror image of the move {@code code} stands for (files reversed). */
    default int mirror(int code) {
        throw new UnsupportedOperationException(gameId() + " books do not mirror positions");
    }

    /** The codec for a game id. */
    static BookMoves forGame(String gameId) {
        return switch (gameId) {
            case "chess" -> POLYGLOT_CHESS;
            case "xiangqi" -> KIBITZ_XIANGQI;
            default -> throw new IllegalArgumentException("no book format for the game " + gameId);
        };
    }

    /**
     * Polyglot's chess moves: bits 0-2 the to-file, 3-5 the to-row, 6-8 the from-file, 9-11 the
     * from-row, 12-14 the promotion piece (0 none, 1 knight, 2 bishop, 3 rook, 4 queen). Castling is
     * written as the king taking its own rook ({@code e1h1}), in standard chess as in Chess960.
     */
    BookMoves POLYGLOT_CHESS = new BookMoves() {
        private static final String PROMOTIONS = " NBRQ";

        @Override
        public String gameId() {
            return "chess";
        }

        @Override
        public int encode(Position before, Move move) {
            Square from = move.from();
            Square to = move.to();
            Optional<Piece> moving = before.pieceAt(from);
            if (moving.isPresent() && moving.get().type() == 'K') {
                Optional<Piece> target = before.pieceAt(to);
                boolean takesOwnRook = target.isPresent() && target.get().side() == moving.get().side()
                        && target.get().type() == 'R';
                if (!takesOwnRook && Math.abs(to.file() - from.file()) >= 2) {
                    to = Square.of(to.file() > from.file() ? 7 : 0, from.rank()); // standard castling: the rook's corner
                }
            }
            int promotion = move.isPromotion() ? PROMOTIONS.indexOf(move.promotion()) : 0;
            if (promotion < 0) {
                throw new IllegalArgumentException("Polyglot cannot write the promotion to " + move.promotion());
            }
            return to.file() | to.rank() << 3 | from.file() << 6 | from.rank() << 9 | promotion << 12;
        }

        @Override
        public Optional<Move> decode(Position before, int code) {
            Square to = Square.of(code & 7, code >> 3 & 7);
            Square from = Square.of(code >> 6 & 7, code >> 9 & 7);
            int promotion = code >> 12 & 7;
            if (promotion >= PROMOTIONS.length()) {
                return Optional.empty();
            }
            Move move = promotion == 0 ? new Move(from, to) : new Move(from, to, PROMOTIONS.charAt(promotion));
            for (Move m : before.legalMovesFrom(from)) {
                if (m.equals(move)) {
                    return Optional.of(m);
                }
            }
            // King takes own rook: the castling move in the position's own form (e1g1 in standard chess).
            Optional<Piece> king = before.pieceAt(from);
            Optional<Piece> rook = before.pieceAt(to);
            if (promotion == 0 && king.isPresent() && king.get().type() == 'K' && rook.isPresent()
                    && rook.get().type() == 'R' && rook.get().side() == king.get().side() && from.rank() == to.rank()) {
                int direction = Integer.signum(to.file() - from.file());
                for (Move m : before.legalMovesFrom(from)) {
                    if (m.to().rank() == from.rank() && Integer.signum(m.to().file() - from.file()) == direction
                            && Math.abs(m.to().file() - from.file()) >= 2) {
                        return Optional.of(m);
                    }
                }
            }
            return Optional.empty();
        }
    };

    /**
     * Kibitz's xiangqi moves: points numbered {@code rank * 9 + file} (0..89, ranks from Red's side),
     * the code {@code from | to << 7}.
     */
    BookMoves KIBITZ_XIANGQI = new BookMoves() {
        @Override
        public String gameId() {
            return "xiangqi";
        }

        @Override
        public int encode(Position before, Move move) {
            return point(move.from()) | point(move.to()) << 7;
        }

        private static int point(Square s) {
            if (s.file() > 8 || s.rank() > 9) {
                throw new IllegalArgumentException("not a xiangqi point: " + s);
            }
            return s.rank() * 9 + s.file();
        }

        @Override
        public boolean mergesMirrors() {
            return true;
        }

        @Override
        public int mirror(int code) {
            int from = code & 0x7F;
            int to = code >> 7 & 0x7F;
            return mirrorPoint(from) | mirrorPoint(to) << 7 | (code & ~0x3FFF);
        }

        private static int mirrorPoint(int p) {
            return p >= 90 ? p : p / 9 * 9 + (8 - p % 9);
        }

        @Override
        public Optional<Move> decode(Position before, int code) {
            int from = code & 0x7F;
            int to = code >> 7 & 0x7F;
            if (from >= 90 || to >= 90 || code >> 14 != 0) {
                return Optional.empty();
            }
            Move move = new Move(Square.of(from % 9, from / 9), Square.of(to % 9, to / 9));
            return before.isLegal(move) ? Optional.of(move) : Optional.empty();
        }
    };
}
