package org.kibitz.core.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code --engine TEXT}: a name of the engine list wins, else a command line; two names are an error. */
class EngineRefTest {

    private static final EngineEntry SF = EngineEntry.of("stockfish", "Stockfish 15.1", List.of("/usr/games/stockfish"))
            .withOptions(Map.of("Hash", "64", "Threads", "2"));
    private static final EngineEntry FSF = EngineEntry.of("fsf", "Fairy", List.of("/usr/games/fairy-stockfish"));
    private static final List<EngineEntry> LIST = List.of(SF, FSF, EngineEntry.builtinEngine());

    @Test
    void byIdOrNameIgnoringCase() throws Exception {
        assertEquals(EngineRef.listed(SF), EngineRef.resolve("stockfish", LIST));
        assertEquals(EngineRef.listed(SF), EngineRef.resolve("  STOCKFISH 15.1 ", LIST));
        assertEquals(EngineRef.listed(FSF), EngineRef.resolve("fairy", LIST));
        EngineRef builtin = EngineRef.resolve("Kibitz", LIST);
        assertTrue(builtin.entry().builtin());
        assertEquals(builtin, EngineRef.resolve("kibitz engine", LIST));
        assertEquals(builtin, EngineRef.resolve("builtin", LIST));
    }

    @Test
    void anythingElseIsACommandLine() throws Exception {
        EngineRef r = EngineRef.resolve("'/opt/my engine/sf' --uci", LIST);
        assertEquals(EngineRef.Source.COMMAND_LINE, r.source());
        assertEquals(List.of("/opt/my engine/sf", "--uci"), r.entry().command());
        assertEquals("sf", r.name());
        assertEquals(EngineRef.Source.COMMAND_LINE, EngineRef.resolve("stockfish", List.of()).source());
        assertEquals(EngineRef.resolve("gnuchess -x", LIST), EngineRef.resolve("gnuchess  -x", LIST),
                "the same command line is the same engine");
    }

    @Test
    void twoEntriesOfOneNameAreAnErrorListingThem() {
        EngineEntry other = EngineEntry.of("sf2", "stockfish", List.of("/opt/sf"));
        EngineRef.ResolveException e = assertThrows(EngineRef.ResolveException.class,
                () -> EngineRef.resolve("Stockfish", List.of(SF, other)));
        assertEquals(EngineRef.ResolveException.Kind.AMBIGUOUS, e.kind());
        assertEquals("'Stockfish' names more than one engine of the list: Stockfish 15.1 (stockfish), stockfish (sf2)."
                + " Use its id.", e.text().render(Locale.ENGLISH));
        assertTrue(e.text().render(Locale.SIMPLIFIED_CHINESE).contains("多个引擎"));
    }

    @Test
    void emptyAndUnreadableTextIsRefused() {
        assertEquals(EngineRef.ResolveException.Kind.EMPTY,
                assertThrows(EngineRef.ResolveException.class, () -> EngineRef.resolve("  ", LIST)).kind());
        EngineRef.ResolveException e = assertThrows(EngineRef.ResolveException.class, () -> EngineRef.resolve("\"sf", LIST));
        assertEquals(EngineRef.ResolveException.Kind.UNREADABLE, e.kind());
        assertTrue(e.text().render(Locale.ENGLISH).contains("unclosed \" at column 1"), e.text().render(Locale.ENGLISH));
    }

    @Test
    void theListsOptionsApplyAndTheCommandLinesOnTop() {
        EngineRef r = EngineRef.listed(SF).withOptions(Map.of("hash", "128")).withProtocol("uci");
        assertEquals(Map.of("Threads", "2", "hash", "128"), r.entry().toConfig().options());
        assertEquals(Optional.of("uci"), r.entry().protocol());
        assertEquals(List.of("/usr/games/stockfish"), r.entry().toConfig().command());
    }
}
