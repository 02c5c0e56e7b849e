package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;
import static org.kibitz.workbench.WorkbenchFixture.waitUntil;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.testing.RealEngines;
import org.kibitz.workbench.engines.EnginesUi;
import org.kibitz.workbench.files.FileActions;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The menus' keys (F2, Shortcut+R, ...) work wherever the focus is: in the move list, an engine
 * panel's table, the game list's table or its filter field, not only on the board.
 */
@ExtendWith(FxStages.class)
class AcceleratorsTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;
    private EnginesUi ui;

    @AfterEach
    void close() {
        if (ui != null) {
            ui.close();
        }
    }

    private void open() throws Exception {
        EngineEntry engine = WorkbenchFixture.engine("fairy-stockfish", "fairy-stockfish",
                List.of(RealEngines.require("fairy-stockfish")), "uci", java.util.Set.of("chess", "xiangqi"));
        w = WorkbenchFixture.openWithEngines(home, engine);
        ui = w.injector.getInstance(EnginesUi.class);
    }

    /** Gives the keyboard focus to the node of this selector, opening the game list first if asked. */
    private void focus(String selector) {
        if (selector.startsWith("#game-list")) {
            runFx(() -> w.window.docking().open(FileActions.GAME_LIST_PANE));
        }
        runFx(() -> w.robot.lookup(selector).queryAs(Node.class).requestFocus());
        waitUntil(() -> {
            Node focused = w.window.stage().getScene().getFocusOwner();
            return focused != null && focused == w.robot.lookup(selector).query();
        });
    }

    /** F2 starts the engines, F2 again stops them. */
    private void pressF2ToStartAndStop() {
        w.robot.push(KeyCode.F2);
        waitUntil(() -> ui.service().anyRunning());
        w.robot.push(KeyCode.F2);
        waitUntil(() -> !ui.service().anyRunning());
    }

    @ParameterizedTest
    @ValueSource(strings = {"#board", "#moves-list", "#analysis-lines-1", "#game-list", "#game-list-filter"})
    void f2StartsAndStopsTheEnginesWhereverTheFocusIs(String selector) throws Exception {
        open();
        focus(selector);
        assertFalse(onFx(() -> ui.service().anyRunning()));
        pressF2ToStartAndStop();
    }

    @Test
    void f2WorksInAWindowOpenedBesideTheMainOne() throws Exception {
        open();
        // As docking does when a pane is torn off: a stage of its own, without the menus.
        runFx(() -> {
            javafx.stage.Stage torn = new javafx.stage.Stage();
            javafx.scene.control.ListView<String> list = new javafx.scene.control.ListView<>();
            list.setId("torn-off-list");
            list.getItems().add("a line");
            torn.setScene(new javafx.scene.Scene(list, 300, 200));
            torn.show();
            list.requestFocus();
        });
        waitUntil(() -> w.robot.lookup("#torn-off-list").query().isFocused());
        pressF2ToStartAndStop();
    }

    @Test
    void shortcutRFlipsTheBoardFromTheMoveList() throws Exception {
        open();
        focus("#moves-list");
        boolean before = onFx(() -> w.board().isFlipped());
        w.robot.push(KeyCode.SHORTCUT, KeyCode.R);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(!before, onFx(() -> w.board().isFlipped()));
    }

    @Test
    void aTextFieldKeepsItsOwnKeys() throws Exception {
        open();
        focus("#game-list-filter");
        w.robot.write("ab");
        w.robot.push(KeyCode.HOME);
        w.robot.write("x");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("xab", onFx(() -> ((javafx.scene.control.TextField) w.robot.lookup("#game-list-filter").query()).getText()),
                "Home moves the caret in the field, it does not jump to the game's start");
    }
}
