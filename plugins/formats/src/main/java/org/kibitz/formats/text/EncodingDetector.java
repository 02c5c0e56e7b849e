package org.kibitz.formats.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decides the encoding of game-file text from its bytes: UTF-8, GB18030 (which reads GBK and
 * GB2312), Big5 (traditional Chinese, read as Big5-HKSCS, its superset) or Windows-1252, the
 * encodings game files are written in.
 *
 * <p>A decoding test, not a statistical guess: UTF-8 has strict rules that GBK text almost never
 * satisfies over more than a character or two, and GBK text is dominated by the GB2312 block
 * (lead 0xA1-0xF7, trail 0xA1-0xFE: hanzi and full-width forms) while Windows-1252 text read as
 * GBK makes pairs with ASCII trail bytes or invalid ones. Game files are mostly ASCII (tags, move
 * numbers, SAN), which is where general-purpose detectors trained on prose guess badly.
 *
 * <p>Big5 and GBK share their byte ranges (nearly every Big5 pair is also a GBK pair), so bytes
 * alone cannot tell them apart; what they decode to can. When both fit, each reading is scored by
 * the characters it gives: those of the encoding's frequent block (GB2312 for GBK; symbols and the
 * 5,401 frequent hanzi, lead 0xA1-0xC6, for Big5), and, weighted more, the characters of Chinese
 * game notation and results (车/車, 进/進, full-width digits, 胜/勝...), less those no game file holds
 * (kana, bopomofo, box drawing, private use: what a wrong reading makes of the other encoding).
 * A tie goes to GBK.
 */
public final class EncodingDetector {

    /** Windows-1252: a superset of ISO-8859-1 in its printable range, what old Western chess files use. */
    public static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    public static final Charset GB18030 = Charset.forName("GB18030");
    /** Big5 with the Hong Kong supplement: reads plain Big5 and the CP950 extensions alike. */
    public static final Charset BIG5 = Charset.forName("Big5-HKSCS");

    /**
     * Characters of Chinese game notation and results, traditional and simplified: a reading that
     * gives many of them is the right one. Pieces, moves, numerals, full-width digits, result words.
     */
    private static final String GAME_WORDS = "车車马馬炮砲包相象仕士帅帥将將兵卒进進退平前后後中"
            + "一二三四五六七八九０１２３４５６７８９红紅黑先胜勝负負和局棋赛賽杯届屆第轮輪";
    /** {@link #GAME_WORDS} as bits, one per character: the test a decoded character meets. */
    private static final long[] GAME_WORD_BITS = new long[1 << 10];

    static {
        for (int i = 0; i < GAME_WORDS.length(); i++) {
            char c = GAME_WORDS.charAt(i);
            GAME_WORD_BITS[c >>> 6] |= 1L << c;
        }
    }

    /** Weight of a notation character, and of an implausible one, against a frequent one. */
    private static final int WORD_WEIGHT = 4;
    /**
     * How much of the window the two readings are scored on (then scaled to the window): the
     * first lines of a Chinese file hold thousands of notation characters, and the scoring runs
     * once, before any of it is compiled (over the whole 64 KB window it was 2% of reading the
     * Big5 collection).
     */
    private static final int WORD_WINDOW = 1 << 14;

    private EncodingDetector() {
    }

