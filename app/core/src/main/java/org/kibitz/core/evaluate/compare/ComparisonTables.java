package org.kibitz.core.evaluate.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.core.evaluate.report.MoveTables;
import org.kibitz.core.evaluate.report.ReportFormat;

/**
 * A comparison as tables, one row per position and pair of engines: CSV (RFC 4180, UTF-8, {@code \n})
 * and JSON Lines. Win% are White's/Red's, in points with 4 decimals; {@code dwin} is their distance;
 * {@code a_on_b} is A's loss for B's move ({@code >=} when a lower bound, empty when unknown);
 * {@code a_win_model}/{@code b_win_model} name the win model (with its {@code k}) each engine's win% is on.
 * {@link #summarise} reads a CSV back into the figures the summary reports.
 */
public final class ComparisonTables {

    public static final List<String> COLUMNS = List.of("file", "game", "ply", "move_number", "side", "phase", "played",
            "engine_a", "engine_b", "a_best", "a_best_coord", "a_eval", "a_win", "a_depth", "a_nodes", "a_time_ms",
            "b_best", "b_best_coord", "b_eval", "b_win", "b_depth", "b_nodes", "b_time_ms", "same_best",
            "a_in_b_top" + Comparison.TOP_K, "dwin", "a_on_b", "b_on_a", "a_verdict", "b_verdict", "disagreement", "fen",
            "a_win_model", "b_win_model");

    public static final String CSV_HEADER = String.join(",", COLUMNS) + "\n";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final java.util.Set<String> NUMBERS = java.util.Set.of("game", "ply", "a_win", "a_depth", "a_nodes",
            "a_time_ms", "b_win", "b_depth", "b_nodes", "b_time_ms", "dwin");
    private static final java.util.Set<String> FLAGS = java.util.Set.of("same_best", "a_in_b_top" + Comparison.TOP_K);

    private ComparisonTables() {
    }

    /** The CSV rows of a game, one per compared position and pair, each ending in {@code \n}. */
    public static String csv(GameComparison g) {
        StringBuilder b = new StringBuilder(g.positions().size() * 200);
        String gameId = g.results().first().map(e -> e.gameId()).orElse("chess");
        for (ComparedPosition p : g.positions()) {
            for (PairView v : p.pairs()) {
                EngineView a = p.engine(v.a()).orElseThrow();
                EngineView e = p.engine(v.b()).orElseThrow();
                List<String> cells = new ArrayList<>(COLUMNS.size());
                cells.add(g.fileName());
                cells.add(Integer.toString(g.game()));
                cells.add(Integer.toString(p.ply()));
                cells.add(p.moveLabel());
                cells.add(ReportFormat.side(p.toMove(), gameId));
                cells.add(p.phase().key());
                cells.add(p.playedSan());
                cells.add(a.name());
                cells.add(e.name());
                engineCells(a, p, cells);
                engineCells(e, p, cells);
                cells.add(v.sameBest() ? "1" : "0");
                cells.add(v.aInBTop() ? "1" : "0");
                cells.add(num(v.dWin()));
                cells.add(v.aOnB().map(PairView.Loss::text).orElse(""));
                cells.add(v.bOnA().map(PairView.Loss::text).orElse(""));
                cells.add(a.verdict().map(j -> j.name().toLowerCase(Locale.ROOT)).orElse(""));
                cells.add(e.verdict().map(j -> j.name().toLowerCase(Locale.ROOT)).orElse(""));
                cells.add(v.kindsText());
                cells.add(p.fen());
                // Each engine's win% is on its own win model's scale: the row names both (as evaluate's win_model).
                cells.add(winModel(g, a.engine()));
                cells.add(winModel(g, e.engine()));
                for (int i = 0; i < cells.size(); i++) {
                    if (i > 0) {
                        b.append(',');
                    }
                    MoveTables.cell(cells.get(i), b);
                }
                b.append('\n');
            }
        }
        return b.toString();
    }

    private static String winModel(GameComparison g, int engine) {
        return engine >= 0 && engine < g.reports().size() ? g.reports().get(engine).winModel() : "";
    }

    private static void engineCells(EngineView v, ComparedPosition p, List<String> cells) {
        cells.add(v.bestSan());
        cells.add(v.best());
        cells.add(ReportFormat.eval(Optional.of(v.score().forWhite(p.toMove()))));
        cells.add(num(Comparison.rounded(PairStats.whiteWin(v.win(), p))));
        cells.add(Integer.toString(v.depth()));
        cells.add(Long.toString(v.nodes()));
        cells.add(Long.toString(v.timeMs()));
    }

