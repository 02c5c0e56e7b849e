package org.kibitz.core.evaluate.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Side;
import org.kibitz.core.GameFiles;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.judge.GameStats;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.store.EngineFingerprint;

/**
 * A batch's outputs, written as its games arrive (in game order) and never held whole: the games
 * annotated ({@code --out}, PGN or one game's XQF), the judged moves as CSV and JSON Lines, a curve per
 * game as PNG (and SVG), each player's totals, and a manifest. Each output is written into a file beside
 * its target and moved over it by {@link #close()}; a run that fails or is killed leaves the targets as
 * they were.
 *
 * <p>Every game's bytes in an output are what that output gives for the game alone, so outputs can be
 * cut and joined by game. The manifest, {@code <first of out, csv, jsonl>.manifest.json}, records where
 * each game's bytes are ({@code [offset, length]}; CSV offsets count the header line), the inputs' digests,
 * engines, limits, selection, judgement model and shard, each output's SHA-256, and no time: two runs of the same request give
 * the same manifest and outputs, but for the CSV's and JSONL's {@code time_ms} (the engine's own search
 * time). See {@code docs/batch-evaluation.md}.
 */
public final class EvaluationOutputs implements BatchEvaluation.Listener, AutoCloseable {

    /** The manifest's {@code format}. */
    public static final String MANIFEST_FORMAT = BatchManifest.FORMAT;
    public static final int MANIFEST_VERSION = BatchManifest.VERSION;
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Where the outputs go; each is optional.
     *
     * @param out   the games annotated (PGN, or XQF for one game)
     * @param csv   the judged moves as CSV
     * @param jsonl the judged moves as JSON Lines
     * @param plots a folder for a curve per game, {@code <file stem>-<game number>.png}
     * @param svg   an SVG beside each PNG
     */
    public record Targets(Optional<Path> out, Optional<Path> csv, Optional<Path> jsonl, Optional<Path> plots, boolean svg) {
        public Targets {
            Objects.requireNonNull(out, "out");
            Objects.requireNonNull(csv, "csv");
            Objects.requireNonNull(jsonl, "jsonl");
            Objects.requireNonNull(plots, "plots");
        }

        /** None: only the summary. */
        public static final Targets NONE = new Targets(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), false);

