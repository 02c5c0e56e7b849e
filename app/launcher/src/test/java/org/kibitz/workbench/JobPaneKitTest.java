package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.Parent;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.workbench.evaluate.EvaluateUi;
import org.kibitz.workbench.jobs.JobsUi;

/**
 * The kit the panes that run jobs share: jobs named by what they do in both languages, and result
 * tables whose titles are whole, whose columns are as wide as their content, and whose cut cells
 * carry their full text in a tooltip.
 */
@ExtendWith(FxStages.class)
class JobPaneKitTest {

    @TempDir
    Path home;

    @Test
    void aJobIsNamedByWhatItDoesInBothLanguages() throws Exception {
        WorkbenchFixture w = EvaluateUiTest.openWithStockfish(home);
        EvaluateUi ui = w.injector.getInstance(EvaluateUi.class);
        EvaluateUi.Run run = onFx(() -> ui.evaluate(EvaluateUi.Scope.FILE, EvaluateUiTest.stockfish(ui))).get(60, TimeUnit.SECONDS);
        assertEquals(TaskLayout.BATCH, onFx(w.window::task), "starting a batch evaluation brings its layout");
        run.batch().handle().result().get(120, TimeUnit.SECONDS);
        // The report opens at the run's end; the Jobs pane is brought to the front after it.
        waitUntil(() -> w.window.stage().getScene().lookup("#report-pane") != null);
        runFx(() -> w.window.docking().open(JobsUi.PANE));
        waitUntil(() -> w.robot.lookup("#jobs-table").tryQuery().isPresent()
                && !w.robot.lookup("#jobs-table").queryAs(TableView.class).getItems().isEmpty());
        String en = jobCell(w);
        assertTrue(en.matches("Evaluate three-short-games\\.pgn · Stockfish.* · [\\d,]+ nodes"), en);
        runFx(() -> w.window.i18n().localeProperty().set(Locale.SIMPLIFIED_CHINESE));
        runFx(() -> w.window.docking().open(JobsUi.PANE));
        waitUntil(() -> jobCell(w).startsWith("评估"));
        assertTrue(jobCell(w).matches("评估 three-short-games\\.pgn · Stockfish.* · [\\d,]+ 节点"), jobCell(w));
    }

    private static String jobCell(WorkbenchFixture w) {
        return onFx(() -> {
            for (var n : w.robot.lookup("#jobs-table").queryAs(TableView.class).lookupAll(".table-cell")) {
                TableCell<?, ?> c = (TableCell<?, ?>) n;
                if (c.getTableColumn() != null && c.getTableColumn() == c.getTableView().getColumns().get(0)
                        && c.getText() != null && !c.getText().isBlank()) {
                    return c.getText();
                }
            }
            return "";
        });
    }

    @Test
    void theGameListsTitlesAreWholeAndACutCellHasItsTextInItsTooltip() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home);
        for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            runFx(() -> w.window.i18n().localeProperty().set(l));
            assertTrue(onFx(() -> w.files.open(GameFilesUiTest.shared("chess/pgn/Capablanca.pgn"))).get(60, TimeUnit.SECONDS));
            waitUntil(() -> !w.robot.lookup("#game-list").queryAs(TableView.class).lookupAll(".table-row-cell").isEmpty());
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
            Parent table = onFx(() -> (Parent) w.robot.lookup("#game-list").query());
            assertEquals(List.of(), onFx(() -> Cuts.cutLabels(table)), "column titles in " + l);
            assertEquals(List.of(), onFx(() -> cutWithoutTooltip(table)), "cut cells in " + l);
        }
    }

    /** Cells drawn shortened whose tooltip does not hold their whole text. */
    static List<String> cutWithoutTooltip(Parent root) {
        List<String> out = new ArrayList<>();
        Cuts.walk(root, n -> {
            if (n instanceof TableCell<?, ?> c && Cuts.shown(c) && c.getText() != null && !c.getText().isBlank()) {
                String d = Cuts.drawn(c);
                if (d != null && !d.equals(c.getText())
                        && (c.getTooltip() == null || !c.getText().equals(c.getTooltip().getText()))) {
                    out.add(Cuts.name(c) + ": '" + d + "' of '" + c.getText() + "'");
                }
            }
        });
        return out;
    }
}
