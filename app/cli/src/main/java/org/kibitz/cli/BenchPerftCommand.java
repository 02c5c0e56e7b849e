package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Position;
import org.kibitz.core.PerftBenchmark;
import org.kibitz.core.PerftPeer;
import org.kibitz.core.PerftService;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench perft}: our perft from the start position against the peers' {@code go perft} in
 * the same run (Fairy-Stockfish for xiangqi; Fairy-Stockfish and Stockfish for chess), round by round,
 * with each contender's best and worst and the ratio ours/peer.
 */
@Command(name = "perft", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchPerftCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("bench");

    private final Games games;
    private final PerftBenchmark benchmark;

    @Spec
    CommandSpec spec;

    @Option(names = "--game", required = true, paramLabel = "GAME", descriptionKey = "game")
    String game;

    @Option(names = "--depth", paramLabel = "N", descriptionKey = "depth")
    Integer depth;

    @Option(names = "--fen", paramLabel = "FEN", descriptionKey = "fen")
    String fen;

    @Option(names = "--engine", paramLabel = "PATH", descriptionKey = "engine")
    List<String> engineNames = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", descriptionKey = "runs")
    int runs;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", descriptionKey = "threads")
    int threads;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "900", descriptionKey = "timeout")
    int timeout;

    private final org.kibitz.core.engines.EngineRegistry registry;

    @Inject
    BenchPerftCommand(Games games, PerftBenchmark benchmark, org.kibitz.core.engines.EngineRegistry registry) {
        this.games = games;
        this.benchmark = benchmark;
        this.registry = registry;
    }

    /** Depths that take the peers a few seconds: xiangqi 5, chess 6. */
    static int defaultDepth(String gameId) {
        return gameId.equals("chess") ? 6 : 5;
    }

    @Override
    public Integer call() throws IOException {
        GamePlugin g = GameOption.game(games, game, spec);
        Position position = GameOption.position(g, game, fen, spec);
        int d = depth != null ? depth : defaultDepth(g.id());
        if (d < 1 || runs < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("bad.numbers"));
        }
        List<PerftPeer> peers = new ArrayList<>();
        // A peer is named as every --engine is: an id or name of the engine list, or a path.
        List<Path> engines = engineNames.stream().map(n -> EngineLookup.program(registry, n, spec)).toList();
        for (Path e : engines) {
            if (!Files.isExecutable(e)) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("engine.missing", e.toString()));
            }
            peers.add(PerftPeer.of(e, g.id()));
        }
        if (engines.isEmpty()) {
            peers.addAll(PerftPeer.defaults(g.id()));
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.println(TEXT.text("header", g.id(), d, runs, position.fen(),
                peers.isEmpty() ? "-" : peers.stream().map(p -> p.name() + " (" + p.executable() + ")").collect(Collectors.joining(", "))));
        if (peers.isEmpty()) {
            err.println(TEXT.text("no.peer", g.id()));
        }
        out.flush();
        PerftBenchmark.Report report;
        try {
            report = benchmark.run(g, position, d, peers, runs, threads, Duration.ofSeconds(timeout),
                    (round, who, r) -> {
                        out.println("round " + round + " " + who + " " + r.line());
                        out.flush();
                    });
        } catch (IOException e) {
            err.println(TEXT.text("peer.failed", e.getMessage()));
            return 1;
        }
        for (String who : report.results().keySet()) {
            PerftService.Result best = report.best(who);
            out.println("best " + who + " " + best.line() + " worst_nps " + report.worst(who).nps());
        }
        for (PerftPeer p : peers) {
            List<Double> ratios = report.ratios(PerftBenchmark.OURS, p.name());
            double bestOfBest = (double) report.best(PerftBenchmark.OURS).nps() / Math.max(1, report.best(p.name()).nps());
            out.println("ratio " + PerftBenchmark.OURS + "/" + p.name() + " best_nps " + fmt(bestOfBest)
                    + " per_round " + ratios.stream().map(BenchPerftCommand::fmt).collect(Collectors.joining(" ")));
        }
        out.flush();
        if (!report.countsAgree()) {
            err.println(TEXT.text("counts.differ"));
            return 1;
        }
        return 0;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
