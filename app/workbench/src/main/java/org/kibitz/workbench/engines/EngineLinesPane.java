package org.kibitz.workbench.engines;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kibitz.api.engine.EngineException;
import org.kibitz.workbench.Icons;
import org.kibitz.core.engines.EngineDiscovery;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRegistry;

/**
 * The engine lines pane: one {@link AnalysisPanel} per engine, side by side for comparison, and on
 * the first start an offer to add the engines found on this computer.
 */
public final class EngineLinesPane extends BorderPane {

    private final EnginesUi ui;
    private final SplitPane panels = new SplitPane();
    private final List<AnalysisPanel> shown = new ArrayList<>();

    public EngineLinesPane(EnginesUi ui) {
        this.ui = ui;
        setId("engine-lines-pane");
        getStyleClass().add("engine-lines-pane");
        getStylesheets().add(EngineStyles.URL);
        panels.setId("analysis-panels");
        // The dock's split gives this pane its share; a panel's header and table asking for more height
        // (a split's panels each have a figures line) must not push the board's divider up.
        setMinHeight(0);
        panels.setMinHeight(0);
        setCenter(panels);
        rebuild();
        ui.panelsRevision().addListener((o, a, b) -> rebuild());
        ui.onFrame(this::updateAll);
        ui.ticker().wake();
        ui.service().signal().raise();
        offerFoundEngines();
    }

    /**
     * Every panel with news redrawn on the same read: reads come at most once per refresh
     * ({@link FrameTicker}), and what changes on one pulse is drawn in one frame. (Panels used to be
     * redrawn one per read, in turn, to keep each pulse short; that drew a frame for each of them and
     * left each panel a quarter of the reads.)
     */
    private void updateAll(java.util.Map<String, org.kibitz.core.analysis.AnalysisState> states) {
        for (AnalysisPanel p : shown) {
            p.update(states);
        }
    }

    private void rebuild() {
        List<String> ids = ui.panelIds();
        if (shown.stream().map(AnalysisPanel::slotId).toList().equals(ids)) {
            return;
        }
        List<AnalysisPanel> next = new ArrayList<>();
        for (String id : ids) {
            next.add(shown.stream().filter(p -> p.slotId().equals(id)).findFirst().orElseGet(() -> new AnalysisPanel(ui, id)));
        }
        shown.stream().filter(p -> !next.contains(p)).forEach(AnalysisPanel::dispose);
        shown.clear();
        shown.addAll(next);
        panels.getItems().setAll(next);
        if (next.size() > 1) {
            double[] div = new double[next.size() - 1];
            for (int i = 0; i < div.length; i++) {
                div[i] = (i + 1.0) / next.size();
            }
            panels.setDividerPositions(div);
            // A split moves dividers set before its first layout: set them again once it has a size.
            if (panels.getWidth() <= 0) {
                javafx.beans.value.ChangeListener<Number>[] once = new javafx.beans.value.ChangeListener[1];
                once[0] = (o, a, b) -> {
                    if (b.doubleValue() > 0) {
                        panels.widthProperty().removeListener(once[0]);
                        javafx.application.Platform.runLater(() -> panels.setDividerPositions(div));
                    }
                };
                panels.widthProperty().addListener(once[0]);
            }
        }
        ui.service().signal().raise();
    }

    /** On the first start: "Found Stockfish, Fairy-Stockfish on this computer. [Add them] [Not now]". */
    private void offerFoundEngines() {
        EngineRegistry registry = ui.registry();
        if (!registry.shouldOffer()) {
            return;
        }
        Task<List<EngineDiscovery.Found>> find = new Task<>() {
            @Override
            protected List<EngineDiscovery.Found> call() {
                return registry.offers();
            }
        };
        find.setOnSucceeded(e -> {
            List<EngineDiscovery.Found> found = find.getValue();
            if (found.isEmpty()) {
                answered();
                return;
            }
            showOffer(found);
        });
        ui.background().run("find-engines", find);
    }

    private void showOffer(List<EngineDiscovery.Found> found) {
        String names = found.stream().map(f -> f.path().toString()).collect(Collectors.joining(", "));
        Label text = new Label();
        text.textProperty().bind(ui.i18n().text("offer.text", names));
        text.setWrapText(true);
        text.setId("engine-offer-text");
        // What each engine will get, and why (issue 36): shown before the user says yes.
        Label reason = new Label(ui.defaultsReason());
        reason.setWrapText(true);
        reason.setId("engine-offer-defaults");
        reason.getStyleClass().add("engine-offer-defaults");
        javafx.scene.layout.VBox texts = new javafx.scene.layout.VBox(2, text, reason);
        Button yes = new Button();
        yes.textProperty().bind(ui.i18n().text("offer.add"));
        yes.setId("engine-offer-add");
        yes.setDefaultButton(false);
        Button no = new Button();
        no.textProperty().bind(ui.i18n().text("offer.no"));
        no.setId("engine-offer-no");
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox.setHgrow(texts, Priority.SOMETIMES);
        // The found engines' paths make a long text: it wraps, and the buttons keep their whole
        // words ("Add t…" was all a 1400 px window showed of them).
        text.setMinWidth(0);
        reason.setMinWidth(0);
        texts.setMinWidth(0);
        yes.setMinWidth(Region.USE_PREF_SIZE);
        no.setMinWidth(Region.USE_PREF_SIZE);
        HBox bar = new HBox(8, Icons.of("mdi2e-engine-outline"), texts, spring, yes, no);
        bar.setId("engine-offer");
        bar.getStyleClass().add("engine-offer");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 4, 8));
        setTop(bar);
        no.setOnAction(e -> {
            setTop(null);
            answered();
        });
        yes.setOnAction(e -> {
            yes.setDisable(true);
            no.setDisable(true);
            text.textProperty().bind(ui.i18n().text("offer.probing"));
            addFound(found, bar, text);
        });
    }

    private void addFound(List<EngineDiscovery.Found> found, HBox bar, Label text) {
        EngineRegistry registry = ui.registry();
        Task<List<String>> add = new Task<>() {
            @Override
            protected List<String> call() {
                List<String> problems = new ArrayList<>();
                for (EngineDiscovery.Found f : found) {
                    try {
                        EngineEntry e = registry.probeNew(List.of(f.path().toString()), java.util.Optional.empty(),
                                java.util.Optional.empty());
                        registry.put(e);
                    } catch (EngineException ex) {
                        problems.add(ui.render(ex.text()));
                    } catch (java.io.IOException ex) {
                        problems.add(ex.getMessage());
                    }
                }
                return problems;
            }
        };
        add.setOnSucceeded(e -> {
            answered();
            List<String> problems = add.getValue();
            if (problems.isEmpty()) {
                setTop(null);
            } else {
                text.textProperty().unbind();
                text.setText(String.join("\n", problems));
                Button ok = new Button();
                ok.textProperty().bind(ui.i18n().text("offer.close"));
                ok.setMinWidth(Region.USE_PREF_SIZE);
                ok.setOnAction(x -> setTop(null));
                bar.getChildren().setAll(text, ok);
            }
            ui.panelsRevision().set(ui.panelsRevision().get() + 1);
        });
        add.setOnFailed(e -> {
            answered();
            text.textProperty().unbind();
            text.setText(String.valueOf(add.getException()));
        });
        ui.background().run("add-engines", add);
    }

    private void answered() {
        try {
            ui.registry().offersAnswered();
        } catch (java.io.IOException ex) {
            ui.window().ifPresent(w -> w.setStatus(ui.i18n().get("engines.saveFailed", ex.getMessage())));
        }
    }
}
