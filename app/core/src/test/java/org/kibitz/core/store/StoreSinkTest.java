package org.kibitz.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.TestGames;
import org.kibitz.core.analysis.AnalysisRequest;
import org.kibitz.core.analysis.AnalysisService;
import org.kibitz.core.analysis.AnalysisSink;
import org.kibitz.core.analysis.AnalysisSlot;
import org.kibitz.core.analysis.ChangeSignal;
import org.kibitz.core.analysis.EngineLog;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.testing.RealEngines;

/** What the analysis service's engines find reaches the store headless, as it arrives, once per depth. */
class StoreSinkTest {

    private static final List<ProtocolPlugin> PROTOCOLS = ServiceLoader.load(ProtocolPlugin.class).stream()
            .map(ServiceLoader.Provider::get).toList();

    @TempDir
    Path dir;

    private static AnalysisService service(AnalysisSink sink) {
        return new AnalysisService((entry, listener) -> new EngineProber(PROTOCOLS).open(entry.toConfig(), TestGames.GAMES,
                listener), new EngineLog(1000, new ChangeSignal()), null, sink);
    }

    @Test
    void stockfishAnalysisIsStoredWithoutAnyoneReadingTheSlot() throws Exception {
        EngineEntry sf = EngineEntry.of("sf", "My Stockfish", List.of(RealEngines.require("stockfish")))
                .withProtocol(java.util.Optional.of("uci")).withOptions(java.util.Map.of("Hash", "32"));
        List<AnalysisSink.Found> seen = new CopyOnWriteArrayList<>();
        try (AnalysisStore store = AnalysisStore.open(dir.resolve(AnalysisStore.FILE_NAME), TestGames.GAMES);
             AnalysisService service = service(f -> {
                 seen.add(f);
                 new StoreSink(store).found(f);
             })) {
            GameTree tree = new GameTree(TestGames.CHESS.startPosition());
            GameNode e4 = tree.root().addChild(Move.parseCoordinates("e2e4", 1));
            AnalysisSlot slot = service.slot("1");
            slot.setEngine(sf);
            slot.setMultiPv(2);
            slot.start(AnalysisRequest.forNode(e4));
            // Nobody calls slot.state(): no UI frame, only the store.
            long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            List<StoredLine> lines = List.of();
            while (System.nanoTime() < end) {
                store.flush();
                lines = store.lines(e4.position());
                if (lines.size() == 2 && lines.stream().allMatch(l -> l.depth() >= 10)) {
                    break;
                }
                Thread.sleep(50);
            }
            slot.stop();
            assertEquals(2, lines.size(), "two ranks stored: " + lines);
            StoredLine best = lines.get(0);
            assertEquals(1, best.rank());
            assertTrue(best.depth() >= 10, "depth " + best.depth());
            assertTrue(best.engine().engine().startsWith("Stockfish"), "the engine's own name: " + best.engine());
            assertEquals("", best.engine().options(), "Hash does not change the fingerprint");
            assertEquals(EngineFingerprint.LimitKind.INFINITE, best.engine().limitKind());
            assertEquals("My Stockfish", best.label());
            assertEquals(Score.Bound.EXACT, best.score().bound());
            assertTrue(e4.position().isLegal(best.pv().get(0)));
            assertTrue(best.wdl().isPresent());

            // Coalesced: the sink saw about one call per depth, not one per info line.
            int maxDepth = seen.stream().flatMap(f -> f.lines().stream()).mapToInt(u -> u.depth().orElse(0)).max()
                    .orElse(0);
            assertTrue(seen.size() <= maxDepth + 3, seen.size() + " calls for depth " + maxDepth);
            for (AnalysisSink.Found f : seen) {
                List<Integer> ranks = f.lines().stream().map(AnalysisUpdate::multipv).toList();
                assertEquals(ranks.stream().distinct().sorted().toList(), ranks, "each rank once per call, in order");
            }
        }
    }

    @Test
    void aSinkThatThrowsDoesNotStopTheAnalysis() throws Exception {
        EngineEntry sf = EngineEntry.of("sf", "sf", List.of(RealEngines.require("stockfish")))
                .withProtocol(java.util.Optional.of("uci"));
        List<AnalysisSink.Found> seen = new CopyOnWriteArrayList<>();
        try (AnalysisService service = service(f -> {
            seen.add(f);
            throw new IllegalStateException("disk full");
        })) {
            AnalysisSlot slot = service.slot("1");
            slot.setEngine(sf);
            slot.start(AnalysisRequest.forPosition(TestGames.CHESS.startPosition()));
            long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (seen.size() < 3 && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            if (seen.size() < 3) {
                fail("the sink was called " + seen.size() + " times");
            }
            assertFalse(slot.state().lines().isEmpty());
        }
    }
}
