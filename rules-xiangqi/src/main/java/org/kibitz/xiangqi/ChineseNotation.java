package org.kibitz.xiangqi;

import java.util.List;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.xiangqi.board.Pieces;

/**
 * Chinese notation: {@code 炮二平五}, {@code 马８进７}, {@code 前车进一}, {@code 中兵平四}, {@code 二兵进一}.
 * Writes the standard simplified form (Red's numbers 一..九, Black's full-width １..９); reads traditional
 * characters (俥傌炮 車馬砲 帥將 進 後), half-width digits, either side's piece names, and front/rear
 * written with a file ({@code 前兵三进一}).
 */
final class ChineseNotation implements Notation {

    static final String ID = "chinese";

    /** The pieces' names by type (1 to 7), for each side. */
    private static final String RED_NAMES = " 帅仕相马车炮兵";
    private static final String BLACK_NAMES = " 将士象马车炮卒";
    private static final String NUMERALS = "一二三四五六七八九";
    private static final String FULL_WIDTH_DIGITS = "１２３４５６７８９";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String format(Position before, Move move) {
        StringBuilder s = new StringBuilder(4);
        formatTo(before, move, s);
        return s.toString();
    }

    @Override
    public void formatTo(Position before, Move move, StringBuilder out) {
        XiangqiPosition pos = XiangqiPlugin.asXiangqi(before);
        int m = Notations.requireLegal(pos, move);
        FileMoves.Description d = FileMoves.describe(pos, m);
        int side = pos.side();
        char name = (side == Pieces.RED ? RED_NAMES : BLACK_NAMES).charAt(d.type());
        char first = switch (d.kind()) {
            case FILE -> name;
            case FRONT -> '前';
            case MIDDLE -> '中';
            case REAR -> '后';
            case INDEX -> NUMERALS.charAt(d.index() - 1);
        };
        char second = d.kind() == FileMoves.Kind.FILE ? number(side, d.file()) : name;
        char action = d.action() == FileMoves.ADVANCE ? '进' : d.action() == FileMoves.RETREAT ? '退' : '平';
        out.append(first).append(second).append(action).append(number(side, d.number()));
    }

    private static char number(int side, int n) {
        return side == Pieces.RED ? NUMERALS.charAt(n - 1) : FULL_WIDTH_DIGITS.charAt(n - 1);
    }

    @Override
    public Move parse(Position before, String text) throws MoveParseException {
        XiangqiPosition pos = XiangqiPlugin.asXiangqi(before);
        FileMoves.Query q = read(text);
        if (q == null) {
            throw Notations.notAMove(text, "move.notChinese");
        }
        int one = FileMoves.matchOne(pos, q);
        if (one >= 0) {
            return pos.resolvedMove(one);
        }
        return Notations.single(pos, text, FileMoves.matches(pos, q));
    }

    // Every character a move can hold, by class, in one table: a move is four or five of them and a
    // game file has millions of moves. A code is kind << 4 | value.
    private static final int OTHER = 0;
    private static final int PIECE = 1;
    private static final int DIGIT = 2;
    private static final int ORDINAL = 3;
    private static final int ACTION = 4;
    private static final int BLANK = 5;
    private static final int MARK = 6;
    private static final byte[] CODES = codes();

