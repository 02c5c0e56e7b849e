package org.kibitz.workbench;

import java.util.List;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import org.kibitz.core.plugins.DiscoveredPlugin;
import org.kibitz.core.plugins.PluginProblem;

/** Help → Plugins: every plugin found, where it came from, and the jars that could not be loaded. */
final class PluginsDialog {

    private PluginsDialog() {
    }

    static Dialog<Void> create(Window owner, I18n i18n, List<DiscoveredPlugin> plugins, List<PluginProblem> problems) {
        TableView<DiscoveredPlugin> table = new TableView<>();
        table.setId("plugins-table");
        table.getColumns().add(column(i18n.get("plugins.kind"), p -> i18n.get("plugins.kind." + p.kind().label()), 90));
        table.getColumns().add(column(i18n.get("plugins.id"), DiscoveredPlugin::id, 110));
        table.getColumns().add(column(i18n.get("plugins.version"), p -> p.plugin().version(), 110));
        table.getColumns().add(column(i18n.get("plugins.origin"), p -> p.origin().equals(DiscoveredPlugin.CLASSPATH)
                ? i18n.get("plugins.origin.builtin") : p.origin(), 300));
        table.getItems().setAll(plugins);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPrefSize(640, 320);

        VBox box = new VBox(8, table);
        if (!problems.isEmpty()) {
            ListView<String> list = new ListView<>();
            list.setId("plugin-problems");
            problems.forEach(p -> list.getItems().add(p.jar() + ": " + i18n.render(p.message())));
            list.setPrefHeight(110);
            box.getChildren().addAll(new Label(i18n.get("plugins.problems")), list);
        }

        Dialog<Void> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(i18n.get("plugins.title"));
        dialog.setResizable(true);
        dialog.getDialogPane().setContent(box);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        return dialog;
    }

    private static TableColumn<DiscoveredPlugin, String> column(String title,
                                                               java.util.function.Function<DiscoveredPlugin, String> value, double width) {
        TableColumn<DiscoveredPlugin, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(value.apply(cd.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
