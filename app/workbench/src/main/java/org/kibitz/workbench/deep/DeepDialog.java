package org.kibitz.workbench.deep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.workbench.I18n;

/**
 * Engine → Deep analysis of this position…: the engines, each position's search (nodes or seconds),
 * the MultiPV width, the window, the ply limit and the budget (positions and/or minutes). Offers
 * Resume when the board's position was analysed before; from the pane's Resume, only Resume.
 */
public final class DeepDialog extends Dialog<DeepDialog.Request> {

    /** What the user asked for: the setup, and whether to go on with the state file. */
    public record Request(DeepUi.Setup setup, boolean resume) {
    }

    private final I18n i18n;
    private final Map<String, CheckBox> engines = new LinkedHashMap<>();
    private final RadioButton byNodes = new RadioButton();
    private final RadioButton bySeconds = new RadioButton();
    private final TextField nodes = new TextField();
    private final TextField seconds = new TextField();
    private final Spinner<Integer> multiPv = new Spinner<>(1, 20, 3);
    private final Spinner<Integer> window = new Spinner<>(0, 1000, 30, 5);
    private final Spinner<Integer> maxPlies = new Spinner<>(1, 200, 12);
    private final Spinner<Integer> rechecks = new Spinner<>(0, 5, 1);
    private final TextField budgetSearches = new TextField();
    private final Spinner<Integer> budgetMinutes = new Spinner<>(0, 10_000, 0);

