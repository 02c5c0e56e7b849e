package org.kibitz.workbench.match;

import java.io.File;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.match.TimeControl;
import org.kibitz.workbench.I18n;

/**
 * Asks for a match or tournament: two engines or more of the engine list, round robin or gauntlet,
 * the time control in cutechess's words, games, rounds and repeat, the openings, the rule set
 * (xiangqi), games at once, the adjudication, and an SPRT when two engines play. Offers the last
 * match's choices again.
 */
public final class MatchDialog extends Dialog<MatchSetup> {

    private final I18n i18n;
    private final MatchUi ui;
    private final ComboBox<GamePlugin> game = new ComboBox<>();
    private final ObservableList<EngineEntry> engineItems = FXCollections.observableArrayList();
    private final ListView<EngineEntry> engineList = new ListView<>(engineItems);
    /** The checked engines, in the order they were checked (the gauntlet's engine first). */
    private final List<String> checked = new ArrayList<>();
    private final java.util.Map<String, BooleanProperty> checks = new java.util.HashMap<>();
    private final BooleanProperty enoughEngines = new SimpleBooleanProperty();
    private final BooleanProperty twoEngines = new SimpleBooleanProperty();
    private final ComboBox<String> mode = new ComboBox<>();
    final TextField tc = field("match-tc", 8);
    final TextField st = field("match-st", 5);
    final TextField nodes = field("match-nodes", 8);
    final TextField depth = field("match-depth", 4);
    private final Label tcProblem = new Label();
    final Spinner<Integer> games = spinner("match-games", 1, 10_000);
    final Spinner<Integer> rounds = spinner("match-rounds", 1, 10_000);
    final CheckBox repeat = new CheckBox();
    final TextField openings = field("match-openings", 22);
    final Spinner<Integer> plies = spinner("match-plies", 0, 1000);
    private final ComboBox<String> order = new ComboBox<>();
    private final ComboBox<String> ruleSet = new ComboBox<>();
    final Spinner<Integer> concurrency = spinner("match-concurrency", 1, 256);
    final Spinner<Integer> maxMoves = spinner("match-maxmoves", 0, 10_000);
    final CheckBox resign = new CheckBox();
    final Spinner<Integer> resignMoves = spinner("match-resign-moves", 1, 1000);
    final Spinner<Integer> resignScore = spinner("match-resign-score", 1, 100_000);
    final CheckBox draw = new CheckBox();
    final Spinner<Integer> drawMoveNumber = spinner("match-draw-movenumber", 0, 1000);
    final Spinner<Integer> drawMoves = spinner("match-draw-moves", 1, 1000);
    final Spinner<Integer> drawScore = spinner("match-draw-score", 0, 100_000);
    final CheckBox sprt = new CheckBox();
    final TextField elo0 = field("match-elo0", 5);
    final TextField elo1 = field("match-elo1", 5);
    final TextField alpha = field("match-alpha", 5);
    final TextField beta = field("match-beta", 5);
    private final Node okButton;