    /**
     * The encoding of {@code len} bytes at {@code off}.
     *
     * @param complete whether the bytes end where the text ends; if not, a multi-byte character cut
     *                 by the end of the window is not held against an encoding
     * @return UTF-8 for pure ASCII as well
     */
    public static Charset detect(byte[] b, int off, int len, boolean complete) {
        if (utf8Lines(b, off, len, complete)) {
            return StandardCharsets.UTF_8;
        }
        int end = off + len;
        int pairs = 0;
        int common = 0;
        int bad = 0;
        int i = off;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            if (c == 0x80 || c == 0xFF) {
                bad++;
                i++;
                continue;
            }
            if (i + 1 >= end) {
                if (complete) {
                    bad++;
                }
                break;
            }
            int d = b[i + 1] & 0xFF;
            if (d >= 0x30 && d <= 0x39) {
                // GB18030 four-byte form: lead, digit, lead, digit.
                if (i + 3 >= end) {
                    if (complete) {
                        bad++;
                    }
                    break;
                }
                int e = b[i + 2] & 0xFF;
                int f = b[i + 3] & 0xFF;
                if (e >= 0x81 && e <= 0xFE && f >= 0x30 && f <= 0x39) {
                    pairs++;
                    i += 4;
                } else {
                    bad++;
                    i++;
                }
                continue;
            }
            if ((d >= 0x40 && d <= 0x7E) || (d >= 0x80 && d <= 0xFE)) {
                pairs++;
                if (d >= 0xA1 && ((c >= 0xB0 && c <= 0xF7) || (c >= 0xA1 && c <= 0xA9))) {
                    common++;
                }
                i += 2;
            } else {
                bad++;
                i++;
            }
        }
        // A few bad bytes are tolerated: real GBK files hold the odd broken character.
        boolean gbk = pairs > 0 && bad * 20 <= pairs && common * 2 >= pairs;
        Big5Pairs big5 = big5Pairs(b, off, len, complete);
        if (!big5.plausible()) {
            return gbk ? GB18030 : WINDOWS_1252;
        }
        if (!gbk) {
            return BIG5;
        }
        int scored = len;
        if (len > WORD_WINDOW) {
            // Whole lines, so that no pair is cut.
            scored = WORD_WINDOW;
            while (scored > 0 && b[off + scored - 1] != '\n') {
                scored--;
            }
            if (scored == 0) {
                scored = len;
            }
        }
        double weight = WORD_WEIGHT * (double) len / scored;
        long gbkScore = common + Math.round(weight * wordScore(GB18030, b, off, scored));
        long big5Score = big5.frequent + Math.round(weight * wordScore(BIG5, b, off, scored));
        return big5Score > gbkScore ? BIG5 : GB18030;
    }

    /** Big5's double-byte structure: lead 0x81-0xFE (0xA1-0xF9 in plain Big5), trail 0x40-0x7E or 0xA1-0xFE. */
    private record Big5Pairs(int pairs, int frequent, int bad) {
        boolean plausible() {
            return pairs > 0 && bad * 20 <= pairs && frequent * 2 >= pairs;
        }
    }

    private static Big5Pairs big5Pairs(byte[] b, int off, int len, boolean complete) {
        int end = off + len;
        int pairs = 0;
        int frequent = 0;
        int bad = 0;
        int i = off;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            if (c < 0x81 || c == 0xFF) {
                bad++;
                i++;
                continue;
            }
            if (i + 1 >= end) {
                if (complete) {
                    bad++;
                }
                break;
            }
            int d = b[i + 1] & 0xFF;
            if ((d >= 0x40 && d <= 0x7E) || (d >= 0xA1 && d <= 0xFE)) {
                pairs++;
                if (c >= 0xA1 && c <= 0xC6) {
                    frequent++; // symbols (0xA1-0xA3) and the frequent hanzi (0xA4-0xC6)
                }
                i += 2;
            } else {
                bad++;
                i++;
            }
        }
        return new Big5Pairs(pairs, frequent, bad);
    }

    /**
     * What a reading of the bytes gives: notation characters count for it, characters no Chinese
     * game file holds (or bytes that do not decode) against it.
     */
    private static int wordScore(Charset charset, byte[] b, int off, int len) {
        CharsetDecoder d = charset.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        CharBuffer text;
        try {
            text = d.decode(ByteBuffer.wrap(b, off, len));
        } catch (CharacterCodingException e) {
            return 0; // not thrown with REPLACE
        }
        int score = 0;
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                continue;
            }
            if ((GAME_WORD_BITS[c >>> 6] >>> c & 1) != 0) {
                score++;
            } else if (implausible(c)) {
                score--;
            }
        }
        return score;
    }

    /** Kana, bopomofo, box drawing, Greek, Cyrillic, private use, replacement: a wrong reading's marks. */
    private static boolean implausible(char c) {
        return (c >= 0x0370 && c <= 0x04FF) || (c >= 0x2500 && c <= 0x257F) || (c >= 0x3040 && c <= 0x312F)
                || (c >= 0xE000 && c <= 0xF8FF) || c == 0xFFFD;
    }

    /**
     * The vote of the window's lines: UTF-8 when at least half of the lines with non-ASCII bytes
     * are well-formed UTF-8. Lines, not bytes, because files glued together from several sources
     * mix encodings line by line, and the line reader decodes a stray line on its own.
     */
    private static boolean utf8Lines(byte[] b, int off, int len, boolean complete) {
        int end = off + len;
        int utf8 = 0;
        int other = 0;
        int start = off;
        while (start < end) {
            int stop = start;
            boolean ascii = true;
            while (stop < end && b[stop] != '\n') {
                if (b[stop] < 0) {
                    ascii = false;
                }
                stop++;
            }
            boolean whole = stop < end || complete;
            if (!ascii) {
                Utf8Check c = checkUtf8(b, start, stop - start, whole);
                if (c.valid) {
                    utf8++;
                } else if (whole) {
                    other++;
                }
            }
            start = stop + 1;
        }
        return utf8 >= other; // all ASCII (0 >= 0) counts as UTF-8
    }

    /** Whether the bytes are ASCII only. */
    public static boolean isAscii(byte[] b, int off, int len) {
        for (int i = off, end = off + len; i < end; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether the bytes are well-formed UTF-8 (ASCII included). */
    public static boolean isUtf8(byte[] b, int off, int len) {
        return checkUtf8(b, off, len, true).valid;
    }

    private record Utf8Check(boolean valid, int sequences) {
    }

    private static Utf8Check checkUtf8(byte[] b, int off, int len, boolean complete) {
        int end = off + len;
        int sequences = 0;
        int i = off;
        while (i < end) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            int n;
            int lo = 0x80;
            int hi = 0xBF;
            if (c >= 0xC2 && c <= 0xDF) {
                n = 1;
            } else if (c >= 0xE0 && c <= 0xEF) {
                n = 2;
                if (c == 0xE0) {
                    lo = 0xA0; // no overlong forms
                } else if (c == 0xED) {
                    hi = 0x9F; // no surrogates
                }
            } else if (c >= 0xF0 && c <= 0xF4) {
                n = 3;
                if (c == 0xF0) {
                    lo = 0x90;
                } else if (c == 0xF4) {
                    hi = 0x8F;
                }
            } else {
                return new Utf8Check(false, sequences);
            }
            for (int k = 1; k <= n; k++) {
                if (i + k >= end) {
                    return new Utf8Check(!complete, sequences);
                }
                int d = b[i + k] & 0xFF;
                if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) {
                    return new Utf8Check(false, sequences);
                }
            }
            sequences++;
            i += n + 1;
        }
        return new Utf8Check(true, sequences);
    }
}
