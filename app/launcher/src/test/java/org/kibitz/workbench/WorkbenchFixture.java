package org.kibitz.workbench;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.geometry.Point2D;
import javafx.stage.Stage;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Square;
import org.kibitz.launcher.KibitzModule;
import org.kibitz.core.plugins.PluginDiscovery;
import org.kibitz.core.plugins.PluginSet;
import org.kibitz.launcher.WorkbenchModule;
import org.kibitz.workbench.board.BoardController;
import org.kibitz.workbench.board.BoardView;
import org.kibitz.workbench.files.FileActions;
import org.kibitz.workbench.files.GameList;
import org.kibitz.workbench.moves.MovesPane;
import org.kibitz.core.GameDocument;
import org.kibitz.core.KibitzPaths;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real workbench for UI tests: the production Guice modules, every plugin on the class path,
 * the user's folders in a temporary directory, the window shown headless under Monocle.
 */
final class WorkbenchFixture {

    final Injector injector;
    final MainWindow window;
    final GameDocument document;
    final FileActions files;
    final GameList gameList;
    final BoardController boardController;
    final FxRobot robot = new FxRobot();

    private WorkbenchFixture(Injector injector) {
        this.injector = injector;
        this.window = injector.getInstance(MainWindow.class);
        this.document = injector.getInstance(GameDocument.class);
        this.files = injector.getInstance(FileActions.class);
        this.gameList = injector.getInstance(GameList.class);
        this.boardController = injector.getInstance(BoardController.class);
    }

    /**
     * An engine as these tests list one: started by {@code command}, its protocol and games known, and
     * everything else (name reported, conventions, options, timeouts) as a new entry has it.
     */
    static org.kibitz.core.engines.EngineEntry engine(String id, String name, List<String> command, String protocol,
                                                     java.util.Set<String> games) {
        return new org.kibitz.core.engines.EngineEntry(id, name, command, Optional.empty(), Optional.of(protocol), games,
                Optional.empty(), Optional.empty(), org.kibitz.core.engines.EngineEntry.Conventions.DETECT,
                java.util.Map.of(), List.of(), org.kibitz.core.engines.EngineEntry.Timeouts.DEFAULT, false);
    }

    /** The workbench of {@code home} with these engines in its engine list (and no first-start offer). */
    static WorkbenchFixture openWithEngines(Path home, org.kibitz.core.engines.EngineEntry... engines) throws Exception {
        var r = new org.kibitz.core.engines.EngineRegistry(new org.kibitz.core.JsonStore<>(home.resolve("config")
                .resolve("engines.json"), org.kibitz.core.engines.EngineListFile.class),
                new org.kibitz.core.Protocols(java.util.ServiceLoader.load(org.kibitz.api.engine.ProtocolPlugin.class).stream()
                        .map(java.util.ServiceLoader.Provider::get).toList()),
                new org.kibitz.core.engines.EngineDiscovery(java.util.List.of(), false));
        r.load();
        for (var e : engines) {
            r.put(e);
        }
        r.offersAnswered();
        return open(home);
    }

    static WorkbenchFixture open(Path home) throws TimeoutException {
        PluginSet plugins = PluginDiscovery.discover(WorkbenchFixture.class.getClassLoader(), Optional.empty());
        KibitzPaths paths = new KibitzPaths(home.resolve("config"), home.resolve("data"), home.resolve("plugins"));
        Injector injector = Guice.createInjector(new KibitzModule(plugins, paths)).createChildInjector(new WorkbenchModule());
        WorkbenchFixture f = new WorkbenchFixture(injector);
        FxToolkit.setupFixture(() -> {
            Stage stage = new Stage();
            f.window.show(stage);
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return f;
    }

    BoardView board() {
        return robot.lookup("#board").queryAs(BoardView.class);
    }

    MovesPane moves() {
        return robot.lookup("#moves-pane").queryAs(MovesPane.class);
    }

    Point2D at(String square) {
        int rankBase = document.game().coordinateRankBase();
        Square s = Square.of(square.charAt(0) - 'a', Integer.parseInt(square.substring(1)) - rankBase);
        return onFx(() -> board().centerOnScreen(s));
    }

    /** Clicks the centre of a point given as the game's coordinates ({@code e2}, {@code h0}). */
    void click(String square) {
        robot.clickOn(at(square));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Plays a move by clicking its two points. */
    void clickMove(String from, String to) {
        click(from);
        click(to);
    }

    /** The coordinates of the cursor's move, empty at the start. */
    String cursorMove() {
        return onFx(() -> document.cursor().move().map(m -> m.coordinates(document.game().coordinateRankBase())).orElse(""));
    }

    /**
     * Fires a menu item found by id in the window's menus, later on the FX thread (a dialog it opens
     * would block a caller that waited for it).
     */
    void fireMenu(String id) {
        javafx.scene.control.MenuItem item = onFx(() -> find(List.of(window.menus().file(), window.menus().view(),
                window.menus().engine(), window.menus().help()), id));
        if (item == null) {
            throw new AssertionError("no menu item " + id);
        }
        javafx.application.Platform.runLater(item::fire);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The game plugin with this id, as the workbench has it. */
    GamePlugin game(String id) {
        return injector.getInstance(Games.class).byId(id).orElseThrow();
    }

    private static javafx.scene.control.MenuItem find(List<? extends javafx.scene.control.MenuItem> items, String id) {
        for (javafx.scene.control.MenuItem i : items) {
            if (id.equals(i.getId())) {
                return i;
            }
            if (i instanceof javafx.scene.control.Menu m) {
                javafx.scene.control.MenuItem found = find(m.getItems(), id);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * Writes what the window shows to {@code <name>.png} in {@code $KIBITZ_SNAPSHOTS} (default
     * {@code /tmp/kibitz-snapshots}), for a person to look at; the snapshot classes are not run by the build.
     */
    void snapshot(String name) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.image.WritableImage img = onFx(() -> window.stage().getScene().getRoot()
                .snapshot(new javafx.scene.SnapshotParameters(), null));
        int width = (int) img.getWidth();
        int height = (int) img.getHeight();
        java.awt.image.BufferedImage out = new java.awt.image.BufferedImage(width, height,
                java.awt.image.BufferedImage.TYPE_INT_ARGB);
        javafx.scene.image.PixelReader r = img.getPixelReader();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                out.setRGB(x, y, r.getArgb(x, y));
            }
        }
        java.io.File dir = new java.io.File(System.getenv().getOrDefault("KIBITZ_SNAPSHOTS", "/tmp/kibitz-snapshots"));
        dir.mkdirs();
        javax.imageio.ImageIO.write(out, "png", new java.io.File(dir, name + ".png"));
    }

    static <T> T onFx(Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static void runFx(Runnable r) {
        onFx(() -> {
            r.run();
            return null;
        });
    }

    /** Waits until {@code condition} holds on the FX thread. */
    static void waitUntil(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onFx(condition::getAsBoolean));
        } catch (TimeoutException e) {
            throw new AssertionError("condition not met in time", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
