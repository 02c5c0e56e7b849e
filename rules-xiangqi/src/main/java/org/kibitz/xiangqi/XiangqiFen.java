package org.kibitz.xiangqi;

import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.game.FenException;
import org.kibitz.api.i18n.Text;
import org.kibitz.xiangqi.board.Board;
import org.kibitz.xiangqi.board.Geometry;
import org.kibitz.xiangqi.board.Pieces;

/**
 * Reads and writes xiangqi FEN. Reads K A B N R C P and the older E (elephant) and H (horse), side
 * {@code w}, {@code r} or {@code b}, with or without the {@code - -} and counter fields; writes
 * {@code B}/{@code N} and {@code w}/{@code b}. A position that cannot arise in a game (a general out of
 * its palace, an elephant off its seven points, a pawn behind its start, the side not to move in check)
 * is refused with the reason, since the move generator relies on those facts.
 */
public final class XiangqiFen {

    /** The start position. */
    public static final String START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    private static final int[] MAX_COUNT = {0, 1, 2, 2, 2, 2, 2, 5};

    /** A parsed FEN: 90 piece codes ({@code rank * 9 + file}), side to move and counters. */
    record Parsed(int[] squares, int side, int halfmove, int fullmove) {
    }

    private XiangqiFen() {
    }

    /** Reads a FEN into a board; for the engine and other users of the internal board. */
    public static Board board(String fen) throws FenException {
        Parsed p = parse(fen);
        return Board.of(p.squares(), p.side(), p.halfmove(), p.fullmove());
    }

    static Parsed parse(String fen) throws FenException {
        String text = fen == null ? "" : fen.strip();
        if (text.isEmpty()) {
            throw error(fen, "fen.empty");
        }
        String[] fields = text.split("\\s+");
        String[] rows = fields[0].split("/", -1);
        if (rows.length != 10) {
            throw error(fen, "fen.ranks", rows.length);
        }
        int[] squares = new int[Geometry.SQUARES];
        for (int row = 0; row < 10; row++) {
            int rank = 9 - row;
            int file = 0;
            String s = rows[row];
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c >= '1' && c <= '9') {
                    file += c - '0';
                } else {
                    int type = Pieces.typeOf(c);
                    if (type == 0 || c > 'z') {
                        throw error(fen, "fen.letter", String.valueOf(c), rank);
                    }
                    if (file < 9) {
                        squares[rank * 9 + file] = Pieces.code(type, Character.isUpperCase(c) ? Pieces.RED : Pieces.BLACK);
                    }
                    file++;
                }
                if (file > 9) {
                    break;
                }
            }
            if (file != 9) {
                throw error(fen, "fen.rankWidth", rank, s);
            }
        }

        int side = Pieces.RED;
        if (fields.length > 1) {
            side = switch (fields[1].toLowerCase(java.util.Locale.ROOT)) {
                case "w", "r" -> Pieces.RED;
                case "b" -> Pieces.BLACK;
                default -> throw error(fen, "fen.side", fields[1]);
            };
        }
        List<String> rest = new ArrayList<>();
        for (int i = 2; i < fields.length; i++) {
            rest.add(fields[i]);
        }
        // Castling and en passant fields are always "-" in xiangqi; some writers leave them out.
        int dashes = 0;
        while (!rest.isEmpty() && rest.get(0).equals("-") && dashes < 2) {
            rest.remove(0);
            dashes++;
        }
        if (rest.size() > 2) {
            throw error(fen, "fen.extra", String.join(" ", rest.subList(2, rest.size())));
        }
        int halfmove = 0;
        int fullmove = 1;
        if (!rest.isEmpty()) {
            halfmove = counter(fen, rest.get(0));
        }
        if (rest.size() > 1) {
            fullmove = Math.max(1, counter(fen, rest.get(1)));
        }

        int[] counts = new int[16];
        for (int sq = 0; sq < Geometry.SQUARES; sq++) {
            int pc = squares[sq];
            if (pc == 0) {
                continue;
            }
            counts[pc]++;
            int type = Pieces.type(pc);
            if (!Geometry.reachable(type, Pieces.side(pc), sq)) {
                throw error(fen, "fen.unreachable", String.valueOf(Pieces.fenLetter(pc)), squareName(sq));
            }
        }
        for (int s = 0; s < 2; s++) {
            int kings = counts[Pieces.code(Pieces.KING, s)];
            if (kings != 1) {
                throw error(fen, s == Pieces.RED ? "fen.kings.red" : "fen.kings.black", kings);
            }
            for (int type = Pieces.ADVISOR; type <= Pieces.PAWN; type++) {
                int code = Pieces.code(type, s);
                if (counts[code] > MAX_COUNT[type]) {
                    throw error(fen, "fen.tooMany", String.valueOf(Pieces.fenLetter(code)), counts[code], MAX_COUNT[type]);
                }
            }
        }
        Board b = Board.of(squares, side, halfmove, fullmove);
        int other = side ^ 1;
        if (b.attacked(b.kingSquare(other), other)) {
            throw error(fen, "fen.opponentInCheck");
        }
        return new Parsed(squares, side, halfmove, fullmove);
    }

    private static int counter(String fen, String s) throws FenException {
        try {
            int v = Integer.parseInt(s);
            if (v < 0) {
                throw error(fen, "fen.counter", s);
            }
            return v;
        } catch (NumberFormatException e) {
            throw error(fen, "fen.counter", s);
        }
    }

    /** Writes the FEN of a position given as piece codes. */
    static String write(int[] squares, int side, int halfmove, int fullmove) {
        StringBuilder sb = new StringBuilder(90);
        for (int r = 9; r >= 0; r--) {
            int empty = 0;
            for (int f = 0; f < 9; f++) {
                int pc = squares[r * 9 + f];
                if (pc == 0) {
                    empty++;
                } else {
                    if (empty > 0) {
                        sb.append(empty);
                        empty = 0;
                    }
                    sb.append(Pieces.fenLetter(pc));
                }
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (r > 0) {
                sb.append('/');
            }
        }
        return sb.append(side == Pieces.RED ? " w" : " b").append(" - - ").append(halfmove).append(' ').append(fullmove).toString();
    }

    static String squareName(int sq) {
        return "" + (char) ('a' + Geometry.FILE[sq]) + Geometry.RANK[sq];
    }

    private static FenException error(String fen, String key, Object... args) {
        return new FenException(fen == null ? "" : fen, Text.of(XiangqiFen.class, key, args));
    }
}
