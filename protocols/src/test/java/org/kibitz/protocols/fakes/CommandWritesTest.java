package org.kibitz.protocols.fakes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.engine.EngineConfig;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.Position;
import org.kibitz.protocols.testing.TestGames;
import org.kibitz.protocols.uci.UciProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch's every search is {@code ucinewgame} and {@code isready}, then {@code position} and {@code go}:
 * each pair reaches the engine in one write, as a bare loop sends it, not in two that wake the engine
 * twice (issue 39). Seen from a real process that notes what each of its reads returned: a write of a
 * few bytes to a pipe arrives whole in one read.
 */
class CommandWritesTest {

    @Test
    void aSearchesCommandsComeInPairsOfOneWriteEach(@TempDir Path dir) throws Exception {
        Path reads = dir.resolve("reads.txt");
        EngineConfig c = EngineConfig.of("fake-reads", FakeEngine.command("reads", reads.toString()))
                .withTimeouts(FaultTest.TIMEOUTS);
        Position start = TestGames.chess().startPosition();
        int searches = 30;
        try (EngineSession s = new UciProtocol().open(c, TestGames.games())) {
            s.newGame("chess");
            for (int i = 0; i < searches; i++) {
                EngineSession.Ready ready = s.startNewGame("chess");
                ready.await();
                BestMove best = s.go(start, List.of(), SearchLimits.nodes(1)).get(30, TimeUnit.SECONDS);
                assertEquals("e2e4", best.move().orElseThrow().coordinates(1));
            }
        }
        List<String> lines = Files.readAllLines(reads);
        List<String> split = new ArrayList<>();
        int pairs = 0;
        for (String read : lines) {
            String[] commands = read.split(" \\| ");
            String last = commands[commands.length - 1];
            if (last.equals("ucinewgame") || last.startsWith("position ")) {
                split.add(read);
            }
            for (int i = 0; i + 1 < commands.length; i++) {
                if ((commands[i].equals("ucinewgame") && commands[i + 1].equals("isready"))
                        || (commands[i].equals("position startpos") && commands[i + 1].equals("go nodes 1"))) {
                    pairs++;
                }
            }
        }
        assertTrue(split.isEmpty(), "a read ended inside a pair, so the pair came in two writes: " + split);
        assertEquals(2 * searches + 1, pairs, "pairs read whole: " + lines);
    }
}
