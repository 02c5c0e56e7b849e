package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.Formats;
import org.kibitz.core.GameFiles;
import org.kibitz.core.analysis.EngineGameCurve;
import org.kibitz.core.analysis.EvalCurve;
import org.kibitz.core.chart.ChartFiles;
import org.kibitz.core.chart.EvalChart;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz curve FILE [--game N] [--out PATH.png|.svg] [--width W --height H] [--band PAWNS]}: the
 * evaluation curve of one game of a file, from the evaluations written in it ({@code [%eval]} in PGN;
 * a game between engines, whose moves carry their engine's score as cutechess writes it, as one curve
 * per engine), drawn by the same chart definition as the workbench's pane, to PNG or SVG. The last line on stdout
 * is {@code curve OUT positions P evaluated E}. Exit 0 when written; 1 when the game has no
 * evaluations or cannot be read (nothing written), or was read with errors (its good part is drawn);
 * 2 for usage or I/O errors.
 */
@Command(name = "curve", resourceBundle = "org.kibitz.cli.curve", sortOptions = false)
final class CurveCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("curve");
    private static final int MIN_SIZE = 100;
    private static final int MAX_SIZE = 10_000;

    private final Games games;
    private final Formats formats;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", descriptionKey = "curve.file", converter = InputFiles.Converter.class)
    Path file;

    @Option(names = "--game", paramLabel = "N", defaultValue = "1", descriptionKey = "curve.game")
    int game;

    @Option(names = "--out", paramLabel = "PATH", descriptionKey = "curve.out")
    Path out;

    @Option(names = "--width", paramLabel = "W", defaultValue = "900", descriptionKey = "curve.width")
    int width;

    @Option(names = "--height", paramLabel = "H", defaultValue = "360", descriptionKey = "curve.height")
    int height;

    @Option(names = "--band", paramLabel = "PAWNS", defaultValue = "6", descriptionKey = "curve.band")
    double band;

    @Inject
    CurveCommand(Games games, Formats formats) {
        this.games = games;
        this.formats = formats;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (game < 1) {
            throw usage("curve.game.bad", game);
        }
        if (width < MIN_SIZE || width > MAX_SIZE || height < MIN_SIZE || height > MAX_SIZE) {
            throw usage("curve.size.bad", width, height, MIN_SIZE, MAX_SIZE);
        }
        if (!(band >= EvalChart.MIN_BAND && band <= EvalChart.MAX_BAND)) {
            throw usage("curve.band.bad", band, (int) EvalChart.MIN_BAND, (int) EvalChart.MAX_BAND);
        }
        Path target = out != null ? out : defaultOut();
        ChartFiles.Kind kind = ChartFiles.Kind.of(target).orElseThrow(() -> usage("curve.out.bad", target));
        if (!Files.isRegularFile(file)) {
            return fail(stderr, 2, TEXT.text("curve.file.missing", file));
        }
        Locale locale = Locale.getDefault();
        ReadResult read;
        try {
            read = readGame();
        } catch (IOException | UncheckedIOException e) {
            return fail(stderr, 2, TEXT.text("curve.file.unreadable", file, reason(e)));
        }
        if (read == null && game == 1) {
            // Not a single game: as convert and evaluate say it, exit 1, and an existing picture stays.
            return fail(stderr, 1, TEXT.text("curve.noGames", file));
        }
        if (read == null) {
            return fail(stderr, 2, TEXT.text("curve.game.missing", file, game));
        }
        boolean errors = false;
        for (FormatProblem p : read.problems()) {
            stderr.println(p.render(locale));
            errors |= p.severity() == FormatProblem.Severity.ERROR;
        }
        if (read.game().isEmpty()) {
            return fail(stderr, 1, TEXT.text("curve.game.unreadable", file, game));
        }
        GameTree tree = read.game().get();
        boolean xiangqi = "xiangqi".equals(tree.gameId());
        List<EvalCurve.Point> points = EvalCurve.points(tree.mainline(), tree.root(), band);
        // A game between engines (cutechess's or a Kibitz match's move comments) is two engines' own
        // evaluations: one series each, in White's/Red's view, never one curve alternating between them.
        List<EvalChart.Series> series = EngineGameCurve.betweenEngines(tree.mainline())
                ? engineSeries(tree, points, xiangqi)
                : List.of(EvalChart.Series.of(TEXT.text("curve.series.file"), points));
        long evaluated = series.stream().mapToLong(s -> s.points().size()).sum();
        if (evaluated == 0) {
            return fail(stderr, 1, TEXT.text("curve.none", file, game));
        }
        EvalChart chart = EvalChart.of(new EvalChart.Curve(EvalChart.Palette.of(tree.gameId()), band,
                series, OptionalDouble.empty(),
                TEXT.text("curve.axis.moves"), TEXT.text(xiangqi ? "curve.axis.red" : "curve.axis.white")));
        // The whole line, as the pane shows it, not only its evaluated part.
        chart.fit(points.get(0).x(), points.get(points.size() - 1).x());
        try {
            ChartFiles.write(chart.chart(), width, height, target, kind);
        } catch (IOException | RuntimeException e) {
            return fail(stderr, 2, TEXT.text("curve.write.failed", target, reason(e)));
        }
        stderr.flush();
        // Machine-read: always this English line.
        stdout.println("curve " + target + " positions " + points.size() + " evaluated " + evaluated);
        stdout.flush();
        return errors ? 1 : 0;
    }

    /**
     * The two players' curves of a game between engines, each from its own moves' evaluations and
     * named as the game names the player (else "White"/"Red" and "Black").
     */
    private static List<EvalChart.Series> engineSeries(GameTree tree, List<EvalCurve.Point> points, boolean xiangqi) {
        List<EvalChart.Series> out = new ArrayList<>(2);
        for (Side side : Side.values()) {
            boolean white = side == Side.WHITE;
            String name = tree.tags().get(white ? "White" : "Black").filter(n -> !n.isBlank() && !n.equals("?"))
                    .orElseGet(() -> TEXT.text(white ? (xiangqi ? "curve.side.red" : "curve.side.white") : "curve.side.black"));
            List<EvalChart.Point> ps = EngineGameCurve.of(side, points).stream()
                    .map(p -> new EvalChart.Point(p.x(), p.forWhite())).toList();
            out.add(new EvalChart.Series(name, ps));
        }
        return out;
    }

    /** Game {@code game} of the file as its format reads it; null when the file has fewer games. */
    private ReadResult readGame() throws IOException {
        String name = file.getFileName().toString();
        Optional<FormatPlugin> format = formats.forFile(file).filter(FormatPlugin::canRead);
        if (format.isEmpty()) {
            throw new IOException(TEXT.text("curve.file.unknownFormat"));
        }
        try (InputStream in = Files.newInputStream(file);
             GameReader reader = format.get().reader(in, ReadContext.of(name, games))) {
            GameFiles.skipBefore(reader, game);
            ReadResult r = reader.next();
            return r != null && r.gameNumber() == game ? r : null;
        }
    }

    /** {@code <file's name without extension>-<game>.png} in the current folder. */
    private Path defaultOut() {
        String name = file.getFileName() == null ? "curve" : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return Path.of((dot > 0 ? name.substring(0, dot) : name) + "-" + game + ".png");
    }

    private int fail(PrintWriter stderr, int exit, String message) {
        stderr.println(message);
        stderr.flush();
        return exit;
    }

    private ParameterException usage(String key, Object... args) {
        return new ParameterException(spec.commandLine(), TEXT.text(key, args));
    }

    private static String reason(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
