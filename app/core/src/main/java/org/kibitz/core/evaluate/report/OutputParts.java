package org.kibitz.core.evaluate.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.Games;
import org.kibitz.core.chart.ChartFiles;
import org.kibitz.core.chart.EvalChart;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;

/**
 * The files a batch's outputs are written into, each beside its target: the games ({@code --out}), the
 * CSV (its header written first), the JSON Lines, the manifest's game entries, and the curves' pictures;
 * with what the manifest says of the batch as a whole (the counts, the engines). {@link #close} writes
 * the manifest and moves every part over its target; {@link #abort} drops them all, leaving the targets
 * as they were. {@code evaluate}'s and {@code compare}'s outputs both keep their files here, and differ
 * only in what they write for a game.
 */
public final class OutputParts {

    /** Curve pictures' size, as {@code kibitz curve} draws them. */
    static final int PLOT_WIDTH = 900;
    static final int PLOT_HEIGHT = 360;

    /** Writes a game's share of the outputs. */
    @FunctionalInterface
    public interface GameWrite {
        void write() throws IOException;
    }

    private final EvaluationOutputs.Targets targets;
    private final BatchEvaluation.Plan plan;
    private final int csvHeaderBytes;
    private final PartFile out;
    private final PartFile csv;
    private final PartFile jsonl;
    private final PartFile games;
    /** The engines' fingerprints for the manifest, as learnt; null where not yet known. */
    private final String[] engines;
    private final BatchManifest.Counts counts = new BatchManifest.Counts();
    private IOException failed;
    private boolean closed;

    private OutputParts(EvaluationOutputs.Targets targets, BatchEvaluation.Plan plan, String csvHeader, PartFile out, PartFile csv,
                        PartFile jsonl, PartFile games) {
        this.targets = targets;
        this.plan = plan;
        this.csvHeaderBytes = csvHeader.getBytes(StandardCharsets.UTF_8).length;
        this.out = out;
        this.csv = csv;
        this.jsonl = jsonl;
        this.games = games;
        this.engines = new String[plan.request().engines().size()];
    }

