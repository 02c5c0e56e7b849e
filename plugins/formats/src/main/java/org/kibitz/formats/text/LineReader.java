package org.kibitz.formats.text;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a text file of any size one line at a time, in constant memory, deciding its encoding from
 * the bytes (never assuming one): a byte-order mark, else the first non-ASCII bytes and what follows
 * them (see {@link EncodingDetector}). A line that does not fit the encoding decided for the file
 * (files glued together from different sources) is decoded on its own and reported through
 * {@link #takeRedecodedLines()}, so no text is lost to a wrong guess.
 *
 * <p>Lines end at LF, CR LF or a lone CR; the terminator is not part of the line. The current line
 * is exposed as a reused {@code char[]} to keep the per-line cost low.
 */
public final class LineReader implements Closeable {

    /** A line that was decoded with another encoding than the file's. */
    public record Redecoded(long line, Charset charset) {
    }

    private static final int CHUNK = 1 << 16;
    /** How many bytes from the first non-ASCII line on decide the file's encoding. */
    private static final int WINDOW = 1 << 16;

    private final InputStream in;
    private final boolean forced;
    private byte[] buf = new byte[CHUNK * 2];
    private int pos;
    private int limit;
    private boolean eof;
    private boolean skipLf;
    private boolean started;
    private char[] line = new char[512];
    private int length;
    private long lineNumber;
    private Charset charset;
    private CharsetDecoder decoder;
    /** The decoding table of the file's encoding, when it is a double-byte one: most lines decode by it. */
    private DoubleByteTable table;
    /** Bytes of the stream before {@code buf[0]}, counted from the file's start. */
    private long consumed;
    /** The byte offset of the current line's start in the file. */
    private long lineOffset;
    /** Whether byte offsets are the file's (not those of a transcoded stream). */
    private boolean seekable = true;
    private final List<Redecoded> redecoded = new ArrayList<>(0);

    private LineReader(InputStream in, Charset forced) {
        this.in = in;
        this.forced = forced != null;
        this.charset = forced;
    }

    /** The encoding decided so far: empty while the file has been ASCII only. */
    public Optional<Charset> charset() {
        return Optional.ofNullable(charset);
    }

    /** The characters of the current line (valid up to {@link #length()}). */
    public char[] chars() {
        return line;
    }

    public int length() {
        return length;
    }

    /** The current line as a string. */
    public String text() {
        return new String(line, 0, length);
    }

    /** The 1-based number of the current line. */
    public long lineNumber() {
        return lineNumber;
    }

    /** The byte offset in the file where the current line starts; see {@link #seekable()}. */
    public long lineOffset() {
        return lineOffset;
    }

    /** Whether {@link #lineOffset()} is a place in the file to start reading again (not in a UTF-16 file). */
    public boolean seekable() {
        return seekable;
    }

    /** Lines decoded with another encoding since the last call, oldest first. */
    public List<Redecoded> takeRedecodedLines() {
        if (redecoded.isEmpty()) {
            return List.of();
        }
        List<Redecoded> out = List.copyOf(redecoded);
        redecoded.clear();
        return out;
    }

    /** Moves to the next line; {@code false} at the end of the text. */
    public boolean next() throws IOException {
        if (!started) {
            start();
        }
        if (skipLf) {
            // The LF of a CR LF pair that straddled two reads.
            skipLf = false;
            if (pos == limit && !eof && !fill()) {
                eof = true;
            }
            if (pos < limit && buf[pos] == '\n') {
                pos++;
            }
        }
        // The line's end is sought over ASCII bytes first (nearly every line of a chess file, which
        // is then copied at once). At the first other byte, a file with a double-byte table goes on
        // decoding pair by pair while it seeks the end; a byte or pair the table does not hold, or a
        // file without a table, leaves the line to decodeLine once its end is found.
        int i = seekEnd(pos, true);
        boolean ascii = i == limit || buf[i] >= 0;
        boolean decoded = false;
        if (!ascii) {
            if (table != null) {
                int r = decodeByTable(i);
                decoded = r >= 0;
                i = decoded ? r : ~r;
            }
            if (!decoded) {
                i = seekEnd(i, false);
            }
        }
        if (i == pos && i == limit && eof) {
            return false;
        }
        int start = pos;
        int end = i;
        lineOffset = consumed + start;
        if (i < limit) {
            if (buf[i] == '\r') {
                if (i + 1 < limit) {
                    i += buf[i + 1] == '\n' ? 2 : 1;
                } else {
                    skipLf = true;
                    i++;
                }
            } else {
                i++;
            }
        }
        lineNumber++;
        if (ascii) {
            int n = end - start;
            char[] l = roomForLine();
            byte[] bytes = buf;
            for (int k = 0; k < n; k++) {
                l[k] = (char) bytes[start + k];
            }
            length = n;
        } else if (!decoded) {
            decodeLine(start, end, table != null);
        }
        pos = i;
        return true;
    }

    private void start() throws IOException {
        started = true;
        fillAtLeast(3);
        if (limit - pos >= 3 && (buf[pos] & 0xFF) == 0xEF && (buf[pos + 1] & 0xFF) == 0xBB && (buf[pos + 2] & 0xFF) == 0xBF) {
            pos += 3;
            if (!forced) {
                charset = StandardCharsets.UTF_8;
            }
        }
    }

    private static boolean isUtf16(Charset c) {
        return c.name().startsWith("UTF-16");
    }

    /**
     * Opens a reader over a stream. A UTF-16 file (known by its byte-order mark, or forced) is
     * transcoded to UTF-8 on the fly; everything else is read as bytes.
     *
     * @param forced an encoding to use instead of detecting one
     */
    public static LineReader open(InputStream in, Optional<Charset> forced) throws IOException {
        if (forced.isPresent()) {
            Charset c = forced.get();
            if (isUtf16(c)) {
                LineReader r = new LineReader(new Utf8Transcoder(new InputStreamReader(in, c)), StandardCharsets.UTF_8);
                r.seekable = false;
                return r;
            }
            return new LineReader(in, c);
        }
        PushbackInputStream p = new PushbackInputStream(in, 2);
        byte[] head = p.readNBytes(2);
        p.unread(head);
        if (head.length == 2 && (((head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0xFE)
                || ((head[0] & 0xFF) == 0xFE && (head[1] & 0xFF) == 0xFF))) {
            LineReader r = new LineReader(new Utf8Transcoder(new InputStreamReader(p, StandardCharsets.UTF_16)), StandardCharsets.UTF_8);
            r.seekable = false;
            return r;
        }
        return new LineReader(p, null);
    }

    /**
     * Opens a reader over a stream positioned at a line start in the middle of a file, as a listing
     * pass found it: lines are numbered on from {@code line}, offsets from {@code offset}.
     *
     * @param decided the encoding decided for the file by then (not forced: a line that does not fit
     *                it is still decoded on its own), or empty when the file was ASCII so far
     */
    public static LineReader resume(InputStream in, Optional<Charset> decided, long offset, long line) {
        LineReader r = new LineReader(in, null);
        r.charset = decided.orElse(null);
        r.started = true;
        r.consumed = offset;
        r.lineNumber = Math.max(0, line - 1);
        return r;
    }

    /** @param tableTried whether the file's table has already failed on this line (decodeByTable) */
    private void decodeLine(int start, int end, boolean tableTried) {
        int n = end - start;
        if (charset == null) {
            // The first non-ASCII line decides for the file, looking ahead as far as the window goes.
            try {
                fillAtLeastFrom(start, WINDOW);
            } catch (IOException e) {
                // Decide on what is buffered; the read error will come back on the next fill.
            }
            int window = Math.min(limit - start, WINDOW);
            charset = EncodingDetector.detect(buf, start, window, eof && start + window == limit);
        }
        if (decoder == null || !decoder.charset().equals(charset)) {
            decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            table = DoubleByteTable.of(charset).orElse(null);
        }
        roomForLine();
        if (table != null && !tableTried) {
            int k = table.decode(buf, start, n, line);
            if (k >= 0) {
                length = k;
                return;
            }
        }
        if (decode(decoder, start, n)) {
            return;
        }
        // Not this file's encoding: decide for this line alone, and say so.
        Charset own = EncodingDetector.detect(buf, start, n, true);
        if (own.equals(charset) && !charset.equals(StandardCharsets.UTF_8)) {
            own = EncodingDetector.isUtf8(buf, start, n) ? StandardCharsets.UTF_8 : EncodingDetector.WINDOWS_1252;
        }
        CharsetDecoder d = own.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        decode(d, start, n);
        redecoded.add(new Redecoded(lineNumber, own));
    }

    private boolean decode(CharsetDecoder d, int start, int n) {
        d.reset();
        ByteBuffer src = ByteBuffer.wrap(buf, start, n);
        CharBuffer dst = CharBuffer.wrap(line);
        try {
            var r = d.decode(src, dst, true);
            if (r.isError()) {
                r.throwException();
            }
            r = d.flush(dst);
            if (r.isError()) {
                r.throwException();
            }
        } catch (CharacterCodingException e) {
            return false;
        }
        length = dst.position();
        return true;
    }

    /**
     * From {@code i}, where the current line ends (a CR, an LF, the end of the text), reading more as
     * needed; with {@code asciiOnly}, the first byte that is not ASCII before that, if any.
     */
    private int seekEnd(int i, boolean asciiOnly) throws IOException {
        for (;;) {
            if (i == limit) {
                if (eof) {
                    return i;
                }
                i -= refill();
                continue;
            }
            byte b = buf[i];
            if (b == '\n' || b == '\r' || asciiOnly && b < 0) {
                return i;
            }
            i++;
        }
    }

    /**
     * Reads more of the stream after the buffered bytes, which move to the front of the buffer:
     * how far they moved (indexes into the buffer go down by that much). Sets {@code eof} at the end.
     */
    private int refill() throws IOException {
        int shift = pos;
        if (!fill()) {
            eof = true;
        }
        return shift;
    }

    /**
     * Decodes the current line by the file's double-byte table while seeking its end, from {@code
     * i}, the line's first non-ASCII byte. Returns where the line ends, the line's characters in
     * {@link #line} and {@link #length}; or, when a byte or pair the table does not hold comes first
     * (or a lead byte ends the file), {@code ~} where it stands: the line is then decoded otherwise.
     */
    private int decodeByTable(int i) throws IOException {
        char[] l = roomForLine();
        int k = i - pos;
        for (int j = 0; j < k; j++) {
            l[j] = (char) buf[pos + j];
        }
        DoubleByteTable t = table;
        for (;;) {
            if (i >= limit - 1 && (i == limit || buf[i] < 0)) {
                // The end of the buffer, or a lead byte whose pair runs past it.
                if (eof) {
                    if (i == limit) {
                        break;
                    }
                    return ~i;
                }
                i -= refill();
                l = roomForLine();
                continue;
            }
            byte b = buf[i];
            if (b == '\n' || b == '\r') {
                break;
            }
            if (b >= 0) {
                l[k++] = (char) b;
                i++;
                continue;
            }
            char c = t.pair(b & 0xFF, buf[i + 1] & 0xFF);
            if (c == DoubleByteTable.NONE) {
                return ~i;
            }
            l[k++] = c;
            i += 2;
        }
        length = k;
        return i;
    }

    /**
     * The line array, with room for every byte buffered from {@code pos} on (and one more): the
     * characters copied so far are kept.
     */
    private char[] roomForLine() {
        int n = limit - pos + 1;
        if (line.length < n) {
            line = java.util.Arrays.copyOf(line, Math.max(n, line.length * 2));
        }
        return line;
    }

    /** Moves unread bytes to the front and reads more; {@code false} at the end of the stream. */
    private boolean fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            consumed += pos;
            pos = 0;
        }
        if (limit == buf.length) {
            byte[] bigger = new byte[buf.length * 2];
            System.arraycopy(buf, 0, bigger, 0, limit);
            buf = bigger;
        }
        int r = in.read(buf, limit, buf.length - limit);
        if (r < 0) {
            return false;
        }
        limit += r;
        return true;
    }

    private void fillAtLeast(int n) throws IOException {
        while (!eof && limit - pos < n) {
            if (!fill()) {
                eof = true;
            }
        }
    }

    /** Makes {@code n} bytes from {@code start} (an index at or after {@code pos}) available if the stream has them. */
    private void fillAtLeastFrom(int start, int n) throws IOException {
        // Reading must not move pos here: callers hold indexes into buf.
        while (!eof && limit - start < n) {
            if (limit == buf.length) {
                byte[] bigger = new byte[buf.length * 2];
                System.arraycopy(buf, 0, bigger, 0, limit);
                buf = bigger;
            }
            int r = in.read(buf, limit, buf.length - limit);
            if (r < 0) {
                eof = true;
            } else {
                limit += r;
            }
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
