package org.kibitz.core.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Threads and hash for a new engine, sized to the machine: a table of machines and engines. */
class EngineDefaultsTest {

    private static final long GB = 1L << 30;

    private static EngineEntry.OptionDecl spin(String name, long value, long min, long max) {
        return new EngineEntry.OptionDecl(name, "spin", Long.toString(value), Optional.of(min), Optional.of(max), List.of());
    }

    /** Stockfish 16's declarations: Threads 1 (1-1024), Hash 16 (1-33554432). */
    private static final List<EngineEntry.OptionDecl> STOCKFISH = List.of(spin("Threads", 1, 1, 1024),
            spin("Hash", 16, 1, 33_554_432), new EngineEntry.OptionDecl("Ponder", "check", "false", Optional.empty(),
                    Optional.empty(), List.of()));

    @ParameterizedTest(name = "{0} cores, {1} MB: Threads {2}, Hash {3}")
    @CsvSource({
        // cores, memory MB, threads ('-' = left at the default), hash MB; the typical load: 3 engines at once
        "2,  24105, -, 1024",   // this machine: one thread is the default already; 24 GB / 4 / 3 = 2 GB -> capped at 1 GB
        "8,  16384, 2, 1024",   // 7 cores for 3 engines
        "16, 65536, 5, 1024",
        "1,  2048, -, 128",
        "4,  100, -, -",         // 100 MB / 4 / 3 is 8 MB, below the default of 16: the default stays
    })
    void stockfishOnMachines(int cores, long memoryMb, String threads, String hash) {
        Map<String, String> v = EngineDefaults.suggested(STOCKFISH, new EngineDefaults.Machine(cores, memoryMb << 20));
        assertEquals(threads.equals("-") ? null : threads, v.get("Threads"));
        assertEquals(hash.equals("-") ? null : hash, v.get("Hash"));
        assertEquals(v.size(), (threads.equals("-") ? 0 : 1) + (hash.equals("-") ? 0 : 1), () -> "nothing else: " + v);
    }

    /** The more engines run at once, the less each is offered; one engine alone gets the cores but one. */
    @Test
    void theOfferFollowsHowManyEnginesRunAtOnce() {
        var machine = new EngineDefaults.Machine(8, 16 * GB);
        EngineDefaults.Suggestion alone = EngineDefaults.suggest(machine, new EngineDefaults.Load(1, 0));
        assertEquals(7, alone.threads());
        assertEquals(1024, alone.hashMb(), "4 GB would be a quarter of the memory: capped");
        EngineDefaults.Suggestion crowded = EngineDefaults.suggest(machine, new EngineDefaults.Load(4, 4));
        assertEquals(1, crowded.threads());
        assertEquals(512, crowded.hashMb(), "16 GB / 4 / 8 engines");
        assertEquals(Map.of("Hash", "512"), EngineDefaults.suggested(STOCKFISH, machine, new EngineDefaults.Load(4, 4)));
    }

    @Test
    void theHashStaysWithinTheEnginesMaximumAsAPowerOfTwo() {
        var fairymaxLike = List.of(spin("Hash", 64, 1, 1000), spin("Threads", 1, 1, 4));
        Map<String, String> v = EngineDefaults.suggested(fairymaxLike, new EngineDefaults.Machine(64, 256 * GB));
        assertEquals("512", v.get("Hash"), "1000 rounded down to a power of two");
        assertEquals("4", v.get("Threads"), "63 threads held to the declared 4");
    }

    @Test
    void uccisHashsizeIsSizedToo() {
        var ucci = List.of(spin("hashsize", 16, 0, 1024));
        assertEquals(Map.of("hashsize", "1024"), EngineDefaults.suggested(ucci, new EngineDefaults.Machine(2, 32 * GB)));
    }

    @Test
    void anEngineWithoutTheseOptionsOrAnUnknownMemoryGetsNothingMore() {
        assertEquals(Map.of(), EngineDefaults.suggested(List.of(), new EngineDefaults.Machine(8, 16 * GB)));
        assertEquals(Map.of("Threads", "2"), EngineDefaults.suggested(STOCKFISH, new EngineDefaults.Machine(8, 0)));
        var stringHash = List.of(new EngineEntry.OptionDecl("Hash", "string", "16", Optional.empty(), Optional.empty(), List.of()));
        assertEquals(Map.of(), EngineDefaults.suggested(stringHash, new EngineDefaults.Machine(8, 16 * GB)), "only spins");
    }

    @Test
    void valuesTheEntryHasAlreadyAreKept() {
        EngineEntry e = new EngineEntry("sf", "sf", List.of("/usr/games/stockfish"), Optional.empty(), Optional.of("uci"),
                java.util.Set.of("chess"), Optional.empty(), Optional.empty(), EngineEntry.Conventions.DETECT,
                Map.of("hash", "64"), STOCKFISH, EngineEntry.Timeouts.DEFAULT, false);
        EngineEntry applied = EngineDefaults.applyTo(e, new EngineDefaults.Machine(8, 16 * GB));
        assertEquals(Map.of("hash", "64", "Threads", "2"), applied.options());
    }
}
