package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.core.EngineBenchmark;
import org.kibitz.core.Protocols;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench engine}: the built-in engine's time to a depth from the start position, fresh and
 * warm, its speed, and how fast it stops and quits, with the peer engines searching the same position
 * in the same run.
 */
@Command(name = "engine", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchEngineCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("bench");

    private final Games games;
    private final Protocols protocols;

    @Spec
    CommandSpec spec;

    @Option(names = "--game", paramLabel = "GAME", descriptionKey = "engine.game")
    List<String> gameNames = new ArrayList<>();

    @Option(names = "--depth", paramLabel = "N", defaultValue = "6", descriptionKey = "engine.depth")
    int depth;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", descriptionKey = "engine.runs")
    int runs;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "2", descriptionKey = "engine.seconds")
    double seconds;

    @Option(names = "--engine", paramLabel = "PATH", descriptionKey = "engine.peer")
    List<String> engineNames = new ArrayList<>();

    @Option(names = "--no-peers", descriptionKey = "engine.no.peers")
    boolean noPeers;

    private final org.kibitz.core.engines.EngineRegistry registry;

    @Inject
    BenchEngineCommand(Games games, Protocols protocols, org.kibitz.core.engines.EngineRegistry registry) {
        this.games = games;
        this.protocols = protocols;
        this.registry = registry;
    }

    @Override
    public Integer call() {
        if (depth < 1 || runs < 1 || seconds <= 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("bad.numbers"));
        }
        List<GamePlugin> chosen = new ArrayList<>();
        if (gameNames.isEmpty()) {
            chosen.add(games.byId("chess").orElseThrow());
            chosen.add(games.byId("xiangqi").orElseThrow());
        } else {
            for (String g : gameNames) {
                chosen.add(GameOption.game(games, g, spec));
            }
        }
        // A peer is named as every --engine is: an id or name of the engine list, or a path.
        List<Path> engines = engineNames.stream().map(n -> EngineLookup.program(registry, n, spec)).toList();
        for (Path p : engines) {
            if (!Files.isExecutable(p)) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("engine.missing", p));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        EngineBenchmark bench = new EngineBenchmark(protocols, games);
        for (GamePlugin g : chosen) {
            List<EngineBenchmark.Peer> peers = new ArrayList<>();
            if (!noPeers) {
                if (engines.isEmpty()) {
                    peers.addAll(EngineBenchmark.defaultPeers(g.id()));
                } else {
                    engines.forEach(p -> peers.add(new EngineBenchmark.Peer(p.getFileName().toString(), p)));
                }
            }
            out.println(TEXT.text("engine.header", g.id(), depth, runs,
                    peers.isEmpty() ? "-" : String.join(", ", peers.stream().map(EngineBenchmark.Peer::name).toList())));
            out.flush();
            EngineBenchmark.Report r;
            try {
                r = bench.run(g.id(), depth, java.time.Duration.ofMillis(Math.round(seconds * 1000)), runs, peers, m -> {
                    out.println(line("round " + m.round(), m));
                    out.flush();
                });
            } catch (EngineException e) {
                spec.commandLine().getErr().println(TEXT.text("engine.failed", e.text().render()));
                return 1;
            }
            summary(out, r, peers);
        }
        out.flush();
        return 0;
    }

    private static void summary(PrintWriter out, EngineBenchmark.Report r, List<EngineBenchmark.Peer> peers) {
        List<String> who = new ArrayList<>(List.of(EngineBenchmark.OURS));
        peers.forEach(p -> who.add(p.name()));
        EngineBenchmark.Measure oursWarm = best(r.of(EngineBenchmark.OURS, EngineBenchmark.Kind.WARM));
        EngineBenchmark.Measure oursTimed = fastest(r.of(EngineBenchmark.OURS, EngineBenchmark.Kind.TIMED));
        out.println(line("best", best(r.of(EngineBenchmark.OURS, EngineBenchmark.Kind.COLD))));
        out.println(line("best", oursWarm));
        out.println(line("best", oursTimed));
        for (EngineBenchmark.Peer p : peers) {
            EngineBenchmark.Measure m = best(r.of(p.name(), EngineBenchmark.Kind.WARM));
            EngineBenchmark.Measure t = fastest(r.of(p.name(), EngineBenchmark.Kind.TIMED));
            out.println(line("best", m));
            out.println(line("best", t));
            out.println(String.format(Locale.ROOT, "ratio time-to-depth %s(warm)/%s %.2f; nps %s/%s %.2f", EngineBenchmark.OURS,
                    p.name(), (double) oursWarm.wallMs() / Math.max(1, m.wallMs()), EngineBenchmark.OURS, p.name(),
                    (double) oursTimed.nps() / Math.max(1, t.nps())));
        }
        List<Long> stops = new ArrayList<>(r.latency().stopMs());
        stops.sort(null);
        List<Long> closes = new ArrayList<>(r.latency().closeMs());
        closes.sort(null);
        out.println(String.format(Locale.ROOT, "stop: median %d ms, max %d ms over %d stops; close (quit and exit): median %d ms, max %d ms",
                stops.get(stops.size() / 2), stops.get(stops.size() - 1), stops.size(), closes.get(closes.size() / 2),
                closes.get(closes.size() - 1)));
    }

    private static EngineBenchmark.Measure best(List<EngineBenchmark.Measure> list) {
        return list.stream().min(Comparator.comparingLong(EngineBenchmark.Measure::wallMs)).orElseThrow();
    }

    private static EngineBenchmark.Measure fastest(List<EngineBenchmark.Measure> list) {
        return list.stream().max(Comparator.comparingLong(EngineBenchmark.Measure::nps)).orElseThrow();
    }

    private static String line(String label, EngineBenchmark.Measure m) {
        String who = m.who() + switch (m.kind()) {
            case COLD -> " cold";
            case WARM -> m.who().equals(EngineBenchmark.OURS) ? " warm" : "";
            case TIMED -> " timed";
        };
        return String.format(Locale.ROOT, "%-6s %-20s depth %2d in %6d ms (engine says %6d ms), %,11d nodes, %,10d nps",
                label, who, m.depth(), m.wallMs(), m.engineMs(), m.nodes(), m.nps());
    }
}