    public MatchDialog(MatchUi ui) {
        this.ui = ui;
        this.i18n = ui.i18n();
        ui.window().ifPresent(w -> initOwner(w.stage()));
        setTitle(i18n.get("match.dialog.title"));
        setHeaderText(i18n.get("match.dialog.header"));
        getDialogPane().setId("match-dialog");
        setResizable(true);
        MatchSetup last = ui.remembered();

        game.setId("match-game");
        game.getItems().setAll(ui.games().all());
        game.setConverter(new StringConverter<>() {
            @Override
            public String toString(GamePlugin g) {
                return g == null ? "" : i18n.get("game." + g.id());
            }

            @Override
            public GamePlugin fromString(String s) {
                return null;
            }
        });
        game.setValue(ui.games().byId(last.gameId()).orElse(game.getItems().isEmpty() ? null : game.getItems().get(0)));

        engineList.setId("match-engines");
        engineList.setPrefHeight(200);
        engineList.setPrefWidth(220);
        engineList.setCellFactory(CheckBoxListCell.forListView(e -> property(e.id()), new StringConverter<>() {
            @Override
            public String toString(EngineEntry e) {
                return e == null ? "" : i18n.engineName(e.name());
            }

            @Override
            public EngineEntry fromString(String s) {
                return null;
            }
        }));
        fillEngines(last.engines());
        game.valueProperty().addListener((o, was, now) -> {
            fillEngines(new ArrayList<>(checked));
            fillRuleSets("");
        });

        mode.setId("match-mode");
        mode.getItems().setAll("roundrobin", "gauntlet");
        mode.setConverter(keyed("match.mode."));
        mode.setValue(last.gauntlet() ? "gauntlet" : "roundrobin");

        tc.setText(last.tc());
        st.setText(last.st());
        nodes.setText(last.nodes());
        depth.setText(last.depth());
        tcProblem.setId("match-tc-problem");
        tcProblem.getStyleClass().add("match-problem");
        tcProblem.setWrapText(true);
        games.getValueFactory().setValue(last.games());
        rounds.getValueFactory().setValue(last.rounds());
        repeat.setId("match-repeat");
        repeat.setText(i18n.get("match.repeat"));
        repeat.setSelected(last.repeat());

        openings.setText(last.openings());
        openings.setPromptText(i18n.get("match.openings.none"));
        Button browse = new Button(i18n.get("match.openings.browse"));
        browse.setId("match-openings-browse");
        browse.setOnAction(e -> browse());
        plies.getValueFactory().setValue(last.plies());
        order.setId("match-order");
        order.getItems().setAll("sequential", "random");
        order.setConverter(keyed("match.order."));
        order.setValue(last.order());

        ruleSet.setId("match-rules");
        ruleSet.setConverter(keyed("rules."));
        fillRuleSets(last.ruleSet());

        concurrency.getValueFactory().setValue(last.concurrency());
        maxMoves.getValueFactory().setValue(last.maxMoves());
        resign.setId("match-resign");
        resign.setText(i18n.get("match.resign"));
        resign.setSelected(last.resignMoves() > 0);
        resignMoves.getValueFactory().setValue(last.resignMoves() > 0 ? last.resignMoves() : 3);
        resignScore.getValueFactory().setValue(last.resignScore() > 0 ? last.resignScore() : 1000);
        draw.setId("match-draw");
        draw.setText(i18n.get("match.draw"));
        draw.setSelected(last.drawMoves() > 0);
        drawMoveNumber.getValueFactory().setValue(last.drawMoves() > 0 ? last.drawMoveNumber() : 40);
        drawMoves.getValueFactory().setValue(last.drawMoves() > 0 ? last.drawMoves() : 8);
        drawScore.getValueFactory().setValue(last.drawMoves() > 0 ? last.drawScore() : 10);
        for (Node n : List.of(resignMoves, resignScore)) {
            n.disableProperty().bind(resign.selectedProperty().not());
        }
        for (Node n : List.of(drawMoveNumber, drawMoves, drawScore)) {
            n.disableProperty().bind(draw.selectedProperty().not());
        }
        sprt.setId("match-sprt");
        sprt.setText(i18n.get("match.sprt"));
        sprt.setSelected(last.sprt());
        sprt.disableProperty().bind(twoEngines.not());
        elo0.setText(number(last.elo0()));
        elo1.setText(number(last.elo1()));
        alpha.setText(number(last.alpha()));
        beta.setText(number(last.beta()));
        for (Node n : List.of(elo0, elo1, alpha, beta)) {
            n.disableProperty().bind(sprt.selectedProperty().not().or(twoEngines.not()));
        }

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        int r = 0;
        grid.addRow(r++, label("match.game"), game);
        grid.addRow(r++, label("match.mode"), mode);
        grid.addRow(r++, label("match.tc"), row(tc, label("match.st"), st, label("match.nodes"), nodes,
                label("match.depth"), depth));
        grid.add(tcProblem, 1, r++);
        grid.addRow(r++, label("match.games"), row(games, label("match.rounds"), rounds, repeat));
        grid.addRow(r++, label("match.openings"), row(openings, browse));
        grid.addRow(r++, label("match.plies"), row(plies, label("match.order"), order));
        grid.addRow(r++, label("match.rules"), ruleSet);
        grid.addRow(r++, label("match.concurrency"), concurrency);
        grid.addRow(r++, label("match.maxmoves"), maxMoves);
        grid.addRow(r++, resign, row(label("match.resign.moves"), resignMoves, label("match.resign.score"), resignScore));
        grid.addRow(r++, draw, row(label("match.draw.movenumber"), drawMoveNumber, label("match.draw.moves"), drawMoves,
                label("match.draw.score"), drawScore));
        grid.addRow(r++, sprt, row(label("match.sprt.elo0"), elo0, label("match.sprt.elo1"), elo1,
                label("match.sprt.alpha"), alpha, label("match.sprt.beta"), beta));

        Label enginesTitle = label("match.engines");
        Label hint = new Label(i18n.get("match.engines.hint"));
        hint.setWrapText(true);
        hint.setMaxWidth(220);
        hint.getStyleClass().add("match-hint");
        VBox left = new VBox(6, enginesTitle, engineList, hint);
        VBox.setVgrow(engineList, Priority.ALWAYS);
        HBox content = new HBox(14, left, grid);
        content.setPadding(new Insets(10));
        getDialogPane().setContent(content);

        ButtonType ok = new ButtonType(i18n.get("match.start"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(i18n.get("dialog.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().addAll(ok, cancel);
        okButton = getDialogPane().lookupButton(ok);
        okButton.setId("match-ok");
        var tcOk = Bindings.createBooleanBinding(this::timeControlReads, tc.textProperty(), st.textProperty(),
                nodes.textProperty(), depth.textProperty());
        okButton.disableProperty().bind(enoughEngines.not().or(tcOk.not()));
        setResultConverter(b -> b == ok ? setup() : null);
    }

    /** Checks the engine with this id, or unchecks it, as a click on its box does. */
    public void check(String id, boolean on) {
        property(id).set(on);
    }

    /** Whether the engine with this id is checked, as its list cell's check box shows it. */
    private BooleanProperty property(String id) {
        return checks.computeIfAbsent(id, k -> {
            BooleanProperty p = new SimpleBooleanProperty();
            p.addListener((o, was, now) -> {
                checked.remove(k);
                if (now) {
                    checked.add(k);
                }
                enoughEngines.set(checked.size() >= 2);
                twoEngines.set(checked.size() == 2);
            });
            return p;
        });
    }

    private void fillEngines(List<String> wanted) {
        GamePlugin g = game.getValue();
        for (String id : new ArrayList<>(checked)) {
            BooleanProperty p = checks.get(id);
            if (p != null) {
                p.set(false);
            }
        }
        checked.clear();
        engineItems.setAll(g == null ? List.of() : ui.engines(g.id()));
        Set<String> present = new HashSet<>();
        engineItems.forEach(e -> present.add(e.id()));
        for (String id : wanted) {
            if (present.contains(id)) {
                check(id, true);
            }
        }
        enoughEngines.set(checked.size() >= 2);
        twoEngines.set(checked.size() == 2);
    }

    private void fillRuleSets(String wanted) {
        GamePlugin g = game.getValue();
        List<String> sets = g == null ? List.of() : g.ruleSets();
        ruleSet.getItems().setAll(sets);
        ruleSet.setDisable(sets.isEmpty());
        ruleSet.setValue(sets.contains(wanted) ? wanted : sets.isEmpty() ? null : sets.get(0));
    }

    private boolean timeControlReads() {
        try {
            TimeControl.parse(timeSettings());
            tcProblem.setText("");
            return true;
        } catch (IllegalArgumentException e) {
            tcProblem.setText(i18n.get("match.error.tc", e.getMessage()));
            return false;
        }
    }

    private java.util.Map<String, String> timeSettings() {
        return new MatchSetup("chess", List.of(), false, tc.getText(), st.getText(), nodes.getText(), depth.getText(),
                1, 1, false, "", 0, "", "", 1, 0, 0, 0, 0, 0, 0, false, 0, 0, 0.05, 0.05, "", false).timeSettings();
    }

    /** What the dialog says now. */
    public MatchSetup setup() {
        return new MatchSetup(game.getValue().id(), List.copyOf(checked), "gauntlet".equals(mode.getValue()),
                tc.getText(), st.getText(), nodes.getText(), depth.getText(), value(games), value(rounds),
                repeat.isSelected(), openings.getText(), value(plies), order.getValue(),
                ruleSet.getValue() == null ? "" : ruleSet.getValue(), value(concurrency), value(maxMoves),
                resign.isSelected() ? value(resignMoves) : 0, value(resignScore),
                value(drawMoveNumber), draw.isSelected() ? value(drawMoves) : 0, value(drawScore),
                sprt.isSelected() && checked.size() == 2, decimal(elo0, 0), decimal(elo1, 5), decimal(alpha, 0.05),
                decimal(beta, 0.05), "", false);
    }

    private void browse() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("match.openings.choose"));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(i18n.get("match.openings.files"),
                "*.epd", "*.fen", "*.pgn", "*.xqf", "*.EPD", "*.FEN", "*.PGN", "*.XQF"));
        File f = chooser.showOpenDialog(getDialogPane().getScene().getWindow());
        if (f != null) {
            openings.setText(f.getAbsolutePath());
        }
    }

    private static int value(Spinner<Integer> s) {
        // A typed value counts even before the spinner's field loses focus.
        try {
            return Integer.parseInt(s.getEditor().getText().strip());
        } catch (NumberFormatException e) {
            return s.getValue();
        }
    }

    private static double decimal(TextField f, double fallback) {
        try {
            return Double.parseDouble(f.getText().strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private Label label(String key) {
        return new Label(i18n.get(key));
    }

    private static HBox row(Node... nodes) {
        HBox b = new HBox(6, nodes);
        b.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return b;
    }

    private static TextField field(String id, int columns) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(columns);
        return f;
    }

    private static Spinner<Integer> spinner(String id, int min, int max) {
        Spinner<Integer> s = new Spinner<>(min, max, min);
        s.setId(id);
        s.setEditable(true);
        s.setPrefWidth(84);
        return s;
    }

    private StringConverter<String> keyed(String prefix) {
        return new StringConverter<>() {
            @Override
            public String toString(String id) {
                return id == null ? "" : i18n.get(prefix + id.toLowerCase(Locale.ROOT));
            }

            @Override
            public String fromString(String s) {
                return s;
            }
        };
    }

    /** Shows the dialog and starts what the user chose; problems go to the window. */
    public static void ask(MatchUi ui) {
        if (ui.busy()) {
            ui.window().ifPresent(w -> w.setStatus(ui.i18n().get("match.error.busy")));
            return;
        }
        new MatchDialog(ui).showAndWait().ifPresent(setup ->
                org.kibitz.workbench.JobKit.reportFailure(ui.start(setup), ui::window, ui.i18n(), "match.startFailed"));
    }
}
