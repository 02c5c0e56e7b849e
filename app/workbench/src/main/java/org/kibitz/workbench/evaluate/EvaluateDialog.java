package org.kibitz.workbench.evaluate;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
import javafx.util.StringConverter;
import org.kibitz.core.Settings;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.workbench.I18n;

/**
 * Asks how to evaluate: one or two engines of the engine list, the limit of each search (nodes,
 * depth or time), how many searches at once, and the judgement preset. Offers the last choice again.
 */
public final class EvaluateDialog extends Dialog<EvaluateUi.Choice> {

    static final List<String> LIMIT_KINDS = List.of("nodes", "depth", "movetime");

    private final ComboBox<EngineEntry> first = new ComboBox<>();
    private final ComboBox<Optional<EngineEntry>> second;
    private final ComboBox<String> limitKind = new ComboBox<>();
    private final TextField limitValue = new TextField();
    private final Spinner<Integer> jobs;
    private final ComboBox<String> judge = new ComboBox<>();

    public EvaluateDialog(EvaluateUi ui, EvaluateUi.Scope scope) {
        I18n i18n = ui.i18n();
        ui.window().ifPresent(w -> initOwner(w.stage()));
        setTitle(i18n.get("evaluate.title"));
        setHeaderText(i18n.get("evaluate.header." + scope.name().toLowerCase(java.util.Locale.ROOT)));
        getDialogPane().setId("evaluate-dialog");
        Settings.Evaluation last = ui.remembered();
        List<EngineEntry> engines = ui.engines();

        first.setId("evaluate-engine");
        first.getItems().setAll(engines);
        first.setConverter(names(i18n));
        first.setValue(last.engines().stream().flatMap(id -> engines.stream().filter(e -> e.id().equals(id))).findFirst()
                .orElse(engines.isEmpty() ? null : engines.get(0)));
        second = optionalEngine(i18n, engines, last.engines().size() > 1 ? Optional.of(last.engines().get(1)) : Optional.empty());
        second.setId("evaluate-engine2");

        limitKind.setId("evaluate-limit-kind");
        limitKind.getItems().setAll(LIMIT_KINDS);
        limitKind.setConverter(keyed(i18n, "evaluate.limit."));
        limitKind.setValue(LIMIT_KINDS.contains(last.limitKind()) ? last.limitKind() : "nodes");
        limitValue.setId("evaluate-limit-value");
        limitValue.setPrefColumnCount(10);
        limitValue.setText(Long.toString(last.limitValue()));

        int cores = Runtime.getRuntime().availableProcessors();
        jobs = new Spinner<>(1, Math.max(cores * 2, 2), last.jobs() > 0 ? last.jobs() : cores);
        jobs.setId("evaluate-jobs");
        jobs.setEditable(true);
        jobs.setPrefWidth(90);

        judge.setId("evaluate-judge");
        judge.getItems().add("");
        judge.getItems().addAll(Summaries.PRESETS);
        judge.setConverter(keyed(i18n, "evaluate.judge."));
        judge.setValue(judge.getItems().contains(last.judge()) ? last.judge() : "");

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        grid.addRow(0, new Label(i18n.get("evaluate.engine")), first);
        grid.addRow(1, new Label(i18n.get("evaluate.engine2")), second);
        grid.addRow(2, new Label(i18n.get("evaluate.limit")), limitKind, limitValue);
        grid.addRow(3, new Label(i18n.get("evaluate.jobs")), jobs);
        grid.addRow(4, new Label(i18n.get("evaluate.judge")), judge);
        getDialogPane().setContent(grid);

        ButtonType ok = new ButtonType(i18n.get("evaluate.start"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(i18n.get("dialog.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().addAll(ok, cancel);
        Node okButton = getDialogPane().lookupButton(ok);
        okButton.setId("evaluate-ok");
        okButton.disableProperty().bind(first.valueProperty().isNull()
                .or(javafx.beans.binding.Bindings.createBooleanBinding(() -> parsedLimit() < 1, limitValue.textProperty())));
        setResultConverter(b -> b == ok ? choice() : null);
    }

    private long parsedLimit() {
        return parseLimit(limitValue.getText());
    }

    /** A limit as typed ({@code 100,000} and {@code 100_000} too); -1 when it is not a number. */
    static long parseLimit(String text) {
        try {
            return Long.parseLong(text.strip().replace(",", "").replace("_", ""));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A choice of an engine of {@code engines} or none, with {@code selectedId} chosen if it is there. */
    static ComboBox<Optional<EngineEntry>> optionalEngine(I18n i18n, List<EngineEntry> engines, Optional<String> selectedId) {
        ComboBox<Optional<EngineEntry>> box = new ComboBox<>();
        box.getItems().add(Optional.empty());
        engines.forEach(e -> box.getItems().add(Optional.of(e)));
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(Optional<EngineEntry> e) {
                return e == null ? "" : e.map(x -> i18n.engineName(x.name())).orElse(i18n.get("evaluate.engine.none"));
            }

            @Override
            public Optional<EngineEntry> fromString(String s) {
                return Optional.empty();
            }
        });
        box.setValue(selectedId.flatMap(id -> engines.stream().filter(e -> e.id().equals(id)).findFirst()));
        return box;
    }

    private EvaluateUi.Choice choice() {
        List<EngineEntry> engines = new ArrayList<>();
        engines.add(first.getValue());
        second.getValue().filter(e -> !e.id().equals(first.getValue().id())).ifPresent(engines::add);
        return new EvaluateUi.Choice(engines, limitKind.getValue(), parsedLimit(), Math.max(1, jobs.getValue()),
                Objects.requireNonNullElse(judge.getValue(), ""));
    }

    static StringConverter<EngineEntry> names(I18n i18n) {
        return new StringConverter<>() {
            @Override
            public String toString(EngineEntry e) {
                return e == null ? "" : i18n.engineName(e.name());
            }

            @Override
            public EngineEntry fromString(String s) {
                return null;
            }
        };
    }

    static StringConverter<String> keyed(I18n i18n, String prefix) {
        return new StringConverter<>() {
            @Override
            public String toString(String id) {
                return id == null ? "" : i18n.get(prefix + (id.isEmpty() ? "default" : id));
            }

            @Override
            public String fromString(String s) {
                return s;
            }
        };
    }

    /** Shows the dialog for {@code scope} and starts what the user chose; problems go to the window. */
    public static void ask(EvaluateUi ui, EvaluateUi.Scope scope) {
        if (!ui.available(scope)) {
            ui.window().ifPresent(w -> w.setStatus(ui.i18n().get("evaluate.nothing")));
            return;
        }
        new EvaluateDialog(ui, scope).showAndWait().ifPresent(choice ->
                org.kibitz.workbench.JobKit.reportFailure(ui.evaluate(scope, choice), ui::window, ui.i18n(), "evaluate.failed"));
    }
}
