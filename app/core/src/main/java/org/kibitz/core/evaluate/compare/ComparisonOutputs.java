package org.kibitz.core.evaluate.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.Games;
import org.kibitz.core.GameFiles;
import org.kibitz.core.chart.ChartFiles;
import org.kibitz.core.chart.EvalChart;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.report.BatchManifest;
import org.kibitz.core.evaluate.report.EvaluationOutputs;
import org.kibitz.core.evaluate.report.GameCurve;
import org.kibitz.core.evaluate.report.GameRewriter;
import org.kibitz.core.evaluate.report.OutputParts;
import org.kibitz.core.evaluate.report.PartFile;
import org.kibitz.core.evaluate.report.ReportFormat;

/**
 * A comparison's outputs, written game by game as a batch hands games over (in game order) and never
 * held whole: the summary's figures, a CSV and JSON Lines row per position and pair of engines, the
 * games with the disagreements written in ({@code --out}, PGN), and an overlaid curve per game. Each
 * file is written beside its target and moved over it by {@link #close()}: a run that fails or is
 * killed leaves the targets as they were.
 */
public final class ComparisonOutputs implements BatchEvaluation.Listener, AutoCloseable {

    /** The manifest's {@code kind}: what {@code kibitz merge} reads to sum a comparison's figures again. */
    public static final String KIND = "compare";
    private static final ObjectMapper JSON = new ObjectMapper();
    static final int PLOT_WIDTH = 900;
    static final int PLOT_HEIGHT = 360;

    private final EvaluationOutputs.Targets targets;
    private final Comparison comparison;
    private final GameFiles files;
    private final Games games;
    private final BatchEvaluation.Plan plan;
    private final Locale locale;
    private final Optional<FormatPlugin> outFormat;
    private final OutputParts parts;
    private final PartFile out;
    private final PartFile csv;
    private final PartFile jsonl;
    /** The manifest's game entries, one JSON object a line, as they come. */
    private final PartFile manifestGames;
    private final ComparisonSummary summary;
    private final String[] engines;
    private final BatchManifest.Counts counts = new BatchManifest.Counts();
    private final Consumer<GameComparison> also;
    private final List<String> problems = new ArrayList<>();
    private IOException fatal;
    private boolean closed;

    private ComparisonOutputs(EvaluationOutputs.Targets targets, Comparison comparison, GameFiles files, BatchEvaluation.Plan plan,
                              Locale locale, Optional<FormatPlugin> outFormat, OutputParts parts, Consumer<GameComparison> also) {
        this.targets = targets;
        this.comparison = comparison;
        this.files = files;
        this.games = files.games();
        this.plan = plan;
        this.locale = locale;
        this.outFormat = outFormat;
        this.parts = parts;
        this.out = parts.out();
        this.csv = parts.csv();
        this.jsonl = parts.jsonl();
        this.manifestGames = parts.games();
        this.engines = new String[plan.request().engines().size()];
        this.also = also;
        this.summary = new ComparisonSummary(plan.request().engines().stream().map(e -> e.name()).toList());
    }

    /**
     * Opens the outputs of a planned comparison.
     *
     * @param also hears each game's comparison as it is made (the workbench's panes); may be a no-op
     * @throws IllegalArgumentException {@code out} names no format that writes games with variations
     * @throws IOException              a part cannot be created
     */
    public static ComparisonOutputs open(EvaluationOutputs.Targets targets, Comparison comparison, GameFiles files,
                                         BatchEvaluation.Plan plan, Locale locale, Consumer<GameComparison> also) throws IOException {
        Objects.requireNonNull(targets, "targets");
        Objects.requireNonNull(also, "also");
        Optional<FormatPlugin> format = Optional.empty();
        if (targets.out().isPresent()) {
            String name = targets.out().get().getFileName().toString();
            format = files.formats().all().stream().filter(f -> f.canWrite() && f.matchesName(name) && !f.oneGamePerFile()
                    && files.games().all().stream().anyMatch(g -> files.keepsMoves(f, g.id()))).findFirst();
            if (format.isEmpty()) {
                throw new IllegalArgumentException(ReportFormat.text(locale, "report.out.none", name));
            }
        }
        OutputParts parts = OutputParts.open(targets, ComparisonTables.CSV_HEADER);
        return new ComparisonOutputs(targets, comparison, files, plan, locale, format, parts, also);
    }

    /** Whether the manifest at {@code manifest} is a comparison's (its kind is {@value #KIND}). */
    public static boolean isComparison(Path manifest) {
        try {
            return KIND.equals(JSON.readTree(manifest.toFile()).path("kind").asText());
        } catch (IOException e) {
            return false;
        }
    }

