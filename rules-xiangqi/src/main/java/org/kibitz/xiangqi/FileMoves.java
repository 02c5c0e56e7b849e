package org.kibitz.xiangqi;

import java.util.ArrayList;
import java.util.List;
import org.kibitz.xiangqi.board.Board;
import org.kibitz.xiangqi.board.Geometry;
import org.kibitz.xiangqi.board.Pieces;

/**
 * What the Chinese and WXF notations have in common: a move described by the piece (its type and
 * file, or its place among like pieces on a file), the action (advance, retreat, traverse) and a number,
 * all counted from the mover's side. The two notations differ only in the glyphs.
 *
 * <p>Files are numbered 1..9 from the mover's right: for Red file i is 1 and file a is 9, for Black
 * file a is 1. "Front" is towards the opponent.
 *
 * <p>Writing follows the Chinese rules: two like rooks, horses or cannons on a file are front and rear
 * (advisors and elephants never need it: the action tells them apart); pawns two or three on a file are
 * front (middle) rear; four or five on a file, or two or more on each of several files, are numbered
 * 1..5 across those files from the mover's right, front to back. Reading matches a description against
 * every legal move, so looser forms (a file where front/rear was due, front/rear with a file) are read
 * when they fit exactly one move.
 */
final class FileMoves {

    /** How the moving piece is named. */
    enum Kind { FILE, FRONT, MIDDLE, REAR, INDEX }

    static final int ADVANCE = 1;
    static final int RETREAT = -1;
    static final int TRAVERSE = 0;

    /**
     * A move's description.
     *
     * @param type   piece type ({@link Pieces})
     * @param kind   how the piece is named
     * @param file   the piece's file number 1..9 from the mover's right (always set)
     * @param index  for {@link Kind#INDEX}, the number 1..5; else 0
     * @param action {@link #ADVANCE}, {@link #RETREAT} or {@link #TRAVERSE}
     * @param number steps, or the target file number
     */
    record Description(int type, Kind kind, int file, int index, int action, int number) {
    }

    /**
     * What a text says about a move; 0 (or null) for what it leaves open.
     *
     * @param type  piece type, 0 when not given
     * @param kind  null when only a file is given (or nothing)
     * @param file  file number 1..9, 0 when not given
     * @param index for {@link Kind#INDEX}
     */
    record Query(int type, Kind kind, int file, int index, int action, int number) {
    }

    private FileMoves() {
    }

    /** The file number of a board file for a side: 1..9 from the side's right. */
    static int fileNumber(int side, int boardFile) {
        return side == Pieces.RED ? 9 - boardFile : boardFile + 1;
    }

    static int boardFile(int side, int fileNumber) {
        return side == Pieces.RED ? 9 - fileNumber : fileNumber - 1;
    }

    /** The description the notations write for a legal move. */
    static Description describe(XiangqiPosition pos, int move) {
        int side = pos.side();
        int from = Board.from(move);
        int to = Board.to(move);
        int code = pos.codeAt(from);
        int type = Pieces.type(code);
        int ff = Geometry.FILE[from];
        int fr = Geometry.RANK[from];
        int tf = Geometry.FILE[to];
        int tr = Geometry.RANK[to];
        int forward = side == Pieces.RED ? 1 : -1;
        int action = fr == tr ? TRAVERSE : (tr - fr) * forward > 0 ? ADVANCE : RETREAT;
        boolean straight = type == Pieces.KING || type == Pieces.ROOK || type == Pieces.CANNON || type == Pieces.PAWN;
        int number = action == TRAVERSE || !straight ? fileNumber(side, tf) : Math.abs(tr - fr);
        int file = fileNumber(side, ff);

        Kind kind = Kind.FILE;
        int index = 0;
        // Advisors, elephants and the general are named by their file even when two share it.
        boolean mayShare = type != Pieces.ADVISOR && type != Pieces.ELEPHANT && type != Pieces.KING;
        int same = mayShare ? onFile(pos, code, ff) : 0;
        int sameCount = Integer.bitCount(same);
        int idx = mayShare ? indexOnFile(same, code, from) : 0;
        if (sameCount >= 2) {
            if (type != Pieces.PAWN) {
                kind = idx == 0 ? Kind.FRONT : Kind.REAR;
            } else {
                long numbered = numberedPawns(pos, code, from);
                if ((int) (numbered >>> 32) > sameCount || sameCount >= 4) {
                    kind = Kind.INDEX;
                    index = (int) numbered + 1;
                } else if (sameCount == 2) {
                    kind = idx == 0 ? Kind.FRONT : Kind.REAR;
                } else {
                    kind = idx == 0 ? Kind.FRONT : idx == 1 ? Kind.MIDDLE : Kind.REAR;
                }
            }
        }
        return new Description(type, kind, file, index, action, number);
    }

