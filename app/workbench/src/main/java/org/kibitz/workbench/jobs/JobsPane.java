package org.kibitz.workbench.jobs;

import java.time.Duration;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import org.kibitz.core.jobs.Progress;
import org.kibitz.workbench.I18n;

/**
 * The Jobs pane: every running and recent job of the runner with its state, a progress bar, the rate
 * and the time left, and a button to cancel it.
 */
public final class JobsPane extends BorderPane {

    private final JobsUi ui;
    private final I18n i18n;
    private final TableView<JobsUi.Row> table = new TableView<>();

    public JobsPane(JobsUi ui) {
        this.ui = ui;
        this.i18n = ui.i18n();
        setId("jobs-pane");
        table.setId("jobs-table");
        table.setItems(ui.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label();
        empty.textProperty().bind(i18n.text("jobs.none"));
        table.setPlaceholder(empty);

        table.getColumns().add(column("jobs.column.job", 180, NameCell::new));
        table.getColumns().add(column("jobs.column.state", 90, () -> new TextCell(p -> i18n.get("jobs.state." + p.state().name().toLowerCase(Locale.ROOT)))));
        table.getColumns().add(noteColumn());
        table.getColumns().add(column("jobs.column.progress", 220, BarCell::new));
        table.getColumns().add(column("jobs.column.rate", 80, () -> new TextCell(p -> p.done() - p.resumed() == 0 && !p.state().finished()
                ? "–" : i18n.get("jobs.rate", String.format(Locale.ROOT, "%.1f", p.itemsPerSecond())))));
        table.getColumns().add(column("jobs.column.eta", 80, () -> new TextCell(p -> p.state().finished()
                ? "" : p.eta().map(JobsPane::clock).orElse("–"))));
        table.getColumns().add(column("jobs.column.elapsed", 80, () -> new TextCell(p -> clock(p.elapsed()))));
        table.getColumns().add(column("jobs.column.cancel", 90, CancelCell::new));
        org.kibitz.workbench.Tables.text(table.getColumns().get(0), r -> JobNames.of(i18n, r.job().job()));
        // Cancel while a job runs, Show log once it has ended: the column keeps both whole.
        org.kibitz.workbench.Tables.buttons(table.getColumns().get(table.getColumns().size() - 1),
                () -> java.util.List.of(i18n.get("jobs.cancel"), i18n.get("jobs.showLog")));
        org.kibitz.workbench.Tables.fit(table, 1);
        // A note ("Allocating 1 GB of hash…", why a start failed) comes after the row: sized again then.
        boolean[] sizing = {false};
        javafx.beans.InvalidationListener noteChanged = o -> {
            if (!sizing[0]) {
                sizing[0] = true;
                javafx.application.Platform.runLater(() -> {
                    sizing[0] = false;
                    org.kibitz.workbench.Tables.sizeNow(table);
                });
            }
        };
        ui.rows().forEach(r -> r.noteProperty().addListener(noteChanged));
        ui.rows().addListener((javafx.collections.ListChangeListener<JobsUi.Row>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(r -> r.noteProperty().addListener(noteChanged));
                c.getRemoved().forEach(r -> r.noteProperty().removeListener(noteChanged));
            }
        });

        Button clear = new Button();
        clear.setId("jobs-clear");
        clear.textProperty().bind(i18n.text("jobs.clear"));
        clear.setOnAction(e -> ui.clearFinished());
        clear.disableProperty().bind(Bindings.size(ui.rows()).isEqualTo(0));
        HBox bar = new HBox(6, clear);
        bar.setPadding(new Insets(3, 6, 3, 6));
        bar.setAlignment(Pos.CENTER_LEFT);
        setTop(bar);
        setCenter(table);
        // Cell texts (states, rates) are made in updateItem: a new language needs them made again.
        i18n.localeProperty().addListener((o, was, now) -> table.refresh());
    }

    private TableColumn<JobsUi.Row, Progress> column(String key, double width,
                                                     java.util.function.Supplier<TableCell<JobsUi.Row, Progress>> cells) {
        TableColumn<JobsUi.Row, Progress> c = new TableColumn<>();
        c.textProperty().bind(i18n.text(key));
        c.setPrefWidth(width);
        c.setSortable(false);
        c.setCellValueFactory(f -> f.getValue().progressProperty());
        c.setCellFactory(col -> cells.get());
        return c;
    }