    public ComparisonSummary summary() {
        return summary;
    }

    @Override
    public synchronized void game(GameResults r) {
        if (closed || fatal != null) {
            return;
        }
        try {
            write(r);
        } catch (IOException e) {
            fatal = e;
        }
    }

    private void write(GameResults r) throws IOException {
        String where = r.file().getFileName() + ", game " + r.entry().gameNumber();
        ObjectNode entry = JSON.createObjectNode();
        entry.put("ordinal", r.ordinal());
        entry.put("file", r.file().getFileName().toString());
        entry.put("game", r.entry().gameNumber());
        entry.put("white", r.entry().white());
        entry.put("black", r.entry().black());
        counts.add(r);
        if (r.broken().isPresent()) {
            summary.broken(r.broken().get());
            entry.put("broken", r.broken().get());
            BatchManifest.entry(manifestGames, entry);
            return;
        }
        for (GameEvaluation ev : r.byEngine()) {
            if (engines[ev.engine()] == null) {
                engines[ev.engine()] = ev.fingerprint();
            }
        }
        GameComparison g;
        try {
            g = comparison.compare(r, games);
        } catch (IllegalArgumentException e) {
            summary.broken(where + ": " + e.getMessage());
            entry.put("broken", where + ": " + e.getMessage());
            BatchManifest.entry(manifestGames, entry);
            return;
        }
        summary.add(g);
        also.accept(g);
        if (csv != null) {
            entry.set("csv", BatchManifest.slice(csv, ComparisonTables.csv(g).getBytes(StandardCharsets.UTF_8)));
        }
        if (jsonl != null) {
            entry.set("jsonl", BatchManifest.slice(jsonl, ComparisonTables.jsonl(g).getBytes(StandardCharsets.UTF_8)));
        }
        if (out != null) {
            entry.set("out", BatchManifest.slice(out, annotated(g)));
        }
        PairStats first = new PairStats();
        g.positions().forEach(p -> p.pair(0, 1).ifPresent(v -> first.add(p, v)));
        ObjectNode stats = entry.putObject("agreement");
        stats.put("positions", first.positions());
        stats.put("disagreements", first.disagreements());
        BatchManifest.entry(manifestGames, entry);
        if (targets.plots().isPresent()) {
            plot(g);
        }
    }

    private byte[] annotated(GameComparison g) throws IOException {
        return GameRewriter.rewrite(files, plan, g.results(), outFormat.orElseThrow(), locale, problems, (tree, plugin) ->
                ComparisonAnnotator.annotate(tree, plugin.coordinateRankBase(), g, comparison, plan.request().limitText(), locale));
    }

    private void plot(GameComparison g) {
        EvalChart.Curve curve = ComparisonCurve.of(g, games, locale);
        if (!curve.hasPoints()) {
            return;
        }
        EvalChart chart = EvalChart.of(curve);
        double[] span = GameCurve.span(g.results(), games);
        chart.fit(span[0], span[1]);
        String fileName = g.fileName();
        int dot = fileName.lastIndexOf('.');
        String stem = (dot > 0 ? fileName.substring(0, dot) : fileName) + "-" + g.game() + "-compare";
        Path dir = targets.plots().get();
        try {
            ChartFiles.toPng(chart.chart(), PLOT_WIDTH, PLOT_HEIGHT, dir.resolve(stem + ".png"));
            if (targets.svg()) {
                ChartFiles.toSvg(chart.chart(), PLOT_WIDTH, PLOT_HEIGHT, dir.resolve(stem + ".svg"));
            }
        } catch (IOException | RuntimeException e) {
            problems.add(dir.resolve(stem + ".png") + ": " + e.getMessage());
        }
    }

    /** Games that could not be written into {@code --out}, and plots not written. */
    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    /** Moves every output into place. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (fatal != null) {
            parts.abort();
            throw fatal;
        }
        parts.commit(this::writeManifest);
    }

    /** The manifest {@code kibitz merge} reads to join shards: evaluate's, with the kind {@code compare}. */
    private void writeManifest(Path target) throws IOException {
        ObjectNode head = BatchManifest.head(Optional.of(KIND), plan, engines,
                comparison.model().describe() + " threshold=" + comparison.threshold());
        counts.into(head);
        BatchManifest.outputs(head, targets, ComparisonTables.CSV_HEADER.getBytes(StandardCharsets.UTF_8).length, out, csv, jsonl);
        BatchManifest.write(target, head, manifestGames);
    }

    /** Drops every part: the targets stay as they were. */
    public synchronized void abort() {
        closed = true;
        parts.abort();
    }
}
