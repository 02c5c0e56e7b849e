package org.kibitz.core.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.testing.RealEngines;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Protocols;

/** The engine list: its file, the built-in engine, first-start offers, and probing real engines. */
class EngineRegistryTest {

    private static final Protocols PROTOCOLS = new Protocols(ServiceLoader.load(ProtocolPlugin.class).stream()
            .map(ServiceLoader.Provider::get).toList());

    @TempDir
    Path dir;

    private EngineRegistry registry(Path file, EngineDiscovery discovery) {
        return new EngineRegistry(new JsonStore<>(file, EngineListFile.class), PROTOCOLS, discovery,
                () -> new EngineDefaults.Machine(4, 8L << 30));
    }

    private EngineRegistry registry() {
        return registry(dir.resolve("engines.json"), new EngineDiscovery(List.of(), false));
    }

    @Test
    void theFirstStartHasTheBuiltInEngineAlone() {
        EngineRegistry r = registry();
        assertInstanceOf(EngineRegistry.LoadReport.FirstStart.class, r.load());
        assertEquals(1, r.entries().size());
        assertTrue(r.entries().get(0).builtin());
        assertEquals("builtin", r.preferredFor("xiangqi").id());
        assertTrue(r.shouldOffer());
        assertThrows(IllegalArgumentException.class, () -> r.remove(EngineEntry.BUILTIN_ID));
    }

    @Test
    void savesAndRestoresEveryField() throws Exception {
        EngineRegistry r = registry();
        r.load();
        EngineEntry e = EngineEntry.of("sf", "My Stockfish", List.of("/opt/sf", "--flag", "a b"))
                .withCommand(List.of("/opt/sf", "--flag", "a b"), Optional.of("/tmp"))
                .withProtocol(Optional.of("uci"))
                .withConventions(new EngineEntry.Conventions(Optional.of(0), Optional.of("HE"), Optional.of("r"),
                        Optional.of("xiangqi"), Optional.of(true)))
                .withOptions(Map.of("Hash", "256", "Threads", "2"))
                .withTimeouts(new EngineEntry.Timeouts(30_000, 5_000, 2_000, 1_000, 500));
        r.put(e);
        r.offersAnswered();
        EngineRegistry again = registry();
        assertInstanceOf(EngineRegistry.LoadReport.Loaded.class, again.load());
        assertEquals(List.of(e.id(), EngineEntry.BUILTIN_ID), again.entries().stream().map(EngineEntry::id).toList(),
                "a new engine goes before the built-in one");
        assertEquals(e, again.byId("sf").orElseThrow());
        assertFalse(again.shouldOffer());
        assertEquals(EngineEntry.BUILTIN_ID, again.preferredFor("chess").id(),
                "an engine never probed is not preferred over the built-in one");
        var cfg = again.byId("sf").orElseThrow().toConfig();
        assertEquals(List.of("/opt/sf", "--flag", "a b"), cfg.command());
        assertEquals(Optional.of(Path.of("/tmp")), cfg.workingDirectory());
        assertEquals(java.util.OptionalInt.of(0), cfg.conventions().rankBase());
        assertEquals(Optional.of('r'), cfg.conventions().redSideLetter());
        assertEquals(java.time.Duration.ofSeconds(30), cfg.timeouts().handshake());
    }

    @Test
    void aCorruptFileIsSetAsideAndReported() throws Exception {
        Path f = dir.resolve("engines.json");
        Files.writeString(f, "{ \"version\": 1, \"engines\": [ {\"id\": ");
        EngineRegistry r = registry(f, new EngineDiscovery(List.of(), false));
        EngineRegistry.LoadReport rep = r.load();
        EngineRegistry.LoadReport.Corrupt c = assertInstanceOf(EngineRegistry.LoadReport.Corrupt.class, rep);
        assertTrue(c.setAside().isPresent());
        assertTrue(Files.exists(c.setAside().get()), "the unreadable file is kept");
        assertFalse(Files.exists(f), "and not silently replaced");
        assertEquals(1, r.entries().size());
    }

