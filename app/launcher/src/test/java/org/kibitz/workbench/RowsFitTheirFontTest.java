package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows as tall as their font and the first start's offer uncut: the game list in English (Latin
 * descenders, commas) and in Chinese (CJK names), and the engine offer's buttons at both window
 * sizes in both languages.
 */
@ExtendWith(FxStages.class)
class RowsFitTheirFontTest {

    @TempDir
    Path home;

    private boolean openFile(WorkbenchFixture w, Path p) {
        try {
            return onFx(() -> w.files.open(p)).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static void waitForRows(WorkbenchFixture w) {
        waitUntil(() -> {
            TableView<Object> t = (TableView<Object>) w.robot.lookup("#game-list").query();
            return t != null && !t.getItems().isEmpty()
                    && !w.robot.from(t).lookup(".table-row-cell").queryAll().isEmpty();
        });
    }

    @Test
    void gameListRowsAreAsTallAsTheirTextInBothLanguages() throws Exception {
        WorkbenchFixture w = WorkbenchFixture.openWithEngines(home);
        assertTrue(openFile(w, GameFilesUiTest.shared("chess/pgn/Capablanca.pgn")));
        waitForRows(w);
        Parent root = onFx(() -> w.window.stage().getScene().getRoot());
        List<String> tall = onFx(() -> Cuts.tallCells(root));
        assertTrue(onFx(() -> w.robot.lookup("#game-list").queryAs(TableView.class).getItems().size()) > 10);
        assertEquals(List.of(), tall, "English rows cut their text");

        runFx(() -> w.window.i18n().localeProperty().set(Locale.SIMPLIFIED_CHINESE));
        assertTrue(openFile(w, GameFilesUiTest.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn")));
        waitForRows(w);
        assertEquals(List.of(), onFx(() -> Cuts.tallCells(root)), "Chinese rows cut their text");
    }

    @Test
    void theFirstStartsOfferIsNotCutAtEitherSizeInEitherLanguage() throws Exception {
        // A fresh home: the engines installed on this machine are offered on the first start.
        WorkbenchFixture w = WorkbenchFixture.open(home);
        waitUntil(() -> w.robot.lookup("#engine-offer-add").tryQuery().isPresent());
        Parent offer = onFx(() -> (Parent) w.robot.lookup("#engine-offer").query());
        for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            for (double[] size : new double[][] {{1280, 800}, {1600, 1000}, {1400, 900}}) {
                runFx(() -> {
                    w.window.i18n().localeProperty().set(l);
                    w.window.stage().setWidth(size[0]);
                    w.window.stage().setHeight(size[1]);
                });
                org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
                runFx(() -> w.window.stage().getScene().getRoot().layout());
                assertEquals(List.of(), onFx(() -> Cuts.cutLabels(offer)), l + " at " + size[0] + "x" + size[1]);
                Node add = w.robot.lookup("#engine-offer-add").query();
                assertTrue(onFx(() -> Cuts.shown(add) && add.getLayoutBounds().getWidth() > 0));
            }
        }
    }
}
