package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.game.Games;
import org.kibitz.core.bench.ParserBenchmark;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench protocol}: recorded engine output through our parser and our sessions, on one
 * thread, against the obvious split-on-whitespace parser run on the same lines in the same process.
 */
@Command(name = "protocol", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchProtocolCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("bench");

    private final Games games;

    @Spec
    CommandSpec spec;

    @Option(names = "--file", paramLabel = "FILE", descriptionKey = "protocol.file")
    List<Path> files = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "N", defaultValue = "5", descriptionKey = "protocol.runs")
    int runs;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "1", descriptionKey = "protocol.seconds")
    double seconds;

    @Inject
    BenchProtocolCommand(Games games) {
        this.games = games;
    }

    @Override
    public Integer call() throws IOException {
        if (runs < 1 || seconds <= 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("protocol.bad.numbers"));
        }
        List<ParserBenchmark.Recording> recordings = new ArrayList<>();
        if (files.isEmpty()) {
            recordings.addAll(ParserBenchmark.builtIn());
        } else {
            for (Path f : files) {
                recordings.add(ParserBenchmark.read(f));
            }
        }
        ParserBenchmark bench = new ParserBenchmark(games, recordings);
        PrintWriter out = spec.commandLine().getOut();
        out.println(TEXT.text("protocol.header", bench.infoLines(),
                String.join(", ", recordings.stream().map(ParserBenchmark.Recording::name).toList()), runs, fmt(seconds)));
        out.flush();
        ParserBenchmark.Report report;
        try {
            report = bench.run(runs, Duration.ofMillis(Math.round(seconds * 1000)));
        } catch (EngineException | RuntimeException e) {
            spec.commandLine().getErr().println(TEXT.text("protocol.failed",
                    e instanceof EngineException ee ? ee.text().render() : String.valueOf(e)));
            return 1;
        }
        for (ParserBenchmark.Measure m : report.best()) {
            out.println(String.format(Locale.ROOT, "%-20s %,11.0f lines/s %,11.0f lines/cpu-s", m.what(),
                    m.linesPerSecond(), report.getCpu(m.what()).linesPerCpuSecond()));
        }
        // Each against the peer on the same lines: the PV-only measure against the peer on PV lines.
        for (String what : List.of(ParserBenchmark.PARSER, ParserBenchmark.PARSER_MOVES, ParserBenchmark.PARSER_PV,
                ParserBenchmark.SESSION)) {
            String peer = what.equals(ParserBenchmark.PARSER_PV) ? ParserBenchmark.NAIVE_PV : ParserBenchmark.NAIVE;
            out.println("ratio " + what + "/" + peer + " " + fmt(report.get(what).linesPerSecond() / report.get(peer).linesPerSecond())
                    + " cpu " + fmt(report.getCpu(what).linesPerCpuSecond() / report.getCpu(peer).linesPerCpuSecond()));
        }
        out.flush();
        return 0;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
