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
}
