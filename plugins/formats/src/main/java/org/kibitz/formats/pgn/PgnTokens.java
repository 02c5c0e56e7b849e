package org.kibitz.formats.pgn;

/** What PGN movetext tokens mean, as far as that can be told without a position. */
final class PgnTokens {

    private PgnTokens() {
    }

    /** The result a token stands for ({@code 1-0}, {@code 0-1}, {@code 1/2-1/2}, {@code *}), or {@code null}. */
    static String result(char[] c, int i, int len) {
        if (len == 1 && c[i] == '*') {
            return "*";
        }
        if (len == 3 && c[i + 1] == '-') {
            if (c[i] == '1' && c[i + 2] == '0') {
                return "1-0";
            }
            if (c[i] == '0' && c[i + 2] == '1') {
                return "0-1";
            }
            if (c[i] == '½' && c[i + 2] == '½') {
                return "1/2-1/2";
            }
        }
        if (len == 7 && new String(c, i, len).equals("1/2-1/2")) {
            return "1/2-1/2";
        }
        return null;
    }

    /** {@code 0-0} or {@code 0-0-0} (castling written with zeros), with check or suffix marks. */
    static boolean isZeroCastling(char[] c, int i, int len) {
        if (len < 3 || c[i] != '0' || c[i + 1] != '-' || c[i + 2] != '0') {
            return false;
        }
        int k = i + 3;
        int end = i + len;
        if (k + 1 < end && c[k] == '-' && c[k + 1] == '0') {
            k += 2;
        }
        while (k < end && (c[k] == '+' || c[k] == '#' || c[k] == '!' || c[k] == '?')) {
            k++;
        }
        return k == end;
    }

    /** The NAG of a suffix annotation ({@code !} = 1 ... {@code ?!} = 6), or 0. */
    static int suffixNag(String s) {
        return switch (s) {
            case "!" -> 1;
            case "?" -> 2;
            case "!!" -> 3;
            case "??" -> 4;
            case "!?" -> 5;
            case "?!" -> 6;
            default -> 0;
        };
    }

    /**
     * The NAG of a token that is an annotation on its own: a suffix written apart from its move
     * ({@code e4 !}) or one of the evaluation symbols some programs write instead of NAGs.
     */
    static int symbolNag(char[] c, int i, int len) {
        if (len > 3 || !isSymbolChar(c[i])) {
            return 0; // a move: letters and digits, never these
        }
        String s = new String(c, i, len);
        int v = suffixNag(s);
        if (v > 0) {
            return v;
        }
        return switch (s) {
            case "□" -> 7;
            case "=" -> 10;
            case "∞" -> 13;
            case "+=", "⩲" -> 14;
            case "=+", "⩱" -> 15;
            case "±", "+/-" -> 16;
            case "∓", "-/+" -> 17;
            case "+-" -> 18;
            case "-+" -> 19;
            default -> 0;
        };
    }

    private static boolean isSymbolChar(char ch) {
        // A switch, not indexOf on a string with non-Latin-1 letters: asked of nearly every short token.
        return switch (ch) {
            case '!', '?', '=', '+', '-', '∞', '±', '∓', '⩲', '⩱', '□' -> true;
            default -> false;
        };
    }

    /** The text of the suffix annotations for NAGs 1-6, or {@code null}. */
    static String nagSuffix(int nag) {
        return switch (nag) {
            case 1 -> "!";
            case 2 -> "?";
            case 3 -> "!!";
            case 4 -> "??";
            case 5 -> "!?";
            case 6 -> "?!";
            default -> null;
        };
    }

    /** Whether a token has the shape of a move in one of the notations we read (for a game with no tags). */
    static boolean looksLikeMove(String t) {
        if (t.isEmpty()) {
            return false;
        }
        if (isChineseMove(t) || isWxf(normalizeWidth(t))) {
            return true;
        }
        return isCoordinates(t) || isSan(t);
    }

