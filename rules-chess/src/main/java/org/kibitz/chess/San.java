package org.kibitz.chess;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kibitz.api.game.AmbiguousMoveException;
import org.kibitz.api.game.IllegalMoveException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.NotAMoveException;
import org.kibitz.api.game.Square;
import org.kibitz.api.i18n.Text;
import org.kibitz.chess.board.Board;
import org.kibitz.chess.board.Moves;

/**
 * Standard Algebraic Notation: writing with minimal disambiguation and {@code +}/{@code #}, and
 * reading what people and programs write.
 *
 * <p>Reading accepts, beyond strict SAN: {@code 0-0}/{@code o-o} for castling; promotions without
 * {@code =} ({@code e8Q}), with a lower-case letter, or as {@code e8/Q} or {@code e8(Q)}; check and
 * mate marks and annotation suffixes ({@code + # ! ? !! ?? !? ?!}, and their one-character Unicode
 * forms); a trailing {@code e.p.}; typographic dashes ({@code O–O}); a missing or superfluous capture mark; over-disambiguation
 * ({@code Ngf3} when only one knight can go); long algebraic and coordinates ({@code Ng1-f3},
 * {@code e2-e4}, {@code e2e4}, {@code e7e8q}, castling as {@code e1g1} or king takes rook); figurines
 * of either colour for the piece letters. A pawn move without a from-file is a push (a capture
 * needs its file: {@code exd5}, or {@code ed5}).
 */
final class San {

    private San() {
    }

    private static final String LETTERS = " PNBRQK";
    /** Figurines written for display: the white set for both sides, as figurine notation in print does. */
    private static final String FIGURINES = "  ♘♗♖♕♔";

    private static final Pattern SAN = Pattern.compile(
            "([NBRQK])?([a-h])?([1-8])?([-x:×])?([a-h])([1-8])(?:[=/]?([NBRQKnbrqk])|\\(([NBRQKnbrqk])\\))?");
    private static final Pattern CASTLING = Pattern.compile("([O0o])-?([O0o])(-?([O0o]))?");

    /** Writes a legal move of {@code position} in SAN, or in figurine SAN. */
    static String format(ChessPosition position, int move, boolean figurine) {
        Board b = position.board();
        StringBuilder s = new StringBuilder(8);
        int from = Moves.from(move);
        int to = Moves.to(move);
        if (Moves.isCastling(move)) {
            s.append(to > from ? "O-O" : "O-O-O");
        } else {
            int type = Board.typeOf(b.pieceOn(from));
            boolean capture = b.isCapture(move);
            if (type == Board.PAWN) {
                if (capture) {
                    s.append((char) ('a' + (from & 7))).append('x');
                }
                s.append(Moves.squareName(to));
                int promo = Moves.promotionType(move);
                if (promo != Board.NO_PIECE) {
                    s.append('=').append(letter(promo, figurine));
                }
            } else {
                s.append(letter(type, figurine));
                if (type != Board.KING) {
                    disambiguate(s, position, move, type);
                }
                if (capture) {
                    s.append('x');
                }
                s.append(Moves.squareName(to));
            }
        }
        Board after = b.copy();
        after.makeMove(move);
        if (after.inCheck()) {
            s.append(after.hasLegalMove() ? '+' : '#');
        }
        return s.toString();
    }

    private static char letter(int type, boolean figurine) {
        return (figurine ? FIGURINES : LETTERS).charAt(type);
    }

    /** Adds the from-file, else the from-rank, else both, when another piece of the type can reach the square. */
    private static void disambiguate(StringBuilder s, ChessPosition position, int move, int type) {
        Board b = position.board();
        int from = Moves.from(move);
        int to = Moves.to(move);
        boolean ambiguous = false;
        boolean sameFile = false;
        boolean sameRank = false;
        for (int m : position.intMoves()) {
            int f = Moves.from(m);
            if (f == from || Moves.to(m) != to || Moves.isCastling(m) || Board.typeOf(b.pieceOn(f)) != type) {
                continue;
            }
            ambiguous = true;
            sameFile |= (f & 7) == (from & 7);
            sameRank |= (f >>> 3) == (from >>> 3);
        }
        if (!ambiguous) {
            return;
        }
        if (!sameFile) {
            s.append((char) ('a' + (from & 7)));
        } else if (!sameRank) {
            s.append((char) ('1' + (from >>> 3)));
        } else {
            s.append(Moves.squareName(from));
        }
    }

