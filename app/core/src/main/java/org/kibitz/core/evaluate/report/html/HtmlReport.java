package org.kibitz.core.evaluate.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.kibitz.api.game.Side;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.AtomicFiles;
import org.kibitz.core.evaluate.compare.Phase;
import org.kibitz.core.evaluate.report.ReportFormat;

/**
 * A player report as one self-contained HTML page: inline CSS, inline SVG charts and diagrams, and a
 * little JavaScript that sorts the games' tables (a click on a column's title, or {@code #sort=KEY-desc}
 * in the address); nothing is fetched from the network. Every text from the games (names, events,
 * openings, files) is escaped. Per player: games and results, accuracy per game over time, by colour,
 * by phase, by opening, the costliest mistakes with a diagram of each, and the games.
 *
 * <p>The page's machine-readable figures: each player's {@code section.player} carries
 * {@code data-player}, {@code data-games} and {@code data-accuracy} (one decimal; empty without any),
 * and the root element {@code data-js="ready"} once the script has run.
 */
public final class HtmlReport {

    /** How many costly mistakes a player's section shows. */
    public static final int MISTAKES = 6;

    /**
     * What the page says about how it was made.
     *
     * @param title   the page's title (escaped here); empty for the default
     * @param engine  the engine's name
     * @param limit   the search limit as text ({@code nodes=100000 multipv=1})
     * @param judge   the judgement model's description
     * @param sources the game files' names
     */
    public record About(String title, String engine, String limit, String judge, List<String> sources) {
        public About {
            sources = List.copyOf(sources);
        }
    }

    private final PlayerReport report;
    private final Locale locale;
    private final Optional<String> only;
    private final About about;
    private int diagrams;

    private HtmlReport(PlayerReport report, Locale locale, Optional<String> only, About about) {
        this.report = Objects.requireNonNull(report, "report");
        this.locale = Objects.requireNonNull(locale, "locale");
        this.only = Objects.requireNonNull(only, "only");
        this.about = Objects.requireNonNull(about, "about");
    }

    /** The page, in {@code locale}'s language (Chinese for {@code zh}, else English), for the players {@code only} matches. */
    public static String render(PlayerReport report, Locale locale, Optional<String> only, About about) {
        return new HtmlReport(report, locale, only, about).page();
    }

    /** Writes the page to {@code target} atomically: a failed write leaves what was there. */
    public static void write(Path target, PlayerReport report, Locale locale, Optional<String> only, About about)
            throws IOException {
        AtomicFiles.write(target, render(report, locale, only, about).getBytes(StandardCharsets.UTF_8));
    }

    private String t(String key, Object... args) {
        return Text.of(HtmlReport.class, key, args).render(locale);
    }

    /** A message escaped for the page. */
    private String e(String key, Object... args) {
        return Html.escape(t(key, args));
    }

    private boolean xiangqi() {
        return "xiangqi".equals(report.gameId());
    }

    private String sideName(Side s) {
        return t(s == Side.BLACK ? "side.black" : xiangqi() ? "side.red" : "side.white");
    }

