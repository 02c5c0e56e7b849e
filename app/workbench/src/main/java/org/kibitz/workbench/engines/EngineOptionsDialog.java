package org.kibitz.workbench.engines;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.kibitz.api.engine.EngineOption;
import org.kibitz.workbench.Icons;
import org.kibitz.core.analysis.AnalysisSlot;
import org.kibitz.core.engines.EngineDefaults;
import org.kibitz.core.engines.EngineEntry;

/**
 * An engine's options, in a dialog generated from what the engine declared: a spinner for each
 * {@code spin}, a check box for each {@code check}, a list for each {@code combo}, a field for each
 * {@code string}, with a chooser for {@code file} and {@code path}, and a button for each
 * {@code button} (pressed on the engine while it analyses). Each option can go back to its default.
 * Only values that differ from the defaults are kept.
 */
public final class EngineOptionsDialog {

    /** Options the sessions set themselves, shown but read-only (a value here would be overwritten). */
    private static final List<String> MANAGED = List.of("multipv", "uci_analysemode", "uci_variant", "uci_chess960", "ponder");

    private final EnginesUi ui;
    private final EngineEntry entry;
    private final List<EngineOption> defaults;
    private final Map<String, Supplier<String>> readers = new LinkedHashMap<>();
    private final Map<String, java.util.function.Consumer<String>> writers = new LinkedHashMap<>();
    private final GridPane grid = new GridPane();
    private final List<Node[]> rows = new ArrayList<>();

    private EngineOptionsDialog(EnginesUi ui, EngineEntry entry) {
        this.ui = ui;
        this.entry = entry;
        this.defaults = entry.declared().stream().map(EngineEntry.OptionDecl::toOption).toList();
    }

    /**
     * Shows the dialog and waits for it.
     *
     * @return the option values that differ from the engine's defaults, or empty when cancelled
     */
    public static Optional<Map<String, String>> edit(Window owner, EnginesUi ui, EngineEntry entry) {
        EngineOptionsDialog d = new EngineOptionsDialog(ui, entry);
        Dialog<Map<String, String>> dialog = d.build(owner);
        return dialog.showAndWait();
    }

    /** The dialog, not shown (tests show it without waiting). */
    public static Dialog<Map<String, String>> dialog(Window owner, EnginesUi ui, EngineEntry entry) {
        return new EngineOptionsDialog(ui, entry).build(owner);
    }

