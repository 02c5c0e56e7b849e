package org.kibitz.formats.pgn;

import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.formats.Fixtures;

/**
 * Run in a JVM of its own with a small heap: reads a PGN file repeated many times as one stream,
 * keeping nothing, and prints what it read and the heap in use after a full collection, once early
 * (after {@value #EARLY} games) and once at the end. If reading held more than the games in flight,
 * the heap would run out long before the end; if it held a little per game, the end's figure would
 * have grown.
 */
public final class StreamingProbe {

    /** When the early figure is taken: inside the first copy of the file. */
    static final int EARLY = 500;

    private StreamingProbe() {
    }

    public static void main(String[] args) throws Exception {
        byte[] file = Files.readAllBytes(Path.of(args[0]));
        int times = Integer.parseInt(args[1]);
        List<InputStream> parts = Collections.nCopies(times, file).stream()
                .map(b -> (InputStream) new java.io.ByteArrayInputStream(b)).toList();
        long games = 0;
        long plies = 0;
        long errors = 0;
        long early = -1;
        try (GameReader r = Fixtures.format("pgn").reader(new SequenceInputStream(Collections.enumeration(parts)),
                ReadContext.of("repeated.pgn", Fixtures.GAMES))) {
            for (ReadResult g; (g = r.next()) != null; ) {
                games++;
                errors += g.problems().size();
                plies += g.game().map(t -> t.mainline().size()).orElse(0);
                if (games == EARLY) {
                    early = usedAfterGc();
                }
            }
            System.out.println("games " + games + " plies " + plies + " problems " + errors
                    + " usedKB early " + early / 1024 + " end " + usedAfterGc() / 1024
                    + " maxHeapMB " + Runtime.getRuntime().maxMemory() / (1 << 20));
        }
    }

    /** Bytes in use after a full collection (the test runs this JVM with the serial collector). */
    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }
}
