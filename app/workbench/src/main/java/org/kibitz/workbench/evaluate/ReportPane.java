package org.kibitz.workbench.evaluate;

import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.Side;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.workbench.I18n;

/**
 * The Report pane: the evaluated game (the one on the board, else the one picked in the table) with
 * each side's accuracy, average centipawn loss and counts of ?!, ? and ??, and its mistakes listed
 * (a click goes there); beside it, every game of the run in a table, sortable by accuracy, largest
 * swing and player (a double-click opens the game).
 */
public final class ReportPane extends BorderPane {

    private final EvaluateUi ui;
    private final I18n i18n;
    private final TableView<GameSummary> table = new TableView<>();
    private final ListView<GameSummary.Row> mistakes = new ListView<>();
    private final Label gameTitle = new Label();
    private final Label runTitle = new Label();
    private final GridPane stats = new GridPane();
    private Optional<GameSummary> shown = Optional.empty();

    public ReportPane(EvaluateUi ui) {
        this.ui = ui;
        this.i18n = ui.i18n();
        setId("report-pane");
        getStyleClass().add("report-pane");

        runTitle.setId("report-run");
        runTitle.getStyleClass().add("report-run");
        exportButton.setId("report-export");
        exportButton.textProperty().bind(i18n.text("report.export"));
        exportButton.setOnAction(e -> chooseExport());
        // Something to export once a game of the run is finished.
        exportButton.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(ui.summaries()).or(exporting));
        openButton.setId("report-open");
        openButton.textProperty().bind(i18n.text("report.openBrowser"));
        openButton.setDisable(true);
        openButton.setOnAction(e -> exported.ifPresent(p -> {
            if (!org.kibitz.workbench.WorkbenchApp.showDocument(p.toUri().toString())) {
                exportStatus.setText(i18n.get("report.openFailed", p.toString()));
            }
        }));
        // The buttons keep their words; the run's title gives way first.
        exportButton.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        openButton.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        exportStatus.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        exportStatus.setId("report-export-status");
        exportStatus.getStyleClass().add("report-export-status");
        javafx.scene.layout.Region gap = new javafx.scene.layout.Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox top = new HBox(8, runTitle, gap, exportStatus, exportButton, openButton);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4, 8, 4, 8));
        setTop(top);

        gameTitle.setId("report-game-title");
        gameTitle.getStyleClass().add("report-game-title");
        gameTitle.setWrapText(true);
        stats.setId("report-stats");
        stats.getStyleClass().add("report-stats");
        stats.setHgap(14);
        stats.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        stats.setVgap(2);
        mistakes.setId("report-mistakes");
        mistakes.setCellFactory(v -> new MistakeCell());
        Label none = new Label();
        none.textProperty().bind(i18n.text("report.noMistakes"));
        mistakes.setPlaceholder(none);
        // The key moves under the counts, as wide as the pane: beside them they were squeezed to a
        // 90 px strip. The Batch layout gives the report the height for both.
        mistakes.setPrefHeight(org.kibitz.workbench.Rows.height(1) * 6);
        mistakes.setMinHeight(org.kibitz.workbench.Rows.height(1) * 3);
        VBox game = new VBox(6, gameTitle, stats, mistakes);
        game.setPadding(new Insets(4, 8, 4, 8));
        VBox.setVgrow(mistakes, Priority.ALWAYS);

        table.setId("report-table");
        table.setItems(new javafx.collections.transformation.SortedList<>(ui.summaries()));
        ((javafx.collections.transformation.SortedList<GameSummary>) table.getItems()).comparatorProperty()
                .bind(table.comparatorProperty());
        // Columns keep their widths (titles stay readable); a narrow pane scrolls sideways.
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getColumns().add(column("report.col.number", "number", 32, s -> (double) s.gameNumber(), s -> Integer.toString(s.gameNumber())));
        table.getColumns().add(textColumn("report.col.white", "white", 100, GameSummary::white));
        table.getColumns().add(textColumn("report.col.black", "black", 100, GameSummary::black));
        table.getColumns().add(textColumn("report.col.result", "result", 50, GameSummary::result));
        table.getColumns().add(column("report.col.accWhite", "acc-white", 62, s -> value(s.whiteStats().accuracy()),
                s -> percent(s.whiteStats().accuracy())));
        table.getColumns().add(column("report.col.accBlack", "acc-black", 62, s -> value(s.blackStats().accuracy()),
                s -> percent(s.blackStats().accuracy())));
        table.getColumns().add(column("report.col.countsWhite", "counts-white", 78, s -> (double) errors(s.whiteStats()),
                s -> counts(s.whiteStats())));
        table.getColumns().add(column("report.col.countsBlack", "counts-black", 78, s -> (double) errors(s.blackStats()),
                s -> counts(s.blackStats())));
        table.getColumns().add(column("report.col.swing", "swing", 60, GameSummary::swing,
                s -> s.broken().isPresent() ? i18n.get("report.broken") : String.format(Locale.ROOT, "%.0f%%", s.swing())));
        org.kibitz.workbench.JobKit.table(table, i18n, table.getId(), null, 1);
        table.setRowFactory(t -> {
            TableRow<GameSummary> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && row.getItem() != null) {
                    ui.open(row.getItem());
                }
            });
            return row;
        });
        Label empty = new Label();
        empty.textProperty().bind(i18n.text("report.empty"));
        empty.setWrapText(true);
        table.setPlaceholder(empty);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, s) -> {
            if (s != null && ui.onBoardProperty().get().isEmpty()) {
                show(Optional.of(s));
            }
        });

        // Side by side in a wide, low bottom dock; the game over the table in the Batch layout's tall
        // leaf, where side by side left the table two columns wide.
        SplitPane split = new SplitPane(game, table);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.56);
        setCenter(split);
        org.kibitz.workbench.JobKit.sideBySideWhenWide(split, this, 2.0, 0.56, 0.5);

        ui.onBoardProperty().addListener((o, a, s) -> show(s.or(() -> Optional.ofNullable(table.getSelectionModel().getSelectedItem()))));
        // The sides' columns in the run's game's words: Red for xiangqi, White for chess.
        for (TableColumn<GameSummary, ?> c : table.getColumns()) {
            String key = switch (c.getId()) {
                case "report-col-white" -> "report.col.white";
                case "report-col-acc-white" -> "report.col.accWhite";
                case "report-col-counts-white" -> "report.col.countsWhite";
                default -> null;
            };
            if (key != null) {
                c.textProperty().unbind();
                c.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> i18n.get(key + "." + runGame.get()), i18n.localeProperty(), runGame));
            }
        }
        ui.summaries().addListener((ListChangeListener<GameSummary>) c -> showRunTitle());
        i18n.localeProperty().addListener((o, a, b) -> {
            show(shown);
            showRunTitle();
            table.refresh();
        });
        show(ui.onBoardProperty().get());
        showRunTitle();
    }

    private final javafx.scene.control.Button exportButton = new javafx.scene.control.Button();
    private final javafx.scene.control.Button openButton = new javafx.scene.control.Button();
    private final Label exportStatus = new Label();
    /** While a page is being written. */
    private final javafx.beans.property.BooleanProperty exporting = new javafx.beans.property.SimpleBooleanProperty(this, "exporting");
    /** The page last exported, which "Open in browser" opens. */
    private Optional<java.nio.file.Path> exported = Optional.empty();

    /** Asks where to write the player report page, then writes it. */
    private void chooseExport() {
        javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
        chooser.setTitle(i18n.get("report.export.title"));
        chooser.getExtensionFilters().add(new javafx.stage.FileChooser.ExtensionFilter(i18n.get("report.export.filter"), "*.html", "*.htm"));
        if (!ui.summaries().isEmpty()) {
            java.nio.file.Path file = ui.summaries().get(0).file();
            String name = file.getFileName().toString();
            int dot = name.lastIndexOf('.');
            chooser.setInitialFileName((dot > 0 ? name.substring(0, dot) : name) + "-report.html");
            if (file.getParent() != null && java.nio.file.Files.isDirectory(file.getParent())) {
                chooser.setInitialDirectory(file.getParent().toFile());
            }
        }
        java.io.File f = chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        if (f != null) {
            exportTo(f.toPath());
        }
    }

    /**
     * Writes the run's finished games as a player report page to {@code target} in the window's language,
     * off the FX thread; says on the pane when it is written (then "Open in browser" opens it) or why not.
     *
     * @return completes on the FX thread with the page's path, or fails with why it could not be written
     */
    public java.util.concurrent.CompletableFuture<java.nio.file.Path> exportTo(java.nio.file.Path target) {
        exportStatus.setText(i18n.get("report.exporting"));
        exporting.set(true);
        java.util.concurrent.CompletableFuture<java.nio.file.Path> done = new java.util.concurrent.CompletableFuture<>();
        ui.exportReport(target, i18n.locale()).whenComplete((path, error) -> javafx.application.Platform.runLater(() -> {
            exporting.set(false);
            if (error != null) {
                Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null ? error.getCause() : error;
                exportStatus.setText(i18n.get("report.exportFailed", String.valueOf(cause.getMessage())));
                done.completeExceptionally(cause);
                return;
            }
            exported = Optional.of(path);
            openButton.setDisable(false);
            exportStatus.setText(i18n.get("report.exported", path.getFileName().toString()));
            done.complete(path);
        }));
        return done;
    }

    /** The "Open in browser" button, for tests. */
    public javafx.scene.control.Button openButton() {
        return openButton;
    }

    /** The game of the run shown ({@code chess} or {@code xiangqi}), which names the sides' columns. */
    private final javafx.beans.property.StringProperty runGame = new javafx.beans.property.SimpleStringProperty(this, "runGame", "chess");

    /** The table of games, for tests. */
    public TableView<GameSummary> table() {
        return table;
    }

    /** The game's mistakes, for tests. */
    public ListView<GameSummary.Row> mistakes() {
        return mistakes;
    }

    /** The game shown in the upper part. */
    public Optional<GameSummary> shown() {
        return shown;
    }

    private void showRunTitle() {
        runGame.set(ui.summaries().isEmpty() ? ui.game().id() : ui.summaries().get(0).gameId());
        var run = ui.currentProperty().get();
        if (ui.summaries().isEmpty() && run == null) {
            runTitle.setText(i18n.get("report.title.none"));
            return;
        }
        String file = ui.summaries().isEmpty() ? "" : ui.summaries().get(0).file().getFileName().toString();
        runTitle.setText(i18n.get("report.title", file, ui.summaries().size()));
    }

    private void show(Optional<GameSummary> summary) {
        shown = summary;
        stats.getChildren().clear();
        if (summary.isEmpty()) {
            gameTitle.setText(i18n.get("report.game.none"));
            mistakes.getItems().clear();
            return;
        }
        GameSummary s = summary.get();
        boolean xiangqi = "xiangqi".equals(s.gameId());
        gameTitle.setText(i18n.get("report.game.title", s.gameNumber(), s.white(), s.black(), s.result(), s.engine(),
                i18n.get("evaluate.judge." + (s.model().isEmpty() ? "default" : s.model()))));
        stats.addRow(0, new Label(), header(s.white().isEmpty() ? i18n.get(xiangqi ? "report.red" : "report.white") : s.white()),
                header(s.black().isEmpty() ? i18n.get("report.black") : s.black()));
        statRow(1, "report.accuracy", st -> percent(st.accuracy()), s, "accuracy");
        statRow(2, "report.acpl", st -> st.acpl().isPresent() ? String.format(Locale.ROOT, "%.0f", st.acpl().getAsDouble()) : "–", s, "acpl");
        statRow(3, "report.inaccuracies", st -> Integer.toString(st.inaccuracies()), s, "inaccuracies");
        statRow(4, "report.mistakes", st -> Integer.toString(st.mistakes()), s, "mistakes");
        statRow(5, "report.blunders", st -> Integer.toString(st.blunders()), s, "blunders");
        mistakes.getItems().setAll(s.errors());
    }

    private Label header(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("report-side");
        return l;
    }

    private void statRow(int row, String key, Function<GameSummary.SideStats, String> value, GameSummary s, String id) {
        Label name = new Label(i18n.get(key));
        Label w = new Label(value.apply(s.whiteStats()));
        Label b = new Label(value.apply(s.blackStats()));
        w.setId("report-" + id + "-white");
        b.setId("report-" + id + "-black");
        w.getStyleClass().add("report-value");
        b.getStyleClass().add("report-value");
        stats.addRow(row, name, w, b);
    }

    private static double value(OptionalDouble d) {
        return d.orElse(-1);
    }

    private static int errors(GameSummary.SideStats s) {
        return s.inaccuracies() + s.mistakes() * 2 + s.blunders() * 4;
    }

    static String percent(OptionalDouble d) {
        return d.isPresent() ? String.format(Locale.ROOT, "%.1f", d.getAsDouble()) : "–";
    }

    private static String counts(GameSummary.SideStats s) {
        return s.moves() == 0 ? "" : s.inaccuracies() + " / " + s.mistakes() + " / " + s.blunders();
    }

    private TableColumn<GameSummary, GameSummary> column(String key, String id, double width,
                                                          Function<GameSummary, Double> sortKey,
                                                          Function<GameSummary, String> text) {
        return TableColumns.numeric(i18n, key, "report-col-" + id, width, sortKey, text);
    }

    private TableColumn<GameSummary, GameSummary> textColumn(String key, String id, double width,
                                                              Function<GameSummary, String> text) {
        return TableColumns.of(i18n, key, "report-col-" + id, width, Comparator.comparing(text, String.CASE_INSENSITIVE_ORDER), text);
    }

    /** A mistake: the move with its glyph, the evaluation before and after, and the engine's choice. */
    private final class MistakeCell extends ListCell<GameSummary.Row> {
        MistakeCell() {
            setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && getItem() != null) {
                    shown.ifPresent(s -> ui.goTo(s, getItem().ply()));
                }
            });
        }

        @Override
        protected void updateItem(GameSummary.Row r, boolean empty) {
            super.updateItem(r, empty);
            getStyleClass().removeAll("judgement-inaccuracy", "judgement-mistake", "judgement-blunder");
            if (empty || r == null) {
                setText(null);
                return;
            }
            getStyleClass().add(r.nag() == 4 ? "judgement-blunder" : r.nag() == 2 ? "judgement-mistake" : "judgement-inaccuracy");
            String glyph = org.kibitz.core.Nags.glyph(r.nag());
            String text = r.number() + " " + r.move() + glyph + "  " + score(r.before()) + " → " + score(r.after());
            if (!r.best().isEmpty()) {
                text += "  " + i18n.get("report.best", r.best());
            }
            setText(text);
            setTooltip(new javafx.scene.control.Tooltip(text));
        }
    }

    private static String score(Optional<Score> s) {
        return s.map(v -> AnalysisText.score(v, AnalysisText.Unit.PAWNS)).orElse("?");
    }

    static Side other(Side s) {
        return s == Side.WHITE ? Side.BLACK : Side.WHITE;
    }
}
