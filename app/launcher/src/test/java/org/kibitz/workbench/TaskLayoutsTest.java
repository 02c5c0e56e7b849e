package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.core.JsonStore;
import org.kibitz.workbench.evaluate.EvaluateUi;

/**
 * Layouts per task: chosen from View › Layout, each kept as the user changed it (across a switch and
 * a restart, in layout.json), and brought back to its default by View › Reset layout.
 */
@ExtendWith(FxStages.class)
class TaskLayoutsTest {

    @TempDir
    Path home;

    @Test
    void eachTaskHasItsLayoutKeptAsTheUserLeftItAndRestorable() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home);
        assertEquals(TaskLayout.ANALYSIS, onFx(w.window::task));
        assertFalse(shown(w, EvaluateUi.REPORT_PANE), "the analysis layout does not show the report in front");

        w.fireMenu("layout-batch");
        assertEquals(TaskLayout.BATCH, onFx(w.window::task));
        assertTrue(shown(w, EvaluateUi.REPORT_PANE), "the batch layout shows the report");
        assertTrue(shown(w, "jobs"), "and the jobs beside it");
        assertEquals(List.of("board"), leafWith(onFx(() -> w.window.docking().snapshot()), "board"));

        // The user docks the engine log beside the board in the batch layout.
        runFx(() -> moveDockable(w.window.docking(), "engine-log", "board"));
        assertEquals(List.of("board", "engine-log"), leafWith(onFx(() -> w.window.docking().snapshot()), "board"));

        w.fireMenu("layout-match");
        assertTrue(shown(w, "match"), "the match layout shows the match pane");
        assertEquals(List.of("board"), leafWith(onFx(() -> w.window.docking().snapshot()), "board"));
        w.fireMenu("layout-opening");
        assertTrue(shown(w, "tree"), "the opening layout shows the tree");
        w.fireMenu("layout-comparison");
        assertTrue(shown(w, "disagreements"), "the comparison layout shows the disagreements");
        w.fireMenu("layout-batch");
        assertEquals(List.of("board", "engine-log"), leafWith(onFx(() -> w.window.docking().snapshot()), "board"),
                "the batch layout as the user left it");

        runFx(w.window::close);
        LayoutFile saved = new JsonStore<>(home.resolve("config").resolve("layout.json"), LayoutFile.class).loadOr(null);
        assertEquals("BATCH", saved.task().orElseThrow());
        assertTrue(saved.tasks().keySet().containsAll(List.of("ANALYSIS", "BATCH", "MATCH", "OPENING", "COMPARISON")),
                saved.tasks().keySet().toString());

        WorkbenchFixture again = WorkbenchFixture.open(home);
        assertEquals(TaskLayout.BATCH, onFx(again.window::task));
        assertEquals(List.of("board", "engine-log"), leafWith(onFx(() -> again.window.docking().snapshot()), "board"),
                "kept across a restart");
        again.fireMenu("menu-reset-layout");
        assertEquals(List.of("board"), leafWith(onFx(() -> again.window.docking().snapshot()), "board"), "reset to its default");
        assertTrue(shown(again, EvaluateUi.REPORT_PANE));
        again.fireMenu("layout-analysis");
        assertFalse(shown(again, EvaluateUi.REPORT_PANE));
    }

    /** Whether a pane's content is in the window and visible (its tab in front). */
    static boolean shown(WorkbenchFixture w, String pane) {
        return onFx(() -> w.window.docking().content(pane).map(n -> n.getScene() != null && Cuts.shown(n)
                && n.getLayoutBounds().getWidth() > 0).orElse(false));
    }

    static void moveDockable(DockingManager d, String id, String nextTo) {
        var search = d.bento().search();
        var dockable = search.dockable(id).dockable();
        var target = search.dockable(nextTo).dockable().getContainer();
        dockable.getContainer().removeDockable(dockable);
        target.addDockable(dockable);
    }

    static List<String> leafWith(LayoutFile.Container c, String id) {
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
}
