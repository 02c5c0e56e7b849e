package org.kibitz.formats.xqf;

/**
 * The key material of an XQF header (XQStudio's format): the offsets that hide piece squares, move
 * squares and comment lengths, and the 32-byte stream subtracted from every byte after the header.
 * Versions up to 10 are plain; 11 and up are "encrypted" with keys derived from header bytes 3..15.
 */
record XqfKeys(int version, int pieceKey, int fromKey, int toKey, int commentKey, int[] stream) {

    private static final byte[] COPYRIGHT = "[(C) Copyright Mr. Dong Shiwei.]".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    static XqfKeys of(byte[] header) {
        int version = header[2] & 0xFF;
        int[] stream = new int[32];
        if (version < 11) {
            return new XqfKeys(version, 0, 0, 0, 0, stream);
        }
        int h3 = u(header, 3);
        int h12 = u(header, 12);
        int h13 = u(header, 13);
        int pieceKey = (f(h13) * h13) & 0xFF;
        int fromKey = (f(u(header, 14)) * pieceKey) & 0xFF;
        int toKey = (f(u(header, 15)) * fromKey) & 0xFF;
        int commentKey = ((h12 * 256 + h13) % 32000 + 767) & 0xFFFF;
        for (int i = 0; i < 32; i++) {
            int key = u(header, 8 + i % 4) | (u(header, 12 + i % 4) & h3);
            stream[i] = COPYRIGHT[i] & key;
        }
        return new XqfKeys(version, pieceKey, fromKey, toKey, commentKey, stream);
    }

    /** f(k) = 54k² + 221, the key schedule's step (mod 256 by the caller). */
    private static int f(int k) {
        return 54 * k * k + 221;
    }

    private static int u(byte[] b, int i) {
        return b[i] & 0xFF;
    }

    boolean encrypted() {
        return version >= 11;
    }

    /** The 32 piece squares of the header (0..89, or more for a piece off the board), in slot order. */
    int[] pieceSquares(byte[] header) {
        int[] squares = new int[32];
        for (int i = 0; i < 32; i++) {
            int v = (u(header, 0x10 + i) - pieceKey) & 0xFF;
            if (version >= 12) {
                squares[(pieceKey + 1 + i) % 32] = v;
            } else {
                squares[i] = v;
            }
        }
        return squares;
    }

    /** Decrypts the bytes from 0x400 on, in place. */
    void decrypt(byte[] data, int from) {
        if (!encrypted()) {
            return;
        }
        for (int i = from; i < data.length; i++) {
            data[i] = (byte) (data[i] - stream[(i - 0x400) & 31]);
        }
    }
}
