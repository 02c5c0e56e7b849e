package org.kibitz.workbench.engines;

import java.util.Optional;
import javafx.application.Platform;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;
import org.kibitz.core.analysis.AnalysisText;
import org.kibitz.core.engines.EngineRegistry;

/**
 * The Engine menu: start/stop the analysis, add an engine panel beside the others, manage engines,
 * and how scores and arrows are shown. Also where the engine panes meet the window: engines are
 * ended when it closes, and problems reading the engine list are shown when it opens.
 */
public final class EngineMenu implements MenuContributor {

    private final EnginesUi ui;

    public EngineMenu(EnginesUi ui) {
        this.ui = ui;
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        MenuItem analyse = item("menu.engine.analyse", "menu-engine-analyse");
        analyse.setAccelerator(KeyCombination.keyCombination("F2"));
        analyse.setOnAction(e -> ui.toggleAll());
        MenuItem addPanel = item("menu.engine.addPanel", "menu-engine-add-panel");
        addPanel.setOnAction(e -> ui.addPanel().ifPresent(ui::start));
        MenuItem manage = item("menu.engine.manage", "menu-engine-manage");
        manage.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+E"));
        manage.setOnAction(e -> EngineManagerDialog.show(ui, Optional.empty()));
        CheckMenuItem centipawns = new CheckMenuItem();
        centipawns.setId("menu-engine-centipawns");
        centipawns.textProperty().bind(ui.i18n().text("menu.engine.centipawns"));
        centipawns.setSelected(ui.scoreUnitProperty().get() == AnalysisText.Unit.CENTIPAWNS);
        centipawns.setOnAction(e -> ui.scoreUnitProperty().set(centipawns.isSelected() ? AnalysisText.Unit.CENTIPAWNS : AnalysisText.Unit.PAWNS));
        CheckMenuItem arrows = new CheckMenuItem();
        arrows.setId("menu-engine-arrows");
        arrows.textProperty().bind(ui.i18n().text("menu.engine.arrows"));
        arrows.selectedProperty().bindBidirectional(ui.arrowsProperty());
        menus.engine().getItems().addAll(analyse, addPanel, new SeparatorMenuItem(), manage, new SeparatorMenuItem(),
                centipawns, arrows);

        window.onClose(ui::close);
        Platform.runLater(() -> reportLoad(window));
    }

    private void reportLoad(MainWindow window) {
        if (ui.loadReport() instanceof EngineRegistry.LoadReport.Corrupt c) {
            window.notify(ui.i18n().get("engines.corrupt", ui.registry().file(), c.reason(),
                    c.setAside().map(Object::toString).orElse("-")));
        }
        ui.takeSettingsProblem().ifPresent(window::notify);
        ui.takeStoreProblem().ifPresent(window::notify);
    }

    private MenuItem item(String key, String id) {
        MenuItem m = new MenuItem();
        m.textProperty().bind(ui.i18n().text(key));
        m.setId(id);
        return m;
    }
}
