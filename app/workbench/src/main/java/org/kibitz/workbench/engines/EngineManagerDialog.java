package org.kibitz.workbench.engines;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.kibitz.api.engine.EngineException;
import org.kibitz.protocols.process.CommandLines;
import org.kibitz.workbench.Icons;
import org.kibitz.core.engines.EngineDiscovery;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRegistry;

/**
 * Engine → Manage engines…: the engine list on the left; on the right the chosen engine's command,
 * protocol (detected, or chosen), conventions and timeouts, with its options in a dialog generated
 * from what the engine declared. Adding an engine means choosing its program: it is started, its
 * protocol detected and its options read, without blocking the window.
 */
public final class EngineManagerDialog {

    /** What chooses a program to add; the native file dialog unless a test replaces it. */
    public interface ProgramChooser {
        Optional<Path> choose(Window owner);
    }

    private static ProgramChooser programChooser;

    /** Replaces the file dialog that chooses a program (tests run headless, without native dialogs). */
    public static void setProgramChooser(ProgramChooser chooser) {
        programChooser = chooser;
    }

    private static final List<String> PROTOCOLS = List.of("", "uci", "ucci", "xboard");

    private final EnginesUi ui;
    private final EngineRegistry registry;
    private final Stage stage = new Stage();
    private final ListView<EngineEntry> list = new ListView<>();
    private final TextField name = new TextField();
    private final TextField command = new TextField();
    private final TextField folder = new TextField();
    private final Button browseCommand = new Button();
    private final Button browseFolder = new Button();
    /** Another computer (decision 0032): the engine is started there through ssh. */
    private final javafx.scene.control.CheckBox remote = new javafx.scene.control.CheckBox();
    private final TextField sshHost = new TextField();
    private final TextField sshPort = new TextField();
    private final TextField sshUser = new TextField();
    private final TextField sshIdentity = new TextField();
    private final TextField sshOptions = new TextField();
    private final Button browseIdentity = new Button();
    private final Button testConnection = new Button();
    private final List<Node> sshRows = new ArrayList<>();
    private final ComboBox<String> protocol = new ComboBox<>();
    private final Button detect = new Button();
    private final Label detected = new Label();
    private final ComboBox<String> rankBase = new ComboBox<>();
    /** The games it plays, as detected ("") or as the user says: "chess", "xiangqi" or both. */
    private final ComboBox<String> gamesBox = new ComboBox<>();
    private final ComboBox<String> pieceLetters = new ComboBox<>();
    private final ComboBox<String> sideLetter = new ComboBox<>();
    private final TextField uciVariant = new TextField();
    private final ComboBox<String> useMillisec = new ComboBox<>();
    private final List<Spinner<Double>> timeouts = new ArrayList<>();
    private final Button optionsButton = new Button();
    private final Button apply = new Button();
    private final Button revert = new Button();
    private final Button remove = new Button();
    private final Button up = new Button();
    private final Button down = new Button();
    private final Label status = new Label();
    private final ProgressIndicator busy = new ProgressIndicator();
    private final VBox form;
    private EngineEntry editing;
    private boolean filling;

    private EngineManagerDialog(EnginesUi ui) {
        this.ui = ui;
        this.registry = ui.registry();
        stage.setTitle(ui.i18n().get("manager.title"));
        stage.titleProperty().bind(ui.i18n().text("manager.title"));
        ui.window().map(w -> w.stage()).ifPresent(owner -> {
            stage.initOwner(owner);
            stage.initModality(Modality.WINDOW_MODAL);
        });

        list.setId("engine-list");
        list.setCellFactory(l -> new EntryCell());
        list.setPrefWidth(240);
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> select(b));
        Button add = iconButton("engine-add", "mdi2p-plus", "manager.add", this::addEngine);
        add.textProperty().bind(ui.i18n().text("manager.add"));
        iconButton(remove, "engine-remove", "mdi2m-minus", "manager.remove", this::removeEngine);
        iconButton(up, "engine-up", "mdi2a-arrow-up", "manager.up", () -> moveEngine(-1));
        iconButton(down, "engine-down", "mdi2a-arrow-down", "manager.down", () -> moveEngine(1));
        Button find = iconButton("engine-find", "mdi2m-magnify", "manager.find", this::findInstalled);
        Button addRemote = iconButton("engine-add-remote", "mdi2l-lan", "manager.addRemote", this::addRemoteEngine);
        HBox listButtons = new HBox(4, add, addRemote, remove, up, down, find);
        listButtons.setAlignment(Pos.CENTER_LEFT);
        // What an engine added now is offered, and why (issue 36): threads and hash from the machine
        // and from how many engines run at once.
        Label defaults = new Label(ui.defaultsReason());
        defaults.setId("manager-defaults");
        defaults.setWrapText(true);
        defaults.setMaxWidth(240);
        defaults.getStyleClass().add("manager-defaults");
        VBox left = new VBox(6, list, listButtons, defaults);
        VBox.setVgrow(list, Priority.ALWAYS);
        left.setPadding(new Insets(10, 6, 10, 10));

