package org.kibitz.core.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYDifferenceRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.Range;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.kibitz.api.analysis.Score;
import org.kibitz.core.analysis.EvalCurve;
import org.kibitz.core.analysis.AnalysisText;

/**
 * The one definition of the evaluation curve, drawn by the workbench's pane (through jfreechart-fx)
 * and rendered headless to PNG and SVG ({@link ChartFiles}): pawns from White's/Red's point of view
 * by move, the first series filled against zero in the game's colours (white/black, red/black),
 * further engines as plain lines for comparison, mates and evaluations beyond the band at its edges,
 * and the current position marked. What the chart shows is a {@link Curve}; {@link #show} puts one
 * in, changing the same chart in place (the pane keeps its chart), and {@link #of} makes a new one.
 * The move axis's range is the caller's: {@link #fit} sets it to the whole line, a pane may zoom.
 */
public final class EvalChart {

    /** Bands offered, in pawns either side of equal. */
    public static final List<Double> BANDS = List.of(2.0, 4.0, 6.0, 10.0, 20.0);
    public static final double MIN_BAND = 2;
    public static final double MAX_BAND = 20;

    /** Space above and below the band, so a dot at a mate is not cut in half. */
    static final double MARGIN = 0.4;

    static final Color CHART_BACKGROUND = new Color(0xfd, 0xfc, 0xfa);
    static final Color PLOT_BACKGROUND = new Color(0xd6, 0xd1, 0xc7);
    static final Color LINE = new Color(0x6b, 0x66, 0x5e);
    static final Color MARK = new Color(0xd9, 0x3a, 0x2b);
    static final Color TICKS = new Color(0x55, 0x50, 0x4a);
    /**
     * The engines' colours, by their place: the workbench's engine panels, arrows and compared curves use
     * the same ones, so a curve is known by the panel it belongs to.
     */
    public static final List<Color> ENGINE_COLORS = List.of(new Color(0x2f, 0x6f, 0xce), new Color(0xe0, 0x7b, 0x22),
            new Color(0x2e, 0x9e, 0x5b), new Color(0x9b, 0x51, 0xe0));

    /** The colour of engine {@code i} (from 0) in a comparison. */
    public static Color engineColor(int i) {
        return ENGINE_COLORS.get(Math.floorMod(i, ENGINE_COLORS.size()));
    }

    /** Colours of the engines after the first, when several are compared. */
    static final List<Color> OTHERS = List.of(new Color(0x1f, 0x6f, 0xb4), new Color(0x2e, 0x8b, 0x57),
            new Color(0xc0, 0x7a, 0x12), new Color(0x7b, 0x3f, 0xa0), new Color(0x11, 0x8a, 0x8a));

    /** The colours of a game's two sides: the area above zero is the first player's, below the second's. */
    public enum Palette {
        CHESS(new Color(0xfb, 0xfa, 0xf7), new Color(0x3d, 0x3a, 0x37)),
        XIANGQI(new Color(0xe8, 0x8a, 0x78), new Color(0x33, 0x32, 0x31));

        private final Color first;
        private final Color second;

        Palette(Color first, Color second) {
            this.first = first;
            this.second = second;
        }

        /** The area where White/Red is ahead. */
        public Color first() {
            return first;
        }

        /** The area where Black is ahead. */
        public Color second() {
            return second;
        }

        /** Red and black for xiangqi, white and black for chess and anything else. */
        public static Palette of(String gameId) {
            return "xiangqi".equals(gameId) ? XIANGQI : CHESS;
        }
    }

    /**
     * One evaluated position.
     *
     * @param x        its place on the move axis (moves since move 1 began: 0.5 after White's/Red's first)
     * @param forWhite its score from White's/Red's point of view
     */
    public record Point(double x, Score forWhite) {
        public Point {
            Objects.requireNonNull(forWhite, "forWhite");
        }
    }

    /**
     * One engine's (or the file's) evaluations along the line.
     *
     * @param name   shown in the legend when several series are compared
     * @param points the evaluated positions, by x; positions nobody evaluated are left out
     */
    public record Series(String name, List<Point> points) {
        public Series {
            Objects.requireNonNull(name, "name");
            points = List.copyOf(points);
        }

