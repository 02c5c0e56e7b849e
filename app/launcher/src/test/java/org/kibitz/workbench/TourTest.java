package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.GameFiles;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.evaluate.CompareUi;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.match.MatchDialog;
import org.kibitz.workbench.match.MatchSetup;
import org.kibitz.workbench.match.MatchUi;
import org.kibitz.workbench.tree.TreeUi;

/**
 * The screenshot tour: every task layout, filled by a real run of its task (a comparison, an
 * evaluation, a match, a tree import), at 1280x800 and 1600x1000, in English and Chinese, saved to
 * {@code target/tour/} for a person to look at. In each: no cut column title, button or label, no cut cell without its
 * full text in a tooltip, no row shorter than its text, every dock's tabs in view, the match
 * standings' engine names whole, and the task's main table showing at least five rows.
 */
@ExtendWith(FxStages.class)
class TourTest {

    @TempDir
    Path home;

    /** The table each task is about, by its id. */
    private static final Map<TaskLayout, String> MAIN_TABLE = Map.of(
            TaskLayout.ANALYSIS, "game-list",
            TaskLayout.BATCH, "report-table",
            TaskLayout.COMPARISON, "disagreements-table",
            TaskLayout.MATCH, "match-finished",
            TaskLayout.OPENING, "tree-moves");

