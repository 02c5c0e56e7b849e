package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.store.EngineFingerprint;
import org.kibitz.core.store.StoredLine;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * {@code kibitz analyse --engine NAME} with the engines of an {@code engines.json} in the config
 * folder (their options and protocol applied), beside {@code --engine "command line"}.
 */
class CliEngineListTest {

    private static CliHarness cli;
    private static Path home;

    @BeforeAll
    static void wire(@TempDir Path dir) {
        home = dir;
        cli = CliHarness.open(dir);
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    /** Writes the engine list as a user (or the engine manager) leaves it. */
    private static void engineList(String json) throws IOException {
        Path config = home.resolve("config");
        Files.createDirectories(config);
        Files.writeString(config.resolve("engines.json"), json);
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Test
    void analyseWithAnEngineOfTheListByNameOrIdWithItsOptionsAndProtocol() throws IOException {
        String fsf = RealEngines.require("fairy-stockfish");
        engineList("""
                {"version": 1, "engines": [
                  {"id": "fsf-ucci", "name": "Fairy in UCCI", "command": [%s], "protocol": "ucci",
                   "options": {"Hash": "17"}}
                ]}""".formatted(quoted(fsf)));
        Run r = cli.run("analyse", "--engine", "fairy in ucci", "--game", "xiangqi", "--moves", "h2e2", "--depth", "6",
                "--multipv", "2", "--log");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("> ucci\n"), "the protocol of the list: " + r.err());
        assertTrue(r.err().contains("> setoption Hash 17"), "the options of the list: " + r.err());
        assertEquals(3, r.out().size(), r.out().toString());
        assertTrue(r.out().get(0).startsWith("info depth 6 ") && r.out().get(0).contains(" multipv 1 "), r.out().get(0));
        Games games = cli.service(Games.class);
        GamePlugin xq = games.byId("xiangqi").orElseThrow();
        Position root = xq.startPosition().play(Move.parseCoordinates("h2e2", 0));
        assertTrue(r.last().matches("bestmove [a-i][0-9][a-i][0-9]"), r.last());
        assertTrue(root.isLegal(Move.parseCoordinates(r.last().substring(9), 0)), r.last());

        Run byId = cli.run("analyse", "--engine", "FSF-UCCI", "--game", "xiangqi", "--depth", "4", "--option", "Hash=9",
                "--log");
        assertEquals(0, byId.exit(), byId.err());
        assertTrue(byId.err().contains("> setoption Hash 9"), "--option over the list's value: " + byId.err());
        assertFalse(byId.err().contains("Hash 17"), byId.err());
    }

    @Test
    void aCommandLineStillWorksAndTwoEnginesOfOneNameAreRefused() throws IOException {
        String sf = RealEngines.require("stockfish");
        engineList("""
                {"version": 1, "engines": [
                  {"id": "sf-a", "name": "Fish", "command": [%s]},
                  {"id": "sf-b", "name": "fish", "command": [%s]}
                ]}""".formatted(quoted(sf), quoted(sf)));
        Run ambiguous = cli.run("analyse", "--engine", "FISH", "--game", "chess", "--depth", "3");
        assertEquals(2, ambiguous.exit());
        assertTrue(ambiguous.err().contains("'FISH' names more than one engine of the list: Fish (sf-a), fish (sf-b)"),
                ambiguous.err());

        Run byId = cli.run("analyse", "--engine", "sf-b", "--game", "chess", "--depth", "5");
        assertEquals(0, byId.exit(), byId.err());
        assertTrue(byId.last().matches("bestmove [a-h][1-8][a-h][1-8][qrbn]?"), byId.last());

        Run command = cli.run("analyse", "--engine", sf, "--game", "chess", "--nodes", "5000", "--notation", "uci");
        assertEquals(0, command.exit(), command.err());
        assertEquals(2, command.out().size(), command.out().toString());
        assertTrue(command.out().get(0).matches("info depth \\d+ .* pv [a-h][1-8][a-h][1-8].*"), command.out().get(0));

        Run missing = cli.run("analyse", "--engine", "no-such-fish", "--game", "chess", "--depth", "3");
        assertEquals(1, missing.exit());
        assertTrue(missing.err().startsWith("kibitz analyse: The engine program no-such-fish was not found"), missing.err());
        assertTrue(missing.err().contains("its engines: Fish (sf-a), fish (sf-b), Kibitz engine (builtin)"), missing.err());
    }

    @Test
    void theBuiltInEngineByItsName() throws IOException {
        engineList("{\"version\": 1, \"engines\": []}");
        Run r = cli.run("analyse", "--engine", "kibitz", "--game", "chess", "--moves", "e4", "--depth", "3",
                "--notation", "uci");
        assertEquals(0, r.exit(), r.err());
        Position root = cli.service(Games.class).byId("chess").orElseThrow().startPosition()
                .play(Move.parseCoordinates("e2e4", 1));
        assertTrue(root.isLegal(Move.parseCoordinates(r.last().substring(9), 1)), r.last());
        List<String> info = r.out().subList(0, r.out().size() - 1);
        assertEquals(1, info.size(), info.toString());
    }

    @Test
    void whatAnalyseFoundIsKeptInTheAnalysisStoreUnlessToldNot() throws IOException {
        engineList("{\"version\": 1, \"engines\": []}");
        GamePlugin chess = cli.service(Games.class).byId("chess").orElseThrow();
        Position afterD4 = chess.startPosition().play(Move.parseCoordinates("d2d4", 1));
        Position afterC4 = chess.startPosition().play(Move.parseCoordinates("c2c4", 1));
        AnalysisStore store = cli.service(AnalysisStore.class);

        Run kept = cli.run("analyse", "--engine", "kibitz", "--game", "chess", "--moves", "d4", "--depth", "3",
                "--multipv", "2");
        assertEquals(0, kept.exit(), kept.err());
        List<StoredLine> lines = store.lines(afterD4);
        assertEquals(List.of(1, 2), lines.stream().map(StoredLine::rank).sorted().toList(), lines.toString());
        assertTrue(lines.stream().allMatch(l -> l.label().equals("Kibitz engine") && l.depth() >= 1
                && l.engine().limitKind() == EngineFingerprint.LimitKind.DEPTH && l.engine().limitValue() == 3), lines.toString());

        Run notKept = cli.run("analyse", "--engine", "kibitz", "--game", "chess", "--moves", "c4", "--depth", "3",
                "--no-store");
        assertEquals(0, notKept.exit(), notKept.err());
        assertEquals(List.of(), store.lines(afterC4));
    }

    @Test
    void anEngineAddedByHandWithoutItsProtocolIsDetectedOnceAndTheListKeepsWhatItLearned() throws IOException {
        String sf = RealEngines.require("stockfish");
        engineList("""
                {"version": 1, "engines": [{"id": "sf", "name": "Stockfish by hand", "command": [%s]}]}""".formatted(quoted(sf)));
        Run first = cli.run("analyse", "--engine", "sf", "--game", "chess", "--depth", "4", "--no-store");
        assertEquals(0, first.exit(), first.err());
        String saved = Files.readString(home.resolve("config").resolve("engines.json"));
        assertTrue(saved.contains("\"protocol\" : \"uci\"") || saved.contains("\"protocol\":\"uci\""),
                "the detected protocol is kept: " + saved);
        assertTrue(saved.contains("chess"), "and the games it plays: " + saved);
    }
}
