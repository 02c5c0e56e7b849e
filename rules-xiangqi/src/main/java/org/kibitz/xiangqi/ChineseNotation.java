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

    private static final String[] RED_NAMES = {"", "帅", "仕", "相", "马", "车", "炮", "兵"};
    private static final String[] BLACK_NAMES = {"", "将", "士", "象", "马", "车", "炮", "卒"};
    private static final String NUMERALS = "一二三四五六七八九";
    private static final String FULL_WIDTH_DIGITS = "１２３４５６７８９";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String format(Position before, Move move) {
        XiangqiPosition pos = XiangqiPlugin.asXiangqi(before);
        int m = Notations.requireLegal(pos, move);
        FileMoves.Description d = FileMoves.describe(pos, m);
        int side = pos.side();
        String name = (side == Pieces.RED ? RED_NAMES : BLACK_NAMES)[d.type()];
        StringBuilder sb = new StringBuilder(5);
        switch (d.kind()) {
            case FILE -> sb.append(name).append(number(side, d.file()));
            case FRONT -> sb.append('前').append(name);
            case MIDDLE -> sb.append('中').append(name);
            case REAR -> sb.append('后').append(name);
            case INDEX -> sb.append(NUMERALS.charAt(d.index() - 1)).append(name);
        }
        sb.append(d.action() == FileMoves.ADVANCE ? '进' : d.action() == FileMoves.RETREAT ? '退' : '平');
        sb.append(number(side, d.number()));
        return sb.toString();
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

    /** The query a text makes, or null when it is not Chinese notation. */
    static FileMoves.Query read(String text) {
        // What normalize would give, without making it: blanks dropped anywhere, marks at the end,
        // traditional characters read as simplified ones. A move has four or five of them.
        int end = text.length();
        while (end > 0 && (isBlank(text.charAt(end - 1)) || isTrailingMark(text.charAt(end - 1)))) {
            end--;
        }
        char[] s = new char[5];
        int n = 0;
        for (int k = 0; k < end; k++) {
            char c = text.charAt(k);
            if (isBlank(c)) {
                continue;
            }
            if (n == 5) {
                return null;
            }
            s[n++] = simplified(c);
        }
        if (n < 4) {
            return null;
        }
        int type = 0;
        FileMoves.Kind kind = null;
        int file = 0;
        int index = 0;
        int i;
        char c0 = s[0];
        char c1 = s[1];
        if (pieceType(c0) != 0) {
            type = pieceType(c0);
            if (digit(c1) > 0) {
                file = digit(c1);
            } else if (ordinal(c1) != null) {
                kind = ordinal(c1);
            } else {
                return null;
            }
            i = 2;
        } else if (ordinal(c0) != null) {
            kind = ordinal(c0);
            if (pieceType(c1) != 0) {
                type = pieceType(c1);
                i = 2;
                if (n == 5) {
                    file = digit(s[2]);
                    if (file <= 0) {
                        return null;
                    }
                    i = 3;
                }
            } else if (digit(c1) > 0) {
                // 前三进一: the piece left out, only its file.
                file = digit(c1);
                i = 2;
            } else {
                return null;
            }
        } else if (digit(c0) > 0 && digit(c0) <= 5 && pieceType(c1) != 0) {
            kind = FileMoves.Kind.INDEX;
            index = digit(c0);
            type = pieceType(c1);
            i = 2;
        } else {
            return null;
        }
        if (n - i != 2) {
            return null;
        }
        int action = switch (s[i]) {
            case '进' -> FileMoves.ADVANCE;
            case '退' -> FileMoves.RETREAT;
            case '平' -> FileMoves.TRAVERSE;
            default -> 2;
        };
        int number = digit(s[i + 1]);
        if (action == 2 || number <= 0) {
            return null;
        }
        return new FileMoves.Query(type, kind, file, index, action, number);
    }

    /** Simplified characters, no spaces, annotation marks and check signs dropped. */
    static String normalize(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isBlank(c)) {
                sb.append(simplified(c));
            }
        }
        // Trailing marks: !? (and full-width), check signs.
        int end = sb.length();
        while (end > 0 && isTrailingMark(sb.charAt(end - 1))) {
            end--;
        }
        sb.setLength(end);
        return sb.toString();
    }

    /** The simplified character for the traditional ones (and the old forms) moves are written with. */
    private static char simplified(char c) {
        return switch (c) {
            case '俥', '車' -> '车';
            case '傌', '馬' -> '马';
            case '砲', '包' -> '炮';
            case '帥' -> '帅';
            case '將' -> '将';
            case '進' -> '进';
            case '後' -> '后';
            default -> c;
        };
    }

    /** Java's whitespace, or the ideographic space; CJK characters, above them all, answer in two comparisons. */
    private static boolean isBlank(char c) {
        if (c < 128) {
            return c == ' ' || c >= '\t' && c <= '\r' || c >= '\u001C' && c <= '\u001F';
        }
        return c <= '\u3000' && (c == '\u3000' || Character.isWhitespace(c));
    }

    /** !? (and full-width), check signs. */
    private static boolean isTrailingMark(char c) {
        return c == '!' || c == '?' || c == '！' || c == '？' || c == '+' || c == '#' || c == '＋';
    }

    private static int pieceType(char c) {
        return switch (c) {
            case '帅', '将' -> Pieces.KING;
            case '仕', '士' -> Pieces.ADVISOR;
            case '相', '象' -> Pieces.ELEPHANT;
            case '马' -> Pieces.HORSE;
            case '车' -> Pieces.ROOK;
            case '炮' -> Pieces.CANNON;
            case '兵', '卒' -> Pieces.PAWN;
            default -> 0;
        };
    }

    private static FileMoves.Kind ordinal(char c) {
        return switch (c) {
            case '前' -> FileMoves.Kind.FRONT;
            case '中' -> FileMoves.Kind.MIDDLE;
            case '后' -> FileMoves.Kind.REAR;
            default -> null;
        };
    }

    /** 1..9 for 一..九, １..９ or 1..9; 0 otherwise. */
    private static int digit(char c) {
        if (c >= '1' && c <= '9') {
            return c - '0';
        }
        if (c >= '１' && c <= '９') {
            return c - '１' + 1;
        }
        return switch (c) {
            case '一' -> 1;
            case '二' -> 2;
            case '三' -> 3;
            case '四' -> 4;
            case '五' -> 5;
            case '六' -> 6;
            case '七' -> 7;
            case '八' -> 8;
            case '九' -> 9;
            default -> 0;
        };
    }
}
