package org.kibitz.workbench.engines;

import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;
import org.kibitz.api.tree.GameNode;
import org.kibitz.workbench.Icons;
import org.kibitz.core.analysis.EngineGameCurve;
import org.kibitz.core.analysis.EvalCurve;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.chart.EvalChart;

/**
 * The evaluation curve pane: one point per position of the current line, from the analysis kept in
 * the game tree (live engines) and the file's {@code [%eval]}s, from White's/Red's point of view,
 * with mates at the edges of the band. Click a point to go there; the wheel and a drag zoom the
 * move axis; the current position is marked.
 */
public final class CurvePane extends BorderPane {

    private final EnginesUi ui;
    private final EvalChart definition;
    private final JFreeChart chart;
    private final XYPlot plot;
    private final ChartViewer viewer;
    private final Label caption = new Label();
    private final Label empty = new Label();
    private final javafx.scene.control.ToggleButton compared = new javafx.scene.control.ToggleButton();
    private List<EvalCurve.Point> points = List.of();
    /** The move axis's range as last fitted to the line; null to fit again. */
    private org.jfree.data.Range fittedRange;
    private Object shownTree;
    private List<Object> shownLook;

    public CurvePane(EnginesUi ui) {
        this.ui = ui;
        setId("curve-pane");
        getStyleClass().add("curve-pane");
        getStylesheets().add(EngineStyles.URL);

        // The chart is the core's definition, shared with `kibitz curve`; this pane adds the interaction.
        definition = new EvalChart();
        chart = definition.chart();
        plot = definition.plot();
        viewer = new ChartViewer(chart, false);
        viewer.setId("curve-chart");
        viewer.getCanvas().setRangeZoomable(false);
        viewer.getCanvas().setTooltipEnabled(false);
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX e) {
                if (e.getTrigger().isStillSincePress() && e.getTrigger().getClickCount() == 1) {
                    goTo(e.getTrigger().getX(), e.getTrigger().getY());
                }
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX e) {
                // the caption follows the cursor of the game, not the mouse
            }
        });

        empty.setId("curve-empty");
        empty.getStyleClass().add("curve-empty");
        empty.textProperty().bind(ui.i18n().text("curve.empty"));
        empty.setMouseTransparent(true);
        empty.setWrapText(true);
        // The note sits at the top of the plot, right of the value axis and above the zero line, so
        // the axes it explains stay readable.
        empty.maxWidthProperty().bind(widthProperty().subtract(CURVE_NOTE_LEFT + 12));
        StackPane centre = new StackPane(viewer, empty);
        StackPane.setAlignment(empty, Pos.TOP_LEFT);
        StackPane.setMargin(empty, new Insets(10, 8, 0, CURVE_NOTE_LEFT));
        setCenter(centre);

        caption.setId("curve-caption");
        caption.getStyleClass().add("curve-caption");
        // Two engines' names and scores ("Stockfish 15.1 +0.34   Fairy-Stockfish 11.1 LB +0.86") do not
        // fit a 1280 px window's curve on one line: the caption takes more lines rather than cut them
        // (showCaption puts each part on a line of its own).
        caption.setWrapText(true);
        caption.setMinWidth(0);
        caption.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(caption, Priority.ALWAYS);
        Button fit = new Button();
        fit.setId("curve-fit");
        fit.setGraphic(Icons.of("mdi2a-arrow-expand-horizontal"));
        fit.getStyleClass().add("flat");
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(ui.i18n().text("curve.fit"));
        fit.setTooltip(tip);
        fit.setOnAction(e -> {
            fittedRange = null;
            redraw(true);
        });
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        compared.setId("curve-compared");
        compared.setGraphic(Icons.of("mdi2c-chart-multiline"));
        compared.getStyleClass().add("flat");
        compared.selectedProperty().bindBidirectional(ui.curveOverlayShownProperty());
        Tooltip comparedTip = new Tooltip();
        comparedTip.textProperty().bind(ui.i18n().text("curve.compared"));
        compared.setTooltip(comparedTip);
        compared.setVisible(false);
        compared.setManaged(false);
        ui.curveOverlayShownProperty().addListener((o, a, b) -> ui.curveSignal().raise());
        HBox bar = new HBox(6, caption, spring, compared, bandChooser(), fit);
        bar.widthProperty().addListener((o, a, b) -> showCaption(captionText));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(2, 6, 2, 8));
        bar.getStyleClass().add("curve-toolbar");
        setTop(bar);

        // On the engine lines' refreshes, so a flood's changes are drawn in the same frames (a redraw
        // that finds the chart as it was draws nothing).
        ui.ticker().watch("curve", ui.curveSignal(), FrameTicker.REFRESH, () -> redraw(false));
        ui.scoreUnitProperty().addListener((o, a, b) -> ui.curveSignal().raise());
        ui.i18n().localeProperty().addListener((o, a, b) -> ui.curveSignal().raise());
        ui.curveSignal().raise();
    }

    /** Room the empty note leaves on its left for the value axis and its title. */
    private static final double CURVE_NOTE_LEFT = 64;

    /** The bands offered: pawns either side of equal; mates sit at the edges. */
    static final List<Double> BANDS = EvalChart.BANDS;

    /** A menu of bands: a close game reads better on ±2, a lopsided one on ±10. */
    private javafx.scene.control.MenuButton bandChooser() {
        javafx.scene.control.MenuButton band = new javafx.scene.control.MenuButton();
        band.setId("curve-band");
        band.setMinWidth(Region.USE_PREF_SIZE); // the caption gives way, not the band's value
        band.getStyleClass().add("flat");
        Runnable label = () -> band.setText(ui.i18n().get("curve.band.short", (int) Math.round(ui.curveClip())));
        javafx.scene.control.ToggleGroup group = new javafx.scene.control.ToggleGroup();
        for (double b : BANDS) {
            javafx.scene.control.RadioMenuItem item = new javafx.scene.control.RadioMenuItem();
            item.setId("curve-band-" + (int) b);
            item.setToggleGroup(group);
            item.textProperty().bind(ui.i18n().text("curve.band.item", (int) b));
            item.setSelected(b == ui.curveClip());
            item.setOnAction(e -> {
                ui.setCurveClip(b);
                label.run();
            });
            band.getItems().add(item);
        }
        label.run();
        ui.i18n().localeProperty().addListener((o, a, b) -> label.run());
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(ui.i18n().text("curve.band"));
        band.setTooltip(tip);
        return band;
    }

    /** The points plotted now (for tests). */
    public List<EvalCurve.Point> points() {
        return points;
    }

    public ChartViewer viewer() {
        return viewer;
    }

    /** The core chart definition this pane shows (for tests: its series are the current line's). */
    public EvalChart definition() {
        return definition;
    }

    /** The top of the evaluation axis: the band plus a margin for the dots (for tests). */
    public double evalAxisUpperBound() {
        return plot.getRangeAxis().getUpperBound();
    }

    /** How many moves the move axis spans now (for tests of zooming). */
    public double moveAxisLength() {
        return plot.getDomainAxis().getRange().getLength();
    }

    /** Where on screen a point of the curve is drawn (for tests and tooltips). */
    public Optional<javafx.geometry.Point2D> screenPointOf(int index) {
        if (index < 0 || index >= points.size()) {
            return Optional.empty();
        }
        Rectangle2D data = dataArea();
        if (data == null) {
            return Optional.empty();
        }
        EvalCurve.Point p = points.get(index);
        double x = plot.getDomainAxis().valueToJava2D(p.x(), data, plot.getDomainAxisEdge());
        double y = plot.getRangeAxis().valueToJava2D(p.value().orElse(0.0), data, plot.getRangeAxisEdge());
        return Optional.of(viewer.getCanvas().localToScreen(x, y));
    }

    private Rectangle2D dataArea() {
        ChartRenderingInfo info = viewer.getCanvas().getRenderingInfo();
        return info == null || info.getPlotInfo() == null ? null : info.getPlotInfo().getDataArea();
    }

    /** A click at canvas coordinates: the cursor goes to the nearest position of the line. */
    private void goTo(double canvasX, double canvasY) {
        Rectangle2D data = dataArea();
        if (data == null || points.isEmpty()) {
            return;
        }
        double x = plot.getDomainAxis().java2DToValue(canvasX, data, RectangleEdge.BOTTOM);
        EvalCurve.Point best = null;
        for (EvalCurve.Point p : points) {
            if (best == null || Math.abs(p.x() - x) < Math.abs(best.x() - x)) {
                best = p;
            }
        }
        if (best != null && ui.document().contains(best.node())) {
            ui.document().goTo(best.node());
        }
    }

    private void redraw(boolean force) {
        double clip = EvalChart.clampBand(ui.curveClip());
        List<GameNode> line = ui.document().currentLine();
        points = EvalCurve.points(line, ui.document().tree().root(), clip, ui.curveEngine());
        GameNode cursor = ui.document().cursor();
        EvalCurve.Point at = points.stream().filter(p -> p.node() == cursor).findFirst().orElse(null);
        String gameId = ui.document().game().id();
        String text = caption(at);

        // What the chart would show: when it is what it shows already, nothing is drawn.
        List<Object> look = new java.util.ArrayList<>(points.size() + 6);
        points.forEach(p -> look.add(p.value().orElse(Double.NaN)));
        Optional<EnginesUi.CurveOverlay> offered = ui.curveOverlayProperty().get()
                .filter(o -> o.tree() == ui.document().tree());
        compared.setVisible(offered.isPresent());
        compared.setManaged(offered.isPresent());
        Optional<EnginesUi.CurveOverlay> overlay = offered.filter(o -> ui.curveOverlayShownProperty().get());
        // A game between engines: one curve per engine, each of its own evaluations (one curve would
        // alternate between their scales ply by ply), said to be live when it is played here.
        boolean live = ui.document().playedHere();
        boolean engineGame = overlay.isEmpty() && (live || EngineGameCurve.betweenEngines(line));
        List<EvalChart.Series> series = overlay.map(o -> compared(o, line))
                .orElseGet(() -> engineGame ? engineSeries(points) : List.of(EvalChart.Series.of(ui.curveEngine(), points)));
        List<EvalChart.Mark> marks = overlay.map(o -> disagreements(o, points)).orElseGet(() -> marks(points));
        if (overlay.isPresent()) {
            text = overlayCaption(at, series);
            series.forEach(look::add);
        } else if (engineGame) {
            text = overlayCaption(at, series);
            if (at != null) {
                text = text + "   " + ui.i18n().get(live ? "curve.source.live" : "curve.source.file");
            }
            series.forEach(look::add);
        }
        look.add(marks);
        look.add(at == null ? -1 : at.index());
        look.add(gameId);
        look.add(clip);
        look.add(ui.i18n().locale());
        look.add(ui.document().tree());
        if (!force && look.equals(shownLook)) {
            showCaption(text);
            return;
        }
        shownLook = look;
        if (ui.document().tree() != shownTree) {
            shownTree = ui.document().tree();
            fittedRange = null;
        }
        boolean xiangqi = "xiangqi".equals(gameId);
        boolean any = points.stream().anyMatch(p -> p.value().isPresent()) || series.stream().anyMatch(x -> !x.points().isEmpty());
        // One redraw for the whole update: every setter below would otherwise draw the chart again.
        chart.setNotify(false);
        try {
            EvalChart.Curve curve = new EvalChart.Curve(EvalChart.Palette.of(gameId), clip, series,
                    at == null ? OptionalDouble.empty() : OptionalDouble.of(at.x()),
                    ui.i18n().get("curve.axis.moves"), ui.i18n().get(xiangqi ? "curve.axis.red" : "curve.axis.white"), marks);
            definition.show(overlay.isPresent() || engineGame ? curve.overlaid() : curve);
            NumberAxis domain = (NumberAxis) plot.getDomainAxis();
            if (!points.isEmpty()) {
                // Follow the line's length unless the user zoomed in (then the range is theirs until Fit).
                boolean zoomed = fittedRange != null && !domain.getRange().equals(fittedRange);
                if (!zoomed) {
                    fittedRange = EvalChart.Curve.fitted(points.get(0).x(), points.get(points.size() - 1).x());
                    domain.setRange(fittedRange, true, false);
                }
            }
            showCaption(text);
            empty.setVisible(!any);
        } finally {
            chart.setNotify(true);
        }
    }

    /**
     * One series per compared engine: the positions of {@code line} (and its start) where that engine
     * left a best line, none of another engine's (a curve that mixes engines' scales zigzags).
     */
    static List<EvalChart.Series> compared(EnginesUi.CurveOverlay overlay, List<GameNode> line) {
        List<EvalCurve.Point> all = EvalCurve.points(line, overlay.tree().root(), EvalChart.MAX_BAND);
        List<EvalChart.Series> out = new java.util.ArrayList<>();
        for (String engine : overlay.engines()) {
            List<EvalChart.Point> ps = new java.util.ArrayList<>();
            for (EvalCurve.Point p : all) {
                org.kibitz.api.tree.BestEvaluation.bestLine(p.node(), engine).filter(a -> a.engine().equals(engine))
                        .ifPresent(a -> ps.add(new EvalChart.Point(p.x(), a.score().forWhite(p.node().position().sideToMove()))));
            }
            out.add(new EvalChart.Series(engine, ps));
        }
        return out;
    }

    /** The compared positions where the engines disagree, on the main line shown. */
    static List<EvalChart.Mark> disagreements(EnginesUi.CurveOverlay overlay, List<EvalCurve.Point> points) {
        java.util.Set<GameNode> main = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        main.add(overlay.tree().root());
        main.addAll(overlay.tree().mainline());
        List<EvalChart.Mark> out = new java.util.ArrayList<>();
        for (EvalCurve.Point p : points) {
            if (main.contains(p.node()) && overlay.disagreements().contains(p.node().ply())) {
                out.add(new EvalChart.Mark(p.x(), EvalChart.MarkKind.DISAGREEMENT));
            }
        }
        return out;
    }

    /** The two players' curves of a game between engines, named as the game names its players. */
    private List<EvalChart.Series> engineSeries(List<EvalCurve.Point> points) {
        org.kibitz.api.tree.Tags tags = ui.document().tree().tags();
        boolean xiangqi = "xiangqi".equals(ui.document().game().id());
        List<EvalChart.Series> out = new java.util.ArrayList<>(2);
        for (org.kibitz.api.game.Side side : org.kibitz.api.game.Side.values()) {
            boolean white = side == org.kibitz.api.game.Side.WHITE;
            String name = tags.get(white ? "White" : "Black").filter(n -> !n.isBlank() && !n.equals("?")).map(ui.i18n()::engineName)
                    .orElseGet(() -> ui.i18n().get(white ? (xiangqi ? "curve.side.red" : "curve.side.white") : "curve.side.black"));
            List<EvalChart.Point> ps = EngineGameCurve.of(side, points).stream()
                    .map(p -> new EvalChart.Point(p.x(), p.forWhite())).toList();
            out.add(new EvalChart.Series(name, ps));
        }
        return out;
    }

    /** The caption's whole text, before it is put on lines. */
    private String captionText = "";

    /**
     * Shows the caption on one line when it fits, else each part (the move, each engine's score) on
     * a line of its own: wrapped where the label chose, "+0.86" was split over two lines.
     */
    private void showCaption(String text) {
        captionText = text == null ? "" : text;
        // The room the bar leaves it beside its buttons (not its own width, which follows its text).
        double room = -1;
        if (caption.getParent() instanceof HBox bar && bar.getWidth() > 0) {
            room = bar.getWidth() - bar.snappedLeftInset() - bar.snappedRightInset();
            for (javafx.scene.Node n : bar.getChildren()) {
                if (n != caption && n.isManaged()) {
                    room -= n.prefWidth(-1) + bar.getSpacing();
                }
            }
            room -= caption.snappedLeftInset() + caption.snappedRightInset() + 2;
        }
        boolean fits = room <= 0 || org.kibitz.workbench.Tables.width(captionText, caption.getFont()) <= room;
        String shown = fits ? captionText : captionText.replace(PART, "\n");
        if (!shown.equals(caption.getText())) {
            caption.setText(shown);
        }
    }

    /** Between the caption's parts. */
    private static final String PART = "   ";

    /** The move at the cursor and each series' score there. */
    private String overlayCaption(EvalCurve.Point at, List<EvalChart.Series> series) {
        if (at == null) {
            return "";
        }
        StringBuilder text = new StringBuilder(moveText(at));
        for (EvalChart.Series s : series) {
            s.points().stream().filter(p -> p.x() == at.x()).findFirst().ifPresent(p -> text.append(PART).append(s.name())
                    .append(' ').append(AnalysisText.score(p.forWhite(), ui.scoreUnitProperty().get())));
        }
        return text.toString();
    }

    /** The line's moves judged ?!, ? or ?? (their glyphs), marked where the position after them is plotted. */
    static List<EvalChart.Mark> marks(List<EvalCurve.Point> points) {
        List<EvalChart.Mark> out = new java.util.ArrayList<>();
        for (EvalCurve.Point p : points) {
            if (p.eval().isEmpty() || p.node().move().isEmpty()) {
                continue;
            }
            for (int nag : p.node().nags()) {
                EvalChart.MarkKind kind = switch (nag) {
                    case 4 -> EvalChart.MarkKind.BLUNDER;
                    case 2 -> EvalChart.MarkKind.MISTAKE;
                    case 6 -> EvalChart.MarkKind.INACCURACY;
                    default -> null;
                };
                if (kind != null) {
                    out.add(new EvalChart.Mark(p.x(), kind));
                    break;
                }
            }
        }
        return out;
    }

    private String caption(EvalCurve.Point at) {
        if (at == null) {
            return "";
        }
        String move = moveText(at);
        if (at.eval().isEmpty()) {
            return move;
        }
        var e = at.eval().get();
        String score = AnalysisText.score(e.forWhite(), ui.scoreUnitProperty().get());
        String source = e.engine().map(n -> ui.i18n().get("curve.source.engine", n, e.depth()))
                .orElse(ui.i18n().get("curve.source.file"));
        return move + "   " + score + "   " + source;
    }

    /** The move that led to the point's position, as {@code 12. Nf3}, or "start". */
    private String moveText(EvalCurve.Point at) {
        return at.node().move().isEmpty() ? ui.i18n().get("curve.start")
                : ui.i18n().get("curve.move", moveNumber(at), at.node().move()
                .map(m -> ui.notation(at.node().position().gameId()).format(at.node().positionBefore(), m)).orElse(""));
    }

    private static String moveNumber(EvalCurve.Point p) {
        var before = p.node().positionBefore();
        int n = before.fullmoveNumber();
        return before.sideToMove() == org.kibitz.api.game.Side.WHITE ? n + "." : n + "...";
    }
}
