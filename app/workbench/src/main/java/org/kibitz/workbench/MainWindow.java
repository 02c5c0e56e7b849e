package org.kibitz.workbench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.controlsfx.control.NotificationPane;
import org.controlsfx.control.StatusBar;
import org.kibitz.core.plugins.PluginSet;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Settings;

/**
 * The workbench's main window: menus, the docking area and a status bar. Saves the layout, the
 * window geometry and the settings when it closes and restores them when it opens.
 */
public final class MainWindow {

    private static final double DEFAULT_WIDTH = 1400;
    private static final double DEFAULT_HEIGHT = 900;

    private final I18n i18n;
    private final DockingManager docking;
    private final JsonStore<LayoutFile> layoutStore;
    private final JsonStore<Settings> settingsStore;
    private final PluginSet plugins;
    private final List<MenuContributor> contributors;
    private final List<StatusItem> statusItems;
    private final List<Runnable> closeHooks = new ArrayList<>();
    private final List<java.util.function.BooleanSupplier> closeGuards = new ArrayList<>();
    private final javafx.beans.property.StringProperty documentTitle = new javafx.beans.property.SimpleStringProperty(this, "documentTitle", "");

    private Settings settings;
    private Stage stage;
    private NotificationPane notifications;
    private StatusBar statusBar;
    private Menus menus;

    public MainWindow(I18n i18n, DockingManager docking, JsonStore<LayoutFile> layoutStore,
                      JsonStore<Settings> settingsStore, PluginSet plugins, Collection<MenuContributor> contributors) {
        this(i18n, docking, layoutStore, settingsStore, plugins, contributors, List.of());
    }

    public MainWindow(I18n i18n, DockingManager docking, JsonStore<LayoutFile> layoutStore,
                      JsonStore<Settings> settingsStore, PluginSet plugins, Collection<MenuContributor> contributors,
                      Collection<StatusItem> statusItems) {
        this.statusItems = List.copyOf(statusItems);
        this.i18n = i18n;
        this.docking = docking;
        this.layoutStore = layoutStore;
        this.settingsStore = settingsStore;
        this.plugins = plugins;
        this.contributors = List.copyOf(contributors);
    }

