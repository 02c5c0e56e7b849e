package org.kibitz.formats.text;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Text written to a stream in an encoding, a whole piece (a game) at a time. UTF-8, what files are
 * written in unless asked otherwise, is encoded here: a game's text goes from the builder it was
 * made in straight into the byte buffer, with no string made of it and no encoder's buffers between
 * (writing through a {@link Writer} took a twentieth of converting a file). Other encodings go
 * through the JDK's encoder. Either way a lone surrogate is written as {@code ?}, as the JDK's
 * encoder writes it.
 */
public abstract sealed class TextOutput implements Closeable {

    /** A writer of {@code charset} text to {@code out}, which it closes when closed. */
    public static TextOutput open(OutputStream out, Charset charset) {
        return charset.equals(StandardCharsets.UTF_8) ? new Utf8(out) : new Encoded(out, charset);
    }

    /** Writes the characters of {@code text}. */
    public abstract void write(StringBuilder text) throws IOException;

    /** UTF-8, by hand. */
    private static final class Utf8 extends TextOutput {
        private final OutputStream out;
        private final byte[] buf = new byte[1 << 16];
        private int pos;
        private char[] chars = new char[8192];

        Utf8(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(StringBuilder text) throws IOException {
            int n = text.length();
            if (chars.length < n) {
                chars = new char[Math.max(n, 2 * chars.length)];
            }
            char[] c = chars;
            text.getChars(0, n, c, 0);
            byte[] b = buf;
            int p = pos;
            for (int i = 0; i < n; i++) {
                if (p > b.length - 4) {
                    pos = p;
                    drain();
                    p = 0;
                }
                char ch = c[i];
                if (ch < 0x80) {
                    b[p++] = (byte) ch;
                } else if (ch < 0x800) {
                    b[p++] = (byte) (0xC0 | ch >> 6);
                    b[p++] = (byte) (0x80 | ch & 0x3F);
                } else if (!Character.isSurrogate(ch)) {
                    b[p++] = (byte) (0xE0 | ch >> 12);
                    b[p++] = (byte) (0x80 | ch >> 6 & 0x3F);
                    b[p++] = (byte) (0x80 | ch & 0x3F);
                } else if (Character.isHighSurrogate(ch) && i + 1 < n && Character.isLowSurrogate(c[i + 1])) {
                    int cp = Character.toCodePoint(ch, c[++i]);
                    b[p++] = (byte) (0xF0 | cp >> 18);
                    b[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
                    b[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
                    b[p++] = (byte) (0x80 | cp & 0x3F);
                } else {
                    b[p++] = '?';
                }
            }
            pos = p;
        }

        private void drain() throws IOException {
            out.write(buf, 0, pos);
            pos = 0;
        }

        @Override
        public void close() throws IOException {
            try (OutputStream o = out) {
                drain();
                o.flush();
            }
        }
    }

    /** Any other encoding, through the JDK's encoder. */
    private static final class Encoded extends TextOutput {
        private final Writer out;

        Encoded(OutputStream out, Charset charset) {
            this.out = new BufferedWriter(new OutputStreamWriter(out, charset), 1 << 16);
        }

        @Override
        public void write(StringBuilder text) throws IOException {
            out.append(text);
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
