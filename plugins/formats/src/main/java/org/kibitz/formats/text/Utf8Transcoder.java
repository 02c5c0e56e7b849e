package org.kibitz.formats.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Turns characters from a reader into UTF-8 bytes, so UTF-16 files go through the byte-based line reader. */
final class Utf8Transcoder extends InputStream {

    private final Reader reader;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final CharBuffer chars = CharBuffer.allocate(8192);
    private final ByteBuffer bytes = ByteBuffer.allocate(8192 * 3);
    private boolean end;
    private boolean firstChar = true;

    Utf8Transcoder(Reader reader) {
        this.reader = reader;
        chars.flip();
        bytes.flip();
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int r = read(one, 0, 1);
        return r < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        while (!bytes.hasRemaining()) {
            if (end && !chars.hasRemaining()) {
                return -1;
            }
            chars.compact();
            int r = end ? -1 : reader.read(chars);
            chars.flip();
            if (r < 0) {
                end = true;
            }
            if (firstChar && chars.hasRemaining()) {
                firstChar = false;
                if (chars.get(chars.position()) == '\uFEFF') {
                    chars.get(); // the byte-order mark is not text
                }
            }
            bytes.clear();
            encoder.encode(chars, bytes, end);
            if (end) {
                encoder.flush(bytes);
            }
            bytes.flip();
        }
        int n = Math.min(len, bytes.remaining());
        bytes.get(b, off, n);
        return n;
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
