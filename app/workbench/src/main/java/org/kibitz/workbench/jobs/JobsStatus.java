package org.kibitz.workbench.jobs;

import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;

/**
 * The status bar's part of the jobs: how many are running and how far they are together; hidden
 * while none runs. A click opens the Jobs pane.
 */
public final class JobsStatus extends HBox {

    public JobsStatus(JobsUi ui, Runnable openPane) {
        super(6);
        setId("jobs-status");
        setAlignment(Pos.CENTER_RIGHT);
        Label text = new Label();
        text.setId("jobs-status-text");
        ProgressBar bar = new ProgressBar();
        bar.setPrefWidth(120);
        bar.progressProperty().bind(ui.fractionProperty());
        text.textProperty().bind(Bindings.createStringBinding(
                () -> ui.i18n().get("jobs.status", ui.runningProperty().get(), Math.round(ui.fractionProperty().get() * 100)),
                ui.runningProperty(), ui.fractionProperty(), ui.i18n().localeProperty()));
        getChildren().addAll(text, bar);
        visibleProperty().bind(ui.runningProperty().greaterThan(0));
        managedProperty().bind(visibleProperty());
        setOnMouseClicked(e -> openPane.run());
    }
}
