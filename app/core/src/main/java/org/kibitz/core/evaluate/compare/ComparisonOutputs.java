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
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.report.BatchManifest;
import org.kibitz.core.evaluate.report.EvaluationOutputs;
import org.kibitz.core.evaluate.report.GameRewriter;
import org.kibitz.core.evaluate.report.OutputParts;
import org.kibitz.core.evaluate.report.PartFile;

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
    private final ComparisonSummary summary;
    private final Consumer<GameComparison> also;
    private final List<String> problems = new ArrayList<>();

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
        // Only a format that holds several games: the comparison's games go into one file, whatever their number.
        Optional<FormatPlugin> format = targets.out().map(o -> GameRewriter.writer(files, o, locale, f -> !f.oneGamePerFile()));
        OutputParts parts = OutputParts.open(targets, plan, ComparisonTables.CSV_HEADER);
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
        parts.write(() -> write(r));
    }

    private void write(GameResults r) throws IOException {
        String where = r.file().getFileName() + ", game " + r.entry().gameNumber();
        ObjectNode entry = parts.entry(r);
        if (r.broken().isPresent()) {
            summary.broken(r.broken().get());
            entry.put("broken", r.broken().get());
            parts.record(entry);
            return;
        }
        parts.engines(r);
        GameComparison g;
        try {
            g = comparison.compare(r, games);
        } catch (IllegalArgumentException e) {
            summary.broken(where + ": " + e.getMessage());
            entry.put("broken", where + ": " + e.getMessage());
            parts.record(entry);
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
        parts.record(entry);
        if (targets.plots().isPresent()) {
            parts.picture(ComparisonCurve.of(g, games, locale), g.results(), games, "-compare", problems);
        }
    }

    private byte[] annotated(GameComparison g) throws IOException {
        return GameRewriter.rewrite(files, plan, g.results(), outFormat.orElseThrow(), locale, problems, (tree, plugin) ->
                ComparisonAnnotator.annotate(tree, plugin.coordinateRankBase(), g, comparison, plan.request().limitText(), locale));
    }

    /** Games that could not be written into {@code --out}, and plots not written. */
    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    /** Moves every output into place. */
    @Override
    public synchronized void close() throws IOException {
        // The manifest kibitz merge reads to join shards: evaluate's, with the kind compare.
        java.util.List<String> each = new java.util.ArrayList<>();
        for (int e = 0; e < Math.max(1, plan.request().engines().size()); e++) {
            each.add(comparison.modelOf(e).describe());
        }
        String judge = each.stream().distinct().count() == 1 ? each.get(0) : String.join(" | ", each);
        parts.close(Optional.of(KIND), judge + " threshold=" + comparison.threshold());
    }

    /** Drops every part: the targets stay as they were. */
    public synchronized void abort() {
        parts.abort();
    }
}
