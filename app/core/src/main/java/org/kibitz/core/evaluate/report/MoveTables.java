package org.kibitz.core.evaluate.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The judged moves as tables: CSV (RFC 4180 quoting, UTF-8, lines ending in {@code \n}) and JSON Lines,
 * one row or object per judged move and engine. Every value has one fixed form, so the same results
 * give the same bytes; only {@code time_ms}, the engine's own report of its search time, may differ
 * between runs.
 */
public final class MoveTables {

    /** The CSV's columns, in order. */
    public static final List<String> COLUMNS = List.of("file", "game", "ply", "side", "move", "move_coord",
            "eval_before", "eval_after", "best_coord", "best_move", "second_before", "win_loss", "judgement",
            "accuracy", "depth", "nodes", "time_ms", "engine", "win_model", "opening");

    /** The CSV's first line, with its line end. */
    public static final String CSV_HEADER = String.join(",", COLUMNS) + "\n";

    private static final ObjectMapper JSON = new ObjectMapper();

    private MoveTables() {
    }

    /** The CSV lines of a game's judged moves (no header), each ending in {@code \n}; empty without rows. */
    public static String csv(GameReport report) {
        StringBuilder b = new StringBuilder(report.rows().size() * 96);
        for (GameReport.MoveRow r : report.rows()) {
            List<String> cells = List.of(report.file(), Integer.toString(report.game()), Integer.toString(r.ply()),
                    ReportFormat.side(r.side(), report.gameId()), r.move(), r.moveCoord(), ReportFormat.eval(r.evalBefore()),
                    ReportFormat.eval(r.evalAfter()), r.bestCoord(), r.bestMove(), ReportFormat.eval(r.secondBefore()),
                    ReportFormat.fixed2(r.winLoss()), r.judgement().glyph(), ReportFormat.fixed2(r.accuracy()),
                    Integer.toString(r.depth()), Long.toString(r.nodes()), Long.toString(r.timeMs()), r.engine(), report.winModel(),
                    report.opening());
            for (int i = 0; i < cells.size(); i++) {
                if (i > 0) {
                    b.append(',');
                }
                cell(cells.get(i), b);
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** A CSV field: quoted when it holds a comma, a quote or a line break, a quote doubled (RFC 4180). */
    public static void cell(String v, StringBuilder b) {
        boolean quote = false;
        for (int i = 0; i < v.length() && !quote; i++) {
            char c = v.charAt(i);
            quote = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        if (!quote) {
            b.append(v);
            return;
        }
        b.append('"');
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '"') {
                b.append('"');
            }
            b.append(c);
        }
        b.append('"');
    }

    /**
     * The JSON Lines of a game's judged moves, each ending in {@code \n}: the CSV's fields (numbers as
     * numbers, the same decimals), then {@code mate} (the mate rule that applied, or null), {@code pv} (the
     * engine's line before the move, in coordinates) and {@code best_line} (the same in the game's notation).
     */
    public static String jsonl(GameReport report) {
        StringBuilder b = new StringBuilder(report.rows().size() * 320);
        for (GameReport.MoveRow r : report.rows()) {
            ObjectNode o = JSON.createObjectNode();
            o.put("file", report.file());
            o.put("game", report.game());
            o.put("ply", r.ply());
            o.put("side", ReportFormat.side(r.side(), report.gameId()));
            o.put("move", r.move());
            o.put("move_coord", r.moveCoord());
            o.put("eval_before", ReportFormat.eval(r.evalBefore()));
            o.put("eval_after", ReportFormat.eval(r.evalAfter()));
            o.put("best_coord", r.bestCoord());
            o.put("best_move", r.bestMove());
            o.put("second_before", ReportFormat.eval(r.secondBefore()));
            o.put("win_loss", decimal(r.winLoss()));
            o.put("judgement", r.judgement().glyph());
            o.put("accuracy", decimal(r.accuracy()));
            o.put("depth", r.depth());
            o.put("nodes", r.nodes());
            o.put("time_ms", r.timeMs());
            o.put("engine", r.engine());
            o.put("win_model", report.winModel());
            o.put("opening", report.opening());
            if (r.mate().isPresent()) {
                o.put("mate", r.mate().get().name().toLowerCase(java.util.Locale.ROOT));
            } else {
                o.putNull("mate");
            }
            var pv = o.putArray("pv");
            r.pv().forEach(pv::add);
            var line = o.putArray("best_line");
            r.bestLine().forEach(line::add);
            try {
                b.append(JSON.writeValueAsString(o)).append('\n');
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        return b.toString();
    }

    private static BigDecimal decimal(double v) {
        BigDecimal d = BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP);
        return d.signum() == 0 ? d.abs() : d;
    }
}