    /** A number with 4 decimals, as the CSV writes win%. */
    static String num(double v) {
        BigDecimal d = BigDecimal.valueOf(v).setScale(4, java.math.RoundingMode.HALF_EVEN);
        return (d.signum() == 0 ? d.abs() : d).toPlainString();
    }

    /** The JSON Lines of a game: the CSV's fields, and both engines' lines in the game's notation. */
    public static String jsonl(GameComparison g) {
        StringBuilder b = new StringBuilder();
        String[] header = COLUMNS.toArray(String[]::new);
        List<List<String>> rows = parse(csv(g));
        int row = 0;
        for (ComparedPosition p : g.positions()) {
            for (PairView v : p.pairs()) {
                List<String> cells = rows.get(row++);
                ObjectNode o = JSON.createObjectNode();
                for (int i = 0; i < header.length; i++) {
                    String h = header[i];
                    String c = cells.get(i);
                    if (NUMBERS.contains(h)) {
                        o.put(h, new BigDecimal(c));
                    } else if (FLAGS.contains(h)) {
                        o.put(h, "1".equals(c));
                    } else {
                        o.put(h, c);
                    }
                }
                ArrayNode la = o.putArray("a_line");
                p.engine(v.a()).orElseThrow().line().forEach(la::add);
                ArrayNode lb = o.putArray("b_line");
                p.engine(v.b()).orElseThrow().line().forEach(lb::add);
                try {
                    b.append(JSON.writeValueAsString(o)).append('\n');
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return b.toString();
    }

    /** RFC 4180 records of {@code text}. */
    static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        cell.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else if (c != '\r') {
                cell.append(c);
            }
        }
        if (cell.length() > 0 || !row.isEmpty()) {
            row.add(cell.toString());
            rows.add(row);
        }
        return rows;
    }

    /**
     * The figures of the first pair of engines the CSV names, summed from its own numbers: what a run's
     * last line reports, recomputed (the check that the two agree, and how shard CSVs joined are summed).
     *
     * @throws IOException          the file cannot be read
     * @throws IllegalArgumentException it is not a comparison CSV
     */
    public static PairStats summarise(Path csv) throws IOException {
        String text = Files.readString(csv, StandardCharsets.UTF_8);
        List<List<String>> rows = parse(text);
        if (rows.isEmpty() || !rows.get(0).equals(COLUMNS)) {
            throw new IllegalArgumentException(csv + ": not a comparison CSV (its header is not " + CSV_HEADER.strip() + ")");
        }
        int ea = COLUMNS.indexOf("engine_a");
        int eb = COLUMNS.indexOf("engine_b");
        PairStats s = new PairStats();
        String a = null;
        String b = null;
        for (int r = 1; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            if (row.size() != COLUMNS.size()) {
                throw new IllegalArgumentException(csv + ", line " + (r + 1) + ": " + row.size() + " fields, not " + COLUMNS.size());
            }
            if (a == null) {
                a = row.get(ea);
                b = row.get(eb);
            }
            if (!row.get(ea).equals(a) || !row.get(eb).equals(b)) {
                continue;
            }
            String va = row.get(COLUMNS.indexOf("a_verdict"));
            String vb = row.get(COLUMNS.indexOf("b_verdict"));
            boolean judged = !va.isEmpty() && !vb.isEmpty();
            s.add("1".equals(row.get(COLUMNS.indexOf("same_best"))), "1".equals(row.get(COLUMNS.indexOf("a_in_b_top" + Comparison.TOP_K))),
                    Double.parseDouble(row.get(COLUMNS.indexOf("dwin"))), Double.parseDouble(row.get(COLUMNS.indexOf("a_win"))),
                    Double.parseDouble(row.get(COLUMNS.indexOf("b_win"))), !row.get(COLUMNS.indexOf("disagreement")).isEmpty(),
                    judged, judged && !errorClass(va).equals(errorClass(vb)));
        }
        return s;
    }

    private static String errorClass(String verdict) {
        return switch (verdict) {
            case "inaccuracy", "mistake", "blunder" -> verdict;
            default -> "none";
        };
    }
}
