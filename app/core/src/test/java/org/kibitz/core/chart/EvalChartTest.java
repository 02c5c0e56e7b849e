package org.kibitz.core.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.IntFunction;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.TestGames;
import org.kibitz.core.analysis.EvalCurve;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class EvalChartTest {

    private static final int W = 640;
    private static final int H = 320;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static EvalChart.Series line(String name, int plies, IntFunction<Score> score) {
        List<EvalChart.Point> points = new ArrayList<>();
        for (int i = 0; i <= plies; i++) {
            points.add(new EvalChart.Point(i / 2.0, score.apply(i)));
        }
        return new EvalChart.Series(name, points);
    }

    private static EvalChart.Curve curve(EvalChart.Palette palette, double band, EvalChart.Series... series) {
        return new EvalChart.Curve(palette, band, List.of(series), OptionalDouble.of(5), "Move", "White (pawns)");
    }

    /** The PNG the chart writes, decoded, and where its data area is. */
    private record Rendered(BufferedImage image, Rectangle2D area, XYPlot plot) {
        int y(double pawns) {
            return (int) Math.round(plot.getRangeAxis().valueToJava2D(pawns, area, plot.getRangeAxisEdge()));
        }

        int x(double move) {
            return (int) Math.round(plot.getDomainAxis().valueToJava2D(move, area, plot.getDomainAxisEdge()));
        }

        Color at(double move, double pawns) {
            return new Color(image.getRGB(x(move), y(pawns)));
        }

        /**
         * Whether a line of {@code colour} passes within 3 pixels of the point: some pixel there is much
         * nearer to it than to the colours around (a thin line is anti-aliased into them).
         */
        boolean near(double move, double pawns, Color colour, Color... around) {
            int limit = Integer.MAX_VALUE;
            for (Color a : around) {
                limit = Math.min(limit, distance(colour, a) * 6 / 10);
            }
            for (int dx = -3; dx <= 3; dx++) {
                for (int dy = -3; dy <= 3; dy++) {
                    if (distance(colour, new Color(image.getRGB(x(move) + dx, y(pawns) + dy))) < limit) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    private static Rendered png(EvalChart chart) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChartFiles.toPng(chart.chart(), W, H, out);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
        // The same layout drawn once more, to learn where the data area is.
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.chart().createBufferedImage(W, H, info);
        return new Rendered(image, info.getPlotInfo().getDataArea(), chart.plot());
    }

    private static int distance(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) + Math.abs(a.getGreen() - b.getGreen()) + Math.abs(a.getBlue() - b.getBlue());
    }

    private static void assertColour(Color expected, Color actual) {
        assertTrue(distance(expected, actual) <= 24, "expected " + expected + " but the pixel is " + actual);
    }

    /**
     * A chart not shown anything yet (the window starting up) already has its band and whole-pawn
     * ticks: an automatic range over no data printed "+1 +1 … 0 0" with the whole-number format.
     */
    @Test
    void aChartNotYetShownHasItsBandAndDistinctTicks() {
        EvalChart c = new EvalChart();
        org.jfree.chart.axis.NumberAxis evals = (org.jfree.chart.axis.NumberAxis) c.plot().getRangeAxis();
        assertTrue(evals.getUpperBound() >= 2 && evals.getLowerBound() <= -2, evals.getRange().toString());
        assertEquals(0, evals.getTickUnit().getSize() % 1, 1e-9, "whole pawns: no two ticks print the same");
    }

    /**
     * The evaluation axis prints whole pawns as often as the height allows: every pawn in a tall chart,
     * every two or five in a low one (a 1280x800 window's bottom dock), never labels on top of each other.
     */
    @Test
    void aLowChartPrintsFewerEvaluationTicksThanATallOne() {
        EvalChart chart = EvalChart.of(curve(EvalChart.Palette.CHESS, 6, line("sf", 40, i -> Score.centipawns(500))));
        org.jfree.chart.axis.NumberAxis evals = (org.jfree.chart.axis.NumberAxis) chart.plot().getRangeAxis();
        chart.chart().createBufferedImage(800, 600, new ChartRenderingInfo());
        double tall = evals.getTickUnit().getSize();
        chart.chart().createBufferedImage(520, 170, new ChartRenderingInfo());
        double low = evals.getTickUnit().getSize();
        assertEquals(1, tall, 1e-9, "a tall chart: every pawn");
        assertTrue(low >= 2 && low % 1 == 0, "a low chart: every two pawns or more, whole: " + low);
    }

    @Test
    void aPositiveEvaluationFillsAboveTheMiddleInTheFirstPlayersColour() throws Exception {
        EvalChart chart = EvalChart.of(curve(EvalChart.Palette.CHESS, 4, line("sf", 40, i -> Score.centipawns(300))));
        Rendered r = png(chart);
        assertEquals(W, r.image().getWidth());
        assertEquals(H, r.image().getHeight());
        // Between the curve (+3) and zero: White's colour; below zero nothing is filled.
        assertColour(EvalChart.Palette.CHESS.first(), r.at(10.3, 1.5));
        assertColour(EvalChart.PLOT_BACKGROUND, r.at(10.3, -1.5));
        assertColour(EvalChart.PLOT_BACKGROUND, r.at(10.3, 3.5));
        // The curve's own line at +3.
        assertTrue(r.near(10.3, 3, EvalChart.LINE, EvalChart.PLOT_BACKGROUND, EvalChart.Palette.CHESS.first()), "no curve at +3");
    }

    @Test
    void xiangqiFillsRedAboveAndBlackBelow() throws Exception {
        EvalChart chart = EvalChart.of(curve(EvalChart.Palette.XIANGQI, 4,
                line("fsf", 40, i -> Score.centipawns(i < 20 ? 250 : -250))));
        Rendered r = png(chart);
        assertColour(EvalChart.Palette.XIANGQI.first(), r.at(4.3, 1.2));
        assertColour(EvalChart.PLOT_BACKGROUND, r.at(4.3, -1.2));
        assertColour(EvalChart.Palette.XIANGQI.second(), r.at(15.3, -1.2));
        assertColour(EvalChart.PLOT_BACKGROUND, r.at(15.3, 1.2));
    }

    @Test
    void theCurrentPositionIsMarked() throws Exception {
        EvalChart chart = EvalChart.of(curve(EvalChart.Palette.CHESS, 4, line("sf", 40, i -> Score.centipawns(-100))));
        Rendered r = png(chart);
        // x = 5 (White's sixth move): the marker's line through the band, and the dot on the curve.
        assertTrue(r.near(5, 3.2, EvalChart.MARK, EvalChart.PLOT_BACKGROUND), "no marker line");
        assertTrue(r.near(5, -1, EvalChart.MARK, EvalChart.PLOT_BACKGROUND, EvalChart.Palette.CHESS.second()), "no dot");
        assertFalse(r.near(7.3, 2.5, EvalChart.MARK, EvalChart.PLOT_BACKGROUND), "the marker elsewhere");
        assertColour(EvalChart.PLOT_BACKGROUND, r.at(7.3, 3.2));
    }

    @Test
    void matesAndBigScoresSitAtTheEdgesOfTheBand() {
        List<EvalChart.Point> pts = List.of(new EvalChart.Point(0, Score.centipawns(30)),
                new EvalChart.Point(0.5, Score.mate(3)), new EvalChart.Point(1, Score.mate(-2)),
                new EvalChart.Point(1.5, Score.centipawns(2500)), new EvalChart.Point(2, Score.centipawns(-900)));
        EvalChart chart = EvalChart.of(new EvalChart.Curve(EvalChart.Palette.CHESS, 6,
                List.of(new EvalChart.Series("sf", pts)), OptionalDouble.of(0.5), "m", "e"));
        XYSeries v = chart.values();
        assertEquals(List.of(0.3, 6.0, -6.0, 6.0, -6.0),
                List.of(v.getY(0), v.getY(1), v.getY(2), v.getY(3), v.getY(4)).stream().map(Number::doubleValue).toList());
        // The axis shows the whole band plus a margin, and the dot of the current position is at the edge.
        assertEquals(6 + EvalChart.MARGIN, chart.plot().getRangeAxis().getUpperBound(), 1e-9);
        assertEquals(6.0, chart.curve().currentValue().orElseThrow(), 1e-9);
        // A narrower band moves them in.
        chart.show(new EvalChart.Curve(EvalChart.Palette.CHESS, 2, List.of(new EvalChart.Series("sf", pts)),
                OptionalDouble.empty(), "m", "e"));
        assertEquals(2.0, chart.values().getY(1).doubleValue(), 1e-9);
        assertEquals(-2.0, chart.values().getY(4).doubleValue(), 1e-9);
    }

    @Test
    void aBandOutsideTwoToTwentyIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new EvalChart.Curve(EvalChart.Palette.CHESS, 1,
                List.of(), OptionalDouble.empty(), "m", "e"));
        assertThrows(IllegalArgumentException.class, () -> new EvalChart.Curve(EvalChart.Palette.CHESS, 21,
                List.of(), OptionalDouble.empty(), "m", "e"));
    }

    @Test
    void severalEnginesAreDrawnAsSeriesWithALegend() throws Exception {
        EvalChart chart = EvalChart.of(curve(EvalChart.Palette.CHESS, 4,
                line("Stockfish", 40, i -> Score.centipawns(100)), line("Fairy-Stockfish", 40, i -> Score.centipawns(-200))));
        assertEquals(2, chart.plotted().size());
        assertEquals(-2.0, chart.plotted().get(1).getY(3).doubleValue(), 1e-9);
        assertNotNull(chart.chart().getLegend());
        Rendered r = png(chart);
        assertTrue(r.near(10.3, -2, EvalChart.OTHERS.get(0), EvalChart.PLOT_BACKGROUND), "no second engine's line at -2");
        // Back to one series: no legend.
        chart.show(curve(EvalChart.Palette.CHESS, 4, line("Stockfish", 40, i -> Score.centipawns(100))));
        assertEquals(1, chart.plotted().size());
        assertNull(chart.chart().getLegend());
    }

    @Test
    void theSvgIsWellFormedAndHoldsTheCurveAndTheLabels() throws Exception {
        EvalChart chart = EvalChart.of(new EvalChart.Curve(EvalChart.Palette.XIANGQI, 6,
                List.of(line("fsf", 30, i -> Score.centipawns(i * 20 - 300))), OptionalDouble.of(3), "回合", "红方（兵）"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChartFiles.toSvg(chart.chart(), W, H, out);
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        // Well-formedness only: the DOCTYPE's DTD is not fetched.
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(out.toByteArray()));
        assertEquals("svg", doc.getDocumentElement().getLocalName());
        NodeList paths = doc.getElementsByTagNameNS("*", "path");
        assertTrue(paths.getLength() > 0, "no path in the SVG");
        String svg = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        // The red of the xiangqi fill and the labels as text.
        assertTrue(svg.contains("rgb(232,138,120)") || svg.toLowerCase().contains("#e88a78"), "no red fill");
        // The move axis's label as text (the rotated one is drawn as outlines).
        assertTrue(svg.contains(">回合</text>"), "no axis label");
    }

    @Test
    void chineseLabelsGetAFontThatCanShowThem() {
        String label = "红方（兵）";
        String family = ChartFonts.family(label);
        Font f = new Font(family, Font.PLAIN, 11);
        // On a machine with a CJK font the label can be shown; with none we fall back to Dialog.
        assertTrue(f.canDisplayUpTo(label) < 0 || family.equals(Font.DIALOG), family);
        assertEquals(Font.SANS_SERIF, ChartFonts.family("White (pawns)"));
        boolean cjkInstalled = java.util.Arrays.stream(java.awt.GraphicsEnvironment.getLocalGraphicsEnvironment()
                .getAvailableFontFamilyNames(java.util.Locale.ROOT)).anyMatch(ChartFonts.CJK::contains);
        if (cjkInstalled) {
            // A real face, not AWT's logical SansSerif: the workbench draws through JavaFX, which has no
            // fallback behind "SansSerif", and an SVG viewer knows no such family.
            assertTrue(ChartFonts.CJK.contains(family), family);
        }
    }

    @Test
    void filesAreWrittenWholeWithNothingLeftBeside(@TempDir Path dir) throws Exception {
        EvalChart chart = EvalChart.of(curve(EvalChart.Palette.CHESS, 4, line("sf", 10, i -> Score.centipawns(50))));
        Path png = dir.resolve("c.png");
        Path svg = dir.resolve("c.svg");
        ChartFiles.toPng(chart.chart(), 300, 200, png);
        ChartFiles.toSvg(chart.chart(), 300, 200, svg);
        assertEquals(300, ImageIO.read(png.toFile()).getWidth());
        assertTrue(Files.readString(svg).startsWith("<?xml"));
        try (var s = Files.list(dir)) {
            assertEquals(List.of("c.png", "c.svg"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertEquals(ChartFiles.Kind.SVG, ChartFiles.Kind.of(Path.of("a.SVG")).orElseThrow());
        assertFalse(ChartFiles.Kind.of(Path.of("a.jpg")).isPresent());
    }

    @Test
    void aGamesEvaluationsBecomeTheFirstSeries() {
        GameTree tree = TestGames.randomGame(TestGames.CHESS, 7, 3, 0);
        List<GameNode> line = tree.mainline();
        line.get(0).setEvalForWhite(Score.centipawns(40));
        line.get(2).setEvalForWhite(Score.mate(-4));
        List<EvalCurve.Point> pts = EvalCurve.points(line, tree.root(), 4);
        EvalChart.Series s = EvalChart.Series.of("file", pts);
        // Only evaluated positions, at their move-axis place, with their unclipped score.
        assertEquals(List.of(0.5, 1.5), s.points().stream().map(EvalChart.Point::x).toList());
        assertEquals(Score.mate(-4), s.points().get(1).forWhite());
    }
}
