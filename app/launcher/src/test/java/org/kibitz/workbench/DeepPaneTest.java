package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javafx.scene.control.Button;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.tree.deep.DeepAnalysis;
import org.kibitz.core.tree.deep.DeepTree;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.deep.DeepDialog;
import org.kibitz.workbench.deep.DeepPane;
import org.kibitz.workbench.deep.DeepUi;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Deep analysis pane with real Stockfish at 2 000 nodes a position, chess from the start: a run of
 * 8 searches fills the tree view with valued moves, best first, the root showing the root value; a
 * double click plays a row's line on the board; Resume with a budget of 14 goes on from the state file.
 */
@ExtendWith(FxStages.class)
class DeepPaneTest {

    private static final Pattern VALUE = Pattern.compile("[+-]\\d+\\.\\d\\d|#-?\\d+");

    @TempDir
    Path home;

    @Test
    void aRunGrowsAValuedTreeADoubleClickPlaysALineAndResumeGoesOn() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home, WorkbenchFixture.engine("stockfish", "Stockfish",
                List.of(RealEngines.require("stockfish")), "uci", java.util.Set.of("chess")));
        DeepUi ui = w.injector.getInstance(DeepUi.class);
        runFx(() -> w.window.docking().open(DeepUi.PANE));
        runFx(() -> w.document.newGame(w.game("chess"), w.game("chess").startPosition()));
        Position start = onFx(() -> w.document.position());
        assertFalse(onFx(ui::canResumeBoard), "no state file before the first run");

        // The setup as the dialog makes it, with Stockfish ticked and a tiny budget.
        DeepUi.Setup fromDialog = onFx(() -> {
            DeepDialog d = new DeepDialog(ui, w.document.game(), false, false);
            d.check("stockfish", true);
            return d.setup();
        });
        assertNotNull(fromDialog, "the dialog's fields read as a setup");
        assertTrue(fromDialog.engines().contains("stockfish"), fromDialog.toString());
        DeepUi.Setup setup = new DeepUi.Setup(List.of("stockfish"), 2_000, 0, 3, 30, 6, 8, 0);

        DeepUi.Ended first = onFx(() -> ui.start(setup, false)).get(30, TimeUnit.SECONDS);
        assertEquals(Optional.of(DeepAnalysis.Stop.SEARCH_BUDGET), first.stop(), first.toString());
        assertEquals(8, first.nodes());
        assertEquals(List.of(), first.failures());
        assertEquals(DeepUi.State.FINISHED, onFx(ui::state));

        // The tree view: the root shows the root value, every row a value, children best first.
        DeepPane pane = (DeepPane) lookup(w, "#deep-pane");
        TreeView<DeepUi.Row> view = pane.view();
        TreeItem<DeepUi.Row> root = onFx(view::getRoot);
        assertNotNull(root, "the tree view has a root");
        String rootValue = onFx(() -> ui.rootValueProperty().get());
        assertTrue(VALUE.matcher(rootValue).matches(), rootValue);
        assertEquals(rootValue, root.getValue().value(), "the root row shows the root value");
        assertEquals("Stockfish", root.getValue().engine());
        assertTrue(root.getValue().depth() > 0, root.getValue().toString());
        List<TreeItem<DeepUi.Row>> rows = onFx(() -> all(root));
        assertTrue(rows.size() > 8, "the analysed positions and their other lines: " + rows.size());
        for (TreeItem<DeepUi.Row> r : rows) {
            assertTrue(VALUE.matcher(r.getValue().value()).matches(), r.getValue().toString());
            assertBestFirst(start, r);
        }
        Set<String> firstKeys = analysedKeys(start, rows);
        assertEquals(8, firstKeys.size(), "each analysed position is in the view");
        String bestFirstMove = root.getChildren().get(0).getValue().move();
        assertTrue(root.getChildren().get(0).getValue().best(), "the first child is on the best line");
        assertTrue(onFx(() -> ui.bestLineProperty().get()).startsWith(bestFirstMove),
                ui.bestLineProperty().get() + " / " + bestFirstMove);
        assertTrue(onFx(ui::canResumeBoard), "the state file of the board's position is there");
        Path state = home.resolve("data").resolve("deep");
        List<Path> files;
        try (var s = Files.list(state)) {
            files = s.toList();
        }
        assertEquals(1, files.size(), files.toString());
        assertEquals(1 + 8, Files.readAllLines(files.get(0)).size(), "a header and a line per position");

        // A double click on an analysed reply plays its line on the board.
        TreeItem<DeepUi.Row> reply = rows.stream()
                .filter(r -> r.getValue().path().size() == 2 && r.getValue().analysed()).findFirst()
                .or(() -> rows.stream().filter(r -> r.getValue().path().size() == 2).findFirst()).orElseThrow();
        List<Move> line = reply.getValue().path();
        runFx(() -> {
            for (TreeItem<DeepUi.Row> p = reply.getParent(); p != null; p = p.getParent()) {
                p.setExpanded(true);
            }
            view.getSelectionModel().select(reply);
            view.scrollTo(view.getRow(reply));
        });
        WaitForAsyncUtils.waitForFxEvents();
        TreeCell<?> cell = onFx(() -> view.lookupAll(".tree-cell").stream().map(n -> (TreeCell<?>) n)
                .filter(c -> c.getTreeItem() == reply).findFirst().orElse(null));
        assertNotNull(cell, "the reply's row is shown");
        w.robot.doubleClickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
        List<Move> onBoard = onFx(() -> w.document.cursor().pathFromRoot().stream().flatMap(n -> n.move().stream()).toList());
        assertEquals(line, onBoard, "the board shows the row's line");

        // Resume with a larger budget: the kept positions are not searched again, none is lost.
        assertFalse(onFx(() -> ((Button) lookup(w, "#deep-resume")).isDisabled()), "Resume is offered");
        DeepUi.Setup more = new DeepUi.Setup(List.of("stockfish"), 2_000, 0, 3, 30, 6, 14, 0);
        DeepUi.Ended second = onFx(() -> ui.resume(more)).get(30, TimeUnit.SECONDS);
        assertEquals(8, second.resumed(), second.toString());
        assertEquals(14, second.nodes(), second.toString());
        assertEquals(6, second.searched(), "only the new positions are searched");
        waitUntil(() -> ui.state() == DeepUi.State.FINISHED);
        TreeItem<DeepUi.Row> root2 = onFx(view::getRoot);
        Set<String> secondKeys = analysedKeys(start, onFx(() -> all(root2)));
        assertEquals(14, secondKeys.size(), "each analysed position is in the view");
        assertTrue(secondKeys.containsAll(firstKeys), "no position of the first run is lost");
        assertEquals(1 + 14, Files.readAllLines(files.get(0)).size(), "the state file grew");
        assertEquals(14, (int) onFx(() -> ui.nodesProperty().get()));
    }

    /** Children ordered by value: from the parent's mover's view, the best first. */
    private static void assertBestFirst(Position start, TreeItem<DeepUi.Row> item) {
        Position p = start;
        for (Move m : item.getValue().path()) {
            p = p.play(m);
        }
        int sign = p.sideToMove() == Side.WHITE ? 1 : -1;
        double last = Double.POSITIVE_INFINITY;
        for (TreeItem<DeepUi.Row> c : item.getChildren()) {
            String v = c.getValue().value();
            if (v.startsWith("#")) {
                return;
            }
            double mover = sign * Double.parseDouble(v);
            assertTrue(mover <= last + 1e-9, "children of " + item.getValue().move() + " best first: " + v);
            last = mover;
        }
    }

    private static Set<String> analysedKeys(Position start, List<TreeItem<DeepUi.Row>> rows) {
        Set<String> keys = new HashSet<>();
        for (TreeItem<DeepUi.Row> r : rows) {
            if (!r.getValue().analysed()) {
                continue;
            }
            Position p = start;
            for (Move m : r.getValue().path()) {
                p = p.play(m);
            }
            keys.add(DeepTree.key(p));
        }
        return keys;
    }

    private static List<TreeItem<DeepUi.Row>> all(TreeItem<DeepUi.Row> root) {
        List<TreeItem<DeepUi.Row>> out = new ArrayList<>();
        List<TreeItem<DeepUi.Row>> todo = new ArrayList<>(List.of(root));
        while (!todo.isEmpty()) {
            TreeItem<DeepUi.Row> t = todo.remove(todo.size() - 1);
            out.add(t);
            todo.addAll(t.getChildren());
        }
        return out;
    }

    private static javafx.scene.Node lookup(WorkbenchFixture w, String selector) {
        javafx.scene.Node n = onFx(() -> w.window.stage().getScene().lookup(selector));
        assertTrue(n != null, "no " + selector);
        return n;
    }
}