        /** The evaluated points of an {@link EvalCurve} line. */
        public static Series of(String name, List<EvalCurve.Point> curve) {
            List<Point> out = new ArrayList<>(curve.size());
            for (EvalCurve.Point p : curve) {
                p.eval().ifPresent(e -> out.add(new Point(p.x(), e.forWhite())));
            }
            return new Series(name, out);
        }
    }

    /** How bad a move marked on the curve was: lichess's colours for ?!, ? and ??. */
    public enum MarkKind {
        INACCURACY(new Color(0x56, 0xb4, 0xe9)),
        MISTAKE(new Color(0xe6, 0x9f, 0x00)),
        BLUNDER(new Color(0xdb, 0x30, 0x31)),
        /** Where compared engines disagree. */
        DISAGREEMENT(new Color(0x20, 0x20, 0x20));

        private final Color color;

        MarkKind(Color color) {
            this.color = color;
        }

        public Color color() {
            return color;
        }
    }

    /**
     * A move marked on the first series' curve, at the position it led to.
     *
     * @param x    the x of the position after the move
     * @param kind how bad it was
     */
    public record Mark(double x, MarkKind kind) {
        public Mark {
            Objects.requireNonNull(kind, "kind");
        }
    }

    /**
     * What the chart shows.
     *
     * @param palette    the game's colours
     * @param band       pawns either side of equal ({@value #MIN_BAND}..{@value #MAX_BAND}); beyond it and mates sit at its edges
     * @param series     the first is filled against zero, the others drawn as lines over it
     * @param current    the x of the position marked (the game's cursor), if any
     * @param movesLabel the move axis's label, already in the user's language
     * @param evalLabel  the evaluation axis's label, likewise
     * @param marks      moves marked on the first series (judged ?!, ?, ??); a mark where that series has no point is not drawn
     * @param overlay    engines compared: no series filled, each drawn as a line in its engine's colour ({@link #engineColor})
     */
    public record Curve(Palette palette, double band, List<Series> series, OptionalDouble current,
                        String movesLabel, String evalLabel, List<Mark> marks, boolean overlay) {
        public Curve {
            marks = List.copyOf(marks);
            Objects.requireNonNull(palette, "palette");
            if (!(band >= MIN_BAND && band <= MAX_BAND)) {
                throw new IllegalArgumentException("band " + band + " is not within " + MIN_BAND + ".." + MAX_BAND);
            }
            series = List.copyOf(series);
            Objects.requireNonNull(current, "current");
            Objects.requireNonNull(movesLabel, "movesLabel");
            Objects.requireNonNull(evalLabel, "evalLabel");
        }

        /** A curve with the first series filled. */
        public Curve(Palette palette, double band, List<Series> series, OptionalDouble current,
                     String movesLabel, String evalLabel, List<Mark> marks) {
            this(palette, band, series, current, movesLabel, evalLabel, marks, false);
        }

        /** A curve with no moves marked. */
        public Curve(Palette palette, double band, List<Series> series, OptionalDouble current,
                     String movesLabel, String evalLabel) {
            this(palette, band, series, current, movesLabel, evalLabel, List.of());
        }

        /** The same curve with these moves marked. */
        public Curve withMarks(List<Mark> marks) {
            return new Curve(palette, band, series, current, movesLabel, evalLabel, marks, overlay);
        }

        /** The same curve with every series a line in its engine's colour, none filled. */
        public Curve overlaid() {
            return new Curve(palette, band, series, current, movesLabel, evalLabel, marks, true);
        }

        /** The same curve with the cursor at {@code x}. */
        public Curve at(OptionalDouble x) {
            return new Curve(palette, band, series, x, movesLabel, evalLabel, marks, overlay);
        }

        /** Whether any series has a point. */
        public boolean hasPoints() {
            return series.stream().anyMatch(s -> !s.points().isEmpty());
        }

        /** The value the first series has at the current position, clipped to the band. */
        public Optional<Double> currentValue() {
            if (current.isEmpty() || series.isEmpty()) {
                return Optional.empty();
            }
            return series.get(0).points().stream().filter(p -> p.x() == current.getAsDouble()).findFirst()
                    .map(p -> plotValue(p.forWhite(), band));
        }

        /**
         * The move axis's range showing the whole line from {@code first} to {@code last}, with room for a
         * few moves when the line is short.
         */
        public static Range fitted(double first, double last) {
            return new Range(first - 0.25, Math.max(first + 5, last + 0.5));
        }
    }

