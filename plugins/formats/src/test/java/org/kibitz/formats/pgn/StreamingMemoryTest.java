package org.kibitz.formats.pgn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.kibitz.formats.TestFiles;

/**
 * Constant memory, checked the hard way: 30 copies of the Capablanca file (17,910 games, 11.6 MB
 * of text, several GB of positions if kept) read in a JVM limited to a 48 MB heap, and the heap in
 * use after a full collection no larger at the end than after the first 500 games (a reader that
 * kept even a little of each game would grow by megabytes over 17,910 games).
 */
class StreamingMemoryTest {

    @Test
    void aLargeFileIsReadWithASmallHeap() throws Exception {
        Path capablanca = TestFiles.shared("chess/pgn/Capablanca.pgn");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-Xmx48m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                StreamingProbe.class.getName(), capablanca.toString(), "30"))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        boolean done = p.waitFor(5, TimeUnit.MINUTES);
        assertEquals(true, done, out);
        assertEquals(0, p.exitValue(), out);
        long bytes = Files.size(capablanca);
        String last = out.strip().lines().reduce((a, b) -> b).orElse("");
        assertEquals("games 17910 plies 1397310 problems 0", last.substring(0, last.indexOf(" usedKB")),
                "read " + 30 * bytes + " bytes: " + out);
        Matcher used = Pattern.compile("usedKB early (\\d+) end (\\d+)").matcher(last);
        assertTrue(used.find(), last);
        long early = Long.parseLong(used.group(1));
        long end = Long.parseLong(used.group(2));
        assertTrue(early > 0, last);
        // 2 MB of slack for what a collection leaves by chance (class data, interned strings).
        assertTrue(end <= early + 2048, "the heap in use grew from " + early + " KB to " + end + " KB: " + last);
    }
}
