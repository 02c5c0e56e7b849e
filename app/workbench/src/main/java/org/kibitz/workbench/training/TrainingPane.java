package org.kibitz.workbench.training;

import java.io.File;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;
import org.kibitz.api.game.Side;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.JobKit;
import org.kibitz.workbench.board.BoardLook;
import org.kibitz.workbench.board.BoardView;

/**
 * The Training pane: its own board (the window's game is left alone while puzzles are solved), the puzzle's
 * or mistake's title and what was said about the last move, and the buttons: open a puzzle file, learn from
 * the mistakes of one side of the window's game, hint, show the solution, try again, previous and next.
 */
public final class TrainingPane extends BorderPane {

    private final TrainingUi ui;
    private final I18n i18n;
    private final BoardLook look;
    private final BoardView board = new BoardView();
    private final Label empty = new Label();

    public TrainingPane(TrainingUi ui, BoardLook look) {
        this(ui, look, null);
    }

    /** @param maker makes puzzles of the window's last evaluation (null: no such buttons) */
    public TrainingPane(TrainingUi ui, BoardLook look, PuzzleMaker maker) {
        this.ui = ui;
        this.i18n = ui.i18n();
        this.look = look;
        setId("training-pane");
        getStyleClass().add("training-pane");

        var rev = ui.revisionProperty();
        Button open = JobKit.button(i18n, "training-open", "training.button.open", "training.button.open.tip", null, this::choose);
        ChoiceBox<Side> side = new ChoiceBox<>();
        side.setId("training-side");
        side.getItems().setAll(Side.WHITE, Side.BLACK);
        side.valueProperty().bindBidirectional(ui.mistakesSideProperty());
        side.setConverter(new StringConverter<>() {
            @Override
            public String toString(Side s) {
                return s == null ? "" : ui.sideName(s);
            }

            @Override
            public Side fromString(String s) {
                return null;
            }
        });
        // The names follow the language and the window's game (White or Red).
        Runnable rename = () -> {
            Side v = side.getValue();
            side.getItems().setAll(Side.WHITE, Side.BLACK);
            side.setValue(v);
        };
        i18n.localeProperty().addListener((o, a, b) -> rename.run());
        side.setOnShowing(e -> rename.run());
        Button mistakes = JobKit.button(i18n, "training-mistakes", "training.button.mistakes", "training.button.mistakes.tip",
                null, () -> ui.learnFromMistakes(side.getValue() == null ? Side.WHITE : side.getValue()));
        var top = JobKit.bar(open, mistakes, side);
        if (maker != null) {
            BooleanBinding unavailable = maker.unavailable();
            Button make = JobKit.button(i18n, "training-make", "training.button.make", "training.button.make.tip",
                    unavailable, maker::make);
            // A disabled button shows no tooltip: a wrapper tells why it cannot be used yet.
            javafx.scene.control.Tooltip why = new javafx.scene.control.Tooltip();
            why.textProperty().bind(i18n.text("training.button.make.disabled"));
            StackPane makeHolder = new StackPane(make);
            javafx.beans.InvalidationListener tip = o -> {
                if (unavailable.get()) {
                    javafx.scene.control.Tooltip.install(makeHolder, why);
                } else {
                    javafx.scene.control.Tooltip.uninstall(makeHolder, why);
                }
            };
            unavailable.addListener(tip);
            tip.invalidated(null);
            Button save = JobKit.button(i18n, "training-save", "training.button.save", "training.button.save.tip",
                    maker.lastProperty().isNull(), () -> saveMade(maker));
            top.getChildren().addAll(makeHolder, save);
        }

        Button hint = JobKit.button(i18n, "training-hint", "training.button.hint", "training.button.hint.tip",
                disabledUnless(rev, ui::canHint), ui::hint);
        Button solution = JobKit.button(i18n, "training-solution", "training.button.solution", "training.button.solution.tip",
                disabledUnless(rev, ui::canShowSolution), ui::showSolution);
        Button retry = JobKit.button(i18n, "training-retry", "training.button.retry", "training.button.retry.tip",
                disabledUnless(rev, ui::canRetry), ui::again);
        Button previous = JobKit.button(i18n, "training-previous", "training.button.previous", null,
                disabledUnless(rev, ui::canPrevious), () -> ui.stepMistake(-1));
        Button next = JobKit.button(i18n, "training-next", "training.button.next", null,
                disabledUnless(rev, ui::canNext), ui::next);
        var buttons = JobKit.bar(hint, solution, retry, previous, next);

        Label title = new Label();
        title.setId("training-title");
        title.getStyleClass().add("training-title");
        title.setStyle("-fx-font-weight: bold;");
        title.textProperty().bind(ui.titleProperty());
        Label message = new Label();
        message.setId("training-message");
        message.setWrapText(true);
        message.textProperty().bind(ui.messageProperty());
        Label stats = new Label();
        stats.setId("training-stats");
        stats.setWrapText(true);
        stats.textProperty().bind(ui.statsProperty());
        VBox bottom = new VBox(2, title, message, stats, buttons);
        bottom.setPadding(new Insets(2, 6, 4, 6));

        board.setId("training-board");
        empty.setId("training-empty");
        empty.setWrapText(true);
        empty.textProperty().bind(i18n.text("training.empty"));
        StackPane holder = new StackPane(board, empty);
        holder.setPadding(new Insets(4));
        holder.setMinSize(0, 0);
        board.setMinSize(120, 120);
        // No engine runs here: a bar with nothing to say would only take room (and could give the answer away).
        board.setEvaluationBarVisible(false);
        board.setOnMove(ui::tried);
        board.setRiverText(i18n.get("board.river.left"), i18n.get("board.river.right"));
        i18n.localeProperty().addListener((o, a, b) -> board.setRiverText(i18n.get("board.river.left"), i18n.get("board.river.right")));
        look.revisionProperty().addListener((o, a, b) -> showLook());

        setTop(top);
        setCenter(holder);
        setBottom(bottom);
        ui.viewProperty().addListener((o, a, b) -> show(b));
        show(ui.viewProperty().get());
    }

