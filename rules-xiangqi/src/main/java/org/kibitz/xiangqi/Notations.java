package org.kibitz.xiangqi;

import java.util.List;
import java.util.stream.Collectors;
import org.kibitz.api.game.AmbiguousMoveException;
import org.kibitz.api.game.IllegalMoveException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.NotAMoveException;
import org.kibitz.api.i18n.Text;
import org.kibitz.xiangqi.board.Board;

/** Helpers the three notations share: legality of a move to write, the three reading errors, width folding. */
final class Notations {

    private Notations() {
    }

    /** The board int of a move that must be legal (writing a move that is not is a programming error). */
    static int requireLegal(XiangqiPosition pos, Move move) {
        int m = pos.legalInt(move);
        if (m == Board.NO_MOVE) {
            throw new IllegalArgumentException("not a legal move in " + pos.fen() + ": " + move.coordinates(0));
        }
        return m;
    }

    static NotAMoveException notAMove(String text, String key) {
        return new NotAMoveException(text, Text.of(Notations.class, key, text));
    }

    static IllegalMoveException illegal(String text, String key, Object... args) {
        Object[] all = new Object[args.length + 1];
        all[0] = text;
        System.arraycopy(args, 0, all, 1, args.length);
        return new IllegalMoveException(text, Text.of(Notations.class, key, all));
    }

    /** The one move a reading found; none is illegal, more than one ambiguous. */
    static Move single(XiangqiPosition pos, String text, List<Integer> found) throws IllegalMoveException, AmbiguousMoveException {
        if (found.isEmpty()) {
            throw illegal(text, "move.illegal");
        }
        if (found.size() > 1) {
            String candidates = found.stream().map(Board::moveText).collect(Collectors.joining(", "));
            throw new AmbiguousMoveException(text, Text.of(Notations.class, "move.ambiguous", text, candidates));
        }
        return pos.resolvedMove(found.get(0));
    }

    /** Full-width ASCII forms (Ｃ２＝５, ｈ２ｅ２) and the minus sign as plain ASCII; whitespace dropped. */
    static String foldWidth(String text) {
        int n = text.length();
        int plain = 0;
        while (plain < n && text.charAt(plain) > ' ' && text.charAt(plain) < '\u007F') {
            plain++;
        }
        if (plain == n) {
            return text; // printable ASCII throughout: nothing to fold or drop
        }
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= '\uFF01' && c <= '\uFF5E') {
                c = (char) (c - 0xFEE0);
            } else if (c == '\u2212' || c == '\u2013') {
                c = '-';
            }
            if (!Character.isWhitespace(c) && c != '\u3000') {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Drops trailing annotation marks ({@code !}, {@code ?}) and, where asked, check signs. */
    static String stripSuffix(String s, String marks) {
        int end = s.length();
        while (end > 0 && marks.indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        return s.substring(0, end);
    }
}
