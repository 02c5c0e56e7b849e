package org.kibitz.workbench.training;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.kibitz.api.game.Side;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;
import org.kibitz.workbench.TaskLayout;

/**
 * Engine → Training: open a puzzle file, learn from one side's mistakes in the game on the board; each
 * brings the Training layout (the pane in front) when the window shows another.
 */
public final class TrainingMenu implements MenuContributor {

    private final TrainingUi ui;
    private final PuzzleMaker maker;

    public TrainingMenu(TrainingUi ui) {
        this(ui, null);
    }

    /** @param maker makes puzzles of the window's last evaluation (null: no such item) */
    public TrainingMenu(TrainingUi ui, PuzzleMaker maker) {
        this.ui = ui;
        this.maker = maker;
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        Menu training = new Menu();
        training.setId("menu-training");
        training.textProperty().bind(ui.i18n().text("menu.training"));
        MenuItem open = new MenuItem();
        open.setId("menu-training-open");
        open.textProperty().bind(ui.i18n().text("menu.training.open"));
        open.setOnAction(e -> {
            show(window);
            window.docking().content(TrainingUi.PANE).filter(TrainingPane.class::isInstance)
                    .map(TrainingPane.class::cast).ifPresent(TrainingPane::choose);
        });
        training.getItems().add(open);
        // The side's name follows the language, and the window's game (Red in xiangqi) when the menu opens.
        javafx.beans.property.IntegerProperty shown = new javafx.beans.property.SimpleIntegerProperty();
        training.addEventHandler(Menu.ON_SHOWING, e -> shown.set(shown.get() + 1));
        for (Side side : Side.values()) {
            MenuItem m = new MenuItem();
            m.setId("menu-training-mistakes-" + side.name().toLowerCase(java.util.Locale.ROOT));
            m.setOnAction(e -> {
                show(window);
                ui.learnFromMistakes(side);
            });
            training.getItems().add(m);
            m.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                    () -> ui.i18n().get("menu.training.mistakes", ui.sideName(side)), ui.i18n().localeProperty(), shown));
        }
        if (maker != null) {
            MenuItem make = new MenuItem();
            make.setId("menu-training-make");
            make.textProperty().bind(ui.i18n().text("menu.training.make"));
            make.disableProperty().bind(maker.unavailable());
            make.setOnAction(e -> {
                show(window);
                maker.make();
            });
            training.getItems().add(make);
        }
        menus.engine().getItems().addAll(new SeparatorMenuItem(), training);
    }

    /** The Training layout in front, the pane open in it. */
    static void show(MainWindow window) {
        if (window.task() != TaskLayout.TRAINING) {
            window.useTask(TaskLayout.TRAINING);
        }
        window.docking().open(TrainingUi.PANE);
    }
}
