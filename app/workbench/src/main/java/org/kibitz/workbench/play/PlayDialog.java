package org.kibitz.workbench.play;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.match.TimeControl;
import org.kibitz.workbench.I18n;

/**
 * Asks how to play: a person against an engine (which engine, which side, or a random one) or two
 * engines against each other; the time control (a clock of minutes plus an increment in seconds, a
 * fixed time per move, or a depth or node limit for weak play); the repetition rules of a game that
 * has several; from the start or from the position on the board.
 */
final class PlayDialog extends Dialog<PlayUi.Setup> {

    static final List<String> MODES = List.of("person", "engines");
    static final List<String> SIDES = List.of("WHITE", "BLACK", "random");
    static final List<String> TIME_KINDS = List.of("clock", "movetime", "depth", "nodes");

    private final GamePlugin game;
    private final ComboBox<String> mode = new ComboBox<>();
    private final ComboBox<EngineEntry> engine = new ComboBox<>();
    private final ComboBox<String> side = new ComboBox<>();
    private final ComboBox<EngineEntry> whiteEngine = new ComboBox<>();
    private final ComboBox<EngineEntry> blackEngine = new ComboBox<>();
    private final ComboBox<String> timeKind = new ComboBox<>();
    private final TextField minutes = new TextField("5");
    private final TextField increment = new TextField("3");
    private final TextField limit = new TextField();
    private final ComboBox<String> ruleSet = new ComboBox<>();
    private final CheckBox fromCurrent = new CheckBox();

    static Optional<PlayUi.Setup> ask(PlayUi ui) {
        return new PlayDialog(ui).showAndWait();
    }

