package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.coley.bentofx.control.Header;
import software.coley.bentofx.control.Headers;

/**
 * Every dock's tab strip shows all its tabs, in every task layout at 1280x800 and 1600x1000, in
 * English and Chinese: a tab scrolled out of its strip (Bento keeps the selected one in view and
 * hides the first ones) is a pane the user does not know is there.
 */
@ExtendWith(FxStages.class)
class TabStripTest {

    @TempDir
    Path home;

    @Test
    void everyTabOfEveryDockIsInViewInEveryLayoutAtBothSizesInBothLanguages() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home);
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
                    Parent root = onFx(() -> w.window.stage().getScene().getRoot());
                    onFx(() -> hiddenTabs(root)).forEach(s -> problems.add(name + ": " + s));
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /** Tabs of a strip that are not wholly inside it (scrolled out or cut), as "strip: tab". */
    static List<String> hiddenTabs(Parent root) {
        List<String> out = new ArrayList<>();
        Cuts.walk(root, n -> {
            if (n instanceof Headers strip && Cuts.shown(strip)) {
                Bounds box = strip.localToScene(strip.getLayoutBounds());
                List<String> tabs = new ArrayList<>();
                List<String> hidden = new ArrayList<>();
                double need = 0;
                for (Node c : strip.getChildrenUnmodifiable()) {
                    if (c instanceof Header h) {
                        String title = h.getDockable().getTitle();
                        tabs.add(title + " " + Math.round(h.getWidth()));
                        need += h.getWidth();
                        Bounds b = h.localToScene(h.getLayoutBounds());
                        if (!h.isVisible() || b.getMinX() < box.getMinX() - 0.5 || b.getMaxX() > box.getMaxX() + 0.5
                                || b.getMinY() < box.getMinY() - 0.5 || b.getMaxY() > box.getMaxY() + 0.5) {
                            hidden.add(title);
                        }
                    }
                }
                if (!hidden.isEmpty()) {
                    out.add(hidden + " of " + tabs + " (strip " + Math.round(box.getWidth()) + " px, tabs " + Math.round(need) + " px)");
                }
            }
        });
        return out;
    }

    private static void settle() {
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        for (int i = 0; i < 3; i++) {
            runFx(() -> { });
            org.testfx.util.WaitForAsyncUtils.sleep(50, TimeUnit.MILLISECONDS);
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
