package org.kibitz.chess;

import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.game.AmbiguousMoveException;
import org.kibitz.api.game.IllegalMoveException;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.NotAMoveException;
import org.kibitz.api.i18n.Text;
import org.kibitz.chess.board.Board;
import org.kibitz.chess.board.BoardState;
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
 *
 * <p>Both directions ask the position only what they need, on its bitboards: reading finds the
 * pieces of the named type that reach the target square and checks each one's move for legality;
 * writing disambiguates the same way, and tests for mate only after a check. No list of every
 * legal move is generated: a game file has a couple of million moves, and reading and writing
 * each is most of what converting it costs.
 */
final class San {

    private San() {
    }

    private static final String LETTERS = " PNBRQK";
    /** Figurines written for display: the white set for both sides, as figurine notation in print does. */
    private static final String FIGURINES = "  ♘♗♖♕♔";

    /** Writes a legal move of {@code position} in SAN, or in figurine SAN. */
    static String format(ChessPosition position, int move, boolean figurine) {
        StringBuilder s = new StringBuilder(8);
        format(position.state(), move, figurine, s);
        return s.toString();
    }

    /** Appends a legal move of {@code b} in SAN, or in figurine SAN, to {@code s}. */
    static void format(BoardState b, int move, boolean figurine, StringBuilder s) {
        int from = Moves.from(move);
        int to = Moves.to(move);
        if (Moves.isCastling(move)) {
            s.append(to > from ? "O-O" : "O-O-O");
        } else {
            int type = b.typeOn(from);
            boolean capture = b.isCapture(move);
            if (type == Board.PAWN) {
                if (capture) {
                    s.append((char) ('a' + (from & 7))).append('x');
                }
                square(s, to);
                int promo = Moves.promotionType(move);
                if (promo != Board.NO_PIECE) {
                    s.append('=').append(letter(promo, figurine));
                }
            } else {
                s.append(letter(type, figurine));
                if (type != Board.KING) {
                    disambiguate(s, b, from, to, type);
                }
                if (capture) {
                    s.append('x');
                }
                square(s, to);
            }
        }
        if (b.givesCheck(move)) {
            s.append(b.play(move).hasLegalMove() ? '+' : '#');
        }
    }

    private static void square(StringBuilder s, int sq) {
        s.append((char) ('a' + (sq & 7))).append((char) ('1' + (sq >>> 3)));
    }

    private static char letter(int type, boolean figurine) {
        return (figurine ? FIGURINES : LETTERS).charAt(type);
    }

