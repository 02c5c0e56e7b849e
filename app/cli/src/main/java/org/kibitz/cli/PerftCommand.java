package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.PerftService;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz perft}: counts the legal move tree of any game, or checks a perft EPD. The last line is
 * always {@code nodes <count> time_ms <ms> nps <nodes per second>}.
 */
@Command(name = "perft", resourceBundle = "org.kibitz.cli.perft", sortOptions = false)
final class PerftCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("perft");

    private final Games games;
    private final PerftService perft;

    @Spec
    CommandSpec spec;

    @Option(names = "--game", required = true, paramLabel = "GAME", descriptionKey = "game")
    String game;

    @Option(names = "--fen", paramLabel = "FEN", descriptionKey = "fen")
    String fen;

    @Option(names = "--depth", paramLabel = "N", descriptionKey = "depth")
    Integer depth;

    @Option(names = "--divide", descriptionKey = "divide")
    boolean divide;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", descriptionKey = "threads")
    int threads;

    @Option(names = "--epd", paramLabel = "FILE", descriptionKey = "epd")
    Path epd;

    @Option(names = "--max-depth", paramLabel = "N", defaultValue = "0", descriptionKey = "maxDepth")
    int maxDepth;

    @Inject
    PerftCommand(Games games, PerftService perft) {
        this.games = games;
        this.perft = perft;
    }

    @Override
    public Integer call() throws IOException {
        GamePlugin g = GameOption.game(games, game, spec);
        if (epd != null) {
            if (fen != null || divide || depth != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("epd.alone"));
            }
            return checkEpd(g);
        }
        if (depth == null || depth < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("depth.needed"));
        }
        Position position = GameOption.position(g, game, fen, spec);
        PrintWriter out = spec.commandLine().getOut();
        PerftService.Result result;
        if (divide) {
            long t0 = System.nanoTime();
            Map<Move, Long> split = perft.divide(g, position, depth);
            long nanos = System.nanoTime() - t0;
            long total = 0;
            for (Map.Entry<Move, Long> e : split.entrySet()) {
                out.println(e.getKey().coordinates(g.coordinateRankBase()) + ": " + e.getValue());
                total += e.getValue();
            }
            out.println();
            result = new PerftService.Result(depth == 0 ? 1 : total, nanos);
        } else {
            result = perft.perft(g, position, depth, threads);
        }
        out.println(result.line());
        out.flush();
        return 0;
    }

    private int checkEpd(GamePlugin g) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PerftService.EpdReport report;
        try {
            report = perft.checkEpd(g, epd, maxDepth, new PerftService.EpdListener() {
                @Override
                public void mismatch(PerftService.Mismatch m) {
                    out.println(TEXT.text("epd.mismatch", String.valueOf(m.line()), m.depth(),
                            String.valueOf(m.expected()), String.valueOf(m.actual()), m.fen()));
                    out.flush();
                }

                @Override
                public void problem(PerftService.Problem p) {
                    err.println(TEXT.text("epd.problem", epd.toString(), String.valueOf(p.line()), p.reason().render(), p.content()));
                    err.flush();
                }
            });
        } catch (java.nio.file.NoSuchFileException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("epd.missing", epd.toString()));
        }
        out.println(TEXT.text(report.passed() ? "epd.passed" : "epd.failed", report.positions(), report.counts(),
                report.mismatches().size(), report.problems().size()));
        out.println(report.total().line());
        out.flush();
        return report.passed() ? 0 : 1;
    }
}
