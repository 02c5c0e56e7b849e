package org.kibitz.engine.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.EngineEvent.BestMove;
import org.kibitz.api.engine.EngineSession;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.engine.BuiltinEngine;

/**
 * Depth 6 from the start position in a freshly started engine process, both games: the search reaches
 * it, with legal lines and move. How long it takes (asked for within a second on an idle machine) is
 * printed here and measured by {@code kibitz bench engine}; the test only waits as long as a loaded
 * machine may need.
 */
class DepthTest {

    @ParameterizedTest
    @ValueSource(strings = {"chess", "xiangqi"})
    void depthSixFromTheStartInAFreshEngine(String gameId) throws Exception {
        GamePlugin game = Sessions.game(gameId);
        try (EngineSession s = Sessions.protocol("uci").open(BuiltinEngine.config(), Sessions.GAMES)) {
            s.newGame(gameId);
            s.setPosition(game.startPosition(), List.of());
            List<AnalysisUpdate> updates = new CopyOnWriteArrayList<>();
            s.addListener(e -> {
                if (e instanceof AnalysisUpdate u) {
                    updates.add(u);
                }
            });
            long t0 = System.nanoTime();
            BestMove best = s.go(SearchLimits.depth(6)).get(60, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            Sessions.assertLegal(game.startPosition(), best, updates);
            AnalysisUpdate last = updates.get(updates.size() - 1);
            assertEquals(6, last.depth().orElse(0));
            System.out.printf("[engine] %s depth 6 from the start in a fresh process: %d ms (engine says %d ms, %d nodes)%n",
                    gameId, ms, last.time().orElseThrow().toMillis(), last.nodes().orElse(0));
        }
    }
}