    PlayDialog(PlayUi ui) {
        I18n i18n = ui.i18n();
        game = ui.document().game();
        ui.window().ifPresent(w -> initOwner(w.stage()));
        setTitle(i18n.get("play.title"));
        setHeaderText(i18n.get("play.header", i18n.get("game." + game.id())));
        getDialogPane().setId("play-dialog");
        List<EngineEntry> engines = ui.engines(game);

        mode.setId("play-mode");
        mode.getItems().setAll(MODES);
        mode.setConverter(keyed(i18n, "play.mode."));
        mode.setValue("person");
        for (ComboBox<EngineEntry> box : List.of(engine, whiteEngine, blackEngine)) {
            box.getItems().setAll(engines);
            box.setConverter(names(i18n));
            box.setValue(engines.isEmpty() ? null : engines.get(0));
        }
        engine.setId("play-engine");
        whiteEngine.setId("play-engine-white");
        blackEngine.setId("play-engine-black");
        side.setId("play-side");
        side.getItems().setAll(SIDES);
        side.setConverter(new StringConverter<>() {
            @Override
            public String toString(String s) {
                if (s == null) {
                    return "";
                }
                return s.equals("random") ? i18n.get("play.side.random")
                        : ui.sideName(game, org.kibitz.api.game.Side.valueOf(s));
            }

            @Override
            public String fromString(String s) {
                return s;
            }
        });
        side.setValue("WHITE");

        timeKind.setId("play-time-kind");
        timeKind.getItems().setAll(TIME_KINDS);
        timeKind.setConverter(keyed(i18n, "play.time."));
        timeKind.setValue("clock");
        minutes.setId("play-minutes");
        increment.setId("play-increment");
        limit.setId("play-limit");
        for (TextField f : List.of(minutes, increment, limit)) {
            f.setPrefColumnCount(6);
        }
        Label minutesLabel = new Label(i18n.get("play.minutes"));
        Label incrementLabel = new Label(i18n.get("play.increment"));
        Label limitUnit = new Label();
        HBox clockRow = new HBox(6, minutes, minutesLabel, increment, incrementLabel);
        HBox limitRow = new HBox(6, limit, limitUnit);
        clockRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        limitRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        Map<String, String> defaults = new HashMap<>(Map.of("movetime", "2", "depth", "3", "nodes", "2000"));
        timeKind.valueProperty().addListener((o, a, k) -> {
            boolean clock = k.equals("clock");
            clockRow.setVisible(clock);
            limitRow.setVisible(!clock);
            if (!clock && !restoring) {
                limit.setText(defaults.get(k));
                limitUnit.setText(i18n.get("play.unit." + k));
            }
        });
        limitRow.setVisible(false);
        if (!clock(timeKind.getValue())) {
            limitUnit.setText(i18n.get("play.unit." + timeKind.getValue()));
        }

        ruleSet.setId("play-rules");
        ruleSet.getItems().setAll(game.ruleSets());
        ruleSet.setConverter(keyed(i18n, "rules."));
        ruleSet.setValue(game.ruleSets().isEmpty() ? null : ui.rules().ruleSet(game));
        fromCurrent.setId("play-from-current");
        fromCurrent.setText(i18n.get("play.fromCurrent"));
        fromCurrent.setDisable(ui.document().cursor().isRoot() && ui.document().position().equals(game.startPosition()));

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        Label engineLabel = new Label(i18n.get("play.engine"));
        Label sideLabel = new Label(i18n.get("play.side"));
        Label whiteLabel = new Label(i18n.get("play.engineFor", ui.sideName(game, org.kibitz.api.game.Side.WHITE)));
        Label blackLabel = new Label(i18n.get("play.engineFor", ui.sideName(game, org.kibitz.api.game.Side.BLACK)));
        grid.addRow(0, new Label(i18n.get("play.mode")), mode);
        grid.addRow(1, engineLabel, engine);
        grid.addRow(2, sideLabel, side);
        // The engines' rows share the person's: one pair is shown (and laid out) at a time.
        grid.addRow(1, whiteLabel, whiteEngine);
        grid.addRow(2, blackLabel, blackEngine);
        grid.addRow(3, new Label(i18n.get("play.time")), timeKind);
        grid.add(clockRow, 1, 4);
        grid.add(limitRow, 1, 4);
        Label rulesLabel = new Label(i18n.get("play.rules"));
        grid.addRow(5, rulesLabel, ruleSet);
        grid.add(fromCurrent, 1, 6);
        boolean hasRules = !game.ruleSets().isEmpty();
        rulesLabel.setVisible(hasRules);
        ruleSet.setVisible(hasRules);
        rulesLabel.setManaged(hasRules);
        ruleSet.setManaged(hasRules);
        Runnable modeShown = () -> {
            boolean person = "person".equals(mode.getValue());
            // Both pairs keep their place (they share the grid's cells): the dialog does not jump.
            for (Node n : List.of(engineLabel, engine, sideLabel, side)) {
                n.setVisible(person);
            }
            for (Node n : List.of(whiteLabel, whiteEngine, blackLabel, blackEngine)) {
                n.setVisible(!person);
            }
        };
        mode.valueProperty().addListener((o, a, b) -> modeShown.run());
        for (Node n : List.of(whiteLabel, whiteEngine, blackLabel, blackEngine)) {
            n.setVisible(false);
        }
        getDialogPane().setContent(grid);
        if (engines.isEmpty()) {
            Label none = new Label(i18n.get("play.noEngine"));
            grid.add(none, 0, 7, 2, 1);
        }

        ButtonType ok = new ButtonType(i18n.get("play.start"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(i18n.get("dialog.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        getDialogPane().getButtonTypes().addAll(ok, cancel);
        Node okButton = getDialogPane().lookupButton(ok);
        okButton.setId("play-ok");
        okButton.disableProperty().bind(Bindings.createBooleanBinding(() -> time().isEmpty()
                        || ("person".equals(mode.getValue()) ? engine.getValue() == null
                        : whiteEngine.getValue() == null || blackEngine.getValue() == null),
                mode.valueProperty(), engine.valueProperty(), whiteEngine.valueProperty(), blackEngine.valueProperty(),
                timeKind.valueProperty(), minutes.textProperty(), increment.textProperty(), limit.textProperty()));
        setResultConverter(b -> b == ok ? setup() : null);

        // What was chosen last (started or cancelled) is offered again.
        ui.lastForm().ifPresent(f -> {
            restoring = true;
            try {
                mode.setValue(f.mode());
                pick(engine, f.engine());
                pick(whiteEngine, f.white());
                pick(blackEngine, f.black());
                side.setValue(f.side());
                timeKind.setValue(f.timeKind());
                minutes.setText(f.minutes());
                increment.setText(f.increment());
                limit.setText(f.limit());
                if (!clock(f.timeKind())) {
                    limitUnit.setText(i18n.get("play.unit." + f.timeKind()));
                }
                fromCurrent.setSelected(f.fromCurrent() && !fromCurrent.isDisabled());
            } finally {
                restoring = false;
            }
        });
        setOnHidden(e -> ui.rememberForm(new Form(mode.getValue(), id(engine), side.getValue(), id(whiteEngine), id(blackEngine),
                timeKind.getValue(), minutes.getText(), increment.getText(), limit.getText(), fromCurrent.isSelected())));
    }

    /** The dialog's fields as last left, to fill it again the next time. */
    record Form(String mode, String engine, String side, String white, String black, String timeKind, String minutes,
                String increment, String limit, boolean fromCurrent) {
    }

    private boolean restoring;

    private static boolean clock(String kind) {
        return kind == null || kind.equals("clock");
    }

    private static String id(ComboBox<EngineEntry> box) {
        return box.getValue() == null ? "" : box.getValue().id();
    }

    /** Chooses the engine {@code id} if it is still offered; else the box keeps its choice. */
    private static void pick(ComboBox<EngineEntry> box, String id) {
        box.getItems().stream().filter(e -> e.id().equals(id)).findFirst().ifPresent(box::setValue);
    }

    /** The time control as filled in, empty when it does not read. */
    Optional<TimeControl> time() {
        String kind = timeKind.getValue();
        try {
            Map<String, String> m = new HashMap<>();
            switch (kind) {
                case "clock" -> {
                    double min = Double.parseDouble(minutes.getText().strip());
                    double inc = Double.parseDouble(increment.getText().strip());
                    if (!(min > 0) || inc < 0) {
                        return Optional.empty();
                    }
                    m.put("tc", fmt(min * 60) + (inc > 0 ? "+" + fmt(inc) : ""));
                }
                case "movetime" -> m.put("st", limit.getText().strip());
                default -> m.put(kind, limit.getText().strip().replace(",", "").replace("_", ""));
            }
            return Optional.of(TimeControl.parse(m));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String fmt(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }

    private PlayUi.Setup setup() {
        TimeControl tc = time().orElseThrow();
        String rules = ruleSet.getValue() == null ? "" : ruleSet.getValue();
        if ("engines".equals(mode.getValue())) {
            return new PlayUi.Setup(game, Optional.of(whiteEngine.getValue()), Optional.of(blackEngine.getValue()), tc, rules,
                    fromCurrent.isSelected());
        }
        String s = side.getValue();
        boolean personWhite = s.equals("random") ? ThreadLocalRandom.current().nextBoolean() : s.equals("WHITE");
        Optional<EngineEntry> e = Optional.of(engine.getValue());
        return new PlayUi.Setup(game, personWhite ? Optional.empty() : e, personWhite ? e : Optional.empty(), tc, rules,
                fromCurrent.isSelected());
    }

    private static StringConverter<EngineEntry> names(I18n i18n) {
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

    private static StringConverter<String> keyed(I18n i18n, String prefix) {
        return new StringConverter<>() {
            @Override
            public String toString(String s) {
                return s == null ? "" : i18n.get(prefix + s);
            }

            @Override
            public String fromString(String s) {
                return s;
            }
        };
    }
}
