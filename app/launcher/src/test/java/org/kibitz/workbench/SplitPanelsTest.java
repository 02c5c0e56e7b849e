package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.workbench.engines.EnginesUi;
import org.testfx.api.FxToolkit;

/**
 * Two engines side by side in a 1280-pixel window: each panel's header keeps its words whole
 * ("Lines", the engine's name) and its table both scores, the side to move's and White's/Red's.
 */
class SplitPanelsTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;
    private EnginesUi ui;

    @BeforeAll
    static void startFx() throws TimeoutException {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void close() throws TimeoutException {
        if (ui != null) {
            ui.close();
        }
        FxToolkit.cleanupStages();
    }

    /** What a label shows on screen: its text as drawn, "Li…" when it was cut. */
    private static String shown(Labeled l) {
        return l.getChildrenUnmodifiable().stream().filter(n -> n instanceof Text).map(n -> ((Text) n).getText())
                .findFirst().orElse("");
    }

    @Test
    void twoPanelsSideBySideKeepTheirWordsAndBothScores() throws Exception {
        w = WorkbenchFixture.openWithEngines(home);
        ui = w.injector.getInstance(EnginesUi.class);
        w.robot.clickOn("#panel-add-1");
        waitUntil(() -> ui.panelIds().size() == 2);
        runFx(() -> ui.start("1"));
        waitUntil(() -> ui.panelIds().size() == 2 && ui.service().slots().stream().allMatch(s -> !s.state().lines().isEmpty()));
        runFx(ui::toggleAll);
        waitUntil(() -> !ui.service().anyRunning());
        for (String panel : List.of("1", "2")) {
            double width = onFx(() -> w.robot.lookup("#analysis-panel-" + panel).queryAs(Node.class).getLayoutBounds().getWidth());
            assertTrue(width < 600, "two panels share the pane: " + width);
            Labeled lines = onFx(() -> w.robot.lookup("#multipv-label-" + panel).queryAs(Labeled.class));
            assertEquals("Lines", onFx(() -> shown(lines)), "the label is not cut");
            Labeled title = onFx(() -> w.robot.lookup("#analysis-title-" + panel).queryAs(Labeled.class));
            assertEquals(onFx(title::getText), onFx(() -> shown(title)).replace("\n", " ").strip(), "the engine's name is not cut");
            @SuppressWarnings("unchecked")
            TableView<Object> table = onFx(() -> (TableView<Object>) w.robot.lookup("#analysis-lines-" + panel).query());
            List<String> visible = onFx(() -> table.getVisibleLeafColumns().stream().map(TableColumn::getText).toList());
            assertTrue(visible.containsAll(List.of("Eval", "Red", "Line")), "both scores and the moves: " + visible);
        }
    }
}
