package org.kibitz.workbench.files;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
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
import org.kibitz.workbench.I18n;
import org.kibitz.core.GameFiles;

/**
 * The games of the open file, to pick one from: number, players, result, date, event, ECO/ECCO and
 * length, each column sortable, a mark on games that had problems (the problems in its tooltip),
 * and a filter over every tag, the title counting the games it shows of all. Double-click or
 * Enter opens a game.
 */
public final class GameListPane extends BorderPane {

    private final GameList model;
    private final I18n i18n;
    private final Consumer<GameFiles.Entry> open;
    private final ObservableList<GameFiles.Entry> entries = FXCollections.observableArrayList();
    private final FilteredList<GameFiles.Entry> filtered = new FilteredList<>(entries);
    private final javafx.collections.transformation.SortedList<GameFiles.Entry> sorted = new javafx.collections.transformation.SortedList<>(filtered);
    private final TableView<GameFiles.Entry> table = new TableView<>(sorted);
    private final TextField filter = new TextField();
    private final Label title = new Label();

    public GameListPane(GameList model, I18n i18n, Consumer<GameFiles.Entry> open) {
        this.model = model;
        this.i18n = i18n;
        this.open = open;
        setId("game-list-pane");
        table.setId("game-list");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // Rows one line high, as a list of hundreds of games wants: a short pane still shows a dozen.
        // The height comes from the font (CJK faces have tall lines), not from a constant.
        org.kibitz.workbench.Tables.fit(table, 1);
        TableColumn<GameFiles.Entry, Integer> number = new TableColumn<>();
        number.textProperty().bind(i18n.text("games.number"));
        number.setId("games-col-number");
        number.setPrefWidth(60);
        number.setCellValueFactory(cd -> new javafx.beans.property.ReadOnlyObjectWrapper<>(cd.getValue().gameNumber()));
        number.setCellFactory(c -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Integer n, boolean empty) {
                super.updateItem(n, empty);
                GameFiles.Entry e = empty || getIndex() < 0 || getIndex() >= getTableView().getItems().size() ? null
                        : getTableView().getItems().get(getIndex());
                setText(e == null ? null : e.gameNumber() + (e.problems().isEmpty() ? "" : e.hasErrors() ? " ⚠" : " ·"));
            }
        });
        TableColumn<GameFiles.Entry, Integer> plies = new TableColumn<>();
        plies.textProperty().bind(i18n.text("games.plies"));
        plies.setId("games-col-plies");
        plies.setPrefWidth(60);
        plies.setCellValueFactory(cd -> new javafx.beans.property.ReadOnlyObjectWrapper<>(
                cd.getValue().readable() && cd.getValue().plies() >= 0 ? cd.getValue().plies() : null));
        table.getColumns().addAll(List.of(
                number,
                column("games.white", 150, GameFiles.Entry::white),
                column("games.black", 150, GameFiles.Entry::black),
                column("games.result", 70, e -> e.tag("Result")),
                column("games.date", 90, e -> e.tag("Date")),
                column("games.event", 200, e -> e.tag("Event")),
                column("games.opening", 70, GameListPane::openingCode),
                column("games.openingName", 180, GameListPane::openingName)));
        // A xiangqi file's openings are ECCO codes: the column says so.
        TableColumn<GameFiles.Entry, ?> opening = table.getColumns().get(table.getColumns().size() - 2);
        javafx.beans.property.BooleanProperty ecco = new javafx.beans.property.SimpleBooleanProperty();
        opening.textProperty().unbind();
        opening.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> i18n.get(ecco.get() ? "games.opening.ecco" : "games.opening"), i18n.localeProperty(), ecco));
        table.getItems().addListener((javafx.collections.ListChangeListener<GameFiles.Entry>) c -> ecco.set(
                table.getItems().stream().limit(200).anyMatch(GameListPane::xiangqiTags)
                        && table.getItems().stream().limit(200).allMatch(e -> e.tag("ECO").isEmpty())));
        table.getColumns().add(plies);
        // Sorting by a column sorts a view of the filtered games; the file's order comes back with
        // the third click on a header.
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setRowFactory(t -> new EntryRow());
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        table.getSelectionModel().getSelectedItems().addListener(
                (javafx.collections.ListChangeListener<GameFiles.Entry>) c -> model.selected().setAll(List.copyOf(table.getSelectionModel().getSelectedItems())));
        table.setContextMenu(contextMenu());
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && table.getSelectionModel().getSelectedItem() != null) {
                openSelected();
                e.consume();
            }
        });
        Label placeholder = new Label();
        placeholder.textProperty().bind(i18n.text("games.none"));
        table.setPlaceholder(placeholder);

        filter.setId("game-list-filter");
        filter.promptTextProperty().bind(i18n.text("games.filter"));
        filter.textProperty().addListener((o, a, text) -> {
            filtered.setPredicate(text.isBlank() ? null : e -> e.matches(text));
            showTitle();
        });
        HBox.setHgrow(filter, Priority.ALWAYS);
        title.setId("game-list-title");
        title.getStyleClass().add("game-list-title");
        // The file and its count stay whole; the filter field gives way.
        title.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox top = new HBox(8, title, filter);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(4, 6, 4, 6));
        setTop(top);
        setCenter(table);

        model.fileProperty().addListener((o, a, f) -> show());
        model.openGameProperty().addListener((o, a, b) -> table.refresh());
        i18n.localeProperty().addListener((o, a, b) -> showTitle());
        show();
    }

    public TableView<GameFiles.Entry> table() {
        return table;
    }

    public TextField filter() {
        return filter;
    }

    /** The actions other features offer on the selected games, made when the menu opens. */
    private javafx.scene.control.ContextMenu contextMenu() {
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
        menu.setOnShowing(e -> {
            menu.getItems().clear();
            List<GameFiles.Entry> chosen = List.copyOf(table.getSelectionModel().getSelectedItems());
            for (GameList.Action a : model.actions()) {
                javafx.scene.control.MenuItem item = new javafx.scene.control.MenuItem(i18n.get(a.titleKey()));
                item.setId(a.id());
                item.setDisable(chosen.isEmpty());
                item.setOnAction(x -> a.run().accept(chosen));
                menu.getItems().add(item);
            }
        });
        // A menu with no item would not open: one placeholder until the first showing fills it.
        menu.getItems().add(new javafx.scene.control.MenuItem());
        return menu;
    }

    private void show() {
        filter.clear();
        entries.setAll(model.file().map(GameFiles.OpenedFile::entries).orElse(List.of()));
        showTitle();
        if (!entries.isEmpty()) {
            int open = model.openGameProperty().get();
            entries.stream().filter(e -> e.gameNumber() == open).findFirst()
                    .ifPresentOrElse(e -> table.getSelectionModel().select(e), () -> table.getSelectionModel().selectFirst());
            table.scrollTo(table.getSelectionModel().getSelectedIndex());
        }
    }

    /** The file and its count of games; "12 of 597" while a filter hides some. */
    private void showTitle() {
        title.setText(model.file().map(f -> filtered.size() == entries.size()
                        ? i18n.get("games.title", f.file().getFileName().toString(), entries.size())
                        : i18n.get("games.titleFiltered", f.file().getFileName().toString(), filtered.size(), entries.size()))
                .orElse(""));
    }

    /** Chess files carry the opening's ECO code, xiangqi files its ECCO code. */
    /** Whether a game's tags say it is xiangqi (an ECCO code, Red, or the Game tag of xiangqi PGN). */
    private static boolean xiangqiTags(GameFiles.Entry e) {
        return !e.tag("ECCO").isEmpty() || !e.tag("Red").isEmpty() || e.tag("Game").toLowerCase(Locale.ROOT).contains("chinese")
                || e.tag("Variant").toLowerCase(Locale.ROOT).contains("xiangqi");
    }

    static String openingCode(GameFiles.Entry e) {
        String eco = e.tag("ECO");
        return eco.isEmpty() ? e.tag("ECCO") : eco;
    }

    /**
     * The opening's name: the file's {@code Opening} tag, else the classification's name for the
     * game's code (a file that carries only {@code ECCO "C20"} still shows 中炮过河车七路马对屏风马两头蛇).
     */
    static String openingName(GameFiles.Entry e) {
        String named = e.tag("Opening");
        if (!named.isEmpty()) {
            String variation = e.tag("Variation");
            return variation.isEmpty() ? named : named + ": " + variation;
        }
        String eco = e.tag("ECO");
        String ecco = e.tag("ECCO");
        java.util.Optional<org.kibitz.core.opening.Opening> o = !eco.isEmpty()
                ? org.kibitz.core.opening.Openings.byCode("chess", eco)
                : ecco.isEmpty() ? java.util.Optional.empty() : org.kibitz.core.opening.Openings.byCode("xiangqi", ecco);
        return o.map(org.kibitz.core.opening.Opening::fullName).orElse("");
    }

    private void openSelected() {
        GameFiles.Entry e = table.getSelectionModel().getSelectedItem();
        if (e != null && e.readable()) {
            open.accept(e);
        }
    }

    private TableColumn<GameFiles.Entry, String> column(String key, double width, Function<GameFiles.Entry, String> value) {
        TableColumn<GameFiles.Entry, String> c = new TableColumn<>();
        c.textProperty().bind(i18n.text(key));
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(value.apply(cd.getValue())));
        c.setId("games-col-" + key.substring(key.indexOf('.') + 1));
        return c;
    }

    /** A row: greyed when the game cannot be opened, bold when it is the open one, problems in its tooltip. */
    private final class EntryRow extends TableRow<GameFiles.Entry> {
        EntryRow() {
            setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && getItem() != null) {
                    openSelected();
                }
            });
        }

        @Override
        protected void updateItem(GameFiles.Entry entry, boolean empty) {
            super.updateItem(entry, empty);
            getStyleClass().removeAll("unreadable", "open-game", "has-problems");
            if (empty || entry == null) {
                setTooltip(null);
                return;
            }
            if (!entry.readable()) {
                getStyleClass().add("unreadable");
            }
            if (!entry.problems().isEmpty()) {
                getStyleClass().add("has-problems");
                setTooltip(new Tooltip(entry.problems().stream().map(p -> Problems.render(i18n, p)).collect(Collectors.joining("\n"))));
            } else {
                setTooltip(null);
            }
            if (entry.gameNumber() == model.openGameProperty().get()) {
                getStyleClass().add("open-game");
            }
        }
    }
}