    /** Adds the from-file, else the from-rank, else both, when another piece of the type can legally reach the square. */
    private static void disambiguate(StringBuilder s, BoardState b, int from, int to, int type) {
        long others = b.reaching(type, to) & ~(1L << from);
        boolean ambiguous = false;
        boolean sameFile = false;
        boolean sameRank = false;
        while (others != 0) {
            int f = Long.numberOfTrailingZeros(others);
            others &= others - 1;
            if (b.reachedMove(f, to, Board.NO_PIECE) == Moves.NONE) {
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
            square(s, from);
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
        BoardState b = position.state();
        int castle = castling(s);
        if (castle != 0) {
            int m = b.castlingMove(castle == 1);
            if (m == Moves.NONE) {
                throw new IllegalMoveException(input, Text.of(San.class, "move.illegal", input));
            }
            return m;
        }
        // [NBRQK]?[a-h]?[1-8]?[-x:×]?[a-h][1-8]([=/]?[NBRQKnbrqk]|\([NBRQKnbrqk]\))?, read from both ends.
        int end = s.length();
        char promoChar = 0;
        if (end >= 5 && s.charAt(end - 1) == ')' && s.charAt(end - 3) == '(' && isPromotionLetter(s.charAt(end - 2))) {
            promoChar = s.charAt(end - 2);
            end -= 3;
        } else if (end >= 3 && isPromotionLetter(s.charAt(end - 1))) {
            if (isRank(s.charAt(end - 2))) {
                promoChar = s.charAt(end - 1);
                end -= 1;
            } else if (end >= 4 && (s.charAt(end - 2) == '=' || s.charAt(end - 2) == '/') && isRank(s.charAt(end - 3))) {
                promoChar = s.charAt(end - 1);
                end -= 2;
            }
        }
        if (end < 2 || !isFile(s.charAt(end - 2)) || !isRank(s.charAt(end - 1))) {
            throw new NotAMoveException(input, Text.of(San.class, "move.notAMove", input));
        }
        int i = 0;
        int type = Board.PAWN;
        boolean pieceLetter = false;
        int letter = i < end - 2 ? pieceType(s.charAt(i)) : Board.NO_PIECE;
        if (letter != Board.NO_PIECE) {
            type = letter;
            i++;
            pieceLetter = true;
        }
        int fromFile = -1;
        int fromRank = -1;
        if (i < end - 2 && isFile(s.charAt(i))) {
            fromFile = s.charAt(i++) - 'a';
        }
        if (i < end - 2 && isRank(s.charAt(i))) {
            fromRank = s.charAt(i++) - '1';
        }
        if (i < end - 2 && isCaptureOrDash(s.charAt(i))) {
            i++;
        }
        if (i != end - 2) {
            throw new NotAMoveException(input, Text.of(San.class, "move.notAMove", input));
        }
        int to = (s.charAt(end - 2) - 'a') + 8 * (s.charAt(end - 1) - '1');
        int promo = promoChar == 0 ? Board.NO_PIECE : pieceType(Character.toUpperCase(promoChar));

        if (!pieceLetter && fromFile >= 0 && fromRank >= 0) {
            // Fully specified without a piece letter: long algebraic or coordinates, castling forms included.
            int from = fromFile + 8 * fromRank;
            int found = position.toInternal(from, to, promo);
            if (found == Moves.NONE) {
                boolean promotionMissing = promo == Board.NO_PIECE
                        && position.toInternal(from, to, Board.QUEEN) != Moves.NONE;
                throw new IllegalMoveException(input, Text.of(San.class,
                        promotionMissing ? "move.promotionMissing" : "move.illegal", input));
            }
            return found;
        }

        long mask = -1L;
        if (fromFile >= 0) {
            mask &= 0x0101010101010101L << fromFile;
        } else if (type == Board.PAWN) {
            // A pawn move without a from-file is a push.
            mask &= 0x0101010101010101L << (to & 7);
        }
        if (fromRank >= 0) {
            mask &= 0xFFL << (8 * fromRank);
        }
        int first = Moves.NONE;
        int count = 0;
        int[] all = null;
        boolean promotionMissing = false;
        // Queens in the order a board generates them (diagonal moves first): ambiguity lists read the same.
        for (int pass = 0; pass < (type == Board.QUEEN ? 2 : 1); pass++) {
            long candidates = (type == Board.QUEEN ? b.queensTo(to, pass == 0) : b.reaching(type, to)) & mask;
            while (candidates != 0) {
                int f = Long.numberOfTrailingZeros(candidates);
                candidates &= candidates - 1;
                int m = b.reachedMove(f, to, promo);
                if (m == Moves.NONE) {
                    promotionMissing |= promo == Board.NO_PIECE && type == Board.PAWN
                            && b.reachedMove(f, to, Board.QUEEN) != Moves.NONE;
                    continue;
                }
                if (count == 0) {
                    first = m;
                } else {
                    if (all == null) {
                        all = new int[8];
                        all[0] = first;
                    }
                    if (count == all.length) {
                        all = java.util.Arrays.copyOf(all, 2 * count);
                    }
                    all[count] = m;
                }
                count++;
            }
        }
        if (count == 1) {
            return first;
        }
        if (count == 0) {
            throw new IllegalMoveException(input, Text.of(San.class,
                    promotionMissing ? "move.promotionMissing" : "move.illegal", input));
        }
        List<String> options = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            options.add(format(position, all[k], false));
        }
        throw new AmbiguousMoveException(input, Text.of(San.class, "move.ambiguous", input, String.join(", ", options)));
    }

    /** {@code - x : ×}: written between the from and to squares. */
    private static boolean isCaptureOrDash(char c) {
        return c == 'x' || c == '-' || c == ':' || c == '×';
    }

    private static boolean isPromotionLetter(char c) {
        return pieceType(Character.toUpperCase(c)) != Board.NO_PIECE;
    }

    /**
     * The type an upper-case piece letter names ({@code N B R Q K}), else {@link Board#NO_PIECE}: a
     * switch, not a search of a string of letters, as every move of a game file asks it.
     */
    private static int pieceType(char c) {
        return switch (c) {
            case 'N' -> Board.KNIGHT;
            case 'B' -> Board.BISHOP;
            case 'R' -> Board.ROOK;
            case 'Q' -> Board.QUEEN;
            case 'K' -> Board.KING;
            default -> Board.NO_PIECE;
        };
    }

    private static boolean isFile(char c) {
        return c >= 'a' && c <= 'h';
    }

    private static boolean isRank(char c) {
        return c >= '1' && c <= '8';
    }

    /** 1 king side, 2 queen side, 0 not castling: {@code [O0o]-?[O0o](-?[O0o])?}. */
    private static int castling(String s) {
        int n = s.length();
        int os = 0;
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c != 'O' && c != '0' && c != 'o') {
                return 0;
            }
            os++;
            i++;
            if (i < n && s.charAt(i) == '-') {
                i++;
                if (i == n) {
                    return 0;
                }
            }
        }
        return os == 2 ? 1 : os == 3 ? 2 : 0;
    }

    static boolean isNullMove(String s) {
        char c = s.isEmpty() ? ' ' : s.charAt(0);
        if (c != '-' && c != 'Z' && c != '0' && c != '@' && c != 'n') {
            return false; // every real move, in one comparison or five
        }
        return s.equals("--") || s.equals("Z0") || s.equals("0000") || s.equals("@@@@") || s.equals("null");
    }

    /** Figurines to letters, typographic dashes to '-', then off with check marks, annotation suffixes and "e.p.". */
    static String clean(String input) {
        // Nearly every token in a file is plain already: letters, digits, 'x', '=', '-', then a
        // check or mate mark on one move in ten. Those take no more than a substring; the rest
        // (figurines, dashes, annotation suffixes, "e.p.") the general path below.
        int end = input.length();
        while (end > 0 && (input.charAt(end - 1) == '+' || input.charAt(end - 1) == '#')) {
            end--;
        }
        boolean plain = end > 0;
        for (int k = 0; k < end && plain; k++) {
            char ch = input.charAt(k);
            plain = ch < 128 && ch > ' ' && ch != '+' && ch != '#' && ch != '!' && ch != '?' && ch != '.';
        }
        if (plain) {
            return end == input.length() ? input : input.substring(0, end);
        }
        return cleanUnusual(input);
    }

    private static String cleanUnusual(String input) {
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