        form = buildForm();
        ScrollPane scroll = new ScrollPane(form);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        // The engine's options and Apply stay in sight, whatever the form's scroll.
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox actions = new HBox(8, optionsButton, gap, apply, revert);
        actions.setAlignment(Pos.CENTER_LEFT);
        actions.setPadding(new Insets(8, 12, 0, 6));
        VBox right = new VBox(scroll, actions);
        VBox.setVgrow(scroll, Priority.ALWAYS);

        Button close = new Button();
        close.setId("manager-close");
        close.textProperty().bind(ui.i18n().text("manager.close"));
        close.setCancelButton(true);
        close.setOnAction(e -> {
            applyIfChanged();
            stage.close();
        });
        busy.setMaxSize(18, 18);
        busy.setVisible(false);
        status.setId("manager-status");
        status.setWrapText(true);
        status.getStyleClass().add("manager-status");
        HBox.setHgrow(status, Priority.ALWAYS);
        status.setMaxWidth(Double.MAX_VALUE);
        HBox bottom = new HBox(8, busy, status, close);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(8, 10, 10, 10));

        BorderPane root = new BorderPane(right, null, null, bottom, left);
        root.setId("engine-manager");
        root.getStyleClass().add("engine-manager");
        Scene scene = new Scene(root, 900, 700);
        ui.window().map(w -> w.stage().getScene()).ifPresent(s -> scene.getStylesheets().addAll(s.getStylesheets()));
        scene.getStylesheets().add(EngineStyles.URL);
        stage.setScene(scene);
        stage.setOnHiding(e -> applyIfChanged());

        registry.addListener(this::registryChanged);
        stage.setOnHidden(e -> registry.removeListener(this::registryChanged));
        refreshList(Optional.empty());
    }

    /** Opens the manager with {@code selectId} chosen (or the first engine). */
    public static EngineManagerDialog show(EnginesUi ui, Optional<String> selectId) {
        EngineManagerDialog d = new EngineManagerDialog(ui);
        d.refreshList(selectId);
        d.stage.show();
        return d;
    }

    public Stage stage() {
        return stage;
    }

    // ------------------------------------------------------------------ the form

    private VBox buildForm() {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        g.getColumnConstraints().addAll(labels, fields, new ColumnConstraints());
        int row = 0;
        name.setId("engine-name");
        command.setId("engine-command");
        folder.setId("engine-folder");
        folder.promptTextProperty().bind(ui.i18n().text("manager.folder.prompt"));
        browseCommand.textProperty().bind(ui.i18n().text("manager.browse"));
        browseCommand.setOnAction(e -> chooseProgram().ifPresent(p -> command.setText(quote(p.toString()))));
        browseFolder.textProperty().bind(ui.i18n().text("manager.browse"));
        browseFolder.setOnAction(e -> {
            DirectoryChooser dc = new DirectoryChooser();
            var f = dc.showDialog(stage);
            if (f != null) {
                folder.setText(f.toString());
            }
        });
        g.addRow(row++, label("manager.name"), name);
        remote.setId("engine-remote");
        remote.textProperty().bind(ui.i18n().text("manager.remote"));
        remote.setTooltip(tip("manager.remote.tip"));
        remote.selectedProperty().addListener((o, a, b) -> showRemote(b));
        g.add(remote, 1, row++, 2, 1);
        sshHost.setId("engine-ssh-host");
        sshPort.setId("engine-ssh-port");
        sshPort.setPrefColumnCount(6);
        sshPort.promptTextProperty().bind(ui.i18n().text("manager.ssh.port.prompt"));
        sshUser.setId("engine-ssh-user");
        sshUser.promptTextProperty().bind(ui.i18n().text("manager.ssh.user.prompt"));
        sshIdentity.setId("engine-ssh-identity");
        sshIdentity.promptTextProperty().bind(ui.i18n().text("manager.ssh.identity.prompt"));
        sshOptions.setId("engine-ssh-options");
        sshOptions.promptTextProperty().bind(ui.i18n().text("manager.ssh.options.prompt"));
        browseIdentity.textProperty().bind(ui.i18n().text("manager.browse"));
        browseIdentity.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            var f = fc.showOpenDialog(stage);
            if (f != null) {
                sshIdentity.setText(f.toString());
            }
        });
        testConnection.setId("engine-ssh-test");
        testConnection.textProperty().bind(ui.i18n().text("manager.ssh.test"));
        testConnection.setTooltip(tip("manager.ssh.test.tip"));
        testConnection.setOnAction(e -> testConnectionNow());
        HBox hostRow = new HBox(8, sshHost, label("manager.ssh.port"), sshPort);
        hostRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(sshHost, Priority.ALWAYS);
        Label hostLabel = label("manager.ssh.host");
        Label userLabel = label("manager.ssh.user");
        Label identityLabel = label("manager.ssh.identity");
        Label optionsLabel = label("manager.ssh.options");
        g.addRow(row++, hostLabel, hostRow, testConnection);
        g.addRow(row++, userLabel, sshUser);
        g.addRow(row++, identityLabel, sshIdentity, browseIdentity);
        g.addRow(row++, optionsLabel, sshOptions);
        sshRows.addAll(List.of(hostLabel, hostRow, testConnection, userLabel, sshUser, identityLabel, sshIdentity,
                browseIdentity, optionsLabel, sshOptions));
        showRemote(false);
        g.addRow(row++, label("manager.command"), command, browseCommand);
        g.addRow(row++, label("manager.folder"), folder, browseFolder);

        protocol.setId("engine-protocol");
        protocol.getItems().setAll(PROTOCOLS);
        protocol.setCellFactory(l -> new ChoiceCell("manager.protocol.detect"));
        protocol.setButtonCell(new ChoiceCell("manager.protocol.detect"));
        detect.setId("engine-detect");
        detect.textProperty().bind(ui.i18n().text("manager.detect"));
        detect.setTooltip(tip("manager.detect.tip"));
        detect.setOnAction(e -> detectNow());
        HBox protoRow = new HBox(8, protocol, detect);
        protoRow.setAlignment(Pos.CENTER_LEFT);
        g.addRow(row++, label("manager.protocol"), protoRow);
        detected.setId("engine-detected");
        detected.setWrapText(true);
        detected.getStyleClass().add("engine-detected");
        g.add(detected, 1, row++, 2, 1);

        g.add(section("manager.conventions"), 0, row++, 3, 1);
        choices(rankBase, "engine-rankbase", List.of("", "0", "1"));
        choices(pieceLetters, "engine-pieceletters", List.of("", "NB", "HE"));
        choices(sideLetter, "engine-sideletter", List.of("", "w", "r"));
        choices(useMillisec, "engine-usemillisec", List.of("", "true", "false"));
        uciVariant.setId("engine-ucivariant");
        uciVariant.promptTextProperty().bind(ui.i18n().text("manager.detect.value"));
        gamesBox.setId("engine-games");
        gamesBox.getItems().setAll(List.of("", "chess", "xiangqi", "chess xiangqi"));
        gamesBox.setCellFactory(l -> new GamesCell());
        gamesBox.setButtonCell(new GamesCell());
        gamesBox.setTooltip(tip("manager.games.tip"));
        g.addRow(row++, label("manager.games"), gamesBox);
        g.addRow(row++, label("manager.rankBase"), rankBase);
        g.addRow(row++, label("manager.pieceLetters"), pieceLetters);
        g.addRow(row++, label("manager.sideLetter"), sideLetter);
        g.addRow(row++, label("manager.uciVariant"), uciVariant);
        g.addRow(row++, label("manager.useMillisec"), useMillisec);

        g.add(section("manager.timeouts"), 0, row++, 3, 1);
        String[] keys = {"manager.timeout.handshake", "manager.timeout.ready", "manager.timeout.stop",
                "manager.timeout.quit", "manager.timeout.kill"};
        String[] ids = {"handshake", "ready", "stop", "quit", "kill"};
        for (int i = 0; i < keys.length; i++) {
            Spinner<Double> s = new Spinner<>(new SpinnerValueFactory.DoubleSpinnerValueFactory(0.1, 600, 1, 0.5));
            s.setEditable(true);
            s.setPrefWidth(100);
            s.setId("engine-timeout-" + ids[i]);
            timeouts.add(s);
            g.addRow(row++, label(keys[i]), s);
        }

        optionsButton.setId("engine-options");
        optionsButton.setGraphic(Icons.of("mdi2t-tune-variant"));
        optionsButton.setOnAction(e -> editOptions());
        apply.setId("engine-apply");
        apply.textProperty().bind(ui.i18n().text("manager.apply"));
        apply.setDefaultButton(true);
        apply.setOnAction(e -> applyEdits());
        revert.setId("engine-revert");
        revert.textProperty().bind(ui.i18n().text("manager.revert"));
        revert.setOnAction(e -> select(editing));
        VBox v = new VBox(8, g);
        v.setPadding(new Insets(10, 12, 10, 6));
        return v;
    }

    private Label label(String key) {
        Label l = new Label();
        l.textProperty().bind(ui.i18n().text(key));
        return l;
    }

    private Node section(String key) {
        Label l = label(key);
        l.getStyleClass().add("manager-section");
        return new VBox(4, new Separator(), l);
    }

    private Tooltip tip(String key) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(ui.i18n().text(key));
        return t;
    }

    /** A games choice in the player's words: "detect", or the games' names. */
    private final class GamesCell extends javafx.scene.control.ListCell<String> {
        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
            } else if (item.isBlank()) {
                setText(ui.i18n().get("manager.detect.value"));
            } else {
                setText(String.join(" · ", java.util.Arrays.stream(item.split("\\s+"))
                        .map(gid -> ui.i18n().get("game." + gid)).toList()));
            }
        }
    }

    private void choices(ComboBox<String> box, String id, List<String> values) {
        box.setId(id);
        box.getItems().setAll(values);
        box.setCellFactory(l -> new ChoiceCell("manager.detect.value"));
        box.setButtonCell(new ChoiceCell("manager.detect.value"));
    }

    private Button iconButton(String id, String icon, String tipKey, Runnable action) {
        return iconButton(new Button(), id, icon, tipKey, action);
    }

    private Button iconButton(Button b, String id, String icon, String tipKey, Runnable action) {
        b.setId(id);
        b.setGraphic(Icons.of(icon));
        b.setTooltip(tip(tipKey));
        b.setOnAction(e -> action.run());
        return b;
    }

    // ------------------------------------------------------------------ list and selection

    private void registryChanged() {
        EnginesUi.onFx(() -> refreshList(Optional.ofNullable(editing).map(EngineEntry::id)));
    }

    private void refreshList(Optional<String> selectId) {
        List<EngineEntry> entries = registry.entries();
        String keep = selectId.orElse(null);
        list.getItems().setAll(entries);
        EngineEntry sel = entries.stream().filter(e -> e.id().equals(keep)).findFirst()
                .orElse(entries.isEmpty() ? null : entries.get(0));
        if (sel != null) {
            list.getSelectionModel().select(sel);
            list.scrollTo(sel);
        }
    }

    private void select(EngineEntry e) {
        if (e == null) {
            return;
        }
        if (editing != null && !editing.id().equals(e.id())) {
            applyIfChanged();
        }
        editing = registry.byId(e.id()).orElse(e);
        fill(editing);
    }

    private void fill(EngineEntry e) {
        filling = true;
        try {
            name.setText(e.name());
            command.setText(e.builtin() ? ui.i18n().get("manager.builtin.command") : join(e.command()));
            command.setDisable(e.builtin());
            browseCommand.setDisable(e.builtin());
            folder.setText(e.workingDirectory().orElse(""));
            folder.setDisable(e.builtin());
            browseFolder.setDisable(e.builtin());
            remote.setDisable(e.builtin());
            remote.setSelected(e.remote());
            sshHost.setText(e.ssh().map(t -> t.host()).orElse(""));
            sshPort.setText(e.ssh().flatMap(t -> t.port()).map(String::valueOf).orElse(""));
            sshUser.setText(e.ssh().flatMap(t -> t.user()).orElse(""));
            sshIdentity.setText(e.ssh().flatMap(t -> t.identityFile()).orElse(""));
            sshOptions.setText(e.ssh().map(t -> String.join(" ", t.options())).orElse(""));
            showRemote(e.remote());
            protocol.setValue(e.protocol().orElse(""));
            detected.setText(describe(e));
            EngineEntry.Conventions c = e.conventions();
            rankBase.setValue(c.rankBase().map(String::valueOf).orElse(""));
            gamesBox.setValue(String.join(" ", e.games().stream().sorted().toList()));
            pieceLetters.setValue(c.pieceLetters().orElse(""));
            sideLetter.setValue(c.sideLetter().orElse(""));
            uciVariant.setText(c.uciVariant().orElse(""));
            useMillisec.setValue(c.useMillisec().map(String::valueOf).orElse(""));
            EngineEntry.Timeouts t = e.timeouts();
            long[] ms = {t.handshakeMs(), t.readyMs(), t.stopMs(), t.quitMs(), t.killMs()};
            for (int i = 0; i < ms.length; i++) {
                timeouts.get(i).getValueFactory().setValue(ms[i] / 1000.0);
            }
            remove.setDisable(e.builtin());
            int i = registry.entries().indexOf(e);
            up.setDisable(i <= 0);
            down.setDisable(i < 0 || i >= registry.entries().size() - 1);
            long changed = e.options().size();
            optionsButton.setText(ui.i18n().get("manager.options", e.declared().size(), changed));
            optionsButton.setDisable(false);
        } finally {
            filling = false;
        }
    }

    private String describe(EngineEntry e) {
        if (e.engineName().isEmpty() && e.games().isEmpty()) {
            return ui.i18n().get("manager.notProbed");
        }
        String games = e.games().isEmpty() ? "-" : String.join(", ", e.games().stream()
                .map(g -> ui.i18n().get("game." + g)).toList());
        return ui.i18n().get("manager.described", e.engineName().orElse(e.name()), e.author().orElse("-"),
                e.protocol().map(p -> p.toUpperCase(java.util.Locale.ROOT)).orElse("?"), games);
    }

    // ------------------------------------------------------------------ edits

    /** The entry as the form shows it; throws IllegalArgumentException with a message for the user. */
    private EngineEntry fromForm() {
        EngineEntry e = editing;
        String n = name.getText().strip();
        if (n.isEmpty()) {
            throw new IllegalArgumentException(ui.i18n().get("manager.error.name"));
        }
        e = e.withName(registry.uniqueName(n, e.id()));
        if (!e.builtin()) {
            List<String> cmd;
            try {
                cmd = CommandLines.split(command.getText().strip());
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(ui.i18n().get("manager.error.command", ex.getMessage()));
            }
            if (cmd.isEmpty()) {
                throw new IllegalArgumentException(ui.i18n().get("manager.error.noCommand"));
            }
            String dir = folder.getText().strip();
            e = e.withCommand(cmd, dir.isEmpty() ? Optional.empty() : Optional.of(dir));
            e = e.withSsh(remote.isSelected() ? Optional.of(sshFromForm()) : Optional.empty());
        }
        String p = protocol.getValue() == null ? "" : protocol.getValue();
        e = e.withProtocol(p.isEmpty() ? (e.builtin() ? Optional.of("uci") : Optional.empty()) : Optional.of(p));
        e = e.withConventions(new EngineEntry.Conventions(
                opt(rankBase.getValue()).map(Integer::valueOf), opt(pieceLetters.getValue()), opt(sideLetter.getValue()),
                opt(uciVariant.getText()), opt(useMillisec.getValue()).map(Boolean::valueOf)));
        String chosenGames = gamesBox.getValue() == null ? "" : gamesBox.getValue().strip();
        if (!chosenGames.isEmpty()) {
            e = e.withGames(new java.util.LinkedHashSet<>(List.of(chosenGames.split("\\s+"))));
        }
        long[] ms = new long[5];
        for (int i = 0; i < 5; i++) {
            Double v = timeouts.get(i).getValue();
            ms[i] = Math.max(100, Math.round((v == null ? 1 : v) * 1000));
        }
        return e.withTimeouts(new EngineEntry.Timeouts(ms[0], ms[1], ms[2], ms[3], ms[4]));
    }

    /** The computer the form names; throws IllegalArgumentException with a message for the user. */
    private org.kibitz.protocols.ssh.SshTarget sshFromForm() {
        String host = sshHost.getText().strip();
        if (host.isEmpty()) {
            throw new IllegalArgumentException(ui.i18n().get("manager.ssh.noHost"));
        }
        Optional<Integer> port = Optional.empty();
        String p = sshPort.getText().strip();
        if (!p.isEmpty()) {
            try {
                port = Optional.of(Integer.valueOf(p));
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException(ui.i18n().get("manager.ssh.badPort", p));
            }
        }
        List<String> options = sshOptions.getText().isBlank() ? List.of() : List.of(sshOptions.getText().strip().split("\\s+"));
        return new org.kibitz.protocols.ssh.SshTarget(host, port, opt(sshUser.getText()), opt(sshIdentity.getText()), options);
    }

    /** Shows the ssh fields when the engine runs on another computer; its program and folder are then there. */
    private void showRemote(boolean on) {
        for (Node n : sshRows) {
            n.setVisible(on);
            n.setManaged(on);
        }
        boolean builtin = editing != null && editing.builtin();
        browseCommand.setDisable(on || builtin);
        browseFolder.setDisable(on || builtin);
        folder.promptTextProperty().unbind();
        folder.promptTextProperty().bind(ui.i18n().text(on ? "manager.folder.remotePrompt" : "manager.folder.prompt"));
    }

    private static Optional<String> opt(String s) {
        return s == null || s.isBlank() ? Optional.empty() : Optional.of(s.strip());
    }

    private void applyIfChanged() {
        if (editing == null || filling) {
            return;
        }
        try {
            EngineEntry e = fromForm();
            if (!e.equals(registry.byId(editing.id()).orElse(null))) {
                save(e);
            }
        } catch (IllegalArgumentException ex) {
            status.setText(ex.getMessage());
        }
    }

    private void applyEdits() {
        if (editing == null) {
            return;
        }
        try {
            save(fromForm());
            status.setText(ui.i18n().get("manager.saved", editing.name()));
        } catch (IllegalArgumentException ex) {
            status.setText(ex.getMessage());
        }
    }

    private void save(EngineEntry e) {
        EngineEntry before = registry.byId(e.id()).orElse(null);
        // A new command or protocol means the engine must tell again what it is and what it takes.
        boolean reprobe = before != null && !e.builtin()
                && (!before.command().equals(e.command()) || !before.protocol().equals(e.protocol())
                || !before.ssh().equals(e.ssh()));
        editing = e;
        try {
            registry.put(e);
        } catch (IOException ex) {
            status.setText(ui.i18n().get("engines.saveFailed", ex.getMessage()));
        }
        if (reprobe) {
            detectNow();
        }
    }

    private void removeEngine() {
        EngineEntry e = editing;
        if (e == null || e.builtin()) {
            return;
        }
        try {
            editing = null;
            registry.remove(e.id());
        } catch (IOException ex) {
            status.setText(ui.i18n().get("engines.saveFailed", ex.getMessage()));
        }
        refreshList(Optional.empty());
    }

    private void moveEngine(int delta) {
        if (editing == null) {
            return;
        }
        applyIfChanged();
        try {
            registry.move(editing.id(), delta);
        } catch (IOException ex) {
            status.setText(ui.i18n().get("engines.saveFailed", ex.getMessage()));
        }
        refreshList(Optional.of(editing.id()));
    }

    // ------------------------------------------------------------------ probing

    private Optional<Path> chooseProgram() {
        if (programChooser != null) {
            return programChooser.choose(stage);
        }
        FileChooser fc = new FileChooser();
        fc.setTitle(ui.i18n().get("manager.choose.title"));
        var f = fc.showOpenDialog(stage);
        return f == null ? Optional.empty() : Optional.of(f.toPath());
    }

    private void addEngine() {
        applyIfChanged();
        Optional<Path> program = chooseProgram();
        if (program.isEmpty()) {
            return;
        }
        List<String> cmd = List.of(program.get().toString());
        String shown = program.get().getFileName() == null ? program.get().toString() : program.get().getFileName().toString();
        runProbe(ui.i18n().get("manager.probing", shown), () -> registry.probeNew(cmd, Optional.empty(), Optional.empty()),
                this::keepProbed, failure -> {
                    // Keep it anyway, so the user can set its protocol or arguments and detect again.
                    String id = registry.newId(shown);
                    EngineEntry e = EngineEntry.of(id, registry.uniqueName(shown, ""), cmd);
                    try {
                        registry.put(e);
                    } catch (IOException ex) {
                        // reported below with the failure
                    }
                    editing = e;
                    refreshList(Optional.of(id));
                    status.setText(ui.i18n().get("manager.probeFailed", failure));
                });
    }

    /** Saves an engine the probe has just found, selects it and says so. */
    private void keepProbed(EngineEntry probed) {
        try {
            registry.put(probed);
            editing = probed;
            refreshList(Optional.of(probed.id()));
            status.setText(ui.i18n().get("manager.added", probed.name(), describe(probed)));
        } catch (IOException ex) {
            status.setText(ui.i18n().get("engines.saveFailed", ex.getMessage()));
        }
    }

    /** A new engine on another computer: a draft to fill in (host, program there), then "Test connection". */
    private void addRemoteEngine() {
        applyIfChanged();
        String name = registry.uniqueName(ui.i18n().get("manager.remote.newName"), "");
        EngineEntry e = EngineEntry.of(registry.newId(name), name, List.of("/usr/games/stockfish"))
                .withSsh(Optional.of(org.kibitz.protocols.ssh.SshTarget.of("localhost")));
        try {
            registry.put(e);
        } catch (IOException ex) {
            status.setText(ui.i18n().get("engines.saveFailed", ex.getMessage()));
            return;
        }
        editing = e;
        refreshList(Optional.of(e.id()));
        status.setText(ui.i18n().get("manager.remote.added"));
        sshHost.requestFocus();
        sshHost.selectAll();
    }

    /**
     * Connects to the engine on another computer and starts it: its id name and the round trip. An unknown
     * host key is shown to the user first (fingerprint), and only added to known_hosts on yes; nothing is
     * started on no. Kibitz never trusts a computer by itself (decision 0032).
     */
    private void testConnectionNow() {
        EngineEntry e;
        try {
            e = fromForm();
        } catch (IllegalArgumentException ex) {
            status.setText(ex.getMessage());
            return;
        }
        if (e.ssh().isEmpty()) {
            return;
        }
        EngineEntry draft = e;
        org.kibitz.protocols.ssh.SshTarget target = e.ssh().get();
        busy.setVisible(true);
        status.setText(ui.i18n().get("manager.ssh.checkingHost", target.label()));
        Task<HostTrust.Check> check = new Task<>() {
            @Override
            protected HostTrust.Check call() throws Exception {
                return HostTrust.check(target);
            }
        };
        check.setOnSucceeded(ev -> {
            busy.setVisible(false);
            HostTrust.Check h = check.getValue();
            if (h.keys().isEmpty()) {
                connect(draft);
            } else if (askTrust(h)) {
                try {
                    org.kibitz.protocols.ssh.SshHosts.trust(h.where(), h.keys());
                    connect(draft);
                } catch (IOException ex) {
                    status.setText(ui.i18n().get("manager.ssh.trustFailed", String.valueOf(ex.getMessage())));
                }
            } else {
                status.setText(ui.i18n().get("manager.ssh.notTrusted", h.where().knownHostsName()));
            }
        });
        check.setOnFailed(ev -> {
            busy.setVisible(false);
            status.setText(String.valueOf(check.getException().getMessage()));
        });
        ui.background().run("ssh-host", check);
    }

    /** Asks whether to trust a computer whose host key is not known, showing its fingerprints. */
    private boolean askTrust(HostTrust.Check h) {
        return HostTrust.ask(h, ui.i18n(), stage);
    }

    /** For tests: who answers "trust this computer?" instead of a dialog (null: the dialog). */
    public static void setHostKeyQuestion(java.util.function.Predicate<String> answer) {
        HostTrust.setQuestion(answer);
    }

    private void connect(EngineEntry draft) {
        Task<EngineRegistry.Connection> t = new Task<>() {
            @Override
            protected EngineRegistry.Connection call() throws Exception {
                return registry.testConnection(draft);
            }
        };
        busy.setVisible(true);
        status.setText(ui.i18n().get("manager.ssh.connecting", draft.ssh().map(s -> s.label()).orElse("")));
        form.setDisable(true);
        list.setDisable(true);
        t.setOnSucceeded(ev -> {
            done();
            EngineRegistry.Connection c = t.getValue();
            try {
                registry.put(c.probed()); // probed just now: no second probe as save() would start
            } catch (IOException ex) {
                status.setText(ui.i18n().get("engines.saveFailed", ex.getMessage()));
                return;
            }
            editing = c.probed();
            fill(c.probed());
            status.setText(ui.i18n().get("manager.ssh.connected", c.probed().engineName().orElse(c.probed().name()),
                    c.roundTrip().map(d -> String.valueOf(d.toMillis())).orElse("?"),
                    String.format(java.util.Locale.ROOT, "%.1f", c.started().toMillis() / 1000.0)));
        });
        t.setOnFailed(ev -> {
            done();
            Throwable x = t.getException();
            status.setText(ui.i18n().get("manager.probeFailed", x instanceof EngineException ee ? ui.render(ee.text()) : String.valueOf(x)));
        });
        ui.background().run("ssh-test", t);
    }

    private void detectNow() {
        if (editing == null) {
            return;
        }
        EngineEntry e;
        try {
            e = fromForm();
        } catch (IllegalArgumentException ex) {
            status.setText(ex.getMessage());
            return;
        }
        EngineEntry draft = e;
        runProbe(ui.i18n().get("manager.probing", draft.name()), () -> registry.probe(draft), probed -> {
            save(probed);
            fill(probed);
            status.setText(ui.i18n().get("manager.detected", describe(probed)));
        }, failure -> status.setText(ui.i18n().get("manager.probeFailed", failure)));
    }

    private interface Probe {
        EngineEntry run() throws EngineException;
    }

    /** Runs a probe off the FX thread, the form disabled meanwhile. */
    private void runProbe(String what, Probe probe, java.util.function.Consumer<EngineEntry> ok,
                          java.util.function.Consumer<String> failed) {
        Task<EngineEntry> t = new Task<>() {
            @Override
            protected EngineEntry call() throws Exception {
                return probe.run();
            }
        };
        busy.setVisible(true);
        status.setText(what);
        form.setDisable(true);
        list.setDisable(true);
        t.setOnSucceeded(e -> {
            done();
            ok.accept(t.getValue());
        });
        t.setOnFailed(e -> {
            done();
            Throwable x = t.getException();
            failed.accept(x instanceof EngineException ee ? ui.render(ee.text()) : String.valueOf(x));
        });
        ui.background().run("probe", t);
    }

    private void done() {
        busy.setVisible(false);
        form.setDisable(false);
        list.setDisable(false);
    }

    private void findInstalled() {
        List<EngineDiscovery.Found> found = registry.offers();
        if (found.isEmpty()) {
            status.setText(ui.i18n().get("manager.foundNone", String.join(", ", EngineDiscovery.WELL_KNOWN)));
            return;
        }
        List<EngineDiscovery.Found> todo = new ArrayList<>(found);
        addNextFound(todo);
    }

    private void addNextFound(List<EngineDiscovery.Found> todo) {
        if (todo.isEmpty()) {
            return;
        }
        EngineDiscovery.Found f = todo.remove(0);
        runProbe(ui.i18n().get("manager.probing", f.program()),
                () -> registry.probeNew(List.of(f.path().toString()), Optional.empty(), Optional.empty()), probed -> {
                    keepProbed(probed);
                    addNextFound(todo);
                }, failure -> {
                    status.setText(ui.i18n().get("manager.probeFailed", failure));
                    addNextFound(todo);
                });
    }

    private void editOptions() {
        if (editing == null) {
            return;
        }
        applyIfChanged();
        EngineEntry e = editing;
        if (e.declared().isEmpty()) {
            // Nothing known yet: ask the engine first, then open the options.
            EngineEntry draft = e;
            runProbe(ui.i18n().get("manager.probing", draft.name()), () -> registry.probe(draft), probed -> {
                save(probed);
                fill(probed);
                openOptions(probed);
            }, failure -> status.setText(ui.i18n().get("manager.probeFailed", failure)));
            return;
        }
        openOptions(e);
    }

    private void openOptions(EngineEntry e) {
        EngineOptionsDialog.edit(stage, ui, e).ifPresent(values -> {
            EngineEntry changed = e.withOptions(values);
            save(changed);
            fill(changed);
            status.setText(ui.i18n().get("manager.optionsSaved", values.size()));
        });
    }

    // ------------------------------------------------------------------ text helpers

    /** A command as one line, quoted where a word needs it, as {@link CommandLines#split} reads it back. */
    static String join(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            if (!b.isEmpty()) {
                b.append(' ');
            }
            b.append(quote(w));
        }
        return b.toString();
    }

    static String quote(String w) {
        if (!w.isEmpty() && w.chars().noneMatch(c -> Character.isWhitespace(c) || c == '\'' || c == '"' || c == '\\')) {
            return w;
        }
        if (w.indexOf('\'') < 0) {
            return "'" + w + "'";
        }
        return "\"" + w.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private final class EntryCell extends ListCell<EngineEntry> {
        @Override
        protected void updateItem(EngineEntry e, boolean empty) {
            super.updateItem(e, empty);
            if (empty || e == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            setText(e.builtin() ? ui.i18n().engineName(e.name()) + " " + ui.i18n().get("engines.builtinMark") : e.name());
            String games = String.join(" · ", e.games().stream().map(g -> ui.i18n().get("game." + g)).toList());
            setTooltip(new Tooltip(e.builtin() ? e.name() : join(e.command()) + (games.isEmpty() ? "" : "\n" + games)));
        }
    }

    /** A choice shown as itself, or as "detect" when empty. */
    private final class ChoiceCell extends ListCell<String> {
        private final String emptyKey;

        ChoiceCell(String emptyKey) {
            this.emptyKey = emptyKey;
        }

        @Override
        protected void updateItem(String s, boolean empty) {
            super.updateItem(s, empty);
            setText(empty || s == null ? null : s.isEmpty() ? ui.i18n().get(emptyKey) : label(s));
        }

        private String label(String s) {
            return switch (s) {
                case "NB" -> "N, B";
                case "HE" -> "H, E";
                case "true" -> ui.i18n().get("manager.yes");
                case "false" -> ui.i18n().get("manager.no");
                default -> s;
            };
        }
    }
}