    /** Builds the window on {@code stage}, restores the saved layout and geometry, and shows it. */
    public void show(Stage stage) {
        this.stage = stage;
        List<String> messages = new ArrayList<>();
        settings = switch (settingsStore.load()) {
            case JsonStore.Loaded.Ok<Settings> ok -> ok.value();
            case JsonStore.Loaded.Missing<Settings> m -> Settings.DEFAULT;
            case JsonStore.Loaded.Corrupt<Settings> c -> {
                messages.add(i18n.get("settings.corrupt", c.reason(), c.setAside().map(Object::toString).orElse("-")));
                yield Settings.DEFAULT;
            }
        };
        settings.language().map(Locale::forLanguageTag).ifPresent(l -> i18n.localeProperty().set(I18n.supported(l)));
        // A status message is of the moment it was said, in the language of then: another language clears it.
        i18n.localeProperty().addListener((o, a, b) -> {
            if (statusBar != null) {
                statusBar.setText("");
            }
        });

        Optional<LayoutFile.Window> geometry = Optional.empty();
        switch (layoutStore.load()) {
            case JsonStore.Loaded.Ok<LayoutFile> ok -> {
                if (ok.value().version() == LayoutFile.VERSION && ok.value().root() != null) {
                    docking.restore(ok.value().root());
                    task = ok.value().task().flatMap(TaskLayout::named).orElse(TaskLayout.ANALYSIS);
                    ok.value().tasks().forEach((name, c) -> TaskLayout.named(name).ifPresent(t -> kept.put(t, c)));
                    kept.remove(task);
                } else {
                    docking.buildDefault();
                }
                geometry = ok.value().window();
            }
            case JsonStore.Loaded.Missing<LayoutFile> m -> applyDefault(TaskLayout.ANALYSIS);
            case JsonStore.Loaded.Corrupt<LayoutFile> c -> {
                docking.buildDefault();
                messages.add(i18n.get("layout.corrupt", c.reason(), c.setAside().map(Object::toString).orElse("-")));
            }
        }

        org.kibitz.core.StartupTrace.mark("layout");
        notifications = new NotificationPane(docking.root());
        notifications.setId("notifications");
        notifications.setShowFromTop(true);
        notifications.setOnHidden(e -> notificationHidden());
        docking.onRootChanged(notifications::setContent);
        statusBar = new StatusBar();
        statusBar.setId("status-bar");
        statusBar.setText("");
        for (StatusItem item : statusItems) {
            statusBar.getRightItems().add(item.create(this));
        }

        BorderPane top = new BorderPane();
        UiFont.followWindows();
        top.setTop(buildMenuBar());
        top.setCenter(notifications);
        top.setBottom(statusBar);

        org.kibitz.core.StartupTrace.mark("menus");
        Scene scene = new Scene(top, DEFAULT_WIDTH, DEFAULT_HEIGHT);
        scene.getStylesheets().add(resource("/bento.css"));
        scene.getStylesheets().add(resource("/org/kibitz/workbench/kibitz.css"));
        stage.setScene(scene);
        Accelerators.install(stage);
        javafx.beans.binding.StringBinding appTitle = i18n.text("app.title");
        stage.titleProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> documentTitle.get().isEmpty() ? appTitle.get() : documentTitle.get() + " — " + appTitle.get(),
                documentTitle, appTitle));
        stage.setMinWidth(640);
        stage.setMinHeight(420);
        placeWindow(stage, geometry);
        stage.setOnCloseRequest(e -> {
            if (!closeAllowed()) {
                e.consume();
                return;
            }
            saveState();
        });
        org.kibitz.core.StartupTrace.mark("scene");
        stage.show();
        startAutosave();
        if (!messages.isEmpty()) {
            Platform.runLater(() -> notify(String.join("\n", messages)));
        }
    }

    public Stage stage() {
        return stage;
    }

    public I18n i18n() {
        return i18n;
    }

    public DockingManager docking() {
        return docking;
    }

    public Menus menus() {
        return menus;
    }

    public Settings settings() {
        return settings;
    }

    /** Changes the settings and saves them at once. */
    public void updateSettings(UnaryOperator<Settings> change) {
        settings = change.apply(settings);
        try {
            settingsStore.save(settings);
        } catch (IOException e) {
            setStatus(i18n.get("settings.save.failed", e.getMessage()));
        }
    }

    /** Shows a message across the top of the docking area until the user closes it. */
    public void notify(String message) {
        notify(message, null);
    }

    /**
     * Shows a message about something that may stop being shown (a file's problems): {@link
     * #withdraw} takes it away, on screen or waiting, once that is gone from the window.
     *
     * @param about what the message is about, compared with {@code equals}; null for a message only the user closes
     */
    public void notify(String message, Object about) {
        if (notificationShown) {
            // One is on screen: this one waits its turn instead of replacing it unread.
            if (!message.equals(notifications.getText()) && pendingNotifications.stream().noneMatch(n -> n.text().equals(message))) {
                if (pendingNotifications.size() == MAX_PENDING_NOTIFICATIONS) {
                    pendingNotifications.removeFirst();
                }
                pendingNotifications.addLast(new Note(message, about));
                showNextAction();
            }
            return;
        }
        showNotification(new Note(message, about));
    }

    /** Takes away the messages about {@code about}: what is shown belongs to what is in the window. */
    public void withdraw(Object about) {
        if (about != null) {
            withdrawIf(about::equals);
        }
    }

    /** Takes away the messages whose subject passes {@code gone} (messages about nothing stay). */
    public void withdrawIf(java.util.function.Predicate<Object> gone) {
        pendingNotifications.removeIf(n -> n.about() != null && gone.test(n.about()));
        if (notificationShown && shownAbout != null && gone.test(shownAbout)) {
            // Hidden, the next waiting message (about something else) comes as after a close.
            shownAbout = null;
            notifications.hide();
        } else {
            showNextAction();
        }
    }

    /** The message on screen, empty when none is (or it is sliding away). */
    public Optional<String> shownNotification() {
        return notificationShown && notifications.isShowing() ? Optional.of(notifications.getText()) : Optional.empty();
    }

    /** The messages waiting behind the one on screen, oldest first. */
    public List<String> pendingNotifications() {
        return pendingNotifications.stream().map(Note::text).toList();
    }

    /** A message of the notification bar, and what it is about (null: nothing that goes away). */
    private record Note(String text, Object about) {
    }

    private static final int MAX_PENDING_NOTIFICATIONS = 20;
    private final java.util.ArrayDeque<Note> pendingNotifications = new java.util.ArrayDeque<>();
    private Object shownAbout;
    /**
     * From show() until the pane's onHidden, after it has slid away. Not {@code isShowing()}: that
     * turns false as soon as hide() starts, and a message shown during the slide-out would then be
     * replaced by the next waiting one when onHidden comes.
     */
    private boolean notificationShown;

    private void showNotification(Note note) {
        notifications.setText(note.text());
        shownAbout = note.about();
        notificationShown = true;
        showNextAction();
        notifications.show();
    }

    /** A "Next" button while messages wait, saying how many. */
    private void showNextAction() {
        notifications.getActions().clear();
        if (!pendingNotifications.isEmpty()) {
            notifications.getActions().add(new org.controlsfx.control.action.Action(
                    i18n.get("notify.next", pendingNotifications.size()), e -> notifications.hide()));
        }
    }

    /** The user closed a notification (or pressed Next): the next waiting one comes. */
    private void notificationHidden() {
        notificationShown = false;
        shownAbout = null;
        Note next = pendingNotifications.pollFirst();
        if (next != null) {
            showNotification(next);
        } else {
            notifications.getActions().clear();
        }
    }

    /** Shows a short message in the status bar. */
    public void setStatus(String message) {
        statusBar.setText(message);
    }

    /**
     * What the window's title shows before the program's name: the open file and its modified mark.
     * Empty for the program's name alone.
     */
    public javafx.beans.property.StringProperty documentTitleProperty() {
        return documentTitle;
    }

    /**
     * Asked before the window closes (by the user or File → Quit); returning false keeps it open.
     * A guard asks about unsaved work here.
     */
    public void addCloseGuard(java.util.function.BooleanSupplier guard) {
        closeGuards.add(guard);
    }

    /** Closes the window unless a close guard objects; returns whether it closed. */
    public boolean requestClose() {
        if (!closeAllowed()) {
            return false;
        }
        close();
        return true;
    }

    private boolean closeAllowed() {
        for (java.util.function.BooleanSupplier g : closeGuards) {
            if (!g.getAsBoolean()) {
                return false;
            }
        }
        return true;
    }

    /** Runs when the window closes, before the layout is saved (panes stop engines here). */
    public void onClose(Runnable hook) {
        closeHooks.add(hook);
    }

    /** Saves the layout, the window geometry and the settings. */
    public void saveState() {
        closeHooks.forEach(Runnable::run);
        saveLayoutIfChanged();
        try {
            settingsStore.save(settings);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "settings not saved", e);
        }
    }

    private static final System.Logger LOG = System.getLogger(MainWindow.class.getName());
    private static final javafx.util.Duration AUTOSAVE_PERIOD = javafx.util.Duration.seconds(2);
    private LayoutFile lastSavedLayout;
    private javafx.animation.Timeline autosave;

    /**
     * Saves the layout every couple of seconds when it has changed, so a crash, a kill or a logout
     * loses at most that much of the user's arrangement.
     */
    private void startAutosave() {
        autosave = new javafx.animation.Timeline(new javafx.animation.KeyFrame(AUTOSAVE_PERIOD, e -> saveLayoutIfChanged()));
        autosave.setCycleCount(javafx.animation.Animation.INDEFINITE);
        autosave.play();
        stage.setOnHidden(e -> autosave.stop());
        saveLayoutIfChanged();
    }

    private void saveLayoutIfChanged() {
        LayoutFile.Window w = new LayoutFile.Window(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized());
        LayoutFile.Container shown = docking.snapshot();
        java.util.Map<String, LayoutFile.Container> tasks = new java.util.TreeMap<>();
        kept.forEach((t, c) -> tasks.put(t.name(), c));
        tasks.put(task.name(), shown);
        LayoutFile now = new LayoutFile(LayoutFile.VERSION, Optional.of(w), shown, Optional.of(task.name()), tasks);
        if (now.equals(lastSavedLayout)) {
            return;
        }
        try {
            layoutStore.save(now);
            lastSavedLayout = now;
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "layout not saved", e);
        }
    }

    private TaskLayout task = TaskLayout.ANALYSIS;
    /** The task layouts not shown, as the user left them; the shown one is the docking's. */
    private final java.util.Map<TaskLayout, LayoutFile.Container> kept = new java.util.EnumMap<>(TaskLayout.class);
    private final javafx.beans.property.ObjectProperty<TaskLayout> taskProperty = new javafx.beans.property.SimpleObjectProperty<>(this, "task", TaskLayout.ANALYSIS);

    /** The task layout shown. */
    public TaskLayout task() {
        return task;
    }

    /**
     * Shows the layout of {@code t} as the user last left it (its default the first time), keeping the
     * one shown now for when its task comes back. The status bar says which layout this is. FX thread.
     */
    public void useTask(TaskLayout t) {
        if (t == task) {
            return;
        }
        kept.put(task, docking.snapshot());
        task = t;
        taskProperty.set(t);
        LayoutFile.Container c = kept.remove(t);
        if (c == null || !docking.restore(c)) {
            applyDefault(t);
        }
        showLayoutStatus();
    }

    /** The status bar's layout message while it is the one shown, to say it again in a new language. */
    private String layoutStatus;

    private void showLayoutStatus() {
        layoutStatus = i18n.get("layout.switched", i18n.get(task.titleKey()));
        setStatus(layoutStatus);
        if (!layoutStatusFollowsLanguage) {
            layoutStatusFollowsLanguage = true;
            i18n.localeProperty().addListener((o, a, b) -> {
                if (layoutStatus != null && layoutStatus.equals(statusBar.getText())) {
                    showLayoutStatus();
                }
            });
        }
    }

    private boolean layoutStatusFollowsLanguage;

    /** Brings the shown task layout back to its default. FX thread. */
    public void resetTaskLayout() {
        applyDefault(task);
    }

    private void applyDefault(TaskLayout t) {
        java.util.Optional<LayoutFile.Container> d = t.defaults();
        if (d.isEmpty() || !docking.restore(d.get())) {
            docking.buildDefault();
        }
    }

    /** Saves and closes the window. */
    public void close() {
        saveState();
        stage.close();
    }

    private MenuBar buildMenuBar() {
        Menu file = menu("menu.file", "menu-file");
        Menu view = menu("menu.view", "menu-view");
        Menu engine = menu("menu.engine", "menu-engine");
        Menu help = menu("menu.help", "menu-help");
        Menu edit = menu("menu.edit", "menu-edit");
        menus = new Menus(file, edit, view, engine, help);

        for (MenuContributor c : contributors) {
            c.contribute(menus, this);
        }

        MenuItem quit = item("menu.file.quit", "menu-quit");
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        quit.setOnAction(e -> requestClose());
        if (!file.getItems().isEmpty()) {
            file.getItems().add(new SeparatorMenuItem());
        }
        file.getItems().add(quit);

        Menu panes = menu("menu.view.panes", "menu-panes");
        panes.setOnShowing(e -> fillPanesMenu(panes));
        fillPanesMenu(panes);
        MenuItem reset = item("menu.view.resetLayout", "menu-reset-layout");
        reset.setOnAction(e -> resetTaskLayout());
        Menu layouts = menu("menu.view.layout", "menu-layout");
        ToggleGroup layoutGroup = new ToggleGroup();
        for (TaskLayout t : TaskLayout.values()) {
            RadioMenuItem item = new RadioMenuItem();
            item.textProperty().bind(i18n.text(t.titleKey()));
            item.setId("layout-" + t.name().toLowerCase(Locale.ROOT));
            item.setToggleGroup(layoutGroup);
            item.setSelected(t == task);
            item.setOnAction(e -> useTask(t));
            taskProperty.addListener((o, a, now) -> item.setSelected(now == t));
            layouts.getItems().add(item);
        }
        taskProperty.set(task);
        Menu language = menu("menu.view.language", "menu-language");
        ToggleGroup group = new ToggleGroup();
        RadioMenuItem system = new RadioMenuItem();
        system.textProperty().bind(i18n.text("menu.view.language.system"));
        system.setToggleGroup(group);
        system.setSelected(settings.language().isEmpty());
        system.setOnAction(e -> setLanguage(Optional.empty()));
        language.getItems().add(system);
        for (Locale l : I18n.LANGUAGES) {
            // Each language in its own words, as users look for it: "简体中文", not "中文 (中国)".
            RadioMenuItem item = new RadioMenuItem(l.equals(Locale.SIMPLIFIED_CHINESE) ? "简体中文" : l.getDisplayName(l));
            item.setId("language-" + l.toLanguageTag());
            item.setToggleGroup(group);
            item.setSelected(settings.language().map(Locale::forLanguageTag).map(I18n::supported).filter(l::equals).isPresent());
            item.setOnAction(e -> setLanguage(Optional.of(l.toLanguageTag())));
            language.getItems().add(item);
        }
        view.getItems().addAll(0, List.of(panes, layouts, reset, new SeparatorMenuItem(), language));

        MenuItem pluginsItem = item("menu.help.plugins", "menu-plugins");
        pluginsItem.setOnAction(e -> PluginsDialog.create(stage, i18n, plugins.all(), plugins.problems()).show());
        MenuItem about = item("menu.help.about", "menu-about");
        about.setOnAction(e -> showAbout());
        help.getItems().addAll(pluginsItem, about);

        MenuBar bar = new MenuBar(file, view, engine, help);
        if (!edit.getItems().isEmpty()) {
            bar.getMenus().add(1, edit);
        }
        bar.setId("menu-bar");
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    private void fillPanesMenu(Menu panes) {
        panes.getItems().clear();
        for (String id : docking.paneIds()) {
            CheckMenuItem item = new CheckMenuItem();
            item.setId("pane-toggle-" + id);
            docking.provider(id).ifPresent(p -> item.textProperty().bind(i18n.text(p.titleKey())));
            item.setSelected(docking.isOpen(id));
            item.setOnAction(e -> docking.open(id));
            panes.getItems().add(item);
        }
        panes.setDisable(panes.getItems().isEmpty());
    }

    private void setLanguage(Optional<String> tag) {
        Locale l = tag.map(Locale::forLanguageTag).orElse(Locale.getDefault());
        i18n.localeProperty().set(I18n.supported(l));
        updateSettings(s -> s.withLanguage(tag));
        // GTK's own dialogs (the file chooser) take their language from the environment at start:
        // the launcher gives them this one from the next start on (decision 0024).
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            setStatus(i18n.get("language.nativeNextStart"));
        }
    }

    private void showAbout() {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(stage);
        a.setTitle(i18n.get("about.title"));
        a.setHeaderText(i18n.get("app.title") + " " + version());
        a.setContentText(i18n.get("about.text"));
        a.show();
    }

    private static String version() {
        String v = MainWindow.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    private Menu menu(String key, String id) {
        Menu m = new Menu();
        m.textProperty().bind(i18n.text(key));
        m.setId(id);
        return m;
    }

    private MenuItem item(String key, String id) {
        MenuItem m = new MenuItem();
        m.textProperty().bind(i18n.text(key));
        m.setId(id);
        return m;
    }

    private static void placeWindow(Stage stage, Optional<LayoutFile.Window> saved) {
        if (saved.isPresent()) {
            LayoutFile.Window w = saved.get();
            Rectangle2D r = new Rectangle2D(w.x(), w.y(), Math.max(w.width(), 100), Math.max(w.height(), 100));
            // A window saved on a screen that is gone would open out of reach: only restore what is visible.
            if (!Screen.getScreensForRectangle(r).isEmpty()) {
                stage.setX(w.x());
                stage.setY(w.y());
                stage.setWidth(w.width());
                stage.setHeight(w.height());
            }
            stage.setMaximized(w.maximized());
            return;
        }
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        stage.setWidth(Math.min(DEFAULT_WIDTH, screen.getWidth()));
        stage.setHeight(Math.min(DEFAULT_HEIGHT, screen.getHeight()));
        stage.centerOnScreen();
    }

    private static String resource(String path) {
        var url = MainWindow.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException("missing resource " + path);
        }
        return url.toExternalForm();
    }

    /** The docking area's node, for tests. */
    Region dockingRoot() {
        return docking.root();
    }
}