    /**
     * @param canResume  whether to offer Resume
     * @param resumeOnly whether to offer Resume only (the pane's Resume, with a new budget)
     */
    public DeepDialog(DeepUi ui, GamePlugin game, boolean canResume, boolean resumeOnly) {
        this.i18n = ui.i18n();
        ui.window().ifPresent(w -> initOwner(w.stage()));
        setTitle(i18n.get("deep.dialog.title"));
        Label header = new Label(i18n.get(resumeOnly ? "deep.dialog.headerResume" : canResume ? "deep.dialog.headerKept" : "deep.dialog.header"));
        header.setWrapText(true);
        header.setMaxWidth(520);
        header.setPadding(new Insets(10));
        getDialogPane().setHeader(header);
        getDialogPane().setId("deep-dialog");
        setResizable(true);
        DeepUi.Setup last = ui.lastSetup().orElseGet(
                () -> DeepUi.Setup.defaults(ui.registry().preferredFor(game.id()).id()));

        VBox engineBox = new VBox(4);
        engineBox.setId("deep-engines");
        for (EngineEntry e : ui.registry().playing(game.id())) {
            CheckBox c = new CheckBox(i18n.engineName(e.name()));
            c.setId("deep-engine-" + e.id());
            c.setSelected(last.engines().contains(e.id()));
            engines.put(e.id(), c);
            engineBox.getChildren().add(c);
        }

        ToggleGroup limit = new ToggleGroup();
        byNodes.setToggleGroup(limit);
        bySeconds.setToggleGroup(limit);
        byNodes.setText(i18n.get("deep.dialog.nodes"));
        bySeconds.setText(i18n.get("deep.dialog.seconds"));
        nodes.setId("deep-nodes");
        seconds.setId("deep-seconds");
        nodes.setPrefColumnCount(8);
        seconds.setPrefColumnCount(5);
        nodes.setText(Long.toString(last.nodes() > 0 ? last.nodes() : 200_000));
        seconds.setText(last.seconds() > 0 ? trim(last.seconds()) : "1");
        (last.nodes() > 0 ? byNodes : bySeconds).setSelected(true);
        nodes.disableProperty().bind(byNodes.selectedProperty().not());
        seconds.disableProperty().bind(bySeconds.selectedProperty().not());

        for (Spinner<Integer> s : List.of(multiPv, window, maxPlies, rechecks, budgetMinutes)) {
            s.setEditable(true);
            s.setPrefWidth(100);
        }
        multiPv.getValueFactory().setValue(last.multiPv());
        window.getValueFactory().setValue(last.window());
        maxPlies.getValueFactory().setValue(last.maxPlies());
        rechecks.getValueFactory().setValue(last.rechecks());
        budgetSearches.setId("deep-budget-searches");
        budgetSearches.setPrefColumnCount(8);
        budgetSearches.setText(Long.toString(last.budgetSearches()));
        budgetMinutes.getValueFactory().setValue(last.budgetMinutes());

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        grid.setPadding(new Insets(8));
        int r = 0;
        grid.addRow(r++, label("deep.dialog.engines"), engineBox);
        grid.addRow(r++, label("deep.dialog.limit"), new HBox(6, byNodes, nodes, bySeconds, seconds));
        grid.addRow(r++, label("deep.dialog.multipv"), multiPv);
        grid.addRow(r++, label("deep.dialog.window"), window);
        grid.addRow(r++, label("deep.dialog.maxPlies"), maxPlies);
        grid.addRow(r++, label("deep.dialog.rechecks"), rechecks);
        grid.addRow(r++, label("deep.dialog.budgetSearches"), budgetSearches);
        grid.addRow(r++, label("deep.dialog.budgetMinutes"), budgetMinutes);
        Label note = new Label(i18n.get("deep.dialog.note"));
        note.setWrapText(true);
        note.setMaxWidth(460);
        grid.add(note, 0, r, 2, 1);
        getDialogPane().setContent(grid);

        ButtonType start = new ButtonType(i18n.get("deep.dialog.start"), ButtonBar.ButtonData.OK_DONE);
        ButtonType resume = new ButtonType(i18n.get("deep.dialog.resume"), ButtonBar.ButtonData.APPLY);
        ButtonType cancel = new ButtonType(i18n.get("dialog.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        if (!resumeOnly) {
            getDialogPane().getButtonTypes().add(start);
        }
        if (canResume || resumeOnly) {
            getDialogPane().getButtonTypes().add(resume);
        }
        getDialogPane().getButtonTypes().add(cancel);
        for (ButtonType b : List.of(start, resume)) {
            Node n = getDialogPane().lookupButton(b);
            if (n != null) {
                n.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> setup() == null,
                        engineBox.getChildren().stream().map(c -> ((CheckBox) c).selectedProperty())
                                .toArray(javafx.beans.Observable[]::new)));
            }
        }
        setResultConverter(b -> b == start ? new Request(setup(), false) : b == resume ? new Request(setup(), true) : null);
    }

    /** The setup as the fields are now, or null when no engine is ticked or a number cannot be read. */
    public DeepUi.Setup setup() {
        List<String> ids = new ArrayList<>();
        engines.forEach((id, c) -> {
            if (c.isSelected()) {
                ids.add(id);
            }
        });
        if (ids.isEmpty()) {
            return null;
        }
        try {
            long n = byNodes.isSelected() ? Math.max(1, Long.parseLong(nodes.getText().strip())) : 0;
            double s = byNodes.isSelected() ? 0 : Math.max(0.01, Double.parseDouble(seconds.getText().strip()));
            long budget = Math.max(0, Long.parseLong(budgetSearches.getText().strip().isEmpty() ? "0" : budgetSearches.getText().strip()));
            return new DeepUi.Setup(ids, n, s, multiPv.getValue(), window.getValue(), maxPlies.getValue(), budget,
                    budgetMinutes.getValue(), rechecks.getValue());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Ticks or unticks an engine (for tests). */
    public void check(String id, boolean on) {
        CheckBox c = engines.get(id);
        if (c != null) {
            c.setSelected(on);
        }
    }

    private Label label(String key) {
        return new Label(i18n.get(key));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** Asks for a deep analysis of the board's position and starts it. */
    public static void ask(DeepUi ui) {
        if (ui.busy()) {
            ui.window().ifPresent(w -> w.setStatus(ui.i18n().get("deep.busy")));
            return;
        }
        new DeepDialog(ui, ui.document().game(), ui.canResumeBoard(), false).showAndWait()
                .ifPresent(r -> report(ui, ui.start(r.setup(), r.resume())));
    }

    /** Asks for the new budget of the last run and resumes it. */
    public static void askResume(DeepUi ui) {
        if (ui.busy() || ui.lastSetup().isEmpty()) {
            return;
        }
        new DeepDialog(ui, ui.document().game(), true, true).showAndWait()
                .ifPresent(r -> report(ui, ui.resume(r.setup())));
    }

    private static void report(DeepUi ui, java.util.concurrent.CompletableFuture<DeepUi.Ended> run) {
        org.kibitz.workbench.JobKit.reportFailure(run, ui::window, ui.i18n(), "deep.failed");
    }
}
