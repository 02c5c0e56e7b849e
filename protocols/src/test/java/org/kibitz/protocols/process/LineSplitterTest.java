package org.kibitz.protocols.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineSplitterTest {

    private static List<String> split(int max, byte[]... chunks) {
        List<String> out = new ArrayList<>();
        LineSplitter s = new LineSplitter(max, out::add);
        for (byte[] c : chunks) {
            s.feed(c, 0, c.length);
        }
        s.finish();
        return out;
    }

    @Test
    void linesEndWithLfOrCrlfAndMayArriveInPieces() {
        assertEquals(List.of("uciok", "readyok", "bestmove e2e4"),
                split(1024, "uci".getBytes(), "ok\r\nready".getBytes(), "ok\nbestmove e2e4".getBytes()));
        assertEquals(List.of("", "x"), split(1024, "\r\nx\n".getBytes()));
    }

    @Test
    void utf8AndGbkAreBothRead() {
        byte[] utf8 = "info string 中文\n".getBytes(StandardCharsets.UTF_8);
        byte[] gbk = "message 开局库\n".getBytes(Charset.forName("GBK"));
        assertEquals(List.of("info string 中文", "message 开局库"), split(1024, utf8, gbk));
    }

    @Test
    void anEndlessLineIsCutAndTheNextOneIsWhole() {
        byte[] junk = new byte[5000];
        java.util.Arrays.fill(junk, (byte) 'z');
        List<String> lines = split(64, junk, "\nreadyok\n".getBytes());
        assertEquals(2, lines.size());
        assertEquals("z".repeat(64) + " …", lines.get(0));
        assertEquals("readyok", lines.get(1));
    }

    @Test
    void manyLinesInOneReadAreSplitAsByteByByte() {
        // Lines within one read are cut straight from its bytes; fed a byte at a time, each goes
        // through the line buffer: both must give the same lines, whatever the lengths and bytes.
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        b.writeBytes("junk before\n".getBytes());
        b.writeBytes(("a".repeat(64) + "\n").getBytes());
        b.writeBytes(("b".repeat(65) + "\r\n").getBytes());
        b.writeBytes(("c".repeat(63) + "\r\n").getBytes());
        b.writeBytes("info string 中文\n".getBytes(StandardCharsets.UTF_8));
        b.writeBytes("message 开局库\r\n".getBytes(Charset.forName("GBK")));
        b.writeBytes("\n\nlast without end".getBytes());
        byte[] all = b.toByteArray();
        byte[] padded = new byte[all.length + 7];
        System.arraycopy(all, 0, padded, 5, all.length);
        List<String> whole = new ArrayList<>();
        LineSplitter s = new LineSplitter(64, whole::add);
        s.feed(padded, 5, all.length);
        s.finish();
        List<String> bytes = new ArrayList<>();
        LineSplitter t = new LineSplitter(64, bytes::add);
        for (byte x : all) {
            t.feed(new byte[] {x}, 0, 1);
        }
        t.finish();
        assertEquals(bytes, whole);
        assertEquals(List.of("junk before", "a".repeat(64), "b".repeat(64) + " …", "c".repeat(63), "info string 中文",
                "message 开局库", "", "", "last without end"), whole);
    }
}
