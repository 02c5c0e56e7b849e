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
    void anSshReferenceIsAnEngineOnAnotherComputerStartedThroughSsh() throws Exception {
        EngineRef r = EngineRef.resolve("ssh://me@gpu-box:2222/opt/engines/stockfish --uci 'two words'", LIST);
        assertEquals(EngineRef.Source.COMMAND_LINE, r.source());
        assertEquals("stockfish@gpu-box", r.name());
        assertEquals(List.of("/opt/engines/stockfish", "--uci", "two words"), r.entry().command(), "the remote command");
        assertTrue(r.entry().remote());
        List<String> local = r.entry().commandLine();
        assertEquals("ssh", local.get(0), "started by the system's ssh: " + local);
        assertEquals("gpu-box", local.get(local.indexOf("--") + 1));
        assertTrue(local.get(local.size() - 1).endsWith("'/opt/engines/stockfish' '--uci' 'two words'"), local.toString());
        assertEquals(Optional.empty(), r.entry().toConfig().workingDirectory(), "ssh runs here wherever it likes");
        EngineRef.ResolveException bad = assertThrows(EngineRef.ResolveException.class,
                () -> EngineRef.resolve("ssh://gpu-box", LIST));
        assertEquals(EngineRef.ResolveException.Kind.UNREADABLE, bad.kind());
    }

    @Test
    void anEngineListEntryKeepsItsSshPartThroughTheFileAndEveryChange(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        org.kibitz.protocols.ssh.SshTarget target = new org.kibitz.protocols.ssh.SshTarget("server", Optional.of(2222),
                Optional.of("me"), Optional.of("~/.ssh/id_ed25519"), List.of("ProxyJump=gateway"));
        EngineEntry e = EngineEntry.of("sf-server", "Stockfish (server)", List.of("/usr/games/stockfish"))
                .withSsh(Optional.of(target)).withCommand(List.of("/usr/games/stockfish"), Optional.of("/srv/engines"));
        assertEquals(Optional.of(target), e.withName("x").withOptions(Map.of("Hash", "64")).withProtocol(Optional.of("uci")).ssh());
        org.kibitz.core.JsonStore<EngineListFile> store = new org.kibitz.core.JsonStore<>(dir.resolve("engines.json"),
                EngineListFile.class);
        store.save(new EngineListFile(EngineListFile.VERSION, List.of(e), true));
        String json = java.nio.file.Files.readString(dir.resolve("engines.json"));
        assertTrue(json.contains("\"ssh\"") && json.contains("ProxyJump=gateway"), json);
        EngineEntry back = ((org.kibitz.core.JsonStore.Loaded.Ok<EngineListFile>) store.load()).value().engines().get(0);
        assertEquals(e, back);
        // An entry written before engines could run elsewhere has no ssh part: a local engine.
        java.nio.file.Files.writeString(dir.resolve("engines.json"), """
                {"version": 1, "engines": [{"id": "sf", "name": "sf", "command": ["/usr/games/stockfish"]}]}
                """);
        EngineEntry old = ((org.kibitz.core.JsonStore.Loaded.Ok<EngineListFile>) store.load()).value().engines().get(0);
        assertEquals(Optional.empty(), old.ssh());
        assertEquals(List.of("/usr/games/stockfish"), old.commandLine());
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