        /** The manifest's file: beside the first of out, csv and jsonl; none without any of them. */
        public Optional<Path> manifest() {
            return out.or(() -> csv).or(() -> jsonl).map(p -> p.resolveSibling(p.getFileName() + ".manifest.json"));
        }
    }

    /** A position that failed, for the report: where, and why. */
    public record Failure(String file, int game, int ply, String engine, String reason) {
    }

    private final Targets targets;
    private final JudgementModel model;
    private final List<JudgementModel> models;
    private final Optional<org.kibitz.core.evaluate.BookSource> book;
    private final GameFiles files;
    private final Games games;
    private final BatchEvaluation.Plan plan;
    private final Locale locale;
    private final Optional<FormatPlugin> outFormat;
    private final OutputParts parts;
    private final PartFile out;
    private final PartFile csv;
    private final PartFile jsonl;
    private final List<PlayerSummary> players = new ArrayList<>();
    private final List<String> broken = new ArrayList<>();
    private final List<Failure> failures = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    private EvaluationOutputs(Targets targets, List<JudgementModel> models, Optional<org.kibitz.core.evaluate.BookSource> book,
                              GameFiles files, BatchEvaluation.Plan plan, Locale locale,
                              Optional<FormatPlugin> outFormat, OutputParts parts) {
        this.targets = targets;
        this.models = List.copyOf(models);
        this.model = this.models.get(0);
        this.book = book;
        for (int i = 0; i < Math.max(1, plan.request().engines().size()); i++) {
            players.add(new PlayerSummary());
        }
        this.files = files;
        this.games = files.games();
        this.plan = plan;
        this.locale = locale;
        this.outFormat = outFormat;
        this.parts = parts;
        this.out = parts.out();
        this.csv = parts.csv();
        this.jsonl = parts.jsonl();
    }

    /**
     * Opens the outputs of a planned batch: their parts beside the targets, the CSV's header written.
     *
     * @param locale the language of the move comments, the curves' labels and the summary
     * @throws IllegalArgumentException {@code out} names no format that can write the batch's games, or XQF for more than one game
     * @throws IOException              a part cannot be created
     */
    public static EvaluationOutputs open(Targets targets, JudgementModel model, GameFiles files, BatchEvaluation.Plan plan,
                                         Locale locale) throws IOException {
        return open(targets, List.of(model), Optional.empty(), files, plan, locale);
    }

    /**
     * Opens the outputs of a planned batch judged with a model per engine ({@code models.get(e)} for
     * engine {@code e}; the last for engines past the list), the book moves of {@code book} labelled.
     *
     * @throws IllegalArgumentException {@code out} names no format that can write the batch's games, or XQF for more than one game
     * @throws IOException              a part cannot be created
     */
    public static EvaluationOutputs open(Targets targets, List<JudgementModel> models,
                                         Optional<org.kibitz.core.evaluate.BookSource> book, GameFiles files,
                                         BatchEvaluation.Plan plan, Locale locale) throws IOException {
        Objects.requireNonNull(targets, "targets");
        if (models.isEmpty()) {
            throw new IllegalArgumentException("no judgement model");
        }
        // Any format that writes games, XQF too, as long as the batch has one game for its one-game file.
        Optional<FormatPlugin> format = targets.out().map(o -> GameRewriter.writer(files, o, locale, f -> true));
        if (format.isPresent() && format.get().oneGamePerFile() && plan.games() > 1) {
            throw new IllegalArgumentException(ReportFormat.text(locale, "report.xqf.oneGame", String.valueOf(plan.games())));
        }
        OutputParts parts = OutputParts.open(targets, plan, MoveTables.CSV_HEADER);
        return new EvaluationOutputs(targets, models, book, files, plan, locale, format, parts);
    }

    /** The engines' fingerprints as the batch learnt them, for the manifest (else taken from the games as they come). */
    public synchronized void engines(List<EngineFingerprint> fingerprints) {
        for (int i = 0; i < fingerprints.size(); i++) {
            parts.engine(i, EvaluationJob.fingerprintText(fingerprints.get(i)));
        }
    }

    @Override
    public synchronized void game(GameResults r) {
        parts.write(() -> write(r));
    }

    private void write(GameResults r) throws IOException {
        String fileName = r.file().getFileName().toString();
        ObjectNode entry = parts.entry(r);
        if (r.broken().isPresent()) {
            broken.add(r.broken().get());
            entry.put("broken", r.broken().get());
            parts.record(entry);
            return;
        }
        parts.engines(r);
        for (GameEvaluation ev : r.byEngine()) {
            for (PositionEval p : ev.positions()) {
                if (p.failed()) {
                    failures.add(new Failure(fileName, r.entry().gameNumber(), p.ply(), ev.engineName(), p.error()));
                }
            }
        }
        int bookPlies = 0;
        if (book.isPresent()) {
            GameReport.Line line = GameReport.Line.of(r.byEngine().get(0), games);
            bookPlies = book.get().bookPlies(line.positions(), line.moves());
        }
        List<GameReport> reports = new ArrayList<>(r.byEngine().size());
        for (int e = 0; e < r.byEngine().size(); e++) {
            reports.add(GameReport.of(r, e, modelOf(e), games, bookPlies));
        }
        GameReport first = reports.get(0);
        for (int e = 0; e < reports.size(); e++) {
            while (players.size() <= e) {
                players.add(new PlayerSummary());
            }
            players.get(e).add(reports.get(e));
        }
        if (out != null) {
            entry.set("out", slice(out, annotated(r, reports)));
        }
        if (csv != null) {
            StringBuilder rows = new StringBuilder();
            reports.forEach(rep -> rows.append(MoveTables.csv(rep)));
            entry.set("csv", slice(csv, rows.toString().getBytes(StandardCharsets.UTF_8)));
        }
        if (jsonl != null) {
            StringBuilder rows = new StringBuilder();
            reports.forEach(rep -> rows.append(MoveTables.jsonl(rep)));
            entry.set("jsonl", slice(jsonl, rows.toString().getBytes(StandardCharsets.UTF_8)));
        }
        ObjectNode stats = entry.putObject("stats");
        for (Side side : Side.values()) {
            ObjectNode o = sideJson(first.stats().of(side));
            if (first.bookMoves(side) > 0) {
                o.put("book", first.bookMoves(side));
            }
            stats.set(side == Side.WHITE ? "white" : "black", o);
        }
        if (reports.size() > 1) {
            // The first engine's stays where it always was; every engine's, in engine order, beside it.
            ArrayNode each = entry.putArray("stats_by_engine");
            for (GameReport rep : reports) {
                ObjectNode o = each.addObject();
                o.put("engine", rep.engineName());
                for (Side side : Side.values()) {
                    o.set(side == Side.WHITE ? "white" : "black", sideJson(rep.stats().of(side)));
                }
            }
        }
        first.largestSwing().ifPresent(s -> {
            ObjectNode o = entry.putObject("largest_swing");
            o.put("ply", s.ply());
            o.put("win_loss", decimal(s.winLoss()));
        });
        parts.record(entry);
        if (targets.plots().isPresent()) {
            parts.picture(GameCurve.of(r, reports, games, locale), r, games, "", problems);
        }
    }

    /** The game read again from its file and annotated, as the output's format writes it alone; empty when it cannot be. */
    private byte[] annotated(GameResults r, List<GameReport> reports) throws IOException {
        GameEvaluation ev = r.first().orElseThrow();
        FormatPlugin format = outFormat.orElseThrow();
        List<JudgementModel> each = new ArrayList<>();
        for (int e = 0; e < reports.size(); e++) {
            each.add(modelOf(e));
        }
        return GameRewriter.rewrite(files, plan, r, format, locale, problems, (tree, plugin) -> Annotator.annotate(tree,
                plugin.coordinateRankBase(), ev, reports, each, plan.request().limitText(), locale, !format.oneGamePerFile()));
    }

    private static ArrayNode slice(PartFile part, byte[] bytes) throws IOException {
        return BatchManifest.slice(part, bytes);
    }

    private static ObjectNode sideJson(GameStats.SideStats st) {
        ObjectNode o = JSON.createObjectNode();
        o.put("moves", st.moves());
        if (st.accuracy().isPresent()) {
            o.put("accuracy", decimal(st.accuracy().getAsDouble()));
        } else {
            o.putNull("accuracy");
        }
        if (st.acpl().isPresent()) {
            o.put("acpl", decimal(st.acpl().getAsDouble()));
        } else {
            o.putNull("acpl");
        }
        o.put("inaccuracies", st.count(Judgement.INACCURACY));
        o.put("mistakes", st.count(Judgement.MISTAKE));
        o.put("blunders", st.count(Judgement.BLUNDER));
        o.put("good", st.count(Judgement.GOOD));
        o.put("brilliant", st.count(Judgement.BRILLIANT));
        return o;
    }

    private static BigDecimal decimal(double v) {
        BigDecimal d = BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP);
        return d.signum() == 0 ? d.abs() : d;
    }

    /** The model engine {@code e} is judged with. */
    private JudgementModel modelOf(int e) {
        return models.get(Math.min(e, models.size() - 1));
    }

    /**
     * The per-player table ({@link PlayerSummary#lines}), one per engine (each under the engine's name
     * when there are several), then the broken games and the failed positions, if any.
     */
    public synchronized List<String> summaryLines() {
        List<String> lines = new ArrayList<>();
        if (players.get(0).players().isEmpty()) {
            lines.add(ReportFormat.text(locale, "report.summary.none"));
        } else if (players.size() == 1) {
            lines.addAll(players.get(0).lines(locale));
        } else {
            for (int e = 0; e < players.size(); e++) {
                lines.add(ReportFormat.text(locale, "report.summary.engine", plan.request().engines().get(e).name()));
                players.get(e).lines(locale).forEach(l -> lines.add("  " + l));
            }
        }
        if (!broken.isEmpty()) {
            lines.add(ReportFormat.text(locale, "report.summary.broken"));
            broken.forEach(b -> lines.add("  " + b));
        }
        if (!failures.isEmpty()) {
            lines.add(ReportFormat.text(locale, "report.summary.failed"));
            failures.forEach(f -> lines.add("  " + ReportFormat.text(locale, "report.summary.failedPosition", f.file(),
                    String.valueOf(f.game()), String.valueOf(f.ply()), f.engine() + ": " + f.reason())));
        }
        return lines;
    }

    /** Each player's totals so far, by the first engine's judgements. */
    public PlayerSummary players() {
        return players.get(0);
    }

    /** Each player's totals so far, by engine {@code e}'s judgements. */
    public PlayerSummary players(int e) {
        return players.get(e);
    }

    /** The positions that failed, in game order. */
    public synchronized List<Failure> failures() {
        return List.copyOf(failures);
    }

    /** Games that could not be written into {@code --out} (read again differently, a format that cannot hold them), and plots not written. */
    public synchronized List<String> problems() {
        return List.copyOf(problems);
    }

    /** The manifest's path, when there is one. */
    public Optional<Path> manifest() {
        return targets.manifest();
    }

    /**
     * Writes the manifest and moves every output into place. The outputs hold the games handed over so far.
     *
     * @throws IOException writing failed (then no target was replaced), now or while games came
     */
    @Override
    public synchronized void close() throws IOException {
        parts.close(Optional.empty(), judgeText());
    }

    /**
     * The judgement as the manifest names it: the model's {@link JudgementModel#describe}, each engine's
     * when they differ (joined by {@code  | }), and the book when there is one.
     */
    private String judgeText() {
        List<String> texts = new ArrayList<>();
        for (int e = 0; e < Math.max(1, plan.request().engines().size()); e++) {
            texts.add(modelOf(e).describe());
        }
        String judge = texts.stream().distinct().count() == 1 ? texts.get(0) : String.join(" | ", texts);
        return judge + book.map(b -> " book=" + b.describe().replace(' ', ':')).orElse("");
    }

    /** Drops every part: the targets stay as they were. */
    public synchronized void abort() {
        parts.abort();
    }
}
