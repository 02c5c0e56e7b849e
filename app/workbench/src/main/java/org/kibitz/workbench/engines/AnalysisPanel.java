package org.kibitz.workbench.engines;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.workbench.Icons;
import org.kibitz.core.analysis.AnalysisState;
import org.kibitz.core.analysis.AnalysisState.Status;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.engines.EngineEntry;

/**
 * One engine's analysis in the engine lines pane: which engine, start/stop, how many lines, the
 * search figures, and a table with each line's scores, depth, WDL, nodes, speed, time and moves.
 */
final class AnalysisPanel extends BorderPane {

    private final EnginesUi ui;
    private final String slotId;
    private final ComboBox<EngineEntry> engines = new ComboBox<>();
    private final ToggleButton startStop = new ToggleButton();
    private final Spinner<Integer> multiPv = new Spinner<>();
    private final Button options = new Button();
    private final Button add = new Button();
    private final Button close = new Button();
    private final Label title = new Label();
    private final Label figures = new Label();
    private final Label error = new Label();
    private final javafx.scene.control.Hyperlink showLog = new javafx.scene.control.Hyperlink();
    private final HBox errorRow = new HBox(6, error, showLog);
    private final TableView<LineRow> table = new TableView<>();
    private final ObservableList<LineRow> rows = FXCollections.observableArrayList();
    private final TableColumn<LineRow, String> whiteColumn = new TableColumn<>();
    private static final javafx.css.PseudoClass ACTIVE = javafx.css.PseudoClass.getPseudoClass("active");
    private static final javafx.css.PseudoClass FAILED = javafx.css.PseudoClass.getPseudoClass("failed");
    private final Node playIcon = Icons.of("mdi2p-play");
    private final Node stopIcon = Icons.of("mdi2s-stop");
    private Boolean shownRunning;
    private String shownMessage = "";
    private java.util.Locale controlsLocale;
    private boolean updatingControls;
    /** Below this width the per-line figures the header shows are hidden, below the next the side-to-move score and WDL too. */
    private static final double NARROW = 800;
    private static final double VERY_NARROW = 480;
    private long shownVersion = -1;
    private Object shownCursor;
    private long shownStored = -1;
    private boolean showingStored;
    /** Whether the slot's lines and figures are for the board's position. */
    private boolean shownHere;
    private static final javafx.css.PseudoClass STORED = javafx.css.PseudoClass.getPseudoClass("stored");
    private AnalysisText.Unit shownUnit;
    private String shownNotation;
    private java.util.Locale shownLocale;

