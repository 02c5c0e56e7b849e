package org.kibitz.workbench.tree;

import java.io.File;
import java.nio.file.Path;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.JobKit;

/**
 * The Tree pane: a database and a book chosen at the top, the filters of the games list, the moves
 * of the board's position with their results (click or Enter plays one), and the games that reached
 * the position (double-click or Enter opens one).
 */
public final class TreePane extends BorderPane {

    private final TreeUi ui;
    private final I18n i18n;
    private final TableView<TreeUi.Row> moves = new TableView<>();
    private final TableView<OpeningTree.TreeGame> games = new TableView<>();

    public TreePane(TreeUi ui) {
        this.ui = ui;
        this.i18n = ui.i18n();
        setId("tree-pane");
        setTop(new VBox(4, sourceBar(), filterBar()));
        BorderPane.setMargin(getTop(), new Insets(4));
        buildMoves();
        buildGames();
        SplitPane split = new SplitPane(moves, games);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.55);
        setCenter(split);
        // Side by side in the wide bottom dock; the moves over their games in the Opening study
        // layout's leaf, where side by side cut the moves' last columns at the table's edge.
        JobKit.sideBySideWhenWide(split, this, 2.0, 0.55, 0.6);
        Label message = new Label();
        message.setId("tree-message");
        message.textProperty().bind(ui.messageProperty());
        message.setPadding(new Insets(2, 4, 2, 4));
        javafx.scene.control.Tooltip whole = new javafx.scene.control.Tooltip();
        whole.textProperty().bind(message.textProperty());
        message.setTooltip(whole);
        // The opening the moves to this position make, by ECO (chess) or ECCO (xiangqi).
        Label opening = new Label();
        opening.setId("tree-opening");
        opening.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> ui.openingProperty().get().isEmpty()
                ? "" : i18n.get("tree.opening", ui.openingProperty().get()), ui.openingProperty(), i18n.localeProperty()));
        opening.setPadding(new Insets(2, 4, 2, 4));
        // On the message's row, not a row of its own: at 1280x800 a row under the tables cost the moves
        // table a row (the tour's opening layout shows at least five). The opening's name stays whole;
        // the message gives way (its tooltip holds it whole).
        opening.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        opening.managedProperty().bind(opening.textProperty().isNotEmpty());
        opening.visibleProperty().bind(opening.managedProperty());
        javafx.scene.layout.HBox.setHgrow(message, javafx.scene.layout.Priority.ALWAYS);
        javafx.scene.layout.HBox bottom = new javafx.scene.layout.HBox(8, message, opening);
        bottom.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        setBottom(bottom);
        ui.refresh();
    }

    private javafx.scene.layout.Pane sourceBar() {
        ComboBox<Path> databases = new ComboBox<>(ui.databases());
        databases.setId("tree-databases");
        databases.setPrefWidth(220);
        databases.setConverter(new StringConverter<>() {
            @Override
            public String toString(Path p) {
                return p == null ? "" : p.getFileName().toString();
            }

            @Override
            public Path fromString(String s) {
                return null;
            }
        });
        databases.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Path p, boolean empty) {
                super.updateItem(p, empty);
                setText(empty || p == null ? null : p.getFileName().toString());
                setTooltip(empty || p == null ? null : new Tooltip(p.toString()));
            }
        });
        databases.promptTextProperty().bind(i18n.text("tree.database.none"));
        databases.valueProperty().bindBidirectional(ui.selectedProperty());

        Button open = button("tree.database.open", "tree-open-db", "tree.database.open.tip");
        open.setOnAction(e -> chooseDatabase());
        Button close = button("tree.database.close", "tree-close-db", "tree.database.close.tip");
        close.disableProperty().bind(ui.selectedProperty().isNull());
        close.setOnAction(e -> {
            if (ui.selectedProperty().get() != null) {
                ui.closeDatabase(ui.selectedProperty().get());
            }
        });
        Button importFile = button("tree.import", "tree-import", "tree.import.tip");
        importFile.setOnAction(e -> ui.importCurrentFile());

        Label bookName = new Label();
        bookName.setId("tree-book-name");
        bookName.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> ui.bookProperty().get() == null
                ? i18n.get("tree.book.none") : ui.bookProperty().get().getFileName().toString(),
                ui.bookProperty(), i18n.localeProperty()));
        Button book = button("tree.book.open", "tree-open-book", "tree.book.open.tip");
        book.setOnAction(e -> chooseBook());
        Button noBook = button("tree.book.close", "tree-close-book", "tree.book.close.tip");
        noBook.disableProperty().bind(ui.bookProperty().isNull());
        noBook.setOnAction(e -> ui.bookProperty().set(null));

        Label dbLabel = label("tree.database");
        Label bookLabel = label("tree.book");
        // Wraps onto a second line in a narrow pane rather than cutting its buttons' words.
        javafx.scene.layout.FlowPane bar = new javafx.scene.layout.FlowPane(6, 4, new HBox(6, dbLabel, databases, open, close, importFile),
                new HBox(6, bookLabel, bookName, book, noBook));
        for (javafx.scene.Node box : bar.getChildren()) {
            ((HBox) box).setAlignment(Pos.CENTER_LEFT);
            ((HBox) box).setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        bar.setHgap(18);
        bar.setAlignment(Pos.CENTER_LEFT);
        return bar;
    }

    private HBox filterBar() {
        TextField player = field("tree-filter-player", "tree.filter.player", 140);
        ComboBox<OpeningTree.PlayerSide> side = new ComboBox<>();
        side.getItems().setAll(OpeningTree.PlayerSide.values());
        side.setId("tree-filter-side");
        side.setValue(OpeningTree.PlayerSide.ANY);
        Function<OpeningTree.PlayerSide, String> sideText = s -> switch (s) {
            case ANY -> i18n.get("tree.filter.side.any");
            case WHITE -> i18n.get(ui.document().game().id().equals("xiangqi") ? "tree.filter.side.red" : "tree.filter.side.white");
            case BLACK -> i18n.get("tree.filter.side.black");
        };
        side.setConverter(new StringConverter<>() {
            @Override
            public String toString(OpeningTree.PlayerSide s) {
                return s == null ? "" : sideText.apply(s);
            }

            @Override
            public OpeningTree.PlayerSide fromString(String s) {
                return null;
            }
        });
        side.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(OpeningTree.PlayerSide s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : sideText.apply(s));
            }
        });
        // Another language: the chosen side's name is drawn again by a new button cell.
        i18n.localeProperty().addListener((o, a, b) -> side.setButtonCell(side.getCellFactory().call(null)));
        TextField from = field("tree-filter-from", "tree.filter.from", 60);
        TextField to = field("tree-filter-to", "tree.filter.to", 60);
        TextField event = field("tree-filter-event", "tree.filter.event", 140);
        Runnable apply = () -> ui.filterProperty().set(new OpeningTree.GameFilter(player.getText(), side.getValue(),
                year(from.getText()), year(to.getText()), event.getText()));
        player.textProperty().addListener((o, a, b) -> apply.run());
        side.valueProperty().addListener((o, a, b) -> apply.run());
        from.textProperty().addListener((o, a, b) -> apply.run());
        to.textProperty().addListener((o, a, b) -> apply.run());
        event.textProperty().addListener((o, a, b) -> apply.run());
        Label title = label("tree.filter");
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(i18n.text("tree.filter.tip"));
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        HBox bar = new HBox(6, title, player, side, label("tree.filter.years"), from, new Label("–"), to, event);
        bar.setAlignment(Pos.CENTER_LEFT);
        for (javafx.scene.Node n : bar.getChildren()) {
            if (n instanceof javafx.scene.control.Control c) {
                c.setTooltip(tip);
            }
        }
        return bar;
    }

    private static int year(String text) {
        try {
            int y = Integer.parseInt(text.strip());
            return y > 0 && y < 10_000 ? y : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private void buildMoves() {
        moves.setId("tree-moves");
        moves.setItems(ui.rows());
        moves.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        moves.placeholderProperty().bind(javafx.beans.binding.Bindings.createObjectBinding(
                () -> new Label(ui.messageProperty().get()), ui.messageProperty()));
        moves.getColumns().add(text("tree.col.move", "tree-col-move", 80, TreeUi.Row::text));
        moves.getColumns().add(text("tree.col.games", "tree-col-games", 60, r -> String.valueOf(r.games())));
        TableColumn<TreeUi.Row, TreeUi.Row> wdl = column("tree.col.wdl", "tree-col-wdl", 150);
        Tooltip wdlTip = new Tooltip();
        wdl.setCellFactory(c -> new TableCell<>() {
            private final WdlBar bar = new WdlBar();

            @Override
            protected void updateItem(TreeUi.Row r, boolean empty) {
                super.updateItem(r, empty);
                if (empty || r == null) {
                    setGraphic(null);
                    setTooltip(null);
                    return;
                }
                bar.set(r.wins(), r.draws(), r.losses(), r.unknown());
                bar.prefWidthProperty().bind(widthProperty().subtract(12));
                setGraphic(bar);
                String tip = i18n.get("tree.wdl.tip", r.wins(), r.draws(), r.losses());
                if (r.unknown() > 0) {
                    tip = tip + "\n" + i18n.get("tree.wdl.unknown.tip", r.unknown(), r.games());
                }
                setTooltip(new Tooltip(tip));
            }
        });
        wdl.setGraphic(null);
        moves.getColumns().add(wdl);
        // Beside the bar: how many games have no known result (the bar and the score are over the others).
        moves.getColumns().add(text("tree.col.unknown", "tree-col-unknown", 60,
                r -> r.unknown() == 0 ? "" : String.valueOf(r.unknown())));
        // The score over the decided games, and over how many when some are not decided.
        moves.getColumns().add(text("tree.col.score", "tree-col-score", 60,
                r -> r.decided() == 0 ? "" : r.unknown() == 0 ? String.format(i18n.locale(), "%.1f%%", r.scorePercent())
                        : i18n.get("tree.score.of", String.format(i18n.locale(), "%.1f%%", r.scorePercent()), r.decided())));
        moves.getColumns().add(text("tree.col.rating", "tree-col-rating", 60,
                r -> r.rating().isPresent() ? String.valueOf(Math.round(r.rating().getAsDouble())) : ""));
        moves.getColumns().add(text("tree.col.years", "tree-col-years", 80,
                r -> r.firstYear() == 0 ? "" : r.firstYear() == r.lastYear() ? String.valueOf(r.firstYear())
                        : r.firstYear() + "–" + r.lastYear()));
        moves.getColumns().add(text("tree.col.book", "tree-col-book", 60,
                r -> r.bookPercent().isPresent() ? String.format(i18n.locale(), "%.0f%%", r.bookPercent().getAsDouble()) : ""));
        TableColumn<TreeUi.Row, TreeUi.Row> eval = column("tree.col.eval", "tree-col-eval", 70);
        eval.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(TreeUi.Row r, boolean empty) {
                super.updateItem(r, empty);
                setText(empty || r == null ? null : r.eval());
                setTooltip(empty || r == null || r.evalSource().isEmpty() ? null : new Tooltip(r.evalSource()));
            }
        });
        moves.getColumns().add(eval);
        JobKit.table(moves, i18n, "tree-moves", null, 1);
        moves.getColumns().forEach(c -> c.setSortable(false));
        moves.setRowFactory(t -> {
            TableRow<TreeUi.Row> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 1 && !row.isEmpty()) {
                    ui.play(row.getItem());
                }
            });
            return row;
        });
        moves.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && moves.getSelectionModel().getSelectedItem() != null) {
                ui.play(moves.getSelectionModel().getSelectedItem());
                e.consume();
            }
        });
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(i18n.text("tree.moves.tip"));
        moves.setTooltip(tip);
    }

    private void buildGames() {
        games.setId("tree-games");
        games.setItems(ui.games());
        games.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<OpeningTree.TreeGame, OpeningTree.TreeGame> white = text("tree.col.white", "tree-col-white", 120,
                OpeningTree.TreeGame::white);
        // Xiangqi's first player is Red.
        white.textProperty().unbind();
        white.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> i18n.get(
                "xiangqi".equals(ui.document().game().id()) ? "tree.col.red" : "tree.col.white"),
                i18n.localeProperty(), ui.revisionProperty()));
        games.getColumns().add(white);
        games.getColumns().add(text("tree.col.black", "tree-col-black", 120, OpeningTree.TreeGame::black));
        games.getColumns().add(text("tree.col.result", "tree-col-result", 55, OpeningTree.TreeGame::result));
        games.getColumns().add(text("tree.col.year", "tree-col-year", 45, g -> g.year() == 0 ? "" : String.valueOf(g.year())));
        games.getColumns().add(text("tree.col.event", "tree-col-event", 140, OpeningTree.TreeGame::event));
        JobKit.table(games, i18n, "tree-games", null, 1);
        Label none = new Label();
        none.textProperty().bind(i18n.text("tree.games.none"));
        games.setPlaceholder(none);
        games.setRowFactory(t -> {
            TableRow<OpeningTree.TreeGame> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                    ui.open(row.getItem());
                }
            });
            return row;
        });
        games.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && games.getSelectionModel().getSelectedItem() != null) {
                ui.open(games.getSelectionModel().getSelectedItem());
                e.consume();
            }
        });
    }

    private <T> TableColumn<T, T> column(String key, String id, double width) {
        TableColumn<T, T> c = new TableColumn<>();
        c.textProperty().bind(i18n.text(key));
        c.setId(id);
        c.setPrefWidth(width);
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue()));
        return c;
    }

    private <T> TableColumn<T, T> text(String key, String id, double width, Function<T, String> text) {
        return JobKit.column(i18n, key, id, width, null, text);
    }

    private void chooseDatabase() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("tree.database.open.title"));
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter(i18n.get("tree.database.filter"), "*.sqlite", "*.SQLITE", "*.db"),
                new FileChooser.ExtensionFilter(i18n.get("tree.filter.all"), "*"));
        File f = chooser.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (f != null) {
            ui.openDatabase(f.toPath());
        }
    }

    private void chooseBook() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("tree.book.open.title"));
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter(i18n.get("tree.book.filter"), "*.bin", "*.BIN", "*.dat", "*.DAT"),
                new FileChooser.ExtensionFilter(i18n.get("tree.filter.all"), "*"));
        File f = chooser.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (f != null) {
            ui.bookProperty().set(f.toPath().toAbsolutePath().normalize());
        }
    }

    private Button button(String key, String id, String tipKey) {
        return JobKit.button(i18n, id, key, tipKey, null, null);
    }

    private Label label(String key) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    private TextField field(String id, String promptKey, double width) {
        TextField f = new TextField();
        f.setId(id);
        f.promptTextProperty().bind(i18n.text(promptKey));
        f.setPrefWidth(width);
        return f;
    }

    private static javafx.scene.layout.Region spacer() {
        javafx.scene.layout.Region r = new javafx.scene.layout.Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        return r;
    }
}