    @Test
    void moveRemoveAndNames() throws Exception {
        EngineRegistry r = registry();
        r.load();
        r.put(EngineEntry.of(r.newId("Stockfish 15.1"), "Stockfish 15.1", List.of("/a")));
        assertEquals("stockfish-15-1-2", r.newId("Stockfish 15.1"));
        assertEquals("Stockfish 15.1 (2)", r.uniqueName("Stockfish 15.1", ""));
        r.put(EngineEntry.of("b", "B", List.of("/b")));
        assertEquals(List.of("stockfish-15-1", "b", "builtin"), r.entries().stream().map(EngineEntry::id).toList());
        r.move("builtin", -2);
        assertEquals(List.of("builtin", "stockfish-15-1", "b"), r.entries().stream().map(EngineEntry::id).toList());
        r.remove("stockfish-15-1");
        EngineRegistry reread = registry();
        reread.load();
        assertEquals(List.of("builtin", "b"), reread.entries().stream().map(EngineEntry::id).toList());
    }

    @Test
    void offersWellKnownEnginesOnThePathThatAreNotListed() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path sf = bin.resolve("stockfish");
        Files.writeString(sf, "#!/bin/sh\n");
        Files.setPosixFilePermissions(sf, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path notExec = bin.resolve("pikafish");
        Files.writeString(notExec, "not a program");
        EngineDiscovery d = EngineDiscovery.forEnvironment(Map.of("PATH", bin.toString()), "Linux");
        EngineRegistry r = registry(dir.resolve("engines.json"), d);
        r.load();
        List<EngineDiscovery.Found> offers = r.offers();
        assertTrue(offers.stream().anyMatch(f -> f.path().equals(sf.toAbsolutePath())), offers.toString());
        assertFalse(offers.stream().anyMatch(f -> f.program().equals("pikafish") && f.path().startsWith(bin)));
        r.put(EngineEntry.of("sf", "sf", List.of(sf.toString())));
        assertFalse(r.offers().stream().anyMatch(f -> f.path().equals(sf.toAbsolutePath())), "listed already");
    }

    @Test
    void probesStockfishAndFairyStockfish() throws Exception {
        EngineRegistry r = registry();
        r.load();
        EngineEntry sf = r.probeNew(List.of(RealEngines.require("stockfish")), Optional.empty(), Optional.empty());
        assertEquals(Optional.of("uci"), sf.protocol());
        assertEquals(java.util.Set.of("chess"), sf.games());
        assertTrue(sf.name().startsWith("Stockfish"), sf.name());
        EngineOption hash = sf.optionsWithValues().stream().filter(o -> o.name().equals("Hash")).findFirst().orElseThrow();
        assertInstanceOf(EngineOption.Spin.class, hash);
        // Sized to the machine and the typical load (decision 0022): 8 GB / 4 / 3 engines at once, a power of two.
        assertEquals("512", hash.value(), "a new engine's hash is sized to the machine and the load");
        assertEquals(Map.of("Hash", "512"), sf.options(), "and its threads: 3 cores for 3 engines is Stockfish's own 1");
        EngineEntry again = r.probe(sf);
        assertEquals(sf.options(), again.options(), "probing again leaves the values as they are");
        r.put(sf);
        assertEquals(sf.id(), r.preferredFor("chess").id(), "a probed chess engine is preferred for chess");
        assertEquals(EngineEntry.BUILTIN_ID, r.preferredFor("xiangqi").id());

        EngineEntry fsf = r.probeNew(List.of(RealEngines.require("fairy-stockfish")), Optional.empty(), Optional.of("ucci"));
        assertEquals(Optional.of("ucci"), fsf.protocol(), "a chosen protocol is the one tried");
        assertTrue(fsf.games().contains("xiangqi"));
        EngineEntry withValues = fsf.withOptions(Map.of("hashsize", "64"));
        r.put(withValues);
        assertEquals(withValues.id(), r.preferredFor("xiangqi").id());
    }

    @Test
    void aProgramThatIsNotAnEngineIsRefusedClearly() throws Exception {
        EngineRegistry r = registry();
        r.load();
        Path script = dir.resolve("not-an-engine");
        Files.writeString(script, "#!/bin/sh\necho hello\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        EngineException e = assertThrows(EngineException.class,
                () -> r.probeNew(List.of(script.toString()), Optional.empty(), Optional.empty()));
        assertFalse(e.text().render(java.util.Locale.ENGLISH).isBlank());
        EngineException missing = assertThrows(EngineException.class,
                () -> r.probeNew(List.of(dir.resolve("missing").toString()), Optional.empty(), Optional.empty()));
        assertEquals(EngineException.Kind.START_FAILED, missing.kind());
    }
}
