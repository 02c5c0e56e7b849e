package org.kibitz.core.engines;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.core.TestGames;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.protocols.process.EngineProcess;
import org.kibitz.testing.FakeUciEngine;

/**
 * Run in a JVM of its own by {@link SessionPoolTest}: a search is under way when the program ends
 * ({@link EngineProcess#endAll}, what Ctrl+C's shutdown hook calls), and it prints what the pool did.
 * Its own JVM because the end cannot be undone in the test's.
 */
public final class ProgramEndProbe {

    private ProgramEndProbe() {
    }

    public static void main(String[] args) throws Exception {
        List<ProtocolPlugin> protocols = ServiceLoader.load(ProtocolPlugin.class).stream().map(ServiceLoader.Provider::get).toList();
        CountDownLatch searching = new CountDownLatch(1);
        SessionPool pool = new SessionPool(ref -> new EngineProber(protocols).open(ref.entry().toConfig(), TestGames.GAMES, e -> { }), 1, 1);
        EngineRef calm = EngineRef.listed(EngineEntry.of("calm", "Fake calm", FakeUciEngine.command("calm", args[0]))
                .withProtocol(Optional.of("uci")).withTimeouts(new EngineEntry.Timeouts(60_000, 5_000, 800, 500, 500)));
        int[] heard = {0};
        pool.onRetry((engine, e) -> heard[0]++);
        CompletableFuture<String> work = CompletableFuture.supplyAsync(() -> {
            try {
                pool.withSession(calm, "chess", s -> {
                    searching.countDown();
                    return AnalysisRun.run(s, TestGames.CHESS.startPosition(), List.of(),
                            SearchLimits.moveTime(Duration.ofSeconds(60)), Duration.ofSeconds(120));
                });
                return "finished";
            } catch (EngineException e) {
                return "threw " + e.kind();
            } catch (InterruptedException e) {
                return "interrupted";
            }
        });
        if (!searching.await(2, TimeUnit.MINUTES)) {
            System.out.println("never searched");
            return;
        }
        Thread.sleep(200); // the go sent
        EngineProcess.endAll();
        String outcome = work.get(2, TimeUnit.MINUTES);
        System.out.println("outcome " + outcome + " retries " + pool.stats().retries() + " heard " + heard[0]
                + " started " + pool.stats().started());
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