    /** The pane's board (tests click on it). */
    public BoardView board() {
        return board;
    }

    private void show(TrainingUi.View v) {
        boolean has = v != null;
        board.setVisible(has);
        empty.setVisible(!has);
        if (!has) {
            return;
        }
        if (board.game() == null || !board.game().id().equals(v.game().id())) {
            board.setGame(v.game());
            showLook();
        }
        board.setFlipped(v.flipped());
        board.setPosition(v.position(), v.last());
        board.setMarked(v.marked());
        board.setInteractive(v.interactive());
    }

    private void showLook() {
        if (board.game() != null) {
            board.setLook(look.pieceSet(board.game()), look.theme(board.game()));
        }
    }

    /** Asks for a puzzle file and opens it. */
    public void choose() {
        FileChooser chooser = new FileChooser();
        chooser.titleProperty().bind(i18n.text("training.open.title"));
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter(i18n.get("training.open.filter"), "*.csv", "*.CSV", "*.pgn", "*.PGN", "*.epd", "*.EPD"),
                new FileChooser.ExtensionFilter(i18n.get("training.open.all"), "*"));
        File f = chooser.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (f != null) {
            ui.openFile(f.toPath());
        }
    }

    /** Asks where to save the puzzles just made, and saves them there. */
    private void saveMade(PuzzleMaker maker) {
        FileChooser chooser = new FileChooser();
        chooser.titleProperty().bind(i18n.text("training.save.title"));
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter(i18n.get("training.save.csv"), "*.csv"),
                new FileChooser.ExtensionFilter(i18n.get("training.save.pgn"), "*.pgn"),
                new FileChooser.ExtensionFilter(i18n.get("training.save.epd"), "*.epd"));
        chooser.setInitialFileName("puzzles.csv");
        File f = chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        if (f != null) {
            maker.save(f.toPath());
        }
    }

    private static BooleanBinding disabledUnless(javafx.beans.value.ObservableValue<?> revision, java.util.function.BooleanSupplier can) {
        return Bindings.createBooleanBinding(() -> !can.getAsBoolean(), revision);
    }
}
