package org.kibitz.formats.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decodes lines of the double-byte encodings Chinese game files are written in (GB18030 and GBK,
 * Big5 and Big5-HKSCS) by looking each two-byte character up in a table, which the JDK's own
 * decoder fills once per encoding; the JDK's decoder still reads every line the table does not
 * cover. A line of xiangqi movetext is some twenty bytes ({@code 1. 炮二平五 馬８進７}): decoding it
 * through a {@link CharsetDecoder}, with its buffers, reset and flush, was a tenth of reading a
 * Big5 collection.
 *
 * <p>The table holds the two-byte sequences (lead 0x81–0xFE, trail 0x40–0xFE) that the JDK decodes
 * to exactly one character of the Basic Multilingual Plane; bytes below 0x80 are ASCII in all of
 * these encodings (checked when the table is made). A line with any other byte sequence (GB18030's
 * four-byte ones, HKSCS's pairs that decode to two characters, malformed bytes) is not decoded here,
 * so every line decodes exactly as the JDK decodes it.
 *
 * <p>Each pair is asked of the JDK's decoder the first time a file holds it: a collection uses some
 * hundreds of the 24,000 pairs, and asking for all of them took 16 ms at every start. Shared by the
 * threads that read files of one encoding: an entry is one char, written once with the one value it
 * can have, so a thread sees either nothing yet (and asks) or that value.
 */
final class DoubleByteTable {

    /** The encodings read by table: double-byte and stateless, with ASCII below 0x80. */
    private static final Set<String> ENCODINGS = Set.of("GB18030", "GBK", "Big5", "Big5-HKSCS", "x-MS950-HKSCS", "x-windows-950", "GB2312");
    private static final Map<Charset, Optional<DoubleByteTable>> TABLES = new ConcurrentHashMap<>();

    private static final int FIRST_LEAD = 0x81;
    private static final int LAST_LEAD = 0xFE;
    private static final int FIRST_TRAIL = 0x40;
    private static final int LAST_TRAIL = 0xFE;

    /** Not asked yet. */
    private static final char UNKNOWN = 0;
    /** Asked, and the JDK does not decode the pair to one character: U+FFFF, which no decoder makes. */
    static final char NONE = '\uFFFF';

    /** By {@code (lead - 0x80) << 8 | trail}: the character, {@link #UNKNOWN} or {@link #NONE}. */
    private final char[] chars = new char[(LAST_LEAD - 0x80 + 1) << 8];
    private final CharsetDecoder decoder;
    private final byte[] pair = new byte[2];
    private final char[] one = new char[4];

    private DoubleByteTable(CharsetDecoder decoder) {
        this.decoder = decoder;
    }

    /** The table for {@code charset}, made on first use; empty for encodings it does not suit. */
    static Optional<DoubleByteTable> of(Charset charset) {
        if (!ENCODINGS.contains(charset.name())) {
            return Optional.empty();
        }
        return TABLES.computeIfAbsent(charset, DoubleByteTable::make);
    }

    private static Optional<DoubleByteTable> make(Charset charset) {
        CharsetDecoder d = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        char[] one = new char[4];
        byte[] ascii = new byte[1];
        for (int b = 0; b < 0x80; b++) {
            ascii[0] = (byte) b;
            if (decode(d, ascii, one) != 1 || one[0] != b) {
                return Optional.empty();
            }
        }
        return Optional.of(new DoubleByteTable(d));
    }

    /** Asks the JDK's decoder for one pair and keeps its answer. */
    private synchronized char ask(int lead, int trail) {
        pair[0] = (byte) lead;
        pair[1] = (byte) trail;
        char c = NONE;
        if (decode(decoder, pair, one) == 1 && !Character.isSurrogate(one[0]) && one[0] != 0 && one[0] != NONE) {
            c = one[0];
        }
        chars[(lead - 0x80) << 8 | trail] = c;
        return c;
    }

    /** The characters the JDK decodes {@code bytes} to (whole, as one input), or -1 when it does not. */
    private static int decode(CharsetDecoder d, byte[] bytes, char[] out) {
        d.reset();
        CharBuffer dst = CharBuffer.wrap(out);
        ByteBuffer src = ByteBuffer.wrap(bytes);
        CoderResult r = d.decode(src, dst, true);
        if (r.isError() || r.isOverflow() || src.hasRemaining() || d.flush(dst).isError()) {
            return -1;
        }
        return dst.position();
    }

    /**
     * The character of one byte pair ({@code lead} 0x80-0xFF, {@code trail} any byte, both as
     * unsigned values), or {@link #NONE} when the table does not hold it.
     */
    char pair(int lead, int trail) {
        if (lead < FIRST_LEAD || lead > LAST_LEAD || trail < FIRST_TRAIL || trail > LAST_TRAIL) {
            return NONE;
        }
        char c = chars[(lead - 0x80) << 8 | trail];
        return c != UNKNOWN ? c : ask(lead, trail);
    }

    /**
     * Decodes {@code buf[start, start + n)} into {@code out} (which has room for {@code n}
     * characters) and returns how many characters it made, or -1 when a byte sequence in it is not
     * in the table (then nothing is promised of {@code out}).
     */
    int decode(byte[] buf, int start, int n, char[] out) {
        int end = start + n;
        int k = 0;
        for (int i = start; i < end; ) {
            int b = buf[i];
            if (b >= 0) {
                out[k++] = (char) b;
                i++;
                continue;
            }
            char c = i + 1 == end ? NONE : pair(b & 0xFF, buf[i + 1] & 0xFF);
            if (c == NONE) {
                return -1;
            }
            out[k++] = c;
            i += 2;
        }
        return k;
    }
}