    AnalysisPanel(EnginesUi ui, String slotId) {
        this.ui = ui;
        this.slotId = slotId;
        setId("analysis-panel-" + slotId);
        getStyleClass().add("analysis-panel");
        setMinHeight(0); // the table shows fewer rows rather than the dock moving the board's divider

        Rectangle swatch = new Rectangle(4, 18, ui.colorOf(slotId));
        swatch.getStyleClass().add("panel-swatch");
        engines.setId("engine-choice-" + slotId);
        engines.setCellFactory(l -> new EngineCell());
        engines.setButtonCell(new EngineCell());
        engines.setMaxWidth(260);
        engines.setOnAction(e -> {
            EngineEntry chosen = engines.getValue();
            if (!updatingControls && chosen != null) {
                ui.chooseEngine(slotId, chosen);
            }
        });
        startStop.setId("analysis-toggle-" + slotId);
        startStop.getStyleClass().add("analysis-toggle");
        startStop.setOnAction(e -> {
            if (!updatingControls) {
                ui.toggle(slotId);
                refreshControls(ui.service().slot(slotId).state());
            }
        });
        multiPv.setId("multipv-" + slotId);
        multiPv.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(1, 10, ui.panel(slotId).multiPv()));
        multiPv.setEditable(true);
        multiPv.setPrefWidth(64);
        multiPv.valueProperty().addListener((o, a, b) -> {
            if (!updatingControls && b != null) {
                ui.setMultiPv(slotId, b);
            }
        });
        Label pvLabel = new Label();
        pvLabel.textProperty().bind(ui.i18n().text("lines.multipv"));
        // Side by side, the bar is short of room: the chooser gives way (its engine's full name is
        // in the title below and in its tooltip), never the label ("Li…") or the buttons.
        pvLabel.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        pvLabel.setId("multipv-label-" + slotId);
        startStop.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        multiPv.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        engines.setMinWidth(90);
        Tooltip engineTip = new Tooltip();
        engineTip.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> engines.getValue() == null ? "" : engines.getValue().name(), engines.valueProperty()));
        engines.setTooltip(engineTip);
        tooltip(multiPv, "lines.multipv.tip");
        options.setId("engine-options-" + slotId);
        options.setGraphic(Icons.of("mdi2c-cog-outline"));
        options.getStyleClass().add("flat");
        tooltip(options, "lines.options.tip");
        options.setOnAction(e -> EngineManagerDialog.show(ui, Optional.ofNullable(engines.getValue()).map(EngineEntry::id)));
        add.setId("panel-add-" + slotId);
        add.setGraphic(Icons.of("mdi2v-view-split-vertical"));
        add.getStyleClass().add("flat");
        tooltip(add, "lines.add.tip");
        add.setOnAction(e -> ui.addPanel().ifPresent(id -> ui.start(id)));
        close.setId("panel-close-" + slotId);
        close.setGraphic(Icons.of("mdi2c-close"));
        close.getStyleClass().add("flat");
        tooltip(close, "lines.close.tip");
        close.setOnAction(e -> ui.removePanel(slotId));

        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox bar = new HBox(6, swatch, startStop, engines, pvLabel, multiPv, spring, options, add, close);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 4, 3, 4));
        bar.getStyleClass().add("analysis-toolbar");

        title.setId("analysis-title-" + slotId);
        title.getStyleClass().add("analysis-title");
        // A long engine name with its state wraps rather than being cut.
        title.setWrapText(true);
        title.maxWidthProperty().bind(widthProperty().subtract(20));
        figures.setId("analysis-figures-" + slotId);
        figures.getStyleClass().add("analysis-figures");
        // Wraps the figures under the name when the panel is narrow (two engines side by side).
        javafx.scene.layout.FlowPane header = new javafx.scene.layout.FlowPane(12, 0, title, figures);
        header.setPadding(new Insets(1, 6, 2, 8));
        header.prefWrapLengthProperty().bind(widthProperty().subtract(20));
        // The figures change on every refresh under a flood. A flow's least width is its widest
        // child's: it made the panel's, the panels' and the window content's least width follow
        // the figures' text, and where the panels overflow the window (four side by side) each new
        // text resized and laid out the whole window again, the curve redrawn with it. The header
        // asks for no width of its own; the figures wrap within the panel as the title does.
        header.setMinWidth(0);
        figures.setWrapText(true);
        figures.setMinWidth(0);
        figures.maxWidthProperty().bind(widthProperty().subtract(20));
        error.setId("analysis-error-" + slotId);
        error.getStyleClass().add("analysis-error");
        error.setWrapText(true);
        error.setMaxWidth(Double.MAX_VALUE);
        error.setVisible(false);
        // A failure says what happened in a line or two; the engine's own lines are in the log, one click away.
        showLog.setId("analysis-show-log-" + slotId);
        showLog.textProperty().bind(ui.i18n().text("lines.showLog"));
        showLog.setOnAction(e -> ui.window().ifPresent(w -> w.docking().open(EnginesUi.LOG_PANE)));
        HBox.setHgrow(error, Priority.ALWAYS);
        errorRow.setAlignment(Pos.CENTER_LEFT);
        errorRow.setPadding(new Insets(0, 4, 0, 0));
        errorRow.managedProperty().bind(errorRow.visibleProperty());
        errorRow.setVisible(false);
        VBox top = new VBox(bar, header, errorRow);
        setTop(top);

        buildTable();
        setCenter(table);

        engineListListener = (o, a, b) -> refreshEngines();
        panelsListener = (o, a, b) -> {
            if (ui.panelIds().contains(slotId)) {
                refreshEngines();
                refreshControls(ui.service().slot(slotId).state());
            }
        };
        ui.engineListRevision().addListener(engineListListener);
        ui.panelsRevision().addListener(panelsListener);
        // The chooser's cells mark the built-in engine in the current language.
        localeListener = (o, a, b) -> {
            engines.setButtonCell(new EngineCell());
            refreshControls(ui.service().slot(slotId).state()); // the header's state words
        };
        ui.i18n().localeProperty().addListener(localeListener);
        refreshEngines();
        ui.service().slot(slotId).setEngine(ui.engineFor(slotId, ui.document().game().id()));
        refreshControls(ui.service().slot(slotId).state());
    }

    private javafx.beans.value.ChangeListener<Number> engineListListener;
    private javafx.beans.value.ChangeListener<Number> panelsListener;
    private javafx.beans.value.ChangeListener<java.util.Locale> localeListener;

    String slotId() {
        return slotId;
    }

    /** The panel was closed: it stops listening (its slot is already ended). */
    void dispose() {
        ui.engineListRevision().removeListener(engineListListener);
        ui.panelsRevision().removeListener(panelsListener);
        ui.i18n().localeProperty().removeListener(localeListener);
    }

    private void tooltip(javafx.scene.control.Control c, String key) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(ui.i18n().text(key));
        c.setTooltip(t);
    }

    private void buildTable() {
        table.setId("analysis-lines-" + slotId);
        table.getStyleClass().add("analysis-lines");
        table.setItems(rows);
        table.setTableMenuButtonVisible(true);
        // Rows of a fixed height, two lines of moves: the table does not jump as lines grow and
        // shrink, and a fixed height keeps its layout cheap under a flood of updates.
        org.kibitz.workbench.Rows.fit(table, 2);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label();
        empty.textProperty().bind(ui.i18n().text("lines.empty"));
        empty.getStyleClass().add("analysis-empty");
        table.setPlaceholder(empty);

        TableColumn<LineRow, String> rank = column("lines.col.rank", r -> r.rank.getReadOnlyProperty(), 26);
        TableColumn<LineRow, String> score = column("lines.col.score", r -> r.score.getReadOnlyProperty(), 70);
        score.setCellFactory(c -> new ScoreCell(false));
        whiteColumn.setCellValueFactory(c -> c.getValue().white.getReadOnlyProperty());
        whiteColumn.setPrefWidth(70);
        whiteColumn.setMinWidth(66);
        whiteColumn.setSortable(false);
        whiteColumn.setReorderable(false);
        whiteColumn.setCellFactory(c -> new ScoreCell(true));
        TableColumn<LineRow, String> depth = column("lines.col.depth", r -> r.depth.getReadOnlyProperty(), 62);
        TableColumn<LineRow, String> wdl = column("lines.col.wdl", r -> r.wdl.getReadOnlyProperty(), 76);
        score.setMinWidth(66);
        depth.setMinWidth(58);
        wdl.setMinWidth(70);
        TableColumn<LineRow, String> nodes = column("lines.col.nodes", r -> r.nodes.getReadOnlyProperty(), 62);
        TableColumn<LineRow, String> nps = column("lines.col.nps", r -> r.nps.getReadOnlyProperty(), 62);
        TableColumn<LineRow, String> time = column("lines.col.time", r -> r.time.getReadOnlyProperty(), 54);
        // Figures such as "20.0k" or "1.2M/s" stay whole when the moves' column takes the width.
        rank.setMinWidth(28);
        nodes.setMinWidth(62);
        nps.setMinWidth(62);
        time.setMinWidth(54);
        TableColumn<LineRow, String> pv = column("lines.col.pv", LineRow::pvProperty, 420);
        pv.setCellFactory(c -> new PvCell());
        for (TableColumn<LineRow, String> c : List.of(rank, score, whiteColumn, depth, wdl, nodes, nps, time)) {
            c.getStyleClass().add("figure-column");
        }
        table.getColumns().setAll(List.of(rank, score, whiteColumn, depth, wdl, nodes, nps, time, pv));
        // Side by side, a panel is narrow: the per-line figures the header shows too (nodes, speed,
        // time, and depth when very narrow) make way for the moves, and WDL when the engine gives
        // none. Both scores stay: the side to move's, as engines give it, and White's/Red's, which
        // reads the same whoever is to move. The table's menu brings any column back.
        List<TableColumn<LineRow, String>> secondary = List.of(nodes, nps, time);
        this.wdlColumn = wdl;
        this.depthColumn = depth;
        this.secondaryColumns = secondary;
        table.widthProperty().addListener((o, a, b) -> {
            if (a.doubleValue() == 0 || widthClass(a.doubleValue()) != widthClass(b.doubleValue())) {
                showColumns();
            }
        });
        table.setRowFactory(t -> {
            TableRow<LineRow> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && row.getItem() != null) {
                    playFirstMove(row.getItem());
                }
            });
            return row;
        });
    }

    private TableColumn<LineRow, String> wdlColumn;
    private TableColumn<LineRow, String> depthColumn;
    private List<TableColumn<LineRow, String>> secondaryColumns = List.of();
    /** Whether a line shown has WDL figures; null before the first lines. */
    private Boolean shownWdl;

    /** Which columns the panel's width and the lines leave room for; run when either class changes. */
    private void showColumns() {
        int now = widthClass(table.getWidth());
        secondaryColumns.forEach(c -> c.setVisible(now == 0));
        depthColumn.setVisible(now < 2);
        wdlColumn.setVisible(now == 0 || now == 1 && !Boolean.FALSE.equals(shownWdl));
    }

    /** 0 wide, 1 narrow, 2 very narrow. */
    private static int widthClass(double w) {
        return w >= NARROW ? 0 : w >= VERY_NARROW ? 1 : 2;
    }

    private TableColumn<LineRow, String> column(String key, java.util.function.Function<LineRow, ObservableValue<String>> value,
                                                double width) {
        TableColumn<LineRow, String> c = new TableColumn<>();
        c.textProperty().bind(ui.i18n().text(key));
        c.setCellValueFactory(cd -> value.apply(cd.getValue()));
        c.setPrefWidth(width);
        c.setSortable(false);
        c.setReorderable(false);
        return c;
    }

    /** A double-clicked line: its first move is played on the board (a new variation if the game went otherwise). */
    private void playFirstMove(LineRow row) {
        AnalysisUpdate u = row.update;
        if (u == null || u.pv().isEmpty() || !u.position().equals(ui.document().position())) {
            return;
        }
        Move m = u.pv().get(0);
        if (ui.document().position().isLegal(m)) {
            ui.document().play(m);
        }
    }

    private void refreshEngines() {
        if (!ui.panelIds().contains(slotId)) {
            return;
        }
        updatingControls = true;
        try {
            String gameId = ui.document().game().id();
            List<EngineEntry> list = ui.registry().playing(gameId);
            EngineEntry chosen = ui.engineFor(slotId, gameId);
            engines.getItems().setAll(list);
            engines.getSelectionModel().select(list.stream().filter(e -> e.id().equals(chosen.id())).findFirst().orElse(null));
            ui.service().slot(slotId).setEngine(chosen);
            close.setVisible(ui.panelIds().size() > 1);
            close.setManaged(close.isVisible());
            add.setDisable(ui.panelIds().size() >= EnginesUi.MAX_PANELS);
        } finally {
            updatingControls = false;
        }
    }

    /** Whether {@code states} has news this panel does not show yet (its slot, the cursor, the unit...). */
    boolean behind(Map<String, AnalysisState> states) {
        AnalysisState s = states.get(slotId);
        if (s == null) {
            return false;
        }
        Notation notation = ui.notation(ui.document().game().id());
        return !(s.version() == shownVersion && ui.scoreUnitProperty().get() == shownUnit && notation.id().equals(shownNotation)
                && ui.i18n().locale().equals(shownLocale) && ui.document().cursor() == shownCursor
                && ui.storedRevision() == shownStored);
    }

    /**
     * Shows the panel's slot as {@code states} has it.
     *
     * @return whether anything was new (and so redrawn)
     */
    boolean update(Map<String, AnalysisState> states) {
        if (!behind(states)) {
            return false;
        }
        AnalysisState s = states.get(slotId);
        // Lines are shown only for the board's position (live or stored), so they are always in the
        // board's game: never the notation of the game the engine last searched.
        Notation notation = ui.notation(ui.document().game().id());
        AnalysisText.Unit unit = ui.scoreUnitProperty().get();
        Object cursor = ui.document().cursor();
        shownCursor = cursor;
        shownStored = ui.storedRevision();
        shownVersion = s.version();
        shownUnit = unit;
        shownNotation = notation.id();
        shownLocale = ui.i18n().locale();
        // What was found here before (this run or an earlier one) while the engine has nothing as deep.
        List<AnalysisUpdate> stored = ui.storedLines(slotId, s);
        // A stopped engine keeps its last lines, and a running one has them until its next search
        // starts: they are shown only while they are for the board's position, never another
        // position's or the other game's.
        shownHere = s.request().map(r -> r.position().equals(ui.document().position())).orElse(false);
        List<AnalysisUpdate> lines = !stored.isEmpty() ? stored : shownHere ? s.lines() : List.of();
        showingStored = !stored.isEmpty();
        refreshControls(s);
        pseudoClassStateChanged(STORED, showingStored);
        if (!lines.isEmpty()) {
            boolean wdl = lines.stream().anyMatch(u -> u.wdl().isPresent());
            if (!Boolean.valueOf(wdl).equals(shownWdl)) {
                shownWdl = wdl;
                showColumns();
            }
        }
        while (rows.size() > lines.size()) {
            rows.remove(rows.size() - 1);
        }
        for (int i = 0; i < lines.size(); i++) {
            LineRow r;
            if (i < rows.size()) {
                r = rows.get(i);
            } else {
                r = new LineRow();
                rows.add(r);
            }
            r.set(lines.get(i), unit, notation);
        }
        return true;
    }

    private void refreshControls(AnalysisState s) {
        updatingControls = true;
        try {
            // Under a flood this runs every frame: touch a control only when what it shows changed,
            // so a frame costs a few text updates, not a CSS pass over the panel.
            boolean running = s.active();
            if (shownRunning == null || shownRunning != running || !ui.i18n().locale().equals(controlsLocale)) {
                shownRunning = running;
                controlsLocale = ui.i18n().locale();
                startStop.setSelected(running);
                startStop.setGraphic(running ? stopIcon : playIcon);
                startStop.setText(ui.i18n().get(running ? "lines.stop" : "lines.start"));
            }
            if (multiPv.getValue() != s.multiPv() && s.multiPv() <= 10) {
                multiPv.getValueFactory().setValue(s.multiPv());
            }
            // The engine's own name while what it says is for the board; otherwise (stored lines, a
            // stopped engine of another game) the engine of the drop-down, never the one that ran last.
            EngineEntry chosen = ui.engineFor(slotId, ui.document().game().id());
            boolean ownInfo = shownHere && s.engine().map(e -> e.id().equals(chosen.id())).orElse(false);
            String engineName = ownInfo ? s.info().map(i -> i.name()).orElse(chosen.name()) : chosen.name();
            // While it analyses, the Stop button says so; otherwise the state is worth a word.
            String state = s.status() == Status.RUNNING ? ""
                    : "  ·  " + ui.i18n().get("lines.status." + s.status().name().toLowerCase(java.util.Locale.ROOT));
            if (s.waiting().isPresent() && s.status() != Status.FAILED) {
                // What a start is busy with ("allocating 1 GB of hash…"): a slow start is seen to be one.
                state = "  ·  " + ui.render(s.waiting().get());
            }
            if (showingStored) {
                // The lines shown were kept from before: say so, and how deep they went.
                List<AnalysisUpdate> kept = ui.storedLines(slotId, s);
                int d = kept.isEmpty() ? 0 : kept.get(0).depth().orElse(0);
                state = state + "  ·  " + ui.i18n().get("lines.stored", d);
            }
            title.setText(engineName.isEmpty() ? "" : ui.i18n().engineName(engineName) + state);
            figures.setText(shownHere ? figures(s) : "");
            // What the engine says for people (info string) is kept at hand, not in the way.
            String said = s.message().orElse("");
            if (!said.equals(shownMessage)) {
                shownMessage = said;
                figures.setTooltip(said.isEmpty() ? null : new Tooltip(said));
            }
            boolean failed = s.status() == Status.FAILED && s.error().isPresent();
            if (errorRow.isVisible() != failed) {
                errorRow.setVisible(failed);
                error.setVisible(failed);
            }
            error.setText(failed ? ui.render(s.error().get()) : "");
            String gameId = ui.document().game().id();
            whiteColumn.setText(ui.i18n().get("lines.col.white." + ("xiangqi".equals(gameId) ? "red" : "white")));
            boolean active = running || s.status() == Status.STOPPING;
            pseudoClassStateChanged(ACTIVE, active);
            pseudoClassStateChanged(FAILED, failed);
        } finally {
            updatingControls = false;
        }
    }

    private String figures(AnalysisState s) {
        AnalysisState.Stats st = s.stats();
        StringBuilder b = new StringBuilder();
        if (st.depth().isPresent()) {
            b.append(ui.i18n().get("lines.fig.depth", st.depth().getAsInt() + (st.seldepth().isPresent() ? "/" + st.seldepth().getAsInt() : "")));
        }
        st.nodes().ifPresent(n -> sep(b).append(ui.i18n().get("lines.fig.nodes", AnalysisText.count(n))));
        st.nps().ifPresent(n -> sep(b).append(ui.i18n().get("lines.fig.nps", AnalysisText.count(n))));
        st.time().ifPresent(t -> sep(b).append(AnalysisText.time(t)));
        st.hashfull().ifPresent(h -> sep(b).append(ui.i18n().get("lines.fig.hash", h / 10)));
        st.tbhits().ifPresent(t -> {
            if (t > 0) {
                sep(b).append(ui.i18n().get("lines.fig.tb", AnalysisText.count(t)));
            }
        });
        return b.toString();
    }

    private static StringBuilder sep(StringBuilder b) {
        if (!b.isEmpty()) {
            b.append("   ");
        }
        return b;
    }

    /** A score cell, coloured by who stands better when it shows White's/Red's view. */
    private static final class ScoreCell extends TableCell<LineRow, String> {
        private final boolean forWhite;

        ScoreCell(boolean forWhite) {
            this.forWhite = forWhite;
            getStyleClass().add("score-cell");
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty ? null : item);
            LineRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
            int sign = r != null && forWhite ? r.whiteSign : 0;
            // The colour's class changes only when the sign does: each change of a node's classes
            // has CSS applied to it again, and under a flood the score changes on every refresh.
            if (sign != shownSign) {
                shownSign = sign;
                getStyleClass().removeAll("score-plus", "score-minus");
                if (sign > 0) {
                    getStyleClass().add("score-plus");
                } else if (sign < 0) {
                    getStyleClass().add("score-minus");
                }
            }
        }

        /** The sign whose class the cell has: 1 plus, -1 minus, 0 neither. */
        private int shownSign;
    }

    /**
     * The moves of a line over two lines of the cell (a narrow panel still shows a dozen moves),
     * cut with an ellipsis where they do not fit, with the whole line in a tooltip.
     */
    private static final class PvCell extends TableCell<LineRow, String> {
        private final Tooltip tip = new Tooltip();

        PvCell() {
            getStyleClass().add("pv-cell");
            tip.setWrapText(true);
            tip.setMaxWidth(520);
            setWrapText(true);
            setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty ? null : item);
            tip.setText(item);
            setTooltip(empty || item == null || item.isEmpty() ? null : tip);
        }
    }

    /** An engine in the chooser: its name, marked when it is the built-in one. */
    private final class EngineCell extends ListCell<EngineEntry> {
        @Override
        protected void updateItem(EngineEntry e, boolean empty) {
            super.updateItem(e, empty);
            setText(empty || e == null ? null : e.builtin() ? ui.i18n().engineName(e.name()) + " " + ui.i18n().get("engines.builtinMark") : e.name());
        }
    }
}
