package org.kibitz.chess.board;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.PositionDraft;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.i18n.Text;

/**
 * Says why a chess position set up in an editor cannot arise in a game: every reason at once, so the
 * user sees all that is left to fix. Pieces are counted the way a game can produce them: at most
 * eight pawns, and only as many pieces beyond the starting set (a third knight, a second queen, two
 * bishops on squares of one colour) as pawns are missing to have promoted.
 */
public final class SetupCheck {

    private static final String TYPES = "PNBRQK";

    private SetupCheck() {
    }

    /** The reasons {@code d} is not a legal chess position; empty when it is. */
    public static List<Text> problems(PositionDraft d) {
        List<Text> out = new ArrayList<>();
        int[][] count = new int[2][7];
        int[][] bishopsOn = new int[2][2];
        for (Map.Entry<Square, Piece> e : d.pieces().entrySet()) {
            Square s = e.getKey();
            Piece p = e.getValue();
            int side = p.side().ordinal();
            int type = TYPES.indexOf(p.type()) + 1;
            count[side][type]++;
            if (type == Board.PAWN && (s.rank() == 0 || s.rank() == 7)) {
                out.add(text("setup.pawnBackRank", s.name(1)));
            }
            if (type == Board.BISHOP) {
                bishopsOn[side][(s.file() + s.rank()) % 2]++;
            }
        }
        for (int side = 0; side < 2; side++) {
            Text name = sideName(side);
            int kings = count[side][Board.KING];
            if (kings == 0) {
                out.add(text("setup.noKing", name));
            } else if (kings > 1) {
                out.add(text("setup.manyKings", name, kings));
            }
            int pawns = count[side][Board.PAWN];
            if (pawns > 8) {
                out.add(text("setup.tooManyPawns", name, pawns));
            }
            int promoted = Math.max(0, count[side][Board.QUEEN] - 1) + Math.max(0, count[side][Board.ROOK] - 2)
                    + Math.max(0, count[side][Board.KNIGHT] - 2)
                    + Math.max(0, bishopsOn[side][0] - 1) + Math.max(0, bishopsOn[side][1] - 1);
            if (promoted > 0 && promoted + pawns > 8) {
                out.add(text("setup.tooManyPromoted", name, promoted, pawns, Math.max(0, 8 - pawns)));
            }
        }
        castling(d, out);
        enPassant(d, out);
        if (count[0][Board.KING] == 1 && count[1][Board.KING] == 1) {
            Board b = new Board();
            d.pieces().forEach((s, p) -> b.put(Board.piece(p.side().ordinal(), TYPES.indexOf(p.type()) + 1),
                    8 * s.rank() + s.file()));
            int moved = d.sideToMove().opposite().ordinal();
            if (b.isAttacked(b.kingSquare(moved), moved ^ 1)) {
                out.add(text("setup.opponentInCheck", sideName(moved)));
            }
        }
        return List.copyOf(out);
    }

    /** Each castling right needs its king and rook on their squares (standard rights: e1 and h1 for K). */
    private static void castling(PositionDraft d, List<Text> out) {
        for (char c : d.castling().toCharArray()) {
            char u = Character.toUpperCase(c);
            int rookFile = u == 'K' ? 7 : u == 'Q' ? 0 : u - 'A';
            if (rookFile < 0 || rookFile > 7) {
                out.add(text("setup.castlingLetter", String.valueOf(c)));
            } else if (!castlingFits(d, c)) {
                int rank = Character.isUpperCase(c) ? 0 : 7;
                out.add(text("setup.castling", String.valueOf(c), Square.of(4, rank).name(1),
                        Square.of(rookFile, rank).name(1)));
            }
        }
    }

    /**
     * Whether the king and rook of a castling right stand where the right needs them: for K, Q, k, q
     * on their standard squares; for a rook's file letter (Chess960), the king anywhere on its back rank.
     */
    public static boolean castlingFits(PositionDraft d, char right) {
        Side side = Character.isUpperCase(right) ? Side.WHITE : Side.BLACK;
        int rank = side == Side.WHITE ? 0 : 7;
        char u = Character.toUpperCase(right);
        int rookFile = u == 'K' ? 7 : u == 'Q' ? 0 : u - 'A';
        if (rookFile < 0 || rookFile > 7) {
            return false;
        }
        Optional<Piece> king = Optional.of(new Piece(side, 'K'));
        boolean kingHome = u == 'K' || u == 'Q'
                ? d.pieceAt(Square.of(4, rank)).equals(king)
                : d.pieces().entrySet().stream().anyMatch(e -> e.getKey().rank() == rank
                        && Optional.of(e.getValue()).equals(king));
        return kingHome && d.pieceAt(Square.of(rookFile, rank)).equals(Optional.of(new Piece(side, 'R')));
    }

    /** The en passant square is the one a pawn of the side not to move has just passed with a double step. */
    private static void enPassant(PositionDraft d, List<Text> out) {
        d.enPassant().filter(ep -> !enPassantFits(d, ep)).ifPresent(ep -> out.add(text("setup.enPassant", ep.name(1))));
    }

    /** The en passant squares that fit the pieces and the side to move, by file. */
    public static List<Square> enPassantSquares(PositionDraft d) {
        int rank = d.sideToMove() == Side.WHITE ? 5 : 2;
        List<Square> out = new ArrayList<>();
        for (int file = 0; file < 8; file++) {
            if (enPassantFits(d, Square.of(file, rank))) {
                out.add(Square.of(file, rank));
            }
        }
        return out;
    }

    private static boolean enPassantFits(PositionDraft d, Square ep) {
        Side mover = d.sideToMove();
        int passedRank = mover == Side.WHITE ? 5 : 2;
        int dir = mover == Side.WHITE ? -1 : 1;
        return ep.rank() == passedRank
                && d.pieceAt(ep).isEmpty()
                && d.pieceAt(Square.of(ep.file(), ep.rank() - dir)).isEmpty()
                && d.pieceAt(Square.of(ep.file(), ep.rank() + dir)).equals(Optional.of(new Piece(mover.opposite(), 'P')));
    }

    private static Text sideName(int side) {
        return text(side == Board.WHITE ? "setup.white" : "setup.black");
    }

    private static Text text(String key, Object... args) {
        return Text.of(SetupCheck.class, key, args);
    }
}