    private Dialog<Map<String, String>> build(Window owner) {
        Dialog<Map<String, String>> dialog = new Dialog<>();
        if (owner != null) {
            dialog.initOwner(owner);
        }
        dialog.setTitle(ui.i18n().get("options.title", entry.name()));
        dialog.setHeaderText(null);
        dialog.setResizable(true);
        ButtonType ok = new ButtonType(ui.i18n().get("options.ok"), ButtonBar.ButtonData.OK_DONE);
        ButtonType reset = new ButtonType(ui.i18n().get("options.resetAll"), ButtonBar.ButtonData.LEFT);
        dialog.getDialogPane().getButtonTypes().addAll(ok, reset, new ButtonType(ui.i18n().get("options.cancel"),
                ButtonBar.ButtonData.CANCEL_CLOSE));
        dialog.getDialogPane().setId("engine-options-dialog");
        dialog.getDialogPane().getStylesheets().add(EngineStyles.URL);
        Button resetButton = (Button) dialog.getDialogPane().lookupButton(reset);
        resetButton.setId("options-reset-all");
        resetButton.addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            e.consume();
            for (EngineOption o : defaults) {
                var w = writers.get(o.name());
                if (w != null) {
                    w.accept(o.value());
                }
            }
        });
        // Threads and hash sized to this machine, as an engine added now gets them: for engines added
        // before, whose values are not changed behind the user's back.
        EngineDefaults.Machine m = EngineDefaults.Machine.current();
        Map<String, String> machine = EngineDefaults.suggested(entry.declared(), m, ui.engineLoad());
        if (!machine.isEmpty()) {
            ButtonType forMachine = new ButtonType(ui.i18n().get("options.machine"), ButtonBar.ButtonData.LEFT);
            dialog.getDialogPane().getButtonTypes().add(1, forMachine);
            Button machineButton = (Button) dialog.getDialogPane().lookupButton(forMachine);
            machineButton.setId("options-machine");
            machineButton.setTooltip(new Tooltip(ui.defaultsReason()));
            machineButton.addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
                e.consume();
                machine.forEach((name, value) -> {
                    var w = writers.get(name);
                    if (w != null) {
                        w.accept(value);
                    }
                });
            });
        }

        grid.setHgap(8);
        grid.setVgap(5);
        ColumnConstraints c0 = new ColumnConstraints();
        c0.setMinWidth(160);
        ColumnConstraints c1 = new ColumnConstraints();
        c1.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(c0, c1, new ColumnConstraints());
        List<EngineOption> current = entry.optionsWithValues();
        for (EngineOption o : current) {
            addRow(o, defaults.stream().filter(d -> d.name().equals(o.name())).findFirst().orElse(o));
        }
        layoutRows("");

        TextField filter = new TextField();
        filter.setId("options-filter");
        filter.setPromptText(ui.i18n().get("options.filter"));
        filter.textProperty().addListener((o, a, b) -> layoutRows(b));
        Label header = new Label(ui.i18n().get("options.header", entry.engineName().orElse(entry.name()), defaults.size()));
        header.setWrapText(true);
        ScrollPane scroll = new ScrollPane(grid);
        scroll.setFitToWidth(true);
        scroll.setPrefViewportHeight(420);
        scroll.setPrefViewportWidth(560);
        VBox content = new VBox(8, header, filter, scroll);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        content.setPadding(new Insets(4));
        if (defaults.isEmpty()) {
            content.getChildren().add(new Label(ui.i18n().get("options.none")));
        }
        dialog.getDialogPane().setContent(content);
        dialog.setResultConverter(b -> b == ok ? values() : null);
        return dialog;
    }

    /** The values that differ from the defaults. */
    private Map<String, String> values() {
        Map<String, String> out = new LinkedHashMap<>();
        for (EngineOption d : defaults) {
            Supplier<String> r = readers.get(d.name());
            if (r == null || d instanceof EngineOption.Button) {
                continue;
            }
            String v = r.get();
            try {
                EngineOption edited = d.withValue(v);
                if (!edited.value().equals(d.value())) {
                    out.put(d.name(), edited.value());
                }
            } catch (IllegalArgumentException e) {
                // an out-of-range number typed by hand: the default stands
            }
        }
        return out;
    }

    private void layoutRows(String filter) {
        grid.getChildren().clear();
        String f = filter == null ? "" : filter.strip().toLowerCase(Locale.ROOT);
        int r = 0;
        for (Node[] row : rows) {
            Label l = (Label) row[0];
            if (!f.isEmpty() && !l.getText().toLowerCase(Locale.ROOT).contains(f)) {
                continue;
            }
            grid.addRow(r++, row);
        }
    }

    private void addRow(EngineOption o, EngineOption def) {
        Label label = new Label(o.name());
        label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Node control;
        boolean managed = MANAGED.contains(o.name().toLowerCase(Locale.ROOT));
        String id = "option-" + o.name().replaceAll("[^A-Za-z0-9]+", "_");
        switch (o) {
            case EngineOption.Spin s -> {
                if (s.min() >= Integer.MIN_VALUE && s.max() <= Integer.MAX_VALUE) {
                    Spinner<Integer> sp = new Spinner<>(new SpinnerValueFactory.IntegerSpinnerValueFactory(
                            (int) s.min(), (int) s.max(), (int) s.current()));
                    sp.setEditable(true);
                    sp.setPrefWidth(140);
                    readers.put(o.name(), () -> {
                        commit(sp);
                        return String.valueOf(sp.getValue());
                    });
                    writers.put(o.name(), v -> sp.getValueFactory().setValue(Integer.parseInt(v)));
                    control = sp;
                } else {
                    TextField t = new TextField(s.value());
                    t.setPrefColumnCount(12);
                    readers.put(o.name(), t::getText);
                    writers.put(o.name(), t::setText);
                    control = t;
                }
                Tooltip.install(label, new Tooltip(ui.i18n().get("options.range", s.min(), s.max(), def.value())));
            }
            case EngineOption.Check c -> {
                CheckBox cb = new CheckBox();
                cb.setSelected(c.on());
                readers.put(o.name(), () -> String.valueOf(cb.isSelected()));
                writers.put(o.name(), v -> cb.setSelected(Boolean.parseBoolean(v)));
                control = cb;
            }
            case EngineOption.Combo c -> {
                ComboBox<String> box = new ComboBox<>();
                box.getItems().setAll(c.choices());
                box.setValue(c.value());
                box.setVisibleRowCount(16);
                readers.put(o.name(), box::getValue);
                writers.put(o.name(), box::setValue);
                control = box;
            }
            case EngineOption.Button b -> {
                Button press = new Button(ui.i18n().get("options.press"));
                List<AnalysisSlot> running = ui.service().slots().stream()
                        .filter(s -> s.running() && s.engine().map(e -> e.id().equals(entry.id())).orElse(false)).toList();
                press.setDisable(running.isEmpty());
                press.setTooltip(new Tooltip(ui.i18n().get(running.isEmpty() ? "options.press.notRunning" : "options.press.tip")));
                press.setOnAction(e -> running.forEach(s -> s.press(b.name())));
                control = press;
            }
            case EngineOption.Text t -> {
                TextField field = new TextField(t.value());
                field.setPrefColumnCount(24);
                readers.put(o.name(), field::getText);
                writers.put(o.name(), field::setText);
                if (t.kind() == EngineOption.TextKind.STRING) {
                    control = field;
                } else {
                    Button browse = new Button(ui.i18n().get("manager.browse"));
                    browse.setOnAction(e -> {
                        java.io.File f;
                        if (t.kind() == EngineOption.TextKind.FILE) {
                            FileChooser fc = new FileChooser();
                            f = fc.showOpenDialog(browse.getScene().getWindow());
                        } else {
                            DirectoryChooser dc = new DirectoryChooser();
                            f = dc.showDialog(browse.getScene().getWindow());
                        }
                        if (f != null) {
                            field.setText(Path.of(f.toURI()).toString());
                        }
                    });
                    HBox box = new HBox(6, field, browse);
                    HBox.setHgrow(field, Priority.ALWAYS);
                    control = box;
                }
            }
        }
        control.setId(id);
        if (managed) {
            control.setDisable(true);
            Tooltip.install(label, new Tooltip(ui.i18n().get("options.managed")));
        }
        Button back = new Button();
        back.setGraphic(Icons.of("mdi2b-backup-restore"));
        back.getStyleClass().add("flat");
        back.setTooltip(new Tooltip(ui.i18n().get("options.default", def.value().isEmpty() ? "—" : def.value())));
        back.setDisable(managed || o instanceof EngineOption.Button);
        back.setOnAction(e -> {
            var w = writers.get(o.name());
            if (w != null) {
                w.accept(def.value());
            }
        });
        HBox right = new HBox(back);
        right.setAlignment(Pos.CENTER_RIGHT);
        rows.add(new Node[] {label, control, right});
    }

    /** A typed number counts even before Enter is pressed. */
    private static void commit(Spinner<Integer> sp) {
        String text = sp.getEditor().getText();
        try {
            int v = Integer.parseInt(text.strip());
            sp.getValueFactory().setValue(v);
        } catch (NumberFormatException e) {
            sp.getEditor().setText(String.valueOf(sp.getValue()));
        }
    }
}