    /** Reads a move written in SAN (leniently, see the class comment). */
    static int parse(ChessPosition position, String input) throws MoveParseException {
        String s = clean(input);
        if (s.isEmpty()) {
            throw new NotAMoveException(input, Text.of(San.class, "move.notAMove", input));
        }
        if (isNullMove(s)) {
            throw new NotAMoveException(input, Text.of(San.class, "move.nullMove", input));
        }
        Matcher c = CASTLING.matcher(s);
        if (c.matches()) {
            boolean kingSide = c.group(3) == null;
            for (int m : position.intMoves()) {
                if (Moves.isCastling(m) && (Moves.to(m) > Moves.from(m)) == kingSide) {
                    return m;
                }
            }
            throw new IllegalMoveException(input, Text.of(San.class, "move.illegal", input));
        }
        Matcher m = SAN.matcher(s);
        if (!m.matches()) {
            throw new NotAMoveException(input, Text.of(San.class, "move.notAMove", input));
        }
        String pieceLetter = m.group(1);
        int fromFile = m.group(2) == null ? -1 : m.group(2).charAt(0) - 'a';
        int fromRank = m.group(3) == null ? -1 : m.group(3).charAt(0) - '1';
        int to = (m.group(5).charAt(0) - 'a') + 8 * (m.group(6).charAt(0) - '1');
        String promoText = m.group(7) != null ? m.group(7) : m.group(8);
        int promo = promoText == null ? Board.NO_PIECE : LETTERS.indexOf(Character.toUpperCase(promoText.charAt(0)));

        if (pieceLetter == null && fromFile >= 0 && fromRank >= 0) {
            // Fully specified without a piece letter: long algebraic or coordinates, castling forms included.
            Move move = promo == Board.NO_PIECE
                    ? new Move(Square.of(fromFile, fromRank), ChessPosition.square(to))
                    : new Move(Square.of(fromFile, fromRank), ChessPosition.square(to), LETTERS.charAt(promo));
            int found = position.toInternal(move);
            if (found == Moves.NONE) {
                throw illegal(position, input, fromFile + 8 * fromRank, to, promo);
            }
            return found;
        }

        int type = pieceLetter == null ? Board.PAWN : LETTERS.indexOf(pieceLetter.charAt(0));
        Board b = position.board();
        List<Integer> found = new ArrayList<>(2);
        boolean promotionMissing = false;
        for (int mv : position.intMoves()) {
            int f = Moves.from(mv);
            if (Moves.to(mv) != to || Moves.isCastling(mv) || Board.typeOf(b.pieceOn(f)) != type
                    || (fromFile >= 0 && (f & 7) != fromFile) || (fromRank >= 0 && (f >>> 3) != fromRank)) {
                continue;
            }
            if (type == Board.PAWN && fromFile < 0 && (f & 7) != (to & 7)) {
                continue;
            }
            if (Moves.promotionType(mv) != promo) {
                promotionMissing |= promo == Board.NO_PIECE;
                continue;
            }
            found.add(mv);
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.isEmpty()) {
            throw new IllegalMoveException(input, Text.of(San.class,
                    promotionMissing ? "move.promotionMissing" : "move.illegal", input));
        }
        List<String> options = new ArrayList<>(found.size());
        for (int mv : found) {
            options.add(format(position, mv, false));
        }
        throw new AmbiguousMoveException(input, Text.of(San.class, "move.ambiguous", input, String.join(", ", options)));
    }

    private static IllegalMoveException illegal(ChessPosition position, String input, int from, int to, int promo) {
        boolean promotionMissing = false;
        if (promo == Board.NO_PIECE) {
            for (int mv : position.intMoves()) {
                promotionMissing |= Moves.from(mv) == from && Moves.to(mv) == to && Moves.isPromotion(mv);
            }
        }
        return new IllegalMoveException(input, Text.of(San.class,
                promotionMissing ? "move.promotionMissing" : "move.illegal", input));
    }

    static boolean isNullMove(String s) {
        return s.equals("--") || s.equals("Z0") || s.equals("0000") || s.equals("@@@@") || s.equals("null");
    }

    /** Figurines to letters, typographic dashes to '-', then off with check marks, annotation suffixes and "e.p.". */
    static String clean(String input) {
        StringBuilder s = new StringBuilder(input.strip());
        for (int i = 0; i < s.length(); i++) {
            int k = "♔♕♖♗♘♚♛♜♝♞".indexOf(s.charAt(i));
            if (k >= 0) {
                s.setCharAt(i, "KQRBN".charAt(k % 5));
            } else if (s.charAt(i) == '♙' || s.charAt(i) == '♟') {
                s.deleteCharAt(i--);
            } else if (s.charAt(i) == '–' || s.charAt(i) == '—' || s.charAt(i) == '‐' || s.charAt(i) == '−') {
                s.setCharAt(i, '-'); // word processors turn O-O into O–O
            }
        }
        String t = s.toString();
        boolean changed = true;
        while (changed && !t.isEmpty()) {
            changed = false;
            char last = t.charAt(t.length() - 1);
            if ("+#!?‼⁇⁈⁉†‡".indexOf(last) >= 0) {
                t = t.substring(0, t.length() - 1).stripTrailing();
                changed = true;
            } else if (t.endsWith("e.p.")) {
                t = t.substring(0, t.length() - 4).stripTrailing();
                changed = true;
            }
        }
        return t;
    }
}
