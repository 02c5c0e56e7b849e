package org.kibitz.workbench.engines;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.kibitz.workbench.Icons;
import org.kibitz.core.AtomicFiles;
import org.kibitz.core.analysis.EngineLog;

/**
 * The engine log pane: every line to and from every running engine of every face (the analysis
 * panels, batch evaluations, comparisons, matches, games on the board, deep analysis) with its time,
 * direction, job and engine, filtered by job, by engine and by text, paused and resumed, copied and saved. It reads what is new from
 * the {@link EngineLog} at most once per frame and holds at most the log's capacity; what the log
 * dropped is counted.
 */
public final class EngineLogPane extends BorderPane {

    private static final ZoneId ZONE = ZoneId.systemDefault();

    private final EnginesUi ui;
    private final EngineLog log;
    private final LogView list;
    private final ComboBox<String> job = new ComboBox<>();
    private final ComboBox<String> engine = new ComboBox<>();
    private final TextField filter = new TextField();
    private final ToggleButton pause = new ToggleButton();
    private final Label count = new Label();
    /** Every line read from the log (up to its capacity), whatever the filter shows. */
    private final LogRing held;
    private long next;
    private long missed;
    private Function<Window, Path> saveChooser;

    public EngineLogPane(EnginesUi ui) {
        this.ui = ui;
        this.log = ui.service().log();
        this.list = new LogView(ZONE, log.capacity());
        this.held = new LogRing(log.capacity());
        setId("engine-log-pane");
        getStyleClass().add("engine-log-pane");
        getStylesheets().add(EngineStyles.URL);

        job.setId("log-job");
        job.getItems().add("");
        job.getSelectionModel().select(0);
        job.setCellFactory(l -> new NameCell("log.allJobs"));
        job.setButtonCell(new NameCell("log.allJobs"));
        job.setOnShowing(e -> refreshJobs());
        job.valueProperty().addListener((o, a, b) -> {
            if (b != null && !b.equals(ui.logJobProperty().get())) {
                ui.logJobProperty().set(b);
            }
            refilter();
        });
        // "Show log" of a job (the Jobs pane) chooses the job here.
        ui.logJobProperty().addListener((o, a, b) -> showJob(b));
        engine.setId("log-engine");
        engine.getItems().add("");
        engine.getSelectionModel().select(0);
        engine.setCellFactory(l -> new NameCell("log.allEngines"));
        engine.setButtonCell(new NameCell("log.allEngines"));
        engine.setOnShowing(e -> refreshEngines());
        engine.valueProperty().addListener((o, a, b) -> refilter());
        filter.setId("log-filter");
        filter.promptTextProperty().bind(ui.i18n().text("log.filter.prompt"));
        filter.textProperty().addListener((o, a, b) -> refilter());
        filter.setPrefColumnCount(18);
        pause.setId("log-pause");
        pause.setGraphic(Icons.of("mdi2p-pause"));
        pause.textProperty().bind(ui.i18n().text("log.pause"));
        pause.selectedProperty().addListener((o, a, b) -> {
            pause.textProperty().unbind();
            pause.textProperty().bind(ui.i18n().text(b ? "log.resume" : "log.pause"));
            pause.setGraphic(Icons.of(b ? "mdi2p-play" : "mdi2p-pause"));
            if (!b) {
                read();
            }
        });
        Button copy = button("log-copy", "mdi2c-content-copy", "log.copy", this::copy);
        Button save = button("log-save", "mdi2c-content-save-outline", "log.save", this::save);
        Button clear = button("log-clear", "mdi2d-delete-sweep-outline", "log.clear", this::clear);
        count.setId("log-count");
        count.getStyleClass().add("log-count");
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        HBox bar = new HBox(6, job, engine, filter, pause, spring, count, copy, save, clear);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 6, 3, 6));
        bar.getStyleClass().add("log-toolbar");
        setTop(bar);

        list.setId("log-list");
        list.getStyleClass().add("log-list");
        list.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (KeyCombination.keyCombination("Shortcut+C").match(e)) {
                copy();
                e.consume();
            }
        });
        setCenter(list);

        ui.ticker().watch("log", log.signal(), java.time.Duration.ofMillis(100), this::read);
        ui.i18n().localeProperty().addListener((o, a, b) -> {
            showCount();
            engine.setButtonCell(new NameCell("log.allEngines")); // "All engines" in the new language
            job.setButtonCell(new NameCell("log.allJobs"));
        });
        read();
        showJob(ui.logJobProperty().get());
    }

    /** Shows the lines of {@code name} only ("" for every job's). */
    public void showJob(String name) {
        String j = name == null ? "" : name;
        read();
        refreshJobs();
        if (!job.getItems().contains(j)) {
            job.getItems().add(j);
        }
        job.setValue(j);
    }

    /** Lets tests save without a native file dialog. */
    public void setSaveChooser(Function<Window, Path> chooser) {
        this.saveChooser = chooser;
    }

    private Button button(String id, String icon, String tipKey, Runnable action) {
        Button b = new Button();
        b.setId(id);
        b.setGraphic(Icons.of(icon));
        b.getStyleClass().add("flat");
        Tooltip t = new Tooltip();
        t.textProperty().bind(ui.i18n().text(tipKey));
        b.setTooltip(t);
        b.setOnAction(e -> action.run());
        return b;
    }

    /** Takes what is new from the log (once per frame at most), unless paused. */
    private void read() {
        if (pause.isSelected()) {
            showCount();
            return;
        }
        EngineLog.Batch b = log.since(next);
        next = b.next();
        missed += b.missed();
        if (b.entries().isEmpty()) {
            showCount();
            return;
        }
        // A ring: the oldest lines make room for the new ones, at no cost per line kept.
        held.append(b.entries());
        List<EngineLog.Entry> add;
        if (filtering()) {
            add = new ArrayList<>();
            for (EngineLog.Entry e : b.entries()) {
                if (matches(e)) {
                    add.add(e);
                }
            }
        } else {
            add = b.entries();
        }
        // Shown lines older than the oldest still held go too.
        List<EngineLog.Entry> shown = list.lines();
        int drop = 0;
        if (!held.isEmpty()) {
            long oldest = held.get(0).seq();
            while (drop < shown.size() && shown.get(drop).seq() < oldest) {
                drop++;
            }
        }
        list.append(add, drop);
        showCount();
    }

    /** Whether any filter is set (else every line is shown). */
    private boolean filtering() {
        return !(job.getValue() == null || job.getValue().isEmpty()) || !(engine.getValue() == null || engine.getValue().isEmpty())
                || !(filter.getText() == null || filter.getText().isEmpty());
    }

    private boolean matches(EngineLog.Entry e) {
        String work = job.getValue();
        if (work != null && !work.isEmpty() && !work.equals(e.job())) {
            return false;
        }
        String who = engine.getValue();
        if (who != null && !who.isEmpty() && !who.equals(e.engine())) {
            return false;
        }
        String t = filter.getText();
        return t == null || t.isEmpty() || containsIgnoringCase(e.text(), t);
    }

    /** Whether {@code text} holds {@code part}, case aside, without a lower-cased copy of every line. */
    static boolean containsIgnoringCase(String text, String part) {
        int n = part.length();
        for (int i = 0, last = text.length() - n; i <= last; i++) {
            if (text.regionMatches(true, i, part, 0, n)) {
                return true;
            }
        }
        return false;
    }

    private void refilter() {
        List<EngineLog.Entry> keep = new ArrayList<>();
        for (EngineLog.Entry e : held) {
            if (matches(e)) {
                keep.add(e);
            }
        }
        list.setLines(keep);
        showCount();
    }

    private void refreshEngines() {
        String chosen = engine.getValue();
        List<String> names = new ArrayList<>();
        names.add("");
        names.addAll(log.engines());
        if (!engine.getItems().equals(names)) {
            engine.getItems().setAll(names);
            engine.setValue(chosen == null || !names.contains(chosen) ? "" : chosen);
        }
    }

    private void refreshJobs() {
        String chosen = job.getValue();
        List<String> names = new ArrayList<>();
        names.add("");
        names.addAll(log.jobs());
        if (chosen != null && !names.contains(chosen)) {
            names.add(chosen); // a job whose engines have not said anything yet
        }
        if (!job.getItems().equals(names)) {
            job.getItems().setAll(names);
            job.setValue(chosen == null ? "" : chosen);
        }
    }

    /** The jobs the job filter offers ("" first: every job). */
    public List<String> jobChoices() {
        refreshJobs();
        return List.copyOf(job.getItems());
    }

    /** The engines the engine filter offers ("" first: every engine). */
    public List<String> engineChoices() {
        refreshEngines();
        return List.copyOf(engine.getItems());
    }

    private void showCount() {
        String text = ui.i18n().get("log.count", list.lines().size(), held.size());
        long dropped = Math.max(log.dropped(), missed);
        if (dropped > 0) {
            text = text + "  ·  " + ui.i18n().get("log.dropped", dropped);
        }
        if (pause.isSelected()) {
            text = text + "  ·  " + ui.i18n().get("log.paused");
        }
        count.setText(text);
    }

    /** The lines a copy or save takes: the selected ones, else all shown. */
    private List<EngineLog.Entry> chosenLines() {
        List<EngineLog.Entry> sel = list.selectedLines();
        return sel.isEmpty() ? List.copyOf(list.lines()) : sel;
    }

    private void copy() {
        StringBuilder b = new StringBuilder();
        for (EngineLog.Entry e : chosenLines()) {
            b.append(EngineLog.format(e, ZONE)).append('\n');
        }
        ClipboardContent c = new ClipboardContent();
        c.putString(b.toString());
        Clipboard.getSystemClipboard().setContent(c);
        ui.window().ifPresent(w -> w.setStatus(ui.i18n().get("log.copied", chosenLines().size())));
    }

    private void save() {
        Window owner = getScene() == null ? null : getScene().getWindow();
        Path target;
        if (saveChooser != null) {
            target = saveChooser.apply(owner);
        } else {
            FileChooser fc = new FileChooser();
            fc.setTitle(ui.i18n().get("log.save.title"));
            fc.setInitialFileName("engine-log.txt");
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(ui.i18n().get("log.save.filter"), "*.txt", "*.log"));
            var f = fc.showSaveDialog(owner);
            target = f == null ? null : f.toPath();
        }
        if (target == null) {
            return;
        }
        List<EngineLog.Entry> lines = chosenLines();
        try {
            AtomicFiles.write(target, out -> {
                Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
                EngineLog.write(w, lines, ZONE);
                w.flush();
            });
            ui.window().ifPresent(w -> w.setStatus(ui.i18n().get("log.saved", lines.size(), target)));
        } catch (IOException e) {
            ui.window().ifPresent(w -> w.notify(ui.i18n().get("log.saveFailed", target, e.getMessage())));
        }
    }

    private void clear() {
        log.clear();
        next = log.since(0).next();
        missed = 0;
        held.clear();
        list.setLines(List.of());
        showCount();
    }

    /** The lines the pane shows now (for tests). */
    public List<EngineLog.Entry> shownLines() {
        return List.copyOf(list.lines());
    }

    /** A job's or engine's name; "" as the choice of all of them. */
    private final class NameCell extends ListCell<String> {
        private final String allKey;

        NameCell(String allKey) {
            this.allKey = allKey;
        }

        @Override
        protected void updateItem(String s, boolean empty) {
            super.updateItem(s, empty);
            // Engines by the name the user sees (the built-in engine's in the current language); jobs as labelled.
            setText(empty || s == null ? null : s.isEmpty() ? ui.i18n().get(allKey)
                    : allKey.equals("log.allEngines") ? ui.i18n().engineName(s) : s);
        }
    }
}
