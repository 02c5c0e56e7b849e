package org.kibitz.chess.board;

import org.kibitz.api.i18n.Text;

/**
 * Reads and writes FEN, X-FEN and Shredder-FEN for {@link Board}.
 *
 * <h2>Reading</h2>
 * <ul>
 *   <li>Fields after the placement may be missing: side {@code w}, castling {@code -}, en passant
 *       {@code -}, clocks {@code 0 1}. More than six fields is an error.
 *   <li>Castling: {@code KQkq} name the outermost rook on each side of the king (X-FEN); file
 *       letters {@code A-H}/{@code a-h} name the rook's file (Shredder-FEN, or X-FEN for an inner
 *       rook). A right whose king is not on its back rank, or without a rook where it says, is
 *       dropped (many FENs in the wild carry stale rights); two different rooks for one right is an
 *       error.
 *   <li>Chess960 is what the caller says; when it says nothing, the position is Chess960 if the
 *       castling field uses file letters or a castling king or rook stands off e1/e8, a1/h1, a8/h8.
 *       A standard position whose rights need Chess960 is an error.
 *   <li>En passant: a square on the wrong rank is an error; one where no pawn can just have made a
 *       double step is dropped; one that no pawn of the side to move attacks is dropped too (see
 *       {@link Board#enPassantSquare()}).
 *   <li>Exactly one king per side, no pawn on the first or last rank, and the side not to move
 *       not in check; anything else is an error.
 * </ul>
 *
 * <h2>Writing</h2>
 * Standard positions: {@code KQkq}. Chess960: X-FEN ({@code KQkq} for outermost rooks, the file
 * letter for an inner one), except that when every right would read as standard chess (king on
 * the e-file, rooks on a and h) the file letters are written, so that reading the FEN back gives
 * Chess960 again. {@link Board#shredderFen()} always writes file letters. The en passant square is
 * written when a pawn of the side to move attacks it, as Stockfish does (so the Polyglot key
 * survives a round trip).
 */
public final class Fen {

    private Fen() {
    }

    /** The standard start position. */
    public static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /** A FEN that is not a valid position, with the reason as a translatable {@link Text}. */
    public static final class FenError extends IllegalArgumentException {

        private final transient Text text;

        FenError(Text text) {
            super(text.toString(), null);
            this.text = text;
        }

        public Text text() {
            return text;
        }
    }

    private static FenError error(String key, Object... args) {
        return new FenError(Text.of(Fen.class, key, args));
    }

    /**
     * Reads a FEN.
     *
     * @param chess960 {@code true} or {@code false} to fix the variant, {@code null} to infer it
     * @throws FenError when it is not a valid position
     */
    public static Board parse(String fen, Boolean chess960) {
        String text = fen == null ? "" : fen.strip();
        if (text.isEmpty()) {
            throw error("fen.empty");
        }
        String[] f = text.split("\\s+");
        if (f.length > 6) {
            throw error("fen.extraFields", f.length);
        }
        Board b = new Board();
        readPlacement(b, f[0]);

        int side;
        String sideField = f.length > 1 ? f[1] : "w";
        switch (sideField) {
            case "w", "W" -> side = Board.WHITE;
            case "b", "B" -> side = Board.BLACK;
            default -> throw error("fen.side", sideField);
        }

        int[] rookSquares = {-1, -1, -1, -1};
        boolean letters = readCastling(b, f.length > 2 ? f[2] : "-", rookSquares);
        boolean nonStandard = false;
        int rights = 0;
        for (int i = 0; i < 4; i++) {
            if (rookSquares[i] >= 0) {
                rights |= 1 << i;
                int king = b.kingSquare(i >>> 1);
                int rookFile = (i & 1) == 0 ? 7 : 0;
                nonStandard |= (king & 7) != 4 || (rookSquares[i] & 7) != rookFile;
            }
        }
        boolean is960 = chess960 != null ? chess960 : letters || nonStandard;
        if (!is960 && nonStandard) {
            throw error("fen.castlingNeedsChess960", f[2]);
        }
        CastlingGeometry geometry = rights == 0 ? CastlingGeometry.NONE
                : new CastlingGeometry(rookSquares, new int[]{b.kingSquare(Board.WHITE), b.kingSquare(Board.BLACK)});

        int ep = readEnPassant(b, f.length > 3 ? f[3] : "-", side);
        int halfmove = f.length > 4 ? readNumber(f[4], "fen.halfmove") : 0;
        int fullmove = f.length > 5 ? Math.max(1, readNumber(f[5], "fen.fullmove")) : 1;
        b.setUp(side, geometry, rights, is960, ep, halfmove, fullmove);
        if (b.isAttacked(b.kingSquare(side ^ 1), side)) {
            throw error("fen.opponentInCheck", side == Board.WHITE ? "b" : "w");
        }
        return b;
    }

