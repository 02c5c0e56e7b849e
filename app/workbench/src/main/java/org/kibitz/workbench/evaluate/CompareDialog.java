package org.kibitz.workbench.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import org.kibitz.core.Settings;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.evaluate.compare.Comparison;
import org.kibitz.workbench.I18n;
import org.kibitz.workbench.engines.EnginesUi;

/**
 * Asks how to compare engines: two to four engines of the engine list, the limit of each search, how
 * many lines each searches (for "A's move in B's top three"), the win% gap from which they disagree,
 * searches at once and the judgement preset. Offers the last choice again.
 */
public final class CompareDialog extends Dialog<CompareUi.Choice> {

    private final List<ComboBox<Optional<EngineEntry>>> engines = new ArrayList<>();
    private final ComboBox<String> limitKind = new ComboBox<>();
    private final TextField limitValue = new TextField();
    private final Spinner<Integer> multipv;
    private final Spinner<Double> threshold;
    private final Spinner<Integer> jobs;
    private final ComboBox<String> judge = new ComboBox<>();

    public CompareDialog(CompareUi ui, EvaluateUi.Scope scope) {
        I18n i18n = ui.i18n();
        ui.window().ifPresent(w -> initOwner(w.stage()));
        setTitle(i18n.get("compare.title"));
        setHeaderText(i18n.get("compare.header." + scope.name().toLowerCase(Locale.ROOT)));
        getDialogPane().setId("compare-dialog");
        Settings.Comparison last = ui.remembered();
        List<EngineEntry> offered = ui.enginesOfGame();

        // The last engines again if they still play the game, else the first engines of the list.
        List<String> ids = new ArrayList<>(last.engines().stream()
                .filter(id -> offered.stream().anyMatch(e -> e.id().equals(id))).toList());
        for (EngineEntry e : offered) {
            if (ids.size() >= 2) {
                break;
            }
            if (!ids.contains(e.id())) {
                ids.add(e.id());
            }
        }
        for (int i = 0; i < EnginesUi.MAX_PANELS; i++) {
            ComboBox<Optional<EngineEntry>> box = EvaluateDialog.optionalEngine(i18n, offered,
                    i < ids.size() ? Optional.of(ids.get(i)) : Optional.empty());
            box.setId("compare-engine" + (i + 1));
            engines.add(box);
        }

        limitKind.setId("compare-limit-kind");
        limitKind.getItems().setAll(EvaluateDialog.LIMIT_KINDS);
        limitKind.setConverter(EvaluateDialog.keyed(i18n, "evaluate.limit."));
        limitKind.setValue(EvaluateDialog.LIMIT_KINDS.contains(last.limitKind()) ? last.limitKind() : "nodes");
        limitValue.setId("compare-limit-value");
        limitValue.setPrefColumnCount(10);
        limitValue.setText(Long.toString(last.limitValue()));

        multipv = new Spinner<>(1, 10, last.multipv());
        multipv.setId("compare-multipv");
        multipv.setEditable(true);
        multipv.setPrefWidth(90);
        threshold = new Spinner<>(1.0, 50.0, last.threshold(), 1.0);
        threshold.setId("compare-threshold");
        threshold.setEditable(true);
        threshold.setPrefWidth(90);
        int cores = Runtime.getRuntime().availableProcessors();
        jobs = new Spinner<>(1, Math.max(cores * 2, 2), last.jobs() > 0 ? last.jobs() : cores);
        jobs.setId("compare-jobs");
        jobs.setEditable(true);
        jobs.setPrefWidth(90);

        judge.setId("compare-judge");
        judge.getItems().add("");
        judge.getItems().addAll(Summaries.PRESETS);
        judge.setConverter(EvaluateDialog.keyed(i18n, "evaluate.judge."));
        judge.setValue(judge.getItems().contains(last.judge()) ? last.judge() : "");

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        int row = 0;
        for (int i = 0; i < engines.size(); i++) {
            grid.addRow(row++, new Label(i18n.get("compare.engine", i + 1)), engines.get(i));
        }
        grid.addRow(row++, new Label(i18n.get("evaluate.limit")), limitKind, limitValue);
        grid.addRow(row++, new Label(i18n.get("compare.multipv")), multipv);
        grid.addRow(row++, new Label(i18n.get("compare.threshold")), threshold, new Label(i18n.get("compare.threshold.unit")));
        grid.addRow(row++, new Label(i18n.get("evaluate.jobs")), jobs);
        grid.addRow(row, new Label(i18n.get("evaluate.judge")), judge);
        getDialogPane().setContent(grid);

        ButtonType ok = new ButtonType(i18n.get("compare.start"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(i18n.get("dialog.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().addAll(ok, cancel);
        Node okButton = getDialogPane().lookupButton(ok);
        okButton.setId("compare-ok");
        javafx.beans.Observable[] watched = new javafx.beans.Observable[engines.size() + 1];
        for (int i = 0; i < engines.size(); i++) {
            watched[i] = engines.get(i).valueProperty();
        }
        watched[engines.size()] = limitValue.textProperty();
        okButton.disableProperty().bind(Bindings.createBooleanBinding(
                () -> chosen().size() < 2 || EvaluateDialog.parseLimit(limitValue.getText()) < 1, watched));
        setResultConverter(b -> b == ok ? choice() : null);
    }

    /** The engines chosen, each once, in the order of the boxes. */
    private List<EngineEntry> chosen() {
        List<EngineEntry> out = new ArrayList<>();
        for (ComboBox<Optional<EngineEntry>> box : engines) {
            Optional<EngineEntry> e = box.getValue() == null ? Optional.empty() : box.getValue();
            e.filter(x -> out.stream().noneMatch(o -> o.id().equals(x.id()))).ifPresent(out::add);
        }
        return out;
    }

    private CompareUi.Choice choice() {
        EvaluateUi.Choice base = new EvaluateUi.Choice(chosen(), limitKind.getValue(), EvaluateDialog.parseLimit(limitValue.getText()),
                Math.max(1, jobs.getValue()), Objects.requireNonNullElse(judge.getValue(), ""));
        double t = threshold.getValue() == null ? Comparison.DEFAULT_THRESHOLD : threshold.getValue();
        return new CompareUi.Choice(base, Math.max(1, multipv.getValue()), Math.min(100, Math.max(0.5, t)));
    }

    /** Shows the dialog for {@code scope} and starts what the user chose; problems go to the window. */
    public static void ask(CompareUi ui, EvaluateUi.Scope scope) {
        if (!ui.available(scope)) {
            ui.window().ifPresent(w -> w.setStatus(ui.i18n().get("evaluate.nothing")));
            return;
        }
        if (ui.enginesOfGame().size() < 2) {
            ui.window().ifPresent(w -> w.notify(ui.i18n().get("compare.fewEngines")));
            return;
        }
        new CompareDialog(ui, scope).showAndWait().ifPresent(choice ->
                org.kibitz.workbench.JobKit.reportFailure(ui.compare(scope, choice), ui::window, ui.i18n(), "compare.failed"));
    }
}