    /** {@code pawns} brought within {@value #MIN_BAND}..{@value #MAX_BAND} (settings written by hand may hold anything). */
    public static double clampBand(double pawns) {
        return Double.isNaN(pawns) ? BANDS.get(2) : Math.max(MIN_BAND, Math.min(MAX_BAND, pawns));
    }

    /** A score as plotted: pawns, clipped to ±band; a mate at the edge of the side giving it. */
    public static double plotValue(Score forWhite, double band) {
        return AnalysisText.plotValue(forWhite, band);
    }

    private final XYSeries values = new XYSeries("eval", false, false);
    private final XYSeries zero = new XYSeries("zero", false, false);
    private final XYSeries marks = new XYSeries("points", false, false);
    private final XYSeriesCollection area = new XYSeriesCollection();
    private final XYSeriesCollection dots = new XYSeriesCollection();
    private final XYSeriesCollection others = new XYSeriesCollection();
    /** One series per {@link MarkKind}, in its order. */
    private final XYSeriesCollection judged = new XYSeriesCollection();
    private final XYDifferenceRenderer fill;
    private final XYLineAndShapeRenderer lines;
    private final ValueMarker current = new ValueMarker(Double.NaN);
    private final XYPlot plot;
    private final JFreeChart chart;
    private final LegendTitle legend;
    private Curve shown;