    private String page() {
        List<PlayerReport.Player> players = report.players(only);
        StringBuilder b = new StringBuilder(64 * 1024);
        String title = about.title().isBlank() ? t("title") : about.title();
        boolean zh = "zh".equals(locale.getLanguage());
        b.append("<!DOCTYPE html>\n<html lang=\"").append(zh ? "zh-CN" : "en").append("\" data-js=\"off\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"Kibitz\">\n")
                .append("<title>").append(Html.escape(title)).append("</title>\n<style>").append(CSS).append("</style>\n")
                // First, so that an error in the main script is caught too.
                .append("<script>window.addEventListener('error',function(ev){document.documentElement.setAttribute('data-js-error',String(ev.message));});</script>\n")
                .append("</head>\n<body>\n<header><h1>").append(Html.escape(title)).append("</h1>\n<p class=\"about\">")
                .append(e("about", String.valueOf(report.games().size()), about.engine(), about.limit()))
                .append(" ").append(e("files")).append(" ").append(Html.escape(String.join(", ", about.sources()))).append('.')
                // Said after the message, not in it: a model's description is longer than a message quotes.
                .append(" ").append(e("judged")).append(" <code>").append(Html.escape(about.judge())).append("</code>")
                .append("</p></header>\n<main>\n");
        if (players.isEmpty()) {
            b.append("<p class=\"empty\">").append(only.isPresent() ? e("noPlayer", only.get()) : e("noGames")).append("</p>\n");
        } else {
            index(b, players);
            for (int i = 0; i < players.size(); i++) {
                player(b, players.get(i), i);
            }
        }
        if (!report.broken().isEmpty()) {
            b.append("<section class=\"broken\"><h2>").append(e("broken")).append("</h2><ul>");
            report.broken().forEach(x -> b.append("<li>").append(Html.escape(x)).append("</li>"));
            b.append("</ul></section>\n");
        }
        b.append("</main>\n<footer>").append(e("footer")).append("</footer>\n<script>").append(JS).append("</script>\n</body>\n</html>\n");
        return b.toString();
    }

    private void index(StringBuilder b, List<PlayerReport.Player> players) {
        b.append("<section class=\"index\"><h2>").append(e("players")).append("</h2>\n<table class=\"sortable\" id=\"players\"><thead><tr>");
        th(b, "name", "text", "col.player");
        th(b, "games", "num", "col.games");
        th(b, "wdl", "num", "col.wdl");
        th(b, "score", "num", "col.score");
        th(b, "accuracy", "num", "col.accuracy");
        b.append("</tr></thead><tbody>\n");
        for (int i = 0; i < players.size(); i++) {
            PlayerReport.Player p = players.get(i);
            PlayerReport.Totals t = p.totals();
            b.append("<tr data-i=\"").append(i).append("\"><td data-v=\"").append(Html.escape(p.name())).append("\"><a href=\"#p")
                    .append(i).append("\">").append(Html.escape(p.name())).append("</a></td>");
            td(b, Integer.toString(t.games()), Integer.toString(t.games()));
            td(b, Integer.toString(t.wins()), t.wins() + " / " + t.draws() + " / " + t.losses());
            td(b, fixed(t.scorePercent(), 1), percent(t.scorePercent()));
            td(b, fixed(t.accuracy(), 1), fixed(t.accuracy(), 1));
            b.append("</tr>\n");
        }
        b.append("</tbody></table></section>\n");
    }