    /**
     * What the job's engines are doing while it waits for them, or why it failed (JobsUi.Row#note):
     * one line, all of it in the tooltip.
     */
    private TableColumn<JobsUi.Row, String> noteColumn() {
        TableColumn<JobsUi.Row, String> c = new TableColumn<>();
        c.textProperty().bind(i18n.text("jobs.column.note"));
        c.setPrefWidth(160);
        c.setSortable(false);
        c.setCellValueFactory(f -> f.getValue().noteProperty());
        c.setCellFactory(col -> new TableCell<>() {
            private final javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip();

            {
                tip.setWrapText(true);
                tip.setMaxWidth(600);
            }

            @Override
            protected void updateItem(String note, boolean empty) {
                super.updateItem(note, empty);
                JobsUi.Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty || note == null || note.isEmpty() ? null : note);
                setId(row == null ? null : "job-note-" + row.job().number());
                if (row != null && !row.noteInFullProperty().get().isEmpty()) {
                    tip.setText(row.noteInFullProperty().get());
                    setTooltip(tip);
                } else {
                    setTooltip(null);
                }
            }
        });
        return c;
    }

    /** h:mm:ss, or m:ss under an hour. */
    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    private static final class TextCell extends TableCell<JobsUi.Row, Progress> {
        final java.util.function.Function<Progress, String> text;

        TextCell(java.util.function.Function<Progress, String> text) {
            this.text = text;
        }

        @Override
        protected void updateItem(Progress p, boolean empty) {
            super.updateItem(p, empty);
            setText(empty || p == null ? null : text.apply(p));
        }
    }

    /** A job named by what it does (JobNames), in the current language. */
    private final class NameCell extends TableCell<JobsUi.Row, Progress> {
        @Override
        protected void updateItem(Progress p, boolean empty) {
            super.updateItem(p, empty);
            JobsUi.Row row = empty || p == null || getTableRow() == null ? null : getTableRow().getItem();
            setText(row == null ? (p == null || empty ? null : p.name()) : JobNames.of(i18n, row.job().job()));
        }
    }

    private static final class BarCell extends TableCell<JobsUi.Row, Progress> {
        private final ProgressBar bar = new ProgressBar();
        private final Label count = new Label();
        private final StackPane box = new StackPane(bar, count);

        BarCell() {
            bar.setMaxWidth(Double.MAX_VALUE);
            bar.getStyleClass().add("job-progress");
            HBox.setHgrow(bar, Priority.ALWAYS);
        }

        @Override
        protected void updateItem(Progress p, boolean empty) {
            super.updateItem(p, empty);
            if (empty || p == null) {
                setGraphic(null);
                return;
            }
            bar.setProgress(p.total() == 0 && !p.state().finished() ? ProgressBar.INDETERMINATE_PROGRESS : p.fraction());
            count.setText(p.done() + " / " + p.total() + (p.failed() > 0 ? "  ✗" + p.failed() : ""));
            setGraphic(box);
        }
    }

    /**
     * Cancel for a running job; "show log" (its engines' conversation) once it has ended: for a failed
     * job, and for one that ended with failed positions inside its items (a batch whose engine crashed
     * counts those, not failed items), where the log says why.
     */
    private final class CancelCell extends TableCell<JobsUi.Row, Progress> {
        private final Button cancel = new Button();
        private final Button log = new Button();

        CancelCell() {
            cancel.textProperty().bind(i18n.text("jobs.cancel"));
            cancel.getStyleClass().add("job-cancel");
            log.textProperty().bind(i18n.text("jobs.showLog"));
            log.getStyleClass().add("job-show-log");
            log.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            cancel.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            javafx.scene.control.Tooltip tip = new javafx.scene.control.Tooltip();
            tip.textProperty().bind(i18n.text("jobs.showLog.tip"));
            log.setTooltip(tip);
        }

        @Override
        protected void updateItem(Progress p, boolean empty) {
            super.updateItem(p, empty);
            if (!empty && p != null && p.state().finished()) {
                log.setId("job-log-" + p.job());
                log.setOnAction(e -> {
                    JobsUi.Row r = getTableRow().getItem();
                    if (r != null) {
                        ui.showLog(r);
                    }
                });
                setGraphic(log);
                return;
            }
            if (empty || p == null || p.state().finished()) {
                setGraphic(null);
                return;
            }
            JobsUi.Row row = getTableRow() == null ? null : getTableRow().getItem();
            cancel.setId("job-cancel-" + p.job());
            cancel.setDisable(row != null && row.job().cancelRequested());
            cancel.setOnAction(e -> {
                JobsUi.Row r = getTableRow().getItem();
                if (r != null) {
                    r.job().cancel();
                    cancel.setDisable(true);
                }
            });
            setGraphic(cancel);
        }
    }
}