    /**
     * Opens a part for each target given, writes {@code csvHeader} into the CSV's, and makes the plots' folder.
     *
     * @throws IOException a part cannot be created (those opened are dropped)
     */
    public static OutputParts open(EvaluationOutputs.Targets targets, BatchEvaluation.Plan plan, String csvHeader) throws IOException {
        List<PartFile> opened = new ArrayList<>();
        try {
            PartFile out = part(targets.out(), opened);
            PartFile csv = part(targets.csv(), opened);
            PartFile jsonl = part(targets.jsonl(), opened);
            PartFile games = part(targets.manifest().map(m -> m.resolveSibling(m.getFileName() + ".games")), opened);
            if (csv != null) {
                csv.append(csvHeader.getBytes(StandardCharsets.UTF_8));
            }
            if (targets.plots().isPresent()) {
                Files.createDirectories(targets.plots().get());
            }
            return new OutputParts(targets, plan, csvHeader, out, csv, jsonl, games);
        } catch (IOException | RuntimeException e) {
            for (PartFile p : opened) {
                try {
                    p.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    private static PartFile part(Optional<Path> target, List<PartFile> opened) throws IOException {
        if (target.isEmpty()) {
            return null;
        }
        PartFile p = PartFile.open(target.get());
        opened.add(p);
        return p;
    }

    /** The games' part, or null without {@code --out}. */
    public PartFile out() {
        return out;
    }

    public PartFile csv() {
        return csv;
    }

    public PartFile jsonl() {
        return jsonl;
    }

    /** The manifest's game entries, or null when there is no manifest (no out, CSV or JSONL). */
    public PartFile games() {
        return games;
    }

    /**
     * Runs {@code write} unless the outputs are closed or a game's writing failed before. The batch hands
     * games over from its own threads and cannot be told, so the first failure is kept for {@link #close}
     * and no game after it is written.
     */
    public void write(GameWrite write) {
        if (closed || failed != null) {
            return;
        }
        try {
            write.write();
        } catch (IOException e) {
            failed = e;
        }
    }

    /** A game's manifest entry, begun: where the game is and who played it. The game is counted. */
    public ObjectNode entry(GameResults r) {
        ObjectNode entry = BatchManifest.JSON.createObjectNode();
        entry.put("ordinal", r.ordinal());
        entry.put("file", r.file().getFileName().toString());
        entry.put("game", r.entry().gameNumber());
        entry.put("white", r.entry().white());
        entry.put("black", r.entry().black());
        counts.add(r);
        return entry;
    }

    /** Keeps a game's finished entry for the manifest. */
    public void record(ObjectNode entry) throws IOException {
        BatchManifest.entry(games, entry);
    }

    /** The engines' fingerprints from a game they evaluated, for those not known yet. */
    public void engines(GameResults r) {
        for (GameEvaluation ev : r.byEngine()) {
            if (engines[ev.engine()] == null) {
                engines[ev.engine()] = ev.fingerprint();
            }
        }
    }

    /** Engine {@code i}'s fingerprint, as the batch learnt it. */
    public void engine(int i, String fingerprint) {
        if (i < engines.length) {
            engines[i] = fingerprint;
        }
    }

    /**
     * Draws {@code curve} over the game's main line into {@code <file stem>-<game number><suffix>.png} (and
     * {@code .svg}) in the plots' folder. A picture that cannot be written is said in {@code problems}, and
     * the batch goes on: the pictures are not what a merge of shards reads.
     */
    public void picture(EvalChart.Curve curve, GameResults r, Games rules, String suffix, List<String> problems) {
        if (!curve.hasPoints()) {
            return;
        }
        EvalChart chart = EvalChart.of(curve);
        double[] span = GameCurve.span(r, rules);
        chart.fit(span[0], span[1]);
        String fileName = r.file().getFileName().toString();
        int dot = fileName.lastIndexOf('.');
        String stem = (dot > 0 ? fileName.substring(0, dot) : fileName) + "-" + r.entry().gameNumber() + suffix;
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

    /**
     * Writes the manifest (when there is one) and moves every output into place; nothing after the first
     * call or {@link #abort}.
     *
     * @param kind  the manifest's kind ({@link BatchManifest#head})
     * @param judge the judgement model, as the manifest names it
     * @throws IOException a game's writing failed before, or writing failed now: either way no target was replaced
     */
    public void close(Optional<String> kind, String judge) throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (failed != null) {
            abort();
            throw failed;
        }
        commit(target -> {
            ObjectNode head = BatchManifest.head(kind, plan, engines, judge);
            counts.into(head);
            BatchManifest.outputs(head, targets, csvHeaderBytes, out, csv, jsonl);
            BatchManifest.write(target, head, games);
        });
    }

    /** Writes the manifest to its path. */
    @FunctionalInterface
    private interface ManifestWriter {
        void write(Path manifest) throws IOException;
    }

    /**
     * Writes the manifest (when there is one) and moves every output into place.
     *
     * @throws IOException writing failed: then no target was replaced
     */
    private void commit(ManifestWriter manifest) throws IOException {
        try {
            if (games != null) {
                manifest.write(targets.manifest().orElseThrow());
            }
            for (PartFile p : new PartFile[] {out, csv, jsonl}) {
                if (p != null) {
                    p.commit();
                }
            }
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        } finally {
            if (games != null) {
                games.close();
            }
        }
    }

    /** Drops every part: the targets stay as they were, and nothing more is written. */
    public void abort() {
        closed = true;
        for (PartFile p : new PartFile[] {out, csv, jsonl, games}) {
            if (p != null) {
                try {
                    p.close();
                } catch (IOException e) {
                    // Only a temporary file left behind.
                }
            }
        }
    }
}
