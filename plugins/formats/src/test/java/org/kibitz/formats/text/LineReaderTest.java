package org.kibitz.formats.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    private static List<String> lines(byte[] bytes) throws IOException {
        return lines(new ByteArrayInputStream(bytes));
    }

    private static List<String> lines(InputStream in) throws IOException {
        List<String> out = new ArrayList<>();
        try (LineReader r = LineReader.open(in, Optional.empty())) {
            while (r.next()) {
                assertEquals(out.size() + 1, r.lineNumber());
                out.add(r.text());
            }
        }
        return out;
    }

    @Test
    void everyLineEndingAndNoFinalNewline() throws IOException {
        assertEquals(List.of("a", "b", "", "c", "d"), lines("a\nb\r\n\rc\rd".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(List.of("a"), lines("a\n".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(List.of(), lines(new byte[0]));
    }

    @Test
    void crLfSplitAcrossReadsCountsOnce() throws IOException {
        // A stream that hands out one byte at a time puts every CR LF across two reads.
        byte[] text = "1. e4\r\ne5\r\n\r\n2. Nf3\r\n".getBytes(StandardCharsets.US_ASCII);
        InputStream trickle = new ByteArrayInputStream(text) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        assertEquals(List.of("1. e4", "e5", "", "2. Nf3"), lines(trickle));
    }

    @Test
    void longLinesAcrossBufferBoundaries() throws IOException {
        StringBuilder sb = new StringBuilder();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String line = "x".repeat(i * 9001 % 300_000) + i;
            expected.add(line);
            sb.append(line).append(i % 2 == 0 ? "\n" : "\r\n");
        }
        assertEquals(expected, lines(sb.toString().getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void utf8ByteOrderMarkIsNotText() throws IOException {
        byte[] b = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, "[Event \"A\"]\n好".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("[Event \"A\"]", "好"), lines(b));
    }

    @Test
    void utf16WithByteOrderMarkIsRead() throws IOException {
        byte[] b = "\uFEFF[Red \"许银川\"]\r\n1. 炮二平五\r\n".getBytes(StandardCharsets.UTF_16LE);
        assertEquals(List.of("[Red \"许银川\"]", "1. 炮二平五"), lines(b));
    }

    @Test
    void gbkDetectedAfterAsciiLines() throws IOException {
        String text = "[Event \"x\"]\n".repeat(5000) + "[Red \"许银川\"]\n1. 炮二平五 马８进７\n";
        LineReader r = LineReader.open(new ByteArrayInputStream(text.getBytes(EncodingDetector.GB18030)), Optional.empty());
        List<String> got = new ArrayList<>();
        while (r.next()) {
            got.add(r.text());
        }
        assertEquals("[Red \"许银川\"]", got.get(5000));
        assertEquals("1. 炮二平五 马８进７", got.get(5001));
        assertEquals(Optional.of(EncodingDetector.GB18030), r.charset());
        assertTrue(r.takeRedecodedLines().isEmpty());
    }

    /** A stream that hands out at most {@code most} bytes a read. */
    private static InputStream trickle(byte[] bytes, int most) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, most));
            }
        };
    }

    @Test
    void doubleByteLinesReadAsTheJdkDecodesThemWhereverTheReadsEnd() throws IOException {
        // Lines are decoded by the file's table while their ends are sought: a pair may be cut by
        // the end of a read, a line may end in the middle of one, and the file in a lone lead byte.
        byte[] file = java.nio.file.Files.readAllBytes(org.kibitz.formats.TestFiles.shared("xiangqi/pgn/ccpd-tournaments-big5.pgn"));
        int cut = 0;
        for (int lines = 0; lines < 3000; cut++) {
            if (file[cut] == '\n') {
                lines++;
            }
        }
        byte[] head = java.util.Arrays.copyOf(file, cut);
        List<String> expected = List.of(new String(head, EncodingDetector.BIG5).split("\r?\n", -1));
        expected = expected.subList(0, expected.size() - 1); // the text ends with a line break
        for (int most : new int[] {1, 2, 3, 7, 4096, Integer.MAX_VALUE}) {
            assertEquals(expected, lines(trickle(head, most)), "reads of at most " + most + " bytes");
        }
        // A lone lead byte before a line break, one alone on a line (read a byte at a time, so the
        // line starts the buffer), and one at the very end of the file.
        byte[] broken = concat(head, new byte[] {'{', (byte) 0xB6, '\n', (byte) 0xB6, '\n', '}', '\n', 'x', (byte) 0xB6});
        for (int most : new int[] {1, 5}) {
            List<String> got = lines(trickle(broken, most));
            assertEquals(expected, got.subList(0, expected.size()));
            assertEquals(4, got.size() - expected.size());
            assertTrue(got.get(expected.size()).startsWith("{"));
            assertEquals(1, got.get(expected.size() + 1).length());
            assertEquals("}", got.get(expected.size() + 2));
            assertTrue(got.get(expected.size() + 3).startsWith("x"));
        }
    }

    @Test
    void aLoneLeadByteAtTheStartOfTheBufferIsOneCharacter() throws IOException {
        // Read a byte at a time, every line starts the buffer: the lone lead byte stands at index 0.
        byte[] b = concat("炮二平五\n".getBytes(EncodingDetector.BIG5), new byte[] {(byte) 0xB6, '\n'},
                "馬８進７\n".getBytes(EncodingDetector.BIG5));
        List<String> got = new ArrayList<>();
        try (LineReader r = LineReader.open(trickle(b, 1), Optional.of(EncodingDetector.BIG5))) {
            while (r.next()) {
                got.add(r.text());
            }
        }
        assertEquals(3, got.size());
        assertEquals("炮二平五", got.get(0));
        assertEquals(1, got.get(1).length());
        assertEquals("馬８進７", got.get(2));
    }

    @Test
    void aGbkLineInAUtf8FileIsReadAsGbkAndReported() throws IOException {
        byte[] b = concat("{好棋}\n".getBytes(StandardCharsets.UTF_8), "{象棋巫师}\n".getBytes(EncodingDetector.GB18030),
                "{再见}\n".getBytes(StandardCharsets.UTF_8));
        LineReader r = LineReader.open(new ByteArrayInputStream(b), Optional.empty());
        List<String> got = new ArrayList<>();
        while (r.next()) {
            got.add(r.text());
        }
        assertEquals(List.of("{好棋}", "{象棋巫师}", "{再见}"), got);
        List<LineReader.Redecoded> re = r.takeRedecodedLines();
        assertEquals(1, re.size());
        assertEquals(2, re.get(0).line());
        assertEquals(EncodingDetector.GB18030, re.get(0).charset());
    }

    @Test
    void forcedEncodingIsUsed() throws IOException {
        byte[] b = "Müller\n".getBytes(StandardCharsets.ISO_8859_1);
        LineReader r = LineReader.open(new ByteArrayInputStream(b), Optional.of(Charset.forName("ISO-8859-1")));
        assertTrue(r.next());
        assertEquals("Müller", r.text());
        assertFalse(r.next());
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
