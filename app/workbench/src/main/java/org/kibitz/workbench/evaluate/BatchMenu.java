package org.kibitz.workbench.evaluate;

import java.util.function.Consumer;
import java.util.function.Predicate;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.MainWindow;
import org.kibitz.workbench.MenuContributor;
import org.kibitz.workbench.Menus;

/**
 * A batch's commands in the Engine menu, one per scope: the game on the board, every game of the file,
 * the games selected in the list; each is enabled when its scope has games.
 */
public final class BatchMenu implements MenuContributor {

    private final I18n i18n;
    private final String name;
    private final Predicate<EvaluateUi.Scope> available;
    private final Consumer<EvaluateUi.Scope> ask;

    /**
     * @param name      the commands' keys and ids: {@code menu.<name>.game} and {@code menu-<name>-game}, and so on
     * @param available whether a scope has games now
     * @param ask       asks how and starts, for a scope
     */
    public BatchMenu(I18n i18n, String name, Predicate<EvaluateUi.Scope> available, Consumer<EvaluateUi.Scope> ask) {
        this.i18n = i18n;
        this.name = name;
        this.available = available;
        this.ask = ask;
    }

    /** The evaluation's commands. */
    public static BatchMenu evaluate(EvaluateUi ui) {
        return new BatchMenu(ui.i18n(), "evaluate", ui::available, scope -> EvaluateDialog.ask(ui, scope));
    }

    /** The comparison's commands. */
    public static BatchMenu compare(CompareUi ui) {
        return new BatchMenu(ui.i18n(), "compare", ui::available, scope -> CompareDialog.ask(ui, scope));
    }

    @Override
    public void contribute(Menus menus, MainWindow window) {
        Menu engine = menus.engine();
        engine.getItems().add(new SeparatorMenuItem());
        for (EvaluateUi.Scope scope : EvaluateUi.Scope.values()) {
            String s = scope.name().toLowerCase(java.util.Locale.ROOT);
            MenuItem m = new MenuItem();
            m.textProperty().bind(i18n.text("menu." + name + "." + s));
            m.setId("menu-" + name + "-" + s);
            m.setOnAction(e -> ask.accept(scope));
            engine.getItems().add(m);
            engine.addEventHandler(Menu.ON_SHOWING, e -> m.setDisable(!available.test(scope)));
        }
    }
}