    private static void readPlacement(Board b, String placement) {
        String[] ranks = placement.split("/", -1);
        if (ranks.length != 8) {
            throw error("fen.rankCount", ranks.length);
        }
        int[] kings = new int[2];
        for (int i = 0; i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            for (int j = 0; j < ranks[i].length(); j++) {
                char c = ranks[i].charAt(j);
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                } else {
                    int type = "pnbrqk".indexOf(Character.toLowerCase(c)) + 1;
                    if (type == 0 || c > 'z') {
                        throw error("fen.pieceLetter", String.valueOf(c), rank + 1);
                    }
                    if (file >= 8) {
                        throw error("fen.rankLength", rank + 1);
                    }
                    int colour = Character.isUpperCase(c) ? Board.WHITE : Board.BLACK;
                    if (type == Board.PAWN && (rank == 0 || rank == 7)) {
                        throw error("fen.pawnOnBackRank", Moves.squareName(8 * rank + file));
                    }
                    if (type == Board.KING) {
                        kings[colour]++;
                    }
                    b.put(Board.piece(colour, type), 8 * rank + file);
                    file++;
                }
                if (file > 8) {
                    throw error("fen.rankLength", rank + 1);
                }
            }
            if (file != 8) {
                throw error("fen.rankLength", rank + 1);
            }
        }
        if (kings[0] != 1 || kings[1] != 1) {
            throw error("fen.kings", kings[0], kings[1]);
        }
    }

    /** Fills the rook square of each right; returns whether file letters were used. */
    private static boolean readCastling(Board b, String field, int[] rookSquares) {
        if (field.equals("-")) {
            return false;
        }
        boolean letters = false;
        for (int j = 0; j < field.length(); j++) {
            char c = field.charAt(j);
            char u = Character.toUpperCase(c);
            if (!(u == 'K' || u == 'Q' || (u >= 'A' && u <= 'H')) || c > 'z') {
                throw error("fen.castlingLetter", String.valueOf(c), field);
            }
            int colour = Character.isUpperCase(c) ? Board.WHITE : Board.BLACK;
            int base = colour == Board.WHITE ? 0 : 56;
            int king = b.kingSquare(colour);
            if ((king & 56) != base) {
                continue;
            }
            int kingFile = king & 7;
            int rook = Board.piece(colour, Board.ROOK);
            int sq = -1;
            if (u == 'K') {
                for (int file = 7; file > kingFile && sq < 0; file--) {
                    if (b.pieceOn(base + file) == rook) {
                        sq = base + file;
                    }
                }
            } else if (u == 'Q') {
                for (int file = 0; file < kingFile && sq < 0; file++) {
                    if (b.pieceOn(base + file) == rook) {
                        sq = base + file;
                    }
                }
            } else {
                letters = true;
                int file = u - 'A';
                if (file != kingFile && b.pieceOn(base + file) == rook) {
                    sq = base + file;
                }
            }
            if (sq < 0) {
                continue;
            }
            int right = CastlingGeometry.rightIndex(king, sq);
            if (rookSquares[right] >= 0 && rookSquares[right] != sq) {
                throw error("fen.castlingTwice", field);
            }
            rookSquares[right] = sq;
        }
        return letters;
    }

    private static int readEnPassant(Board b, String field, int side) {
        if (field.equals("-")) {
            return Board.NO_SQUARE;
        }
        if (field.length() != 2 || field.charAt(0) < 'a' || field.charAt(0) > 'h'
                || field.charAt(1) < '1' || field.charAt(1) > '8') {
            throw error("fen.enPassant", field);
        }
        int sq = (field.charAt(0) - 'a') + 8 * (field.charAt(1) - '1');
        if ((sq >>> 3) != (side == Board.WHITE ? 5 : 2)) {
            throw error("fen.enPassantRank", field);
        }
        int up = side == Board.WHITE ? -8 : 8;
        boolean doubleStep = b.pieceOn(sq + up) == Board.piece(side ^ 1, Board.PAWN)
                && b.pieceOn(sq) == Board.NO_PIECE && b.pieceOn(sq - up) == Board.NO_PIECE;
        return doubleStep ? sq : Board.NO_SQUARE;
    }

    private static int readNumber(String field, String key) {
        if (field.isEmpty() || field.length() > 9 || !field.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            throw error(key, field);
        }
        return Integer.parseInt(field);
    }

    /** Writes a board's FEN; see the class comment for the castling letters. */
    public static String write(Board b, boolean shredder) {
        StringBuilder s = new StringBuilder(90);
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int p = b.pieceOn(8 * rank + file);
                if (p == Board.NO_PIECE) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    s.append(empty);
                    empty = 0;
                }
                char c = " pnbrqk".charAt(Board.typeOf(p));
                s.append(Board.colourOf(p) == Board.WHITE ? Character.toUpperCase(c) : c);
            }
            if (empty > 0) {
                s.append(empty);
            }
            if (rank > 0) {
                s.append('/');
            }
        }
        s.append(b.sideToMove() == Board.WHITE ? " w " : " b ");
        s.append(castlingField(b, shredder));
        s.append(' ');
        s.append(b.enPassantSquare() == Board.NO_SQUARE ? "-" : Moves.squareName(b.enPassantSquare()));
        s.append(' ').append(b.halfmoveClock()).append(' ').append(b.fullmoveNumber());
        return s.toString();
    }

    private static String castlingField(Board b, boolean shredder) {
        int rights = b.castlingRights();
        if (rights == 0) {
            return "-";
        }
        boolean letters = shredder;
        if (b.isChess960() && !shredder) {
            // Keep Chess960 across a round trip when X-FEN alone would read as standard chess.
            boolean looksStandard = true;
            for (int i = 0; i < 4; i++) {
                if ((rights & (1 << i)) != 0) {
                    int rookFile = b.castlingRookSquare(i) & 7;
                    looksStandard &= (b.kingSquare(i >>> 1) & 7) == 4 && rookFile == ((i & 1) == 0 ? 7 : 0);
                }
            }
            letters = looksStandard;
        }
        StringBuilder s = new StringBuilder(4);
        for (int i = 0; i < 4; i++) {
            if ((rights & (1 << i)) == 0) {
                continue;
            }
            int rook = b.castlingRookSquare(i);
            char c;
            if (letters || (b.isChess960() && !outermost(b, i, rook))) {
                c = (char) ('A' + (rook & 7));
            } else {
                c = (i & 1) == 0 ? 'K' : 'Q';
            }
            s.append(i < 2 ? c : Character.toLowerCase(c));
        }
        return s.toString();
    }

    private static boolean outermost(Board b, int right, int rook) {
        int colour = right >>> 1;
        int base = rook & 56;
        int rookPiece = Board.piece(colour, Board.ROOK);
        boolean kingSide = (right & 1) == 0;
        for (int file = kingSide ? (rook & 7) + 1 : 0; kingSide ? file < 8 : file < (rook & 7); file++) {
            if (b.pieceOn(base + file) == rookPiece) {
                return false;
            }
        }
        return true;
    }
}