    /** SAN in its usual shapes: {@code e4}, {@code exd5}, {@code Nbd7}, {@code e8=Q+}, {@code O-O}. */
    static boolean isSan(String t) {
        String s = stripMarks(t);
        if (s.equals("O-O") || s.equals("O-O-O") || s.equals("0-0") || s.equals("0-0-0")) {
            return true;
        }
        int n = s.length();
        int i = 0;
        if (n > 0 && "KQRBN".indexOf(s.charAt(0)) >= 0) {
            i = 1;
        }
        // Ends with a square, optionally a promotion.
        int end = n;
        if (end >= 2 && "QRBNqrbn".indexOf(s.charAt(end - 1)) >= 0) {
            end--;
            if (end > 0 && s.charAt(end - 1) == '=') {
                end--;
            }
        }
        if (end - i < 2) {
            return false;
        }
        char f = s.charAt(end - 2);
        char r = s.charAt(end - 1);
        if (f < 'a' || f > 'h' || r < '1' || r > '8') {
            return false;
        }
        for (int k = i; k < end - 2; k++) {
            char ch = s.charAt(k);
            if (!((ch >= 'a' && ch <= 'h') || (ch >= '1' && ch <= '8') || ch == 'x' || ch == '-' || ch == ':')) {
                return false;
            }
        }
        return true;
    }

    /** From and to squares: {@code e2e4}, {@code e7e8q}, {@code h2e2}, {@code H2-E2}, {@code a10a9}. */
    static boolean isCoordinates(String t) {
        String s = stripMarks(t);
        int n = s.length();
        int i = 0;
        if (i >= n || !isFileLetter(s.charAt(i++))) {
            return false;
        }
        int d = i;
        while (i < n && i - d < 2 && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == d) {
            return false;
        }
        if (i < n && s.charAt(i) == '-') {
            i++;
        }
        if (i >= n || !isFileLetter(s.charAt(i++))) {
            return false;
        }
        d = i;
        while (i < n && i - d < 2 && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == d) {
            return false;
        }
        if (i < n && s.charAt(i) == '=') {
            i++;
        }
        if (i < n && "qrbnQRBN".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        return i == n;
    }

    /** Whether a coordinate move can only be xiangqi: a file beyond h, or a rank 0, 9 or 10. */
    static boolean isXiangqiOnlyCoordinates(String t) {
        String s = stripMarks(t).toLowerCase(java.util.Locale.ROOT).replace("-", "");
        for (int k = 0; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (ch == 'i' || ch == '0' || ch == '9') {
                return true;
            }
        }
        return false;
    }

    private static boolean isFileLetter(char ch) {
        return (ch >= 'a' && ch <= 'i') || (ch >= 'A' && ch <= 'I');
    }

    /** WXF: {@code C2=5}, {@code H8+7}, {@code +P+1}, {@code R1.2} (after width normalisation). */
    static boolean isWxf(String t) {
        String s = stripMarks(t);
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        if (i >= n || "KAEBHNRCPkaebhnrcp".indexOf(s.charAt(i)) < 0) {
            return false;
        }
        i++;
        if (i >= n || !(Character.isDigit(s.charAt(i)) || s.charAt(i) == '+' || s.charAt(i) == '-' || s.charAt(i) == '=' || s.charAt(i) == '.')) {
            return false;
        }
        if (Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i >= n || "+-=.".indexOf(s.charAt(i)) < 0) {
            return false;
        }
        i++;
        return i < n && Character.isDigit(s.charAt(i)) && i + 1 == n;
    }

    /** A move in Chinese notation: it opens with a piece name or a position word (前 中 后 一..五). */
    static boolean isChineseMove(String t) {
        if (t.length() < 4) {
            return false;
        }
        return "车马相象仕士帅将炮兵卒俥傌車馬砲帥將兵前中后後一二三四五傌伡".indexOf(t.charAt(0)) >= 0
                && hasCjk(t);
    }

    static boolean hasCjk(String t) {
        for (int i = 0; i < t.length(); i++) {
            char ch = t.charAt(i);
            if (ch >= '\u4E00' && ch <= '\u9FFF') {
                return true;
            }
        }
        return false;
    }

    /** Full-width ASCII forms ({@code Ｃ２＝５}) as their ASCII letters. */
    static String normalizeWidth(String t) {
        StringBuilder sb = null;
        for (int i = 0; i < t.length(); i++) {
            char ch = t.charAt(i);
            if (ch >= '\uFF01' && ch <= '\uFF5E') {
                if (sb == null) {
                    sb = new StringBuilder(t.length()).append(t, 0, i);
                }
                sb.append((char) (ch - 0xFEE0));
            } else if (sb != null) {
                sb.append(ch);
            }
        }
        return sb == null ? t : sb.toString();
    }

    /** The token without check, mate and suffix marks. */
    static String stripMarks(String t) {
        int end = t.length();
        while (end > 0 && "+#!?".indexOf(t.charAt(end - 1)) >= 0) {
            end--;
        }
        // A WXF move ends in a digit, so "+" is only stripped when it follows a square or piece.
        return t.substring(0, end);
    }
}