    /**
     * The legal moves that fit a query, as board ints. A query names its piece's type, often its
     * file, and where it goes (a file, or a number of ranks along its file): the point each
     * candidate piece could go to is worked out and only those moves are checked, not every legal
     * move generated (a game reads one of these per move).
     */
    static List<Integer> matches(XiangqiPosition pos, Query q) {
        List<Integer> out = new ArrayList<>(2);
        scan(pos, q, out);
        return out;
    }

    /**
     * The one legal move that fits a query, as a board int; -1 when none does, -2 when more than
     * one does (then {@link #matches} lists them). What reading a game asks for every move, without
     * a list.
     */
    static int matchOne(XiangqiPosition pos, Query q) {
        long found = scan(pos, q, null);
        int count = (int) (found >>> 32);
        return count == 1 ? (int) found : count == 0 ? -1 : -2;
    }

    /** Finds the legal moves that fit, adding them to {@code out} when given; the count and the first, packed. */
    private static long scan(XiangqiPosition pos, Query q, List<Integer> out) {
        int side = pos.side();
        byte[] squares = pos.mailbox();
        int type = q.type();
        int file = q.file() != 0 ? boardFile(side, q.file()) : -1;
        long found = 0;
        if (file >= 0 && type != 0) {
            // Nearly every move names a file and a type: only the points of that file that hold the
            // piece are visited.
            int wanted = Pieces.code(type, side);
            int ranks = ranksHolding(squares, wanted, file);
            while (ranks != 0) {
                int r = Integer.numberOfTrailingZeros(ranks);
                ranks &= ranks - 1;
                found = fit(pos, q, wanted, r * Geometry.FILES + file, found, out);
            }
            return found;
        }
        // Else the named file's points, or the whole board.
        int step = file >= 0 ? Geometry.FILES : 1;
        for (int sq = Math.max(file, 0); sq < Geometry.SQUARES; sq += step) {
            int code = squares[sq];
            if (code != 0 && Pieces.side(code) == side && (type == 0 || type == Pieces.type(code))) {
                found = fit(pos, q, code, sq, found, out);
            }
        }
        return found;
    }

    /**
     * {@code found} (a count and the first move, packed) with the move of the piece {@code code} on
     * {@code sq} added when it fits the query and is legal.
     */
    private static long fit(XiangqiPosition pos, Query q, int code, int sq, long found, List<Integer> out) {
        int side = pos.side();
        int to = target(Pieces.type(code), side, side == Pieces.RED ? 1 : -1, sq, q.action(), q.number());
        if (to < 0) {
            return found;
        }
        int m = Board.move(sq, to);
        if (q.kind() != null && !fitsKind(pos, code, sq, q) || !pos.isLegal(m)) {
            return found;
        }
        if (out != null) {
            out.add(m);
        }
        return found == 0 ? 1L << 32 | (m & 0xFFFFFFFFL) : found + (1L << 32);
    }

