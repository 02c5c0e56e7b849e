package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.controlsfx.control.NotificationPane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.core.plugins.PluginDiscovery;
import org.kibitz.core.plugins.PluginSet;
import org.kibitz.core.JsonStore;
import org.kibitz.core.Settings;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The workbench shell, headless under Monocle: menus, docking, layout saved and restored, language switch. */
@ExtendWith(FxStages.class)
class WorkbenchShellTest {

    @TempDir
    Path home;

    private final FxRobot robot = new FxRobot();
    private MainWindow window;

    /** Simple panes standing in for the real ones, one per region. */
    private static List<PaneProvider> testPanes() {
        return List.of(pane("t-board", DockRegion.CENTER), pane("t-moves", DockRegion.RIGHT),
                pane("t-lines", DockRegion.BOTTOM), pane("t-log", DockRegion.BOTTOM));
    }

    private static PaneProvider pane(String id, DockRegion region) {
        return new PaneProvider() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public String titleKey() {
                return id;
            }

            @Override
            public DockRegion defaultRegion() {
                return region;
            }

            @Override
            public Node create() {
                Label l = new Label(id);
                l.setId("content-" + id);
                return l;
            }
        };
    }

    private MainWindow open() throws TimeoutException {
        I18n i18n = new I18n(Locale.ENGLISH);
        PluginSet plugins = PluginDiscovery.discover(getClass().getClassLoader(), Optional.empty());
        MainWindow w = new MainWindow(i18n, new DockingManager(testPanes(), i18n),
                new JsonStore<>(home.resolve("layout.json"), LayoutFile.class),
                new JsonStore<>(home.resolve("settings.json"), Settings.class), plugins, List.of());
        FxToolkit.setupFixture(() -> w.show(new Stage()));
        WaitForAsyncUtils.waitForFxEvents();
        window = w;
        return w;
    }

    private void close(MainWindow w) {
        robot.interact(w::close);
    }

    @Test
    void showsTheWindowWithItsMenusAndDockingRoot() throws TimeoutException {
        MainWindow w = open();
        assertTrue(w.stage().getTitle().contains("Kibitz"));
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        assertEquals(List.of("File", "View", "Engine", "Help"), bar.getMenus().stream().map(Menu::getText).toList());
        assertNotNull(robot.lookup(".container-branch").query(), "the docking root is in the window");
        for (String id : List.of("t-board", "t-moves", "t-lines")) {
            assertTrue(w.docking().isOpen(id), id + " is docked by default");
        }
        assertTrue(robot.lookup("#content-t-board").query().isVisible());
    }

    @Test
    void savesTheLayoutOnCloseAndRestoresIt() throws TimeoutException {
        MainWindow w = open();
        // The user drags the log pane next to the moves and widens the right column.
        robot.interact(() -> {
            DockingManager d = w.docking();
            LayoutFile.Container before = d.snapshot();
            assertNotNull(before);
            var log = w.docking().content("t-log").orElseThrow();
            assertNotNull(log);
            moveDockable(d, "t-log", "t-moves");
        });
        LayoutFile.Container moved = onFx(() -> w.docking().snapshot());
        List<String> movesLeaf = leafWith(moved, "t-moves");
        assertEquals(List.of("t-moves", "t-log"), movesLeaf);
        robot.interact(() -> w.stage().setWidth(1111));
        close(w);
        assertTrue(Files.exists(home.resolve("layout.json")));

        LayoutFile saved = new JsonStore<>(home.resolve("layout.json"), LayoutFile.class).loadOr(null);
        assertNotNull(saved);
        assertEquals(List.of("t-moves", "t-log"), leafWith(saved.root(), "t-moves"));

        MainWindow again = open();
        assertEquals(List.of("t-moves", "t-log"), leafWith(onFx(() -> again.docking().snapshot()), "t-moves"));
        assertEquals(1111, again.stage().getWidth(), 1.0);
        assertEquals(dividers(saved.root()), dividers(onFx(() -> again.docking().snapshot())));
    }

    @Test
    void aCorruptLayoutFallsBackToTheDefaultAndSaysSo() throws Exception {
        Files.writeString(home.resolve("layout.json"), "{\"version\": 1, \"root\": {\"type\": \"leaf\", ");
        MainWindow w = open();
        WaitForAsyncUtils.waitForFxEvents();
        NotificationPane note = robot.lookup("#notifications").queryAs(NotificationPane.class);
        assertTrue(note.isShowing());
        assertTrue(note.getText().contains("could not be read"), note.getText());
        assertEquals(List.of("t-moves"), leafWith(onFx(() -> w.docking().snapshot()), "t-moves"), "default layout");
        try (Stream<Path> files = Files.list(home)) {
            assertTrue(files.anyMatch(p -> p.getFileName().toString().startsWith("layout.json.corrupt-")),
                    "the unreadable file is set aside, not overwritten");
        }
    }

    @Test
    void notificationsWaitTheirTurnInsteadOfReplacingOneAnother() throws Exception {
        MainWindow w = open();
        WaitForAsyncUtils.waitForFxEvents();
        NotificationPane note = robot.lookup("#notifications").queryAs(NotificationPane.class);
        runFx(() -> {
            w.notify("first");
            w.notify("second");
            w.notify("first"); // the one on screen: not queued again
            w.notify("third");
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("first", onFx(note::getText), "the first stays until it is closed");
        assertEquals(List.of("second", "third"), onFx(w::pendingNotifications));
        assertEquals(List.of("Next (2 more)"), onFx(() -> note.getActions().stream().map(a -> a.getText()).toList()));

        runFx(note::hide);
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> onFx(note::getText).equals("second"));
        assertEquals(List.of("third"), onFx(w::pendingNotifications));
        runFx(note::hide);
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> onFx(note::getText).equals("third"));
        assertTrue(onFx(() -> note.getActions().isEmpty()), "nothing more waits");
        runFx(note::hide);
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> !onFx(note::isShowing));
        runFx(() -> w.notify("fourth"));
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> onFx(note::isShowing));
        assertEquals("fourth", onFx(note::getText), "shown at once when nothing else is");
    }

    @Test
    void switchingLanguageChangesTheMenusAtOnceAndIsRemembered() throws TimeoutException {
        MainWindow w = open();
        robot.clickOn("#menu-view");
        robot.clickOn("#menu-language");
        robot.clickOn("#language-zh-CN");
        WaitForAsyncUtils.waitForFxEvents();
        MenuBar bar = robot.lookup("#menu-bar").queryAs(MenuBar.class);
        assertEquals(List.of("文件", "视图", "引擎", "帮助"), bar.getMenus().stream().map(Menu::getText).toList());
        close(w);
        MainWindow again = open();
        assertEquals(Locale.SIMPLIFIED_CHINESE, again.i18n().locale());
    }

    @Test
    void helpPluginsShowsTheDiscoveredPlugins() throws TimeoutException {
        open();
        robot.clickOn("#menu-help");
        robot.clickOn("#menu-plugins");
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> table = robot.lookup("#plugins-table").queryAs(TableView.class);
        assertNotNull(table);
        PluginSet plugins = PluginDiscovery.discover(getClass().getClassLoader(), Optional.empty());
        assertEquals(plugins.all().size(), table.getItems().size());
        assertFalse(window.stage().getTitle().isEmpty());
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void moveDockable(DockingManager d, String id, String nextTo) {
        var search = d.bento().search();
        var dockable = search.dockable(id).dockable();
        var target = search.dockable(nextTo).dockable().getContainer();
        dockable.getContainer().removeDockable(dockable);
        target.addDockable(dockable);
    }

    private static List<String> leafWith(LayoutFile.Container c, String id) {
        if (c instanceof LayoutFile.Leaf l) {
            return l.panes().contains(id) ? l.panes() : null;
        }
        for (LayoutFile.Container k : ((LayoutFile.Branch) c).children()) {
            List<String> found = leafWith(k, id);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static List<Double> dividers(LayoutFile.Container c) {
        if (c instanceof LayoutFile.Branch b) {
            List<Double> out = new java.util.ArrayList<>(b.dividers().stream().map(x -> Math.round(x * 100) / 100.0).toList());
            b.children().forEach(k -> out.addAll(dividers(k)));
            return out;
        }
        return List.of();
    }
}