    @Test
    void everyTaskLayoutAtBothSizesInBothLanguages() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home,
                // Named as a user's engines are (their versions too): the standings and job names must show them whole.
                WorkbenchFixture.engine("stockfish", "Stockfish 15.1", List.of(RealEngines.require("stockfish")), "uci", Set.of("chess")),
                WorkbenchFixture.engine("fsf", "Fairy-Stockfish 11.1 LB", List.of(RealEngines.require("fairy-stockfish")), "uci",
                        Set.of("chess", "xiangqi")));
        assertTrue(onFx(() -> w.files.open(GameFilesUiTest.shared("chess/pgn/Capablanca.pgn"))).get(60, TimeUnit.SECONDS));
        GameFiles.Entry second = onFx(() -> w.gameList.file().orElseThrow().entries().get(1));
        assertTrue(onFx(() -> w.files.openGame(second)).get(30, TimeUnit.SECONDS));

        // A comparison and an evaluation of the board's game.
        CompareUi compare = w.injector.getInstance(CompareUi.class);
        CompareUi.Choice both = CompareUiTest.choice(compare, "nodes", 20_000, 0.3, "stockfish", "fsf");
        onFx(() -> compare.compare(EvaluateUi.Scope.GAME, both)).get(60, TimeUnit.SECONDS)
                .batch().handle().result().get(300, TimeUnit.SECONDS);
        EvaluateUi evaluate = w.injector.getInstance(EvaluateUi.class);
        EvaluateUi.Choice one = new EvaluateUi.Choice(List.of(onFx(() -> evaluate.registry().byId("fsf").orElseThrow())),
                "nodes", 20_000, 1, "");
        onFx(() -> evaluate.evaluate(EvaluateUi.Scope.GAME, one)).get(60, TimeUnit.SECONDS)
                .batch().handle().result().get(300, TimeUnit.SECONDS);
        waitUntil(() -> !evaluate.summaries().isEmpty());

        // A short match: Stockfish against the built-in engine.
        MatchUi match = w.injector.getInstance(MatchUi.class);
        MatchSetup setup = onFx(() -> {
            MatchDialog d = new MatchDialog(match);
            d.check("stockfish", true);
            d.check(EngineEntry.BUILTIN_ID, true);
            MatchSetup s = d.setup();
            return new MatchSetup("chess", s.engines(), false, "", "", "500", "2", 2, 1, true, "", 0, "sequential",
                    "", 1, 60, 0, 0, 0, 0, 0, true, 0, 5, 0.05, 0.05, "", false);
        });
        onFx(() -> match.start(setup)).get(60, TimeUnit.SECONDS).handle().result().get(300, TimeUnit.SECONDS);
        waitUntil(() -> match.state() == MatchUi.State.FINISHED);

        // The file's opening tree, on the first position of the board's game.
        TreeUi tree = w.injector.getInstance(TreeUi.class);
        assertTrue(onFx(() -> tree.importCurrentFile().isPresent()));
        runFx(() -> w.document.toStart());
        // The rows come once the import's job has ended and its database is open.
        org.testfx.util.WaitForAsyncUtils.waitFor(300, TimeUnit.SECONDS, () -> onFx(() -> !tree.rows().isEmpty()));

        Path out = Path.of("target", "tour");
        Files.createDirectories(out);
        System.setProperty("kibitz.tour", out.toAbsolutePath().toString());
        List<String> problems = new ArrayList<>();
        for (TaskLayout task : TaskLayout.values()) {
            for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
                for (int[] size : new int[][] {{1280, 800}, {1600, 1000}}) {
                    runFx(() -> {
                        w.window.i18n().localeProperty().set(l);
                        w.window.useTask(task);
                        w.window.stage().setWidth(size[0]);
                        w.window.stage().setHeight(size[1]);
                    });
                    settle();
                    String name = task.name().toLowerCase(Locale.ROOT) + "-" + size[0] + "x" + size[1] + "-" + l.getLanguage();
                    save(w, out.resolve(name + ".png"));
                    Parent root = onFx(() -> w.window.stage().getScene().getRoot());
                    System.err.println("[tour] " + name + " cut labels: " + onFx(() -> Cuts.cutLabels(root)));
                    // Column titles, buttons, labels: nothing drawn shortened.
                    onFx(() -> Cuts.cutLabels(root)).forEach(s -> problems.add(name + " label " + s));
                    onFx(() -> JobPaneKitTest.cutWithoutTooltip(root)).forEach(s -> problems.add(name + " cell " + s));
                    onFx(() -> Cuts.tallCells(root)).forEach(s -> problems.add(name + " row " + s));
                    // A table that fits its columns to its width: no column past its edge (they were cut
                    // there with no scrollbar: the Jobs table at 1600x1000, columns of 964 px in 900).
                    onFx(() -> overfullTables(root)).forEach(s -> problems.add(name + " table " + s));
                    // Every dock's tabs in view (Bento scrolls the first ones out of a strip too narrow).
                    onFx(() -> TabStripTest.hiddenTabs(root)).forEach(s -> problems.add(name + " tabs " + s));
                    // The match standings are read by the engines' names: never cut, tooltip or not.
                    onFx(() -> cutCells(root, "match-standings", "match-col-engine")).forEach(s -> problems.add(name + " standings " + s));
                    if (MAIN_TABLE.containsKey(task)) {
                        int rows = onFx(() -> rowsShown(root, MAIN_TABLE.get(task)));
                        if (rows < 5) {
                            problems.add(name + " " + MAIN_TABLE.get(task) + " shows " + rows + " rows");
                        }
                    } else {
                        // Training has no table: its pane, the puzzle's board, is what must have the room.
                        double high = onFx(() -> {
                            var pane = root.lookup("#training-pane");
                            return pane instanceof javafx.scene.layout.Region r && Cuts.shown(r) ? r.getHeight() : 0.0;
                        });
                        if (high < size[1] * 0.6) {
                            problems.add(name + " training-pane " + Math.round(high) + " px high");
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /** The cells of a column of a shown table drawn shorter than their text. */
    static List<String> cutCells(Parent root, String tableId, String columnId) {
        List<String> out = new ArrayList<>();
        var node = root.lookup("#" + tableId);
        if (!(node instanceof TableView<?> t) || !Cuts.shown(t)) {
            return out;
        }
        Cuts.walk(t, n -> {
            if (n instanceof javafx.scene.control.TableCell<?, ?> c && c.getTableColumn() != null
                    && columnId.equals(c.getTableColumn().getId()) && c.getText() != null && !c.getText().isBlank()
                    && Tables.width(c.getText(), c.getFont()) > c.getWidth() - c.snappedLeftInset() - c.snappedRightInset() + 0.5) {
                out.add("'" + c.getText() + "' in " + Math.round(c.getWidth()) + " px");
            }
        });
        return out;
    }

    /** Shown tables with a constrained resize policy whose visible columns are wider together than the table. */
    static List<String> overfullTables(Parent root) {
        List<String> out = new ArrayList<>();
        Cuts.walk(root, n -> {
            if (n instanceof TableView<?> t && Cuts.shown(t) && t.getColumnResizePolicy() != TableView.UNCONSTRAINED_RESIZE_POLICY) {
                double room = t.getWidth() - t.snappedLeftInset() - t.snappedRightInset();
                for (Node bar : t.lookupAll(".scroll-bar")) {
                    if (bar instanceof javafx.scene.control.ScrollBar sb && sb.getOrientation() == javafx.geometry.Orientation.VERTICAL
                            && sb.isVisible()) {
                        room -= sb.getWidth();
                    }
                }
                double columns = t.getVisibleLeafColumns().stream().mapToDouble(c -> c.getWidth()).sum();
                if (columns > room + 1) {
                    out.add("#" + t.getId() + " columns " + Math.round(columns) + " px in " + Math.round(room));
                }
            }
        });
        return out;
    }

    /** How many whole rows the table with this id shows (0 when it is not shown). */
    private static int rowsShown(Parent root, String id) {
        var node = root.lookup("#" + id);
        if (!(node instanceof TableView<?> t) || !Cuts.shown(t)) {
            return 0;
        }
        var header = t.lookup(".column-header-background");
        double headerHeight = header == null ? 0 : header.getLayoutBounds().getHeight();
        double row = t.getFixedCellSize() > 0 ? t.getFixedCellSize() : Rows.height(1);
        return (int) Math.floor((t.getHeight() - headerHeight - t.snappedTopInset() - t.snappedBottomInset()) / row);
    }

    private static void settle() {
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        // Dividers are set again after the first layout pass, and tables measure their columns a pulse later.
        for (int i = 0; i < 3; i++) {
            runFx(() -> { });
            org.testfx.util.WaitForAsyncUtils.sleep(50, TimeUnit.MILLISECONDS);
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        }
    }

    private static void save(WorkbenchFixture w, Path file) throws Exception {
        javafx.scene.image.WritableImage img = onFx(() -> w.window.stage().getScene().getRoot()
                .snapshot(new javafx.scene.SnapshotParameters(), null));
        java.awt.image.BufferedImage png = new java.awt.image.BufferedImage((int) img.getWidth(), (int) img.getHeight(),
                java.awt.image.BufferedImage.TYPE_INT_ARGB);
        javafx.scene.image.PixelReader r = img.getPixelReader();
        for (int y = 0; y < png.getHeight(); y++) {
            for (int x = 0; x < png.getWidth(); x++) {
                png.setRGB(x, y, r.getArgb(x, y));
            }
        }
        javax.imageio.ImageIO.write(png, "png", file.toFile());
    }
}