    private void player(StringBuilder b, PlayerReport.Player p, int index) {
        PlayerReport.Totals all = p.totals();
        b.append("<section class=\"player\" id=\"p").append(index).append("\" data-player=\"").append(Html.escape(p.name()))
                .append("\" data-games=\"").append(all.games()).append("\" data-accuracy=\"").append(fixed(all.accuracy(), 1))
                .append("\">\n<h2>").append(Html.escape(p.name())).append("</h2>\n<div class=\"cards\">");
        card(b, e("card.games"), Integer.toString(all.games()));
        card(b, e("card.wdl"), all.wins() + " / " + all.draws() + " / " + all.losses());
        card(b, e("card.score"), percent(all.scorePercent()));
        card(b, e("card.accuracy"), fixed(all.accuracy(), 1));
        card(b, e("card.acpl"), fixed(acpl(p), 0));
        int[] errors = errors(p);
        card(b, e("card.errors"), errors[0] + " / " + errors[1] + " / " + errors[2]);
        b.append("</div>\n");

        b.append("<h3>").append(e("h.trend")).append("</h3>\n");
        trend(b, p);

        b.append("<div class=\"two\"><div><h3>").append(e("h.colour")).append("</h3>\n");
        List<String[]> colourRows = new ArrayList<>();
        List<double[]> colourBars = new ArrayList<>();
        for (Side s : Side.values()) {
            PlayerReport.Totals t = p.byColour(s);
            colourRows.add(new String[] {sideName(s), Integer.toString(t.games()), t.wins() + " / " + t.draws() + " / " + t.losses(),
                    percent(t.scorePercent()), fixed(t.accuracy(), 1)});
            colourBars.add(new double[] {t.accuracy()});
        }
        bars(b, List.of(sideName(Side.WHITE), sideName(Side.BLACK)), colourBars, "colour");
        table(b, new String[] {t("col.colour"), t("col.games"), t("col.wdl"), t("col.score"), t("col.accuracy")}, colourRows, "colour");
        b.append("</div><div><h3>").append(e("h.phase")).append("</h3>\n");
        Map<Phase, PlayerReport.PhaseTotals> phases = p.byPhase();
        List<String[]> phaseRows = new ArrayList<>();
        List<double[]> phaseBars = new ArrayList<>();
        List<String> phaseNames = new ArrayList<>();
        for (Phase ph : Phase.values()) {
            PlayerReport.PhaseTotals pt = phases.get(ph);
            phaseNames.add(t("phase." + ph.key()));
            phaseRows.add(new String[] {t("phase." + ph.key()), Integer.toString(pt.moves()), fixed(pt.accuracy(), 1),
                    Integer.toString(pt.errors())});
            phaseBars.add(new double[] {pt.accuracy()});
        }
        bars(b, phaseNames, phaseBars, "phase");
        table(b, new String[] {t("col.phase"), t("col.moves"), t("col.moveAccuracy"), t("col.errors")}, phaseRows, "phase");
        b.append("<p class=\"note\">").append(e("phase.note")).append("</p></div></div>\n");

        b.append("<h3>").append(e("h.opening")).append("</h3>\n");
        List<String[]> openingRows = new ArrayList<>();
        for (PlayerReport.Totals t : p.byOpening()) {
            openingRows.add(new String[] {t.key().isEmpty() ? t("opening.unknown") : t.key(), t.label(), Integer.toString(t.games()),
                    t.wins() + " / " + t.draws() + " / " + t.losses(), percent(t.scorePercent()), fixed(t.accuracy(), 1)});
        }
        table(b, new String[] {t(xiangqi() ? "col.ecco" : "col.eco"), t("col.opening"), t("col.games"), t("col.wdl"),
                t("col.score"), t("col.accuracy")}, openingRows, "openings");

        b.append("<h3>").append(e("h.mistakes")).append("</h3>\n");
        List<PlayerReport.Mistake> costly = p.costliest(MISTAKES);
        if (costly.isEmpty()) {
            b.append("<p class=\"empty\">").append(e("mistakes.none")).append("</p>\n");
        } else {
            b.append("<div class=\"mistakes\">");
            for (PlayerReport.Mistake m : costly) {
                mistake(b, m);
            }
            b.append("</div>\n");
        }

        b.append("<h3>").append(e("h.games")).append("</h3>\n");
        games(b, p, index);
        b.append("</section>\n");
    }

    private static double acpl(PlayerReport.Player p) {
        double loss = 0;
        int moves = 0;
        for (PlayerReport.PlayerGame g : p.games()) {
            if (g.own().acpl().isPresent()) {
                loss += g.own().acpl().getAsDouble() * g.own().moves();
                moves += g.own().moves();
            }
        }
        return moves == 0 ? Double.NaN : loss / moves;
    }

    private static int[] errors(PlayerReport.Player p) {
        int[] n = new int[3];
        for (PlayerReport.PlayerGame g : p.games()) {
            n[0] += g.own().inaccuracies();
            n[1] += g.own().mistakes();
            n[2] += g.own().blunders();
        }
        return n;
    }

    private void card(StringBuilder b, String label, String value) {
        b.append("<div class=\"card\"><div class=\"v\">").append(Html.escape(value)).append("</div><div class=\"l\">")
                .append(label).append("</div></div>");
    }

