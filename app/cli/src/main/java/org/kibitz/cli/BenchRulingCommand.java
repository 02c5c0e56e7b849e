package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.bench.RulingBenchmark;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench ruling FILE...}: what the repetition rules cost a match runner that rules after
 * every move, per rule set, against playing the moves themselves in the same process.
 */
@Command(name = "ruling", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchRulingCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("bench");

    private final Games games;
    private final Formats formats;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "ruling.files")
    List<Path> files = new ArrayList<>();

    @Option(names = "--rules", split = ",", paramLabel = "SET", descriptionKey = "ruling.rules")
    List<String> ruleSets = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "N", defaultValue = "5", descriptionKey = "ruling.runs")
    int runs;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "2", descriptionKey = "ruling.warmup")
    int warmup;

    @Inject
    BenchRulingCommand(Games games, Formats formats) {
        this.games = games;
        this.formats = formats;
    }

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || warmup < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("ruling.bad.numbers"));
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        GameFiles reader = new GameFiles(games, formats);
        GamePlugin game = null;
        List<RulingBenchmark.Line> lines = new ArrayList<>();
        int skipped = 0;
        for (Path f : files) {
            if (!Files.isReadable(f)) {
                throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("list.missing", f.toString()));
            }
            GameFiles.OpenedFile opened = reader.read(f);
            for (GameFiles.Entry e : opened.entries()) {
                GameTree tree;
                try {
                    tree = reader.readGame(opened, e);
                } catch (GameFiles.OpenException ex) {
                    skipped++;
                    continue;
                }
                GamePlugin g = games.byId(tree.startPosition().gameId()).orElse(null);
                if (g == null || g.ruleSets().isEmpty() || (game != null && g != game)) {
                    skipped++;
                    continue;
                }
                game = g;
                List<Move> moves = new ArrayList<>();
                boolean ok = true;
                for (GameNode n : tree.mainline()) {
                    Move m = n.move().orElseThrow();
                    if (m.isNull()) {
                        ok = false;
                        break;
                    }
                    moves.add(m);
                }
                if (ok && !moves.isEmpty()) {
                    lines.add(new RulingBenchmark.Line(tree.startPosition(), moves));
                } else {
                    skipped++;
                }
            }
        }
        if (game == null) {
            err.println(TEXT.text("ruling.none"));
            return 1;
        }
        List<String> sets = ruleSets.isEmpty() ? game.ruleSets() : ruleSets;
        for (String s : sets) {
            if (!game.ruleSets().contains(s)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        TEXT.text("ruling.unknown", s, String.join(", ", game.ruleSets())));
            }
        }
        RulingBenchmark bench = new RulingBenchmark(game, lines);
        out.println(TEXT.text("ruling.header", lines.size(), skipped, runs, warmup));
        for (String s : sets) {
            RulingBenchmark.Result r = bench.run(s, warmup, runs);
            RulingBenchmark.Round best = r.best();
            out.println(String.format(Locale.ROOT,
                    "%-9s plies %d (longest %d)  play %.2f µs/ply  rule %.2f µs/ply (%.2fx play)  banmoves %.2f µs/ply (%.2fx play)"
                            + "  repetitions ruled %d, plies with banned moves %d",
                    s, r.plies(), r.maxPlies(), r.microsPerPly(best.playNanos()), r.microsPerPly(best.ruleNanos()),
                    ratio(best.ruleNanos(), best.playNanos()), r.microsPerPly(best.banNanos()),
                    ratio(best.banNanos(), best.playNanos()), r.repetitions(), r.banned()));
        }
        return 0;
    }

    private static double ratio(long a, long b) {
        return b == 0 ? 0 : (double) a / b;
    }
}
