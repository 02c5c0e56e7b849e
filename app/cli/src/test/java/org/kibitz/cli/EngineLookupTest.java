package org.kibitz.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Protocols;
import org.kibitz.core.engines.EngineDefaults;
import org.kibitz.core.engines.EngineDiscovery;
import org.kibitz.core.engines.EngineListFile;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.EngineRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@link EngineLookup}: the warning for an engine list that cannot be read, and names that are no engine. */
class EngineLookupTest {

    @Command(name = "lookup")
    static final class Holder {
    }

    @TempDir
    Path dir;

    private Locale saved;

    @BeforeEach
    void english() {
        saved = Locale.getDefault();
        Locale.setDefault(Locale.ROOT);
    }

    @AfterEach
    void restore() {
        Locale.setDefault(saved);
    }

    private EngineRegistry registry(Path file) {
        return new EngineRegistry(new JsonStore<>(file, EngineListFile.class), new Protocols(List.of()),
                new EngineDiscovery(List.of(), false), () -> new EngineDefaults.Machine(1, 1L << 30));
    }

    @Test
    void anUnreadableListIsSaidInTheCommandsWords() throws Exception {
        Path file = dir.resolve("engines.json");
        Files.writeString(file, "{ \"version\": 1, \"engines\": [ {\"id\": ");
        StringWriter err = new StringWriter();
        EngineLookup.readList(registry(file), new PrintWriter(err, true), Messages.of("analyse"), "engines.corrupt");
        String said = err.toString().strip();
        assertTrue(said.startsWith("the engine list " + file + " could not be read ("), said);
        // Where the list went, so that the user can get their engines back.
        Path aside = Files.list(dir).filter(p -> !p.equals(file)).findFirst().orElseThrow();
        assertTrue(said.endsWith("; it was set aside as " + aside), said);
    }

    @Test
    void aListOfTheWrongShapeIsSaidWithItsPlaceAndNoJavaClass() throws Exception {
        Path file = dir.resolve("engines.json");
        Files.writeString(file, "{ \"version\": 1,\n  \"engines\": { \"id\": 3 } }");
        StringWriter err = new StringWriter();
        EngineLookup.readList(registry(file), new PrintWriter(err, true), Messages.of("analyse"), "engines.corrupt");
        String said = err.toString().strip();
        assertTrue(said.contains("a value of the wrong kind at line 2") && said.contains("(field engines)"), said);
        assertFalse(said.contains("org.kibitz") || said.contains("`") || said.contains("java."), said);
    }

    @Test
    void aListThatReadsIsNotMentioned() throws Exception {
        Path file = dir.resolve("engines.json");
        StringWriter err = new StringWriter();
        EngineLookup.readList(registry(file), new PrintWriter(err, true), Messages.of("analyse"), "engines.corrupt");
        assertEquals("", err.toString());
    }

    @Test
    void aNameThatIsNoEngineIsAUsageError() {
        EngineRegistry r = registry(dir.resolve("engines.json"));
        r.load();
        CommandLine cl = new CommandLine(new Holder());
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> EngineLookup.resolve(r, "  ", cl.getCommandSpec()));
        assertEquals("No engine given: name one of the engine list or give a command line.", e.getMessage());
        assertSame(cl, e.getCommandLine(), "the command's usage goes with the error");
        EngineRef listed = EngineLookup.resolve(r, "kibitz", cl.getCommandSpec());
        assertEquals(EngineRef.Source.LIST, listed.source());
        EngineRef command = EngineLookup.resolve(r, "/usr/games/stockfish --uci", cl.getCommandSpec());
        assertEquals(EngineRef.Source.COMMAND_LINE, command.source());
        assertEquals(List.of("/usr/games/stockfish", "--uci"), command.entry().command());
    }
}