    /** Accuracy per game in time order: a line, a dot per game coloured by result, and the mean of the last five. */
    private void trend(StringBuilder b, PlayerReport.Player p) {
        List<PlayerReport.PlayerGame> games = p.chronological().stream().filter(g -> g.own().accuracy().isPresent()).toList();
        if (games.isEmpty()) {
            b.append("<p class=\"empty\">").append(e("trend.none")).append("</p>\n");
            return;
        }
        int w = 720;
        int h = 240;
        int left = 36;
        int right = 12;
        int top = 12;
        int bottom = 34;
        double pw = w - left - right;
        double ph = h - top - bottom;
        int n = games.size();
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart trend\" viewBox=\"0 0 ").append(w).append(' ').append(h)
                .append("\" role=\"img\"><title>").append(e("h.trend")).append("</title>");
        for (int y = 0; y <= 100; y += 25) {
            double yy = top + ph * (1 - y / 100.0);
            svg.append("<line class=\"grid\" x1=\"").append(left).append("\" x2=\"").append(w - right).append("\" y1=\"")
                    .append(f1(yy)).append("\" y2=\"").append(f1(yy)).append("\"/><text class=\"axis\" x=\"").append(left - 4)
                    .append("\" y=\"").append(f1(yy + 4)).append("\" text-anchor=\"end\">").append(y).append("</text>");
        }
        StringBuilder line = new StringBuilder();
        StringBuilder mean = new StringBuilder();
        StringBuilder dots = new StringBuilder();
        double[] acc = new double[n];
        for (int i = 0; i < n; i++) {
            acc[i] = games.get(i).own().accuracy().getAsDouble();
        }
        for (int i = 0; i < n; i++) {
            double x = left + (n == 1 ? pw / 2 : pw * i / (n - 1));
            double y = top + ph * (1 - acc[i] / 100.0);
            line.append(i == 0 ? "" : " ").append(f1(x)).append(',').append(f1(y));
            double sum = 0;
            int from = Math.max(0, i - 4);
            for (int j = from; j <= i; j++) {
                sum += acc[j];
            }
            mean.append(i == 0 ? "" : " ").append(f1(x)).append(',').append(f1(top + ph * (1 - sum / (i - from + 1) / 100.0)));
            PlayerReport.PlayerGame g = games.get(i);
            double pts = g.points();
            String cls = pts == 1 ? "win" : pts == 0.5 ? "draw" : pts == 0 ? "loss" : "unknown";
            dots.append("<circle class=\"dot ").append(cls).append("\" cx=\"").append(f1(x)).append("\" cy=\"").append(f1(y))
                    .append("\" r=\"").append(n > 150 ? 2 : 3.5).append("\"><title>")
                    .append(Html.escape(t("trend.point", g.game().date().isEmpty() ? "?" : g.game().date(), g.opponent(),
                            g.game().result().isEmpty() ? "*" : g.game().result(), fixed(acc[i], 1))))
                    .append("</title></circle>");
        }
        svg.append("<polyline class=\"acc\" points=\"").append(line).append("\"/>");
        if (n >= 5) {
            svg.append("<polyline class=\"mean\" points=\"").append(mean).append("\"/>");
        }
        svg.append(dots);
        String first = games.get(0).game().date();
        String last = games.get(n - 1).game().date();
        svg.append("<text class=\"axis\" x=\"").append(left).append("\" y=\"").append(h - 14).append("\">")
                .append(Html.escape(first.isEmpty() ? "1" : first)).append("</text>");
        svg.append("<text class=\"axis\" x=\"").append(w - right).append("\" y=\"").append(h - 14).append("\" text-anchor=\"end\">")
                .append(Html.escape(last.isEmpty() ? Integer.toString(n) : last)).append("</text>");
        svg.append("<text class=\"axis\" x=\"").append(f1(left + pw / 2)).append("\" y=\"").append(h - 2)
                .append("\" text-anchor=\"middle\">").append(e("trend.axis", n)).append("</text>");
        svg.append("</svg>");
        b.append("<figure class=\"chart\">").append(svg).append("<figcaption><span class=\"key win\"></span>").append(e("result.win"))
                .append(" <span class=\"key draw\"></span>").append(e("result.draw")).append(" <span class=\"key loss\"></span>")
                .append(e("result.loss")).append(n >= 5 ? " <span class=\"key mean\"></span>" + e("trend.mean") : "")
                .append("</figcaption></figure>\n");
    }

    /** Horizontal bars of accuracy, 0–100, one per label. */
    private void bars(StringBuilder b, List<String> labels, List<double[]> values, String cls) {
        int w = 340;
        int row = 26;
        int left = 90;
        int h = row * labels.size() + 8;
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart bars ").append(cls).append("\" viewBox=\"0 0 ").append(w)
                .append(' ').append(h).append("\" role=\"img\">");
        for (int i = 0; i < labels.size(); i++) {
            double v = values.get(i)[0];
            double y = 4 + i * row;
            b.append("<text class=\"axis\" x=\"").append(left - 6).append("\" y=\"").append(f1(y + 16)).append("\" text-anchor=\"end\">")
                    .append(Html.escape(labels.get(i))).append("</text>");
            b.append("<rect class=\"track\" x=\"").append(left).append("\" y=\"").append(f1(y + 3)).append("\" width=\"")
                    .append(w - left - 40).append("\" height=\"16\"/>");
            if (!Double.isNaN(v)) {
                b.append("<rect class=\"bar\" x=\"").append(left).append("\" y=\"").append(f1(y + 3)).append("\" width=\"")
                        .append(f1((w - left - 40) * Math.max(0, Math.min(100, v)) / 100)).append("\" height=\"16\"/>");
            }
            b.append("<text class=\"axis\" x=\"").append(w - 4).append("\" y=\"").append(f1(y + 16)).append("\" text-anchor=\"end\">")
                    .append(Double.isNaN(v) ? "–" : fixed(v, 1)).append("</text>");
        }
        b.append("</svg>\n");
    }

    private void table(StringBuilder b, String[] head, List<String[]> rows, String cls) {
        b.append("<table class=\"").append(cls).append("\"><thead><tr>");
        for (String h : head) {
            b.append("<th>").append(Html.escape(h)).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (String[] r : rows) {
            b.append("<tr>");
            for (String c : r) {
                b.append("<td>").append(Html.escape(c)).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table>\n");
    }

    private void mistake(StringBuilder b, PlayerReport.Mistake m) {
        PlayerReport.Game g = m.game();
        String id = "d" + diagrams++;
        String caption = t("mistake.title", m.number() + " " + m.move() + m.judgement().glyph(), g.white(), g.black(),
                g.date().isEmpty() ? "?" : g.date());
        b.append("<figure class=\"mistake ").append(m.judgement().name().toLowerCase(Locale.ROOT)).append("\">")
                .append(BoardSvg.render(m.position(), m.played(), m.bestMove(), m.mover(), id, caption))
                .append("<figcaption><b>").append(Html.escape(m.number() + " " + m.move() + m.judgement().glyph())).append("</b> ")
                .append(e("mistake.lost", fixed(m.winLoss(), 1))).append("<br>")
                .append(e("mistake.eval", m.before().map(ReportFormat::commentEval).orElse("?"),
                        m.after().map(ReportFormat::commentEval).orElse("?")));
        if (!m.best().isEmpty()) {
            b.append("<br>").append(e("mistake.best", m.best()));
        }
        b.append("<br><span class=\"game\">").append(Html.escape(t("mistake.game", g.white(), g.black(), g.result().isEmpty() ? "*" : g.result(),
                g.event(), g.date().isEmpty() ? "?" : g.date(), g.file(), String.valueOf(g.number())))).append("</span></figcaption></figure>");
    }

    private void games(StringBuilder b, PlayerReport.Player p, int index) {
        b.append("<table class=\"sortable games\" id=\"games").append(index).append("\"><thead><tr>");
        th(b, "n", "num", "col.n");
        th(b, "date", "text", "col.date");
        th(b, "event", "text", "col.event");
        th(b, "colour", "text", "col.colour");
        th(b, "opponent", "text", "col.opponent");
        th(b, "result", "num", "col.result");
        th(b, "opening", "text", xiangqi() ? "col.ecco" : "col.eco");
        th(b, "accuracy", "num", "col.accuracy");
        th(b, "acpl", "num", "col.acpl");
        th(b, "errors", "num", "col.errorsShort");
        b.append("</tr></thead><tbody>\n");
        int i = 0;
        for (PlayerReport.PlayerGame g : p.games()) {
            PlayerReport.Game game = g.game();
            PlayerReport.SideGame own = g.own();
            double pts = g.points();
            b.append("<tr data-i=\"").append(i).append("\">");
            td(b, Integer.toString(i + 1), Integer.toString(i + 1));
            td(b, game.date(), game.date());
            td(b, game.event(), game.event());
            td(b, sideName(g.side()), sideName(g.side()));
            td(b, g.opponent(), g.opponent());
            td(b, Double.isNaN(pts) ? "" : fixed(pts, 1), Double.isNaN(pts) ? "*" : pts == 0.5 ? "½" : fixed(pts, 0));
            OpeningLabels.Opening o = game.opening();
            td(b, o.key(), o.code().isEmpty() ? o.name() : o.code());
            td(b, fixed(own.accuracy(), 1), fixed(own.accuracy(), 1));
            td(b, fixed(own.acpl(), 0), fixed(own.acpl(), 0));
            td(b, Integer.toString(own.inaccuracies() + own.mistakes() * 2 + own.blunders() * 4),
                    own.inaccuracies() + " / " + own.mistakes() + " / " + own.blunders());
            b.append("</tr>\n");
            i++;
        }
        b.append("</tbody></table>\n");
    }

    private void th(StringBuilder b, String key, String type, String label) {
        b.append("<th data-key=\"").append(key).append("\" data-type=\"").append(type).append("\" tabindex=\"0\">")
                .append(e(label)).append("</th>");
    }

    private static void td(StringBuilder b, String sortValue, String text) {
        b.append("<td data-v=\"").append(Html.escape(sortValue)).append("\">").append(Html.escape(text)).append("</td>");
    }

    private static String fixed(OptionalDouble v, int decimals) {
        return v.isPresent() ? ReportFormat.fixed(v.getAsDouble(), decimals) : "";
    }

    private static String fixed(double v, int decimals) {
        return ReportFormat.fixed(v, decimals);
    }

    /** A percentage with one decimal; a dash when there is none (no game with a known result). */
    private static String percent(double v) {
        return Double.isNaN(v) ? "\u2013" : ReportFormat.fixed(v, 1) + "%";
    }

    private static String f1(double v) {
        return ReportFormat.fixed(v, 1);
    }

    private static final String CSS = """
            :root{--fg:#1d232a;--muted:#5d6875;--line:#d8dde3;--bg:#fff;--card:#f4f6f8;--acc:#2f6fb5;--win:#2e8b3e;--draw:#8a8f96;--loss:#c8362f}
            *{box-sizing:border-box}
            body{margin:0;font:15px/1.45 system-ui,-apple-system,'Segoe UI','Noto Sans','Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif;color:var(--fg);background:var(--bg)}
            header,main,footer{max-width:1180px;margin:0 auto;padding:0 20px}
            header{padding-top:18px}h1{margin:0 0 4px;font-size:26px}
            .about,.note,footer{color:var(--muted);font-size:13px}
            footer{padding:24px 20px}
            section.player{border-top:3px solid var(--acc);margin-top:28px;padding-top:6px}
            h2{font-size:22px;margin:10px 0}h3{font-size:16px;margin:20px 0 8px}
            .cards{display:flex;flex-wrap:wrap;gap:10px}
            .card{background:var(--card);border-radius:8px;padding:8px 14px;min-width:110px}
            .card .v{font-size:20px;font-weight:600}.card .l{font-size:12px;color:var(--muted)}
            .two{display:grid;grid-template-columns:1fr 1fr;gap:24px}
            @media (max-width:800px){.two{grid-template-columns:1fr}}
            table{border-collapse:collapse;margin:6px 0;font-size:13px}
            th,td{border-bottom:1px solid var(--line);padding:3px 8px;text-align:left;white-space:nowrap}
            th{background:var(--card)}
            table.sortable th{cursor:pointer;user-select:none}
            table.sortable th[aria-sort=ascending]::after{content:' \\25B2'}
            table.sortable th[aria-sort=descending]::after{content:' \\25BC'}
            .chart.trend{width:100%;max-width:760px;height:auto}
            .chart .grid{stroke:var(--line);stroke-width:1}
            .chart .axis{font-size:11px;fill:var(--muted)}
            .chart .acc{fill:none;stroke:var(--acc);stroke-width:1.5}
            .chart .mean{fill:none;stroke:#e08a1e;stroke-width:2;stroke-dasharray:5 3}
            .dot.win{fill:var(--win)}.dot.draw{fill:var(--draw)}.dot.loss{fill:var(--loss)}.dot.unknown{fill:var(--acc)}
            .bars .track{fill:var(--card)}.bars .bar{fill:var(--acc)}
            .chart.bars{width:340px;max-width:100%;height:auto;display:block}
            figure{margin:0}
            figcaption{font-size:13px}
            .key{display:inline-block;width:10px;height:10px;border-radius:5px;margin:0 3px 0 10px}
            .key.win{background:var(--win)}.key.draw{background:var(--draw)}.key.loss{background:var(--loss)}
            .key.mean{background:#e08a1e;border-radius:0;height:3px}
            .mistakes{display:grid;grid-template-columns:repeat(auto-fill,minmax(330px,1fr));gap:16px}
            figure.mistake{background:var(--card);border-radius:8px;padding:8px}
            figure.mistake svg{display:block;max-width:100%;height:auto;margin-bottom:6px}
            figure.blunder b{color:var(--loss)}figure.mistake.mistake b{color:#d9822b}
            .game{color:var(--muted)}
            .empty{color:var(--muted);font-style:italic}
            @media print{table.sortable th{cursor:auto}section.player{break-before:page}}
            """;

    /** Sorts tables by a column's title; {@code #sort=KEY-asc|desc} in the address sorts every table with that column. */
    private static final String JS = """
            (function(){
            'use strict';
            function key(cell,num){var v=cell.getAttribute('data-v');if(v===null){v=cell.textContent;}
            if(num){var n=parseFloat(v);return isNaN(n)?-Infinity:n;}return v.toLowerCase();}
            function sort(table,th,desc){
            var body=table.tBodies[0];var col=th.cellIndex;var num=th.getAttribute('data-type')==='num';
            var rows=Array.prototype.slice.call(body.rows);
            rows.sort(function(a,b){var x=key(a.cells[col],num),y=key(b.cells[col],num);
            var c=x<y?-1:(x>y?1:0);if(desc){c=-c;}
            return c!==0?c:(+a.getAttribute('data-i'))-(+b.getAttribute('data-i'));});
            rows.forEach(function(r){body.appendChild(r);});
            Array.prototype.forEach.call(th.parentNode.cells,function(c){c.removeAttribute('aria-sort');});
            th.setAttribute('aria-sort',desc?'descending':'ascending');
            table.setAttribute('data-sorted',th.getAttribute('data-key')+(desc?'-desc':'-asc'));}
            var tables=document.querySelectorAll('table.sortable');
            Array.prototype.forEach.call(tables,function(table){
            Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th){
            function go(){sort(table,th,th.getAttribute('aria-sort')==='ascending'||(th.getAttribute('aria-sort')===null&&th.getAttribute('data-type')==='num'));}
            th.addEventListener('click',go);
            th.addEventListener('keydown',function(ev){if(ev.key==='Enter'||ev.key===' '){ev.preventDefault();go();}});});});
            var m=/sort=([a-z]+)-(asc|desc)/.exec(window.location.hash);
            if(m){Array.prototype.forEach.call(tables,function(table){
            var th=table.querySelector('th[data-key="'+m[1]+'"]');if(th){sort(table,th,m[2]==='desc');}});}
            document.documentElement.setAttribute('data-js','ready');
            })();
            """;
}
