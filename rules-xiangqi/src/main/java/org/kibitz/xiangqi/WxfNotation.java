package org.kibitz.xiangqi;

import java.util.List;
import java.util.Locale;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.xiangqi.board.Pieces;

/**
 * WXF notation: {@code C2=5}, {@code H8+7}, {@code +R-1} (front rook), {@code -P=4} (rear pawn),
 * {@code 2P+1} (numbered pawn, where Chinese writes 二兵 or 中兵). Writes letters K A E H R C P and
 * {@code =} for sideways; reads B and N too, {@code .} for sideways, lower case, full-width forms
 * ({@code Ｃ２＝５}), and front/rear after the letter ({@code R++1}).
 */
final class WxfNotation implements Notation {

    static final String ID = "wxf";

    private static final String LETTERS = ".KAEHRCP";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String format(Position before, Move move) {
        XiangqiPosition pos = XiangqiPlugin.asXiangqi(before);
        int m = Notations.requireLegal(pos, move);
        FileMoves.Description d = FileMoves.describe(pos, m);
        char letter = LETTERS.charAt(d.type());
        StringBuilder sb = new StringBuilder(4);
        switch (d.kind()) {
            case FILE -> sb.append(letter).append(d.file());
            case FRONT -> sb.append('+').append(letter);
            case REAR -> sb.append('-').append(letter);
            case MIDDLE -> sb.append('2').append(letter);
            case INDEX -> sb.append(d.index()).append(letter);
        }
        sb.append(d.action() == FileMoves.ADVANCE ? '+' : d.action() == FileMoves.RETREAT ? '-' : '=');
        sb.append(d.number());
        return sb.toString();
    }

    @Override
    public Move parse(Position before, String text) throws MoveParseException {
        XiangqiPosition pos = XiangqiPlugin.asXiangqi(before);
        FileMoves.Query q = read(text);
        if (q == null) {
            throw Notations.notAMove(text, "move.notWxf");
        }
        int one = FileMoves.matchOne(pos, q);
        if (one >= 0) {
            return pos.resolvedMove(one);
        }
        return Notations.single(pos, text, FileMoves.matches(pos, q));
    }

    /** The query a text makes, or null when it is not WXF. */
    static FileMoves.Query read(String text) {
        String s = Notations.stripSuffix(Notations.foldWidth(text), "!?#").toUpperCase(Locale.ROOT);
        int n = s.length();
        if (n < 4 || n > 5) {
            return null;
        }
        int type = 0;
        FileMoves.Kind kind = null;
        int file = 0;
        int index = 0;
        char c0 = s.charAt(0);
        char c1 = s.charAt(1);
        int i = 2;
        if (letter(c0) != 0) {
            type = letter(c0);
            if (c1 >= '1' && c1 <= '9') {
                file = c1 - '0';
            } else if (c1 == '+' || c1 == '-') {
                kind = c1 == '+' ? FileMoves.Kind.FRONT : FileMoves.Kind.REAR;
            } else {
                return null;
            }
        } else if ((c0 == '+' || c0 == '-') && letter(c1) != 0) {
            kind = c0 == '+' ? FileMoves.Kind.FRONT : FileMoves.Kind.REAR;
            type = letter(c1);
            if (n == 5) {
                char c2 = s.charAt(2);
                if (c2 < '1' || c2 > '9') {
                    return null;
                }
                file = c2 - '0';
                i = 3;
            }
        } else if (c0 >= '1' && c0 <= '5' && letter(c1) != 0) {
            kind = FileMoves.Kind.INDEX;
            index = c0 - '0';
            type = letter(c1);
        } else {
            return null;
        }
        if (n - i != 2) {
            return null;
        }
        int action = switch (s.charAt(i)) {
            case '+' -> FileMoves.ADVANCE;
            case '-' -> FileMoves.RETREAT;
            case '=', '.' -> FileMoves.TRAVERSE;
            default -> 2;
        };
        char num = s.charAt(i + 1);
        if (action == 2 || num < '1' || num > '9') {
            return null;
        }
        return new FileMoves.Query(type, kind, file, index, action, num - '0');
    }

    private static int letter(char c) {
        return switch (c) {
            case 'E' -> Pieces.ELEPHANT;
            case 'H' -> Pieces.HORSE;
            default -> c == '.' ? 0 : Pieces.typeOf(c);
        };
    }
}
