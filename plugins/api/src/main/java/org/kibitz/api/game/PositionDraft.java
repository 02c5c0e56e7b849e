package org.kibitz.api.game;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.i18n.Text;

/**
 * A position as a user sets it up in an editor, legal or not: where the pieces stand, who moves, the
 * castling rights and en passant square as a FEN writes them, and the counters. Unlike a
 * {@link Position} it can hold what no game reaches (two kings of a side, facing generals), so that the
 * editor can show it and {@link GamePlugin#setupProblems(PositionDraft)} can say what is wrong.
 *
 * @param files          the board's number of files
 * @param ranks          the board's number of ranks
 * @param pieces         the pieces by square
 * @param sideToMove     the side to move
 * @param castling       the castling rights as FEN letters ({@code KQkq} or a part, empty for none)
 * @param enPassant      the en passant square, if any
 * @param halfmoveClock  plies since the last capture or pawn move
 * @param fullmoveNumber the move number, from 1
 */
public record PositionDraft(int files, int ranks, Map<Square, Piece> pieces, Side sideToMove, String castling,
                            Optional<Square> enPassant, int halfmoveClock, int fullmoveNumber) {

    public PositionDraft {
        pieces = Map.copyOf(pieces);
        Objects.requireNonNull(sideToMove, "sideToMove");
        castling = castling.equals("-") ? "" : castling;
        Objects.requireNonNull(enPassant, "enPassant");
        if (halfmoveClock < 0 || fullmoveNumber < 1) {
            throw new IllegalArgumentException("counters out of range: " + halfmoveClock + " " + fullmoveNumber);
        }
    }

    /** An empty board of a game, White/Red to move. */
    public static PositionDraft empty(BoardGeometry geometry) {
        return new PositionDraft(geometry.files(), geometry.ranks(), Map.of(), Side.WHITE, "", Optional.empty(), 0, 1);
    }

    /** What a position holds, as a draft to edit. */
    public static PositionDraft of(Position p, BoardGeometry geometry) {
        String[] f = p.fen().strip().split("\\s+");
        String castling = f.length > 2 ? f[2] : "";
        Optional<Square> ep = f.length > 3 ? square(f[3], geometry) : Optional.empty();
        return new PositionDraft(geometry.files(), geometry.ranks(), p.pieces(), p.sideToMove(), castling, ep,
                p.halfmoveClock(), p.fullmoveNumber());
    }

    /**
     * Reads a FEN's fields without judging the position: any number of kings, any piece anywhere.
     * Only what cannot be drawn on the board is refused.
     *
     * @param pieceTypes the piece letters the game knows, upper case ({@code KQRBNP})
     * @throws FenException when the FEN does not describe a board of this size, a side or counters
     */
    public static PositionDraft parse(String fen, BoardGeometry geometry, String pieceTypes) throws FenException {
        String text = fen == null ? "" : fen.strip();
        if (text.isEmpty()) {
            throw error(fen, "draft.empty");
        }
        String[] f = text.split("\\s+");
        String[] rows = f[0].split("/", -1);
        if (rows.length != geometry.ranks()) {
            throw error(fen, "draft.ranks", geometry.ranks(), rows.length);
        }
        Map<Square, Piece> pieces = new HashMap<>();
        for (int row = 0; row < rows.length; row++) {
            int rank = geometry.ranks() - 1 - row;
            int file = 0;
            String s = rows[row];
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c >= '0' && c <= '9') {
                    int j = i;
                    while (j < s.length() && Character.isDigit(s.charAt(j))) {
                        j++;
                    }
                    file += Integer.parseInt(s.substring(i, Math.min(j, i + 3)));
                    i = j;
                    continue;
                }
                if (c > 'z' || pieceTypes.indexOf(Character.toUpperCase(c)) < 0) {
                    throw error(fen, "draft.letter", String.valueOf(c), rank + 1, pieceTypes);
                }
                if (file < geometry.files()) {
                    pieces.put(Square.of(file, rank), Piece.fromFen(c));
                }
                file++;
                i++;
            }
            if (file != geometry.files()) {
                throw error(fen, "draft.rankWidth", rank + 1, s, geometry.files());
            }
        }
        Side side = Side.WHITE;
        if (f.length > 1) {
            side = switch (f[1].toLowerCase(Locale.ROOT)) {
                case "w", "r" -> Side.WHITE;
                case "b" -> Side.BLACK;
                default -> throw error(fen, "draft.side", f[1]);
            };
        }
        String castling = f.length > 2 ? f[2] : "-";
        Optional<Square> ep = Optional.empty();
        if (f.length > 3 && !f[3].equals("-")) {
            ep = square(f[3], geometry);
            if (ep.isEmpty()) {
                throw error(fen, "draft.enPassant", f[3]);
            }
        }
        int half = f.length > 4 ? counter(fen, f[4]) : 0;
        int full = f.length > 5 ? Math.max(1, counter(fen, f[5])) : 1;
        return new PositionDraft(geometry.files(), geometry.ranks(), pieces, side, castling, ep, half, full);
    }

    private static Optional<Square> square(String name, BoardGeometry geometry) {
        if (name.length() < 2 || name.charAt(0) < 'a' || !name.substring(1).chars().allMatch(Character::isDigit)
                || name.length() > 3) {
            return Optional.empty();
        }
        // En passant squares are written as chess writes them, ranks from 1.
        Square s = Square.of(name.charAt(0) - 'a', Integer.parseInt(name.substring(1)) - 1);
        return geometry.contains(s) ? Optional.of(s) : Optional.empty();
    }

    private static int counter(String fen, String s) throws FenException {
        if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(Character::isDigit)) {
            throw error(fen, "draft.counter", s);
        }
        return Integer.parseInt(s);
    }

    private static FenException error(String fen, String key, Object... args) {
        return new FenException(fen == null ? "" : fen, Text.of(PositionDraft.class, key, args));
    }

    /** The FEN of this draft: placement, side, castling, en passant, counters. */
    public String fen() {
        StringBuilder sb = new StringBuilder(100);
        for (int r = ranks - 1; r >= 0; r--) {
            int empty = 0;
            for (int file = 0; file < files; file++) {
                Piece p = pieces.get(Square.of(file, r));
                if (p == null) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(p.fenLetter());
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (r > 0) {
                sb.append('/');
            }
        }
        sb.append(sideToMove == Side.WHITE ? " w " : " b ").append(castling.isEmpty() ? "-" : castling).append(' ')
                .append(enPassant.map(s -> s.name(1)).orElse("-")).append(' ')
                .append(halfmoveClock).append(' ').append(fullmoveNumber);
        return sb.toString();
    }

    public Optional<Piece> pieceAt(Square s) {
        return Optional.ofNullable(pieces.get(s));
    }

    /** This draft with {@code piece} on {@code square} (whatever stood there taken off). */
    public PositionDraft with(Square square, Piece piece) {
        Map<Square, Piece> m = new HashMap<>(pieces);
        m.put(square, piece);
        return withPieces(m);
    }

    /** This draft with {@code square} emptied. */
    public PositionDraft without(Square square) {
        if (!pieces.containsKey(square)) {
            return this;
        }
        Map<Square, Piece> m = new HashMap<>(pieces);
        m.remove(square);
        return withPieces(m);
    }

    /** This draft with the piece on {@code from} moved to {@code to}; unchanged when {@code from} is empty. */
    public PositionDraft moved(Square from, Square to) {
        Piece p = pieces.get(from);
        if (p == null || from.equals(to)) {
            return this;
        }
        Map<Square, Piece> m = new HashMap<>(pieces);
        m.remove(from);
        m.put(to, p);
        return withPieces(m);
    }

    public PositionDraft withPieces(Map<Square, Piece> now) {
        return new PositionDraft(files, ranks, now, sideToMove, castling, enPassant, halfmoveClock, fullmoveNumber);
    }

    public PositionDraft withSideToMove(Side side) {
        return new PositionDraft(files, ranks, pieces, side, castling, enPassant, halfmoveClock, fullmoveNumber);
    }

    public PositionDraft withCastling(String rights) {
        return new PositionDraft(files, ranks, pieces, sideToMove, rights, enPassant, halfmoveClock, fullmoveNumber);
    }

    public PositionDraft withEnPassant(Optional<Square> square) {
        return new PositionDraft(files, ranks, pieces, sideToMove, castling, square, halfmoveClock, fullmoveNumber);
    }

    public PositionDraft withCounters(int halfmove, int fullmove) {
        return new PositionDraft(files, ranks, pieces, sideToMove, castling, enPassant, halfmove, fullmove);
    }
}
