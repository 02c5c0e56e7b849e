package org.kibitz.formats.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.kibitz.formats.TestFiles;

/** Lines decoded by table must be exactly what the JDK's decoder makes of them, or left to it. */
class DoubleByteTableTest {

    @ParameterizedTest
    @ValueSource(strings = {"GB18030", "GBK", "Big5", "Big5-HKSCS"})
    void everyLineTheTableDecodesIsDecodedAsTheJdkDecodesIt(String name) {
        Charset charset = Charset.forName(name);
        DoubleByteTable table = DoubleByteTable.of(charset).orElseThrow();
        Random random = new Random(20261126L);
        int byTable = 0;
        int left = 0;
        for (int line = 0; line < 20_000; line++) {
            byte[] bytes = randomLine(random);
            char[] out = new char[bytes.length];
            int n = table.decode(bytes, 0, bytes.length, out);
            String jdk = jdk(charset, bytes);
            if (n < 0) {
                left++;
                continue;
            }
            byTable++;
            assertEquals(jdk, new String(out, 0, n), () -> name + ": " + java.util.HexFormat.of().formatHex(bytes));
        }
        // Both kinds were met: lines of characters the table has, and lines it leaves to the JDK.
        assertTrue(byTable > 1000 && left > 1000, name + ": by table " + byTable + ", left " + left);
    }

    /** ASCII, random pairs in the double-byte range, now and then a stray byte or a four-byte-looking sequence. */
    private static byte[] randomLine(Random random) {
        int n = 1 + random.nextInt(24);
        ByteBuffer b = ByteBuffer.allocate(4 * n);
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(100);
            if (kind < 40) {
                b.put((byte) (0x20 + random.nextInt(0x5F)));
            } else if (kind < 98) {
                b.put((byte) (0x81 + random.nextInt(0x7E))).put((byte) (0x40 + random.nextInt(0xBF)));
            } else if (kind < 99) {
                b.put((byte) (0x80 + random.nextInt(0x80)));
            } else {
                b.put((byte) (0x81 + random.nextInt(0x7E))).put((byte) (0x30 + random.nextInt(10)))
                        .put((byte) (0x81 + random.nextInt(0x7E))).put((byte) (0x30 + random.nextInt(10)));
            }
        }
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    /** The JDK's decoding, or null when it reports the bytes malformed or unmappable. */
    private static String jdk(Charset charset, byte[] bytes) {
        try {
            return charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    @Test
    void aRealBig5CollectionDecodesByTableAsTheJdkDecodesIt() throws IOException {
        Charset big5 = EncodingDetector.BIG5;
        DoubleByteTable table = DoubleByteTable.of(big5).orElseThrow();
        byte[] file = Files.readAllBytes(TestFiles.shared("xiangqi/pgn/ccpd-tournaments-big5.pgn"));
        int lines = 0;
        int byTable = 0;
        int start = 0;
        for (int i = 0; i <= file.length && lines < 200_000; i++) {
            if (i < file.length && file[i] != '\n') {
                continue;
            }
            int end = i > start && file[i - 1] == '\r' ? i - 1 : i;
            byte[] line = java.util.Arrays.copyOfRange(file, start, end);
            start = i + 1;
            boolean ascii = true;
            for (byte b : line) {
                ascii &= b >= 0;
            }
            if (ascii) {
                continue;
            }
            lines++;
            char[] out = new char[line.length];
            int n = table.decode(line, 0, line.length, out);
            if (n >= 0) {
                byTable++;
                assertEquals(jdk(big5, line), new String(out, 0, n));
            }
        }
        assertTrue(lines > 10_000, "lines " + lines);
        assertTrue(byTable >= lines * 0.99, byTable + " of " + lines + " by table");
    }

    @Test
    void singleByteAndOtherEncodingsHaveNoTable() {
        assertTrue(DoubleByteTable.of(EncodingDetector.WINDOWS_1252).isEmpty());
        assertTrue(DoubleByteTable.of(java.nio.charset.StandardCharsets.UTF_8).isEmpty());
    }
}