    /**
     * The point a piece of {@code type} on {@code from} reaches by the action and number a move
     * names, on the board, or -1 when there is none (a horse going to the next file moves two ranks,
     * to the file after one: the number and the action leave one point); whether it may go there is
     * asked after.
     */
    private static int target(int type, int side, int forward, int from, int action, int number) {
        int ff = Geometry.FILE[from];
        int fr = Geometry.RANK[from];
        if (type == Pieces.KING || type == Pieces.ROOK || type == Pieces.CANNON || type == Pieces.PAWN) {
            if (action == TRAVERSE) {
                if (number < 1 || number > 9) {
                    return -1;
                }
                int tf = boardFile(side, number);
                return tf != ff ? fr * Geometry.FILES + tf : -1;
            }
            int tr = fr + action * forward * number;
            return number >= 1 && tr >= 0 && tr < Geometry.RANKS ? tr * Geometry.FILES + ff : -1;
        }
        if (action == TRAVERSE || number < 1 || number > 9) {
            return -1;
        }
        int tf = boardFile(side, number);
        int df = Math.abs(tf - ff);
        int dr = switch (type) {
            case Pieces.HORSE -> df == 1 ? 2 : df == 2 ? 1 : 0;
            case Pieces.ELEPHANT -> df == 2 ? 2 : 0;
            case Pieces.ADVISOR -> df == 1 ? 1 : 0;
            default -> 0;
        };
        int tr = fr + action * forward * dr;
        return dr != 0 && tr >= 0 && tr < Geometry.RANKS ? tr * Geometry.FILES + tf : -1;
    }

    private static boolean fitsKind(XiangqiPosition pos, int code, int from, Query q) {
        int same = onFile(pos, code, Geometry.FILE[from]);
        int n = Integer.bitCount(same);
        int idx = indexOnFile(same, code, from);
        return switch (q.kind()) {
            case FILE -> true;
            case FRONT -> n >= 2 && idx == 0;
            case REAR -> n >= 2 && idx == n - 1;
            case MIDDLE -> n >= 3 && n % 2 == 1 && idx == n / 2;
            case INDEX -> {
                if (Pieces.type(code) == Pieces.PAWN) {
                    yield (int) numberedPawns(pos, code, from) + 1 == q.index();
                }
                yield n >= 2 && idx + 1 == q.index();
            }
        };
    }

    /**
     * The pieces with this code on a board file, as bits in order from the front (the mover's side
     * of the river first): bit {@code i} for the {@code i}-th point from the front. A mask, not a
     * list: every move written, and every front/rear move read, asks it.
     */
    static int onFile(XiangqiPosition pos, int code, int boardFile) {
        int ranks = ranksHolding(pos.mailbox(), code, boardFile);
        // From the front: Red's front is rank 9, Black's rank 0.
        return Pieces.side(code) == Pieces.RED ? Integer.reverse(ranks) >>> 32 - Geometry.RANKS : ranks;
    }

    /**
     * The ranks of a board file that hold the piece {@code code}, as bits (bit {@code r} for rank
     * {@code r}), gathered without a branch: asked point by point, the point that held the piece
     * was a mispredicted branch every time, and every move read or written asks this once.
     */
    private static int ranksHolding(byte[] squares, int code, int boardFile) {
        int ranks = 0;
        for (int r = 0; r < Geometry.RANKS; r++) {
            ranks |= ((squares[boardFile + Geometry.FILES * r] ^ code) - 1 >>> 31) << r; // 1 where equal: codes are 0 to 15
        }
        return ranks;
    }

    /** Where {@code sq} stands among the pieces of {@code mask} (its file's), counted from the front; -1 when not there. */
    static int indexOnFile(int mask, int code, int sq) {
        int rank = Geometry.RANK[sq];
        int i = Pieces.side(code) == Pieces.RED ? 9 - rank : rank;
        return (mask >>> i & 1) == 0 ? -1 : Integer.bitCount(mask & ((1 << i) - 1));
    }

    /**
     * The pawns that are numbered when pawns stand two or more on a file: those on such files, files
     * from the mover's right, front to back within a file. Their count, and where {@code sq} stands
     * among them (-1 when it is not one of them), packed.
     */
    static long numberedPawns(XiangqiPosition pos, int code, int sq) {
        int side = Pieces.side(code);
        int count = 0;
        int at = -1;
        for (int n = 1; n <= 9; n++) {
            int file = boardFile(side, n);
            int mask = onFile(pos, code, file);
            int c = Integer.bitCount(mask);
            if (c >= 2) {
                int i = file == Geometry.FILE[sq] ? indexOnFile(mask, code, sq) : -1;
                if (i >= 0) {
                    at = count + i;
                }
                count += c;
            }
        }
        return (long) count << 32 | (at & 0xFFFFFFFFL);
    }
}