    public EvalChart() {
        area.addSeries(values);
        area.addSeries(zero);
        dots.addSeries(marks);
        NumberAxis moves = new NumberAxis();
        moves.setAutoRangeIncludesZero(false);
        moves.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        moves.setTickLabelPaint(TICKS);
        moves.setAxisLineVisible(false);
        NumberAxis evals = new NumberAxis();
        evals.setTickLabelPaint(TICKS);
        evals.setNumberFormatOverride(new SignedFormat());
        evals.setAxisLineVisible(false);
        // Before the first curve is shown (the window starting up) the axes show a band and a few
        // moves, not an automatic range over no data whose ticks a whole-number format prints as
        // "+1 +1 … 0 0".
        double band = BANDS.get(2);
        evals.setRange(-band - MARGIN, band + MARGIN);
        // Whole pawns, every 1, 2, 5… as the height allows: a low curve (a 1280x800 window's bottom dock)
        // would otherwise print 13 labels on top of each other.
        evals.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        evals.setAutoTickUnitSelection(true);
        moves.setRange(0, 10);
        fill = new XYDifferenceRenderer(Palette.CHESS.first(), Palette.CHESS.second(), false);
        fill.setSeriesPaint(0, LINE);
        fill.setSeriesStroke(0, new BasicStroke(1.4f));
        fill.setSeriesPaint(1, new Color(0, 0, 0, 0));
        fill.setDefaultToolTipGenerator(null);
        plot = new XYPlot(area, moves, evals, fill);
        plot.setOrientation(PlotOrientation.VERTICAL);
        XYLineAndShapeRenderer dotRenderer = new XYLineAndShapeRenderer(false, true);
        dotRenderer.setSeriesShape(0, new Ellipse2D.Double(-4.5, -4.5, 9, 9));
        dotRenderer.setSeriesPaint(0, MARK);
        // The dot on top, then the compared engines, then the filled first series.
        plot.setDataset(1, dots);
        plot.setRenderer(1, dotRenderer);
        lines = new XYLineAndShapeRenderer(true, false);
        lines.setDefaultStroke(new BasicStroke(1.6f));
        lines.setAutoPopulateSeriesStroke(false);
        plot.setDataset(2, others);
        plot.setRenderer(2, lines);
        for (MarkKind k : MarkKind.values()) {
            judged.addSeries(new XYSeries(k.name(), false, true));
        }
        XYLineAndShapeRenderer markRenderer = new XYLineAndShapeRenderer(false, true);
        for (MarkKind k : MarkKind.values()) {
            markRenderer.setSeriesShape(k.ordinal(), k == MarkKind.DISAGREEMENT
                    ? new java.awt.geom.Path2D.Double(new java.awt.Polygon(new int[] {0, 5, 0, -5}, new int[] {-5, 0, 5, 0}, 4))
                    : new Ellipse2D.Double(-3.5, -3.5, 7, 7));
            markRenderer.setSeriesPaint(k.ordinal(), k.color());
        }
        markRenderer.setUseOutlinePaint(true);
        markRenderer.setDefaultOutlinePaint(LINE);
        markRenderer.setDrawOutlines(true);
        plot.setDataset(3, judged);
        plot.setRenderer(3, markRenderer);
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.REVERSE);
        plot.setBackgroundPaint(PLOT_BACKGROUND);
        plot.setDomainGridlinePaint(new Color(0, 0, 0, 30));
        plot.setRangeGridlinePaint(new Color(0, 0, 0, 30));
        plot.setOutlineVisible(false);
        plot.addRangeMarker(new ValueMarker(0, new Color(0, 0, 0, 90), new BasicStroke(1f)));
        current.setPaint(MARK);
        current.setStroke(new BasicStroke(2f));
        plot.addDomainMarker(current);
        plot.setDomainPannable(true);
        chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        chart.setBackgroundPaint(CHART_BACKGROUND);
        chart.setAntiAlias(true);
        chart.setPadding(new RectangleInsets(4, 2, 2, 8));
        legend = new LegendTitle(plot);
        legend.setPosition(RectangleEdge.TOP);
        legend.setBackgroundPaint(CHART_BACKGROUND);
        legend.setItemPaint(TICKS);
        fonts("");
    }

    /** A new chart showing {@code curve}, its move axis fitted to the line. */
    public static EvalChart of(Curve curve) {
        EvalChart c = new EvalChart();
        c.show(curve);
        c.fit();
        return c;
    }

    public JFreeChart chart() {
        return chart;
    }

    public XYPlot plot() {
        return plot;
    }

    /** What the chart shows now; null before the first {@link #show}. */
    public Curve curve() {
        return shown;
    }

    /** The curve of the first series as plotted (x, clipped pawns), for tests and hit-testing. */
    public XYSeries values() {
        return values;
    }

    /** The marked moves as plotted, one series per {@link MarkKind} in its order (for tests and hit-testing). */
    public List<XYSeries> marked() {
        List<XYSeries> out = new ArrayList<>();
        for (int i = 0; i < judged.getSeriesCount(); i++) {
            out.add(judged.getSeries(i));
        }
        return out;
    }

    /** Every series as plotted: the first, then the compared ones (for tests and hit-testing). */
    public List<XYSeries> plotted() {
        List<XYSeries> out = new ArrayList<>();
        out.add(values);
        for (int i = 0; i < others.getSeriesCount(); i++) {
            out.add(others.getSeries(i));
        }
        return out;
    }

    /**
     * Shows {@code curve}, in one redraw. The move axis keeps its range (see {@link #fit}); the
     * evaluation axis spans the band.
     */
    public void show(Curve curve) {
        boolean notify = chart.isNotify();
        chart.setNotify(false);
        try {
            double band = curve.band();
            Color none = new Color(0, 0, 0, 0);
            fill.setPositivePaint(curve.overlay() ? none : curve.palette().first());
            fill.setNegativePaint(curve.overlay() ? none : curve.palette().second());
            fill.setSeriesPaint(0, curve.overlay() ? engineColor(0) : LINE);
            fill.setSeriesStroke(0, new BasicStroke(curve.overlay() ? 1.8f : 1.4f));
            values.clear();
            zero.clear();
            marks.clear();
            if (!curve.series().isEmpty()) {
                for (Point p : curve.series().get(0).points()) {
                    values.add(p.x(), plotValue(p.forWhite(), band), false);
                    zero.add(p.x(), 0.0, false);
                }
            }
            values.fireSeriesChanged();
            zero.fireSeriesChanged();
            others.removeAllSeries();
            for (int i = 1; i < curve.series().size(); i++) {
                Series s = curve.series().get(i);
                XYSeries xy = new XYSeries(s.name() + "#" + i, false, false);
                for (Point p : s.points()) {
                    xy.add(p.x(), plotValue(p.forWhite(), band), false);
                }
                others.addSeries(xy);
                lines.setSeriesPaint(i - 1, seriesColor(curve, i));
                lines.setSeriesStroke(i - 1, new BasicStroke(curve.overlay() ? 1.8f : 1.6f));
            }
            for (int k = 0; k < judged.getSeriesCount(); k++) {
                judged.getSeries(k).clear();
            }
            if (!curve.series().isEmpty() && !curve.marks().isEmpty()) {
                java.util.Map<Double, Score> first = new java.util.HashMap<>();
                for (Point p : curve.series().get(0).points()) {
                    first.put(p.x(), p.forWhite());
                }
                for (Mark m : curve.marks()) {
                    Score s = first.get(m.x());
                    if (s != null) {
                        judged.getSeries(m.kind().ordinal()).addOrUpdate(m.x(), plotValue(s, band));
                    }
                }
            }
            curve.currentValue().ifPresent(v -> marks.add(curve.current().getAsDouble(), v, false));
            marks.fireSeriesChanged();
            current.setValue(curve.current().orElse(Double.NaN));
            NumberAxis range = (NumberAxis) plot.getRangeAxis();
            range.setRange(-band - MARGIN, band + MARGIN);
            range.setLabel(curve.evalLabel());
            plot.getDomainAxis().setLabel(curve.movesLabel());
            fonts(curve.movesLabel() + curve.evalLabel()
                    + String.join("", curve.series().stream().map(Series::name).toList()));
            if (curve.series().size() > 1) {
                LegendItemCollection items = new LegendItemCollection();
                for (int i = 0; i < curve.series().size(); i++) {
                    Paint paint = seriesColor(curve, i);
                    LegendItem item = new LegendItem(curve.series().get(i).name(), null, null, null,
                            new Line2D.Double(-7, 0, 7, 0), new BasicStroke(2f), paint);
                    items.add(item);
                }
                plot.setFixedLegendItems(items);
                if (chart.getLegend() == null) {
                    chart.addLegend(legend);
                }
            } else if (chart.getLegend() != null) {
                chart.removeLegend();
            }
            shown = curve;
        } finally {
            chart.setNotify(notify);
        }
    }

    /** The colour series {@code i} is drawn in. */
    static Color seriesColor(Curve curve, int i) {
        if (curve.overlay()) {
            return engineColor(i);
        }
        return i == 0 ? LINE : OTHERS.get((i - 1) % OTHERS.size());
    }

    /** The move axis's range for the whole line shown, if it has any point. */
    public Optional<Range> fittedRange() {
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        if (shown != null) {
            for (Series s : shown.series()) {
                for (Point p : s.points()) {
                    first = Math.min(first, p.x());
                    last = Math.max(last, p.x());
                }
            }
        }
        return first > last ? Optional.empty() : Optional.of(Curve.fitted(first, last));
    }

    /** Sets the move axis to the whole line shown; a chart with no points keeps its range. */
    public void fit() {
        fittedRange().ifPresent(r -> plot.getDomainAxis().setRange(r, true, true));
    }

    /** Sets the move axis to a line running from {@code first} to {@code last} (its unevaluated ends too). */
    public void fit(double first, double last) {
        plot.getDomainAxis().setRange(Curve.fitted(first, last), true, true);
    }

    /** Fonts that can show the labels (a Chinese label needs a CJK font; see {@link ChartFonts}). */
    private void fonts(String text) {
        Font tick = ChartFonts.forText(text, Font.PLAIN, 11);
        NumberAxis moves = (NumberAxis) plot.getDomainAxis();
        NumberAxis evals = (NumberAxis) plot.getRangeAxis();
        moves.setTickLabelFont(tick);
        evals.setTickLabelFont(tick);
        moves.setLabelFont(tick);
        evals.setLabelFont(tick);
        legend.setItemFont(tick);
    }

    /** Axis numbers with their sign, and a bare 0 for equality. */
    private static final class SignedFormat extends java.text.NumberFormat {
        @Override
        public StringBuffer format(double number, StringBuffer to, java.text.FieldPosition pos) {
            long v = Math.round(number);
            return to.append(v > 0 ? "+" + v : Long.toString(v));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, java.text.FieldPosition pos) {
            return to.append(number > 0 ? "+" + number : Long.toString(number));
        }

        @Override
        public Number parse(String source, java.text.ParsePosition pos) {
            return java.text.NumberFormat.getInstance(java.util.Locale.ROOT).parse(source.replace("+", ""), pos);
        }
    }
}
