package org.kibitz.protocols.process;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Cuts an engine's byte stream into lines, whatever the engine writes.
 *
 * <p>Engines end lines with LF or CRLF and mostly write ASCII; some Chinese engines write GBK in
 * their messages. A line that is valid UTF-8 is read as UTF-8, any other as GB18030 (a superset of
 * GBK), so neither kind turns into mojibake. A line longer than {@link #maxLineLength} bytes is cut
 * there and the rest of it dropped, so an engine that writes megabytes without a newline cannot
 * exhaust memory. Not thread-safe: one splitter per stream.
 */
public final class LineSplitter {

    /** The longest line kept, in bytes; longer lines are cut (engine lines are rarely above 2 KB). */
    public static final int DEFAULT_MAX_LINE = 64 * 1024;

    private static final Charset GB18030 = Charset.forName("GB18030");

    private final int maxLineLength;
    private final Consumer<String> sink;
    private byte[] line = new byte[256];
    private int length;
    private boolean overflowed;
    private boolean nonAscii;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    public LineSplitter(int maxLineLength, Consumer<String> sink) {
        if (maxLineLength < 16) {
            throw new IllegalArgumentException("maxLineLength too small: " + maxLineLength);
        }
        this.maxLineLength = maxLineLength;
        this.sink = sink;
    }

    public LineSplitter(Consumer<String> sink) {
        this(DEFAULT_MAX_LINE, sink);
    }

    /** Feeds bytes; every complete line goes to the sink, without its line end. */
    public void feed(byte[] bytes, int offset, int count) {
        int end = offset + count;
        int i = offset;
        // A line that starts and ends within these bytes becomes its String straight from them, with
        // one pass to find its end: the common case, a flood's lines many to a read.
        while (i < end && length == 0 && !overflowed) {
            int k = i;
            boolean high = false;
            while (k < end && bytes[k] != '\n') {
                high |= bytes[k] < 0;
                k++;
            }
            if (k == end || k - i > maxLineLength) {
                break; // the line goes on in the next read, or is too long: byte by byte below
            }
            int n = k - i;
            if (n > 0 && bytes[i + n - 1] == '\r') {
                n--;
            }
            sink.accept(high ? decode(bytes, i, n) : new String(bytes, i, n, StandardCharsets.ISO_8859_1));
            i = k + 1;
        }
        for (; i < end; i++) {
            byte b = bytes[i];
            if (b == '\n') {
                emit();
            } else if (length < maxLineLength) {
                if (length == line.length) {
                    byte[] bigger = new byte[Math.min(maxLineLength, line.length * 2)];
                    System.arraycopy(line, 0, bigger, 0, length);
                    line = bigger;
                }
                if (b < 0) {
                    nonAscii = true;
                }
                line[length++] = b;
            } else {
                overflowed = true;
            }
        }
    }

    /** The stream ended: a last line without a line end still counts. */
    public void finish() {
        if (length > 0 || overflowed) {
            emit();
        }
    }

    private void emit() {
        int n = length;
        if (n > 0 && line[n - 1] == '\r') {
            n--;
        }
        String text = nonAscii ? decode(line, 0, n) : new String(line, 0, n, StandardCharsets.ISO_8859_1);
        if (overflowed) {
            text = text + " …";
        }
        length = 0;
        nonAscii = false;
        overflowed = false;
        sink.accept(text);
    }

    private String decode(byte[] bytes, int offset, int n) {
        try {
            CharBuffer chars = utf8.reset().decode(ByteBuffer.wrap(bytes, offset, n));
            return chars.toString();
        } catch (CharacterCodingException e) {
            // Not UTF-8: Chinese engines on Windows write GBK, which GB18030 reads; anything else
            // becomes replacement characters rather than an exception.
            return new String(bytes, offset, n, GB18030);
        }
    }
}