    private static byte[] codes() {
        byte[] t = new byte[Character.MAX_VALUE + 1];
        // Java's whitespace (Character.isWhitespace, which the tests check this against) and the
        // ideographic space. Listed, not found by asking all 65,536 characters: the plugin makes
        // this table at every start, in the interpreter, where that took 6 ms.
        put(t, BLANK, 0, "\t\n\u000B\f\r\u001C\u001D\u001E\u001F \u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                + "\u2008\u2009\u200A\u2028\u2029\u205F\u3000");
        put(t, PIECE, Pieces.KING, "帅将帥將");
        put(t, PIECE, Pieces.ADVISOR, "仕士");
        put(t, PIECE, Pieces.ELEPHANT, "相象");
        put(t, PIECE, Pieces.HORSE, "马馬傌");
        put(t, PIECE, Pieces.ROOK, "车車俥");
        put(t, PIECE, Pieces.CANNON, "炮砲包");
        put(t, PIECE, Pieces.PAWN, "兵卒");
        put(t, ORDINAL, 1, "前");
        put(t, ORDINAL, 2, "中");
        put(t, ORDINAL, 3, "后後");
        put(t, ACTION, 1, "进進");
        put(t, ACTION, 2, "退");
        put(t, ACTION, 3, "平");
        put(t, MARK, 0, "!?！？+#＋");
        for (int d = 1; d <= 9; d++) {
            put(t, DIGIT, d, String.valueOf(NUMERALS.charAt(d - 1)) + FULL_WIDTH_DIGITS.charAt(d - 1) + (char) ('0' + d));
        }
        return t;
    }

    private static void put(byte[] t, int kind, int value, String chars) {
        for (int i = 0; i < chars.length(); i++) {
            t[chars.charAt(i)] = code(kind, value);
        }
    }

    private static byte code(int kind, int value) {
        return (byte) (kind << 4 | value);
    }

    /** Whether {@code c} is passed over as a blank inside a move (for the tests). */
    static boolean isBlank(char c) {
        return kind(CODES[c]) == BLANK;
    }

    private static int kind(int code) {
        return code >>> 4;
    }

    private static int value(int code) {
        return code & 15;
    }

    private static final FileMoves.Kind[] ORDINALS = {null, FileMoves.Kind.FRONT, FileMoves.Kind.MIDDLE, FileMoves.Kind.REAR};
    private static final int[] ACTIONS = {0, FileMoves.ADVANCE, FileMoves.RETREAT, FileMoves.TRAVERSE};

    /**
     * The query a text makes, or null when it is not Chinese notation. Blanks anywhere and marks at
     * the end ({@code !?}, full-width ones, check signs) are passed over; traditional characters
     * and old forms ({@code 車 馬 傌 砲 包 帥 將 進 後}) read as the simplified ones.
     */
    static FileMoves.Query read(String text) {
        int end = text.length();
        while (end > 0) {
            int k = kind(CODES[text.charAt(end - 1)]);
            if (k != BLANK && k != MARK) {
                break;
            }
            end--;
        }
        int[] s = new int[5];
        int n = 0;
        for (int i = 0; i < end; i++) {
            int c = CODES[text.charAt(i)];
            if (kind(c) == BLANK) {
                continue;
            }
            if (n == 5) {
                return null;
            }
            s[n++] = c;
        }
        if (n < 4) {
            return null;
        }
        int type;
        FileMoves.Kind kind = null;
        int file = 0;
        int index = 0;
        int i;
        int c0 = s[0];
        int c1 = s[1];
        if (kind(c0) == PIECE) {
            type = value(c0);
            if (kind(c1) == DIGIT) {
                file = value(c1);
            } else if (kind(c1) == ORDINAL) {
                kind = ORDINALS[value(c1)];
            } else {
                return null;
            }
            i = 2;
        } else if (kind(c0) == ORDINAL) {
            kind = ORDINALS[value(c0)];
            if (kind(c1) == PIECE) {
                type = value(c1);
                i = 2;
                if (n == 5) {
                    if (kind(s[2]) != DIGIT) {
                        return null;
                    }
                    file = value(s[2]);
                    i = 3;
                }
            } else if (kind(c1) == DIGIT) {
                // 前三进一: the piece left out, only its file.
                type = 0;
                file = value(c1);
                i = 2;
            } else {
                return null;
            }
        } else if (kind(c0) == DIGIT && value(c0) <= 5 && kind(c1) == PIECE) {
            kind = FileMoves.Kind.INDEX;
            index = value(c0);
            type = value(c1);
            i = 2;
        } else {
            return null;
        }
        if (n - i != 2 || kind(s[i]) != ACTION || kind(s[i + 1]) != DIGIT) {
            return null;
        }
        return new FileMoves.Query(type, kind, file, index, ACTIONS[value(s[i])], value(s[i + 1]));
    }
}
