package org.kibitz.workbench.deep;

import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import org.kibitz.api.game.Move;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.JobKit;

/**
 * The Deep analysis pane: the growing tree (each move with its minimaxed value from White's/Red's
 * view, depth and engine, best first, the best line in bold, moves outside the window greyed), the
 * progress (positions, searches, root value, elapsed, best line), and the buttons that start, stop
 * and resume a run and copy the tree into the game. A double click (or Enter) plays a row's line on
 * the board.
 */
public final class DeepPane extends BorderPane {

    private final DeepUi ui;
    private final I18n i18n;
    private final TreeView<DeepUi.Row> view = new TreeView<>();

    public DeepPane(DeepUi ui) {
        this.ui = ui;
        this.i18n = ui.i18n();
        setId("deep-pane");
        getStyleClass().add("deep-pane");

        var state = ui.stateProperty();
        Button start = JobKit.button(i18n, "deep-new", "deep.button.new", null,
                Bindings.createBooleanBinding(ui::busy, state), () -> DeepDialog.ask(ui));
        Button stop = JobKit.button(i18n, "deep-stop", "deep.button.stop", "deep.button.stop.tip",
                state.isNotEqualTo(DeepUi.State.RUNNING), ui::stop);
        Button resume = JobKit.button(i18n, "deep-resume", "deep.button.resume", "deep.button.resume.tip",
                Bindings.createBooleanBinding(() -> !ui.resumable(), state), () -> DeepDialog.askResume(ui));
        Button copy = JobKit.button(i18n, "deep-copy", "deep.button.copy", "deep.button.copy.tip",
                ui.nodesProperty().isEqualTo(0), ui::copyToGame);
        Button open = JobKit.button(i18n, "deep-open", "deep.button.open", null, ui.nodesProperty().isEqualTo(0), ui::openAsGame);

        Label progress = new Label();
        progress.setId("deep-progress");
        progress.textProperty().bind(Bindings.createStringBinding(
                () -> i18n.get("deep.progress", ui.nodesProperty().get(), ui.searchedProperty().get(),
                        ui.rootValueProperty().get(), ui.elapsedProperty().get()),
                ui.nodesProperty(), ui.searchedProperty(), ui.rootValueProperty(), ui.elapsedProperty(), i18n.localeProperty()));
        var bar = JobKit.bar(start, stop, resume, copy, open, progress);

        Label best = new Label();
        best.setId("deep-best");
        best.textProperty().bind(Bindings.createStringBinding(
                () -> ui.bestLineProperty().get().isEmpty() ? "" : i18n.get("deep.best", ui.bestLineProperty().get()),
                ui.bestLineProperty(), i18n.localeProperty()));
        Label message = new Label();
        message.setId("deep-message");
        message.textProperty().bind(ui.messageProperty());
        message.setWrapText(true);
        VBox top = new VBox(2, bar, best, message);
        top.setPadding(new Insets(0, 6, 3, 6));
        setTop(top);

        view.setId("deep-tree");
        view.setShowRoot(true);
        view.setCellFactory(v -> new RowCell());
        view.rootProperty().bind(ui.treeProperty());
        ui.treeProperty().addListener((o, was, now) -> reselect(was, now));
        view.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                playSelected();
            }
        });
        view.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                playSelected();
            }
        });
        Label placeholder = new Label();
        placeholder.textProperty().bind(i18n.text("deep.empty"));
        placeholder.setWrapText(true);
        placeholder.setPadding(new Insets(12));
        BorderPane center = new BorderPane(view);
        view.visibleProperty().bind(ui.treeProperty().isNotNull());
        setCenter(new javafx.scene.layout.StackPane(placeholder, center));
        placeholder.visibleProperty().bind(ui.treeProperty().isNull());
    }

    /** The tree view (for tests). */
    public TreeView<DeepUi.Row> view() {
        return view;
    }

    private void playSelected() {
        TreeItem<DeepUi.Row> item = view.getSelectionModel().getSelectedItem();
        if (item != null && item.getValue() != null) {
            ui.play(item.getValue().path());
        }
    }

    /** Keeps the selected row selected when the tree items are rebuilt. */
    private void reselect(TreeItem<DeepUi.Row> was, TreeItem<DeepUi.Row> now) {
        TreeItem<DeepUi.Row> selected = view.getSelectionModel().getSelectedItem();
        if (selected == null || now == null || selected.getValue() == null) {
            return;
        }
        TreeItem<DeepUi.Row> same = find(now, selected.getValue().path());
        if (same != null) {
            view.getSelectionModel().select(same);
        }
    }

    private static TreeItem<DeepUi.Row> find(TreeItem<DeepUi.Row> item, List<Move> path) {
        TreeItem<DeepUi.Row> at = item;
        for (int i = 0; i < path.size(); i++) {
            TreeItem<DeepUi.Row> next = null;
            for (TreeItem<DeepUi.Row> c : at.getChildren()) {
                List<Move> p = c.getValue().path();
                if (p.get(i).equals(path.get(i))) {
                    next = c;
                    break;
                }
            }
            if (next == null) {
                return null;
            }
            at = next;
        }
        return at;
    }

    private final class RowCell extends TreeCell<DeepUi.Row> {
        @Override
        protected void updateItem(DeepUi.Row row, boolean empty) {
            super.updateItem(row, empty);
            getStyleClass().removeAll("deep-best", "deep-outside");
            if (empty || row == null) {
                setText(null);
                setStyle("");
                return;
            }
            StringBuilder b = new StringBuilder(row.move()).append("   ").append(row.value());
            if (row.depth() > 0) {
                b.append("   d").append(row.depth());
            }
            if (!row.engine().isEmpty()) {
                b.append("   ").append(i18n.engineName(row.engine()));
            }
            if (!row.analysed() && !row.path().isEmpty()) {
                b.append("   ").append(i18n.get(row.inWindow() ? "deep.row.open" : "deep.row.outside"));
            }
            setText(b.toString());
            // The best line in bold, moves outside the window greyed.
            setStyle(row.best() ? "-fx-font-weight: bold;" : row.inWindow() ? "" : "-fx-opacity: 0.6;");
        }
    }
}
