package org.kibitz.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.kibitz.workbench.WorkbenchFixture.onFx;
import static org.kibitz.workbench.WorkbenchFixture.runFx;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import javafx.scene.Parent;
import javafx.scene.control.TextArea;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.MoveText;
import org.kibitz.core.TestGames;
import org.testfx.util.WaitForAsyncUtils;

/** The move list: annotations and comments from its menu, both layouts, and big games that stay cheap to step through. */
@ExtendWith(FxStages.class)
class MovesPaneTest {

    @TempDir
    Path home;

    private WorkbenchFixture w;

    @BeforeEach
    void open() throws TimeoutException {
        w = WorkbenchFixture.open(home);
    }

    private Text text(GameNode n) {
        runFx(() -> w.moves().reveal(n));
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(() -> w.moves().moveTextOf(n).orElseThrow());
    }

    @Test
    void theNotationChoiceFollowsTheLanguage() {
        javafx.scene.control.ComboBox<?> box = w.robot.lookup("#moves-notation").queryAs(javafx.scene.control.ComboBox.class);
        assertEquals(List.of("Chinese"), shownIn(box));
        runFx(() -> w.window.i18n().localeProperty().set(java.util.Locale.SIMPLIFIED_CHINESE));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("中文纵线"), shownIn(box), "the combo names its choice in the new language at once");
    }

    /** The texts the combo shows on screen (its button cell), not what its converter would say. */
    private static List<String> shownIn(javafx.scene.control.ComboBox<?> box) {
        return onFx(() -> box.lookupAll(".list-cell").stream()
                .filter(javafx.scene.Node::isVisible)
                .map(n -> ((javafx.scene.control.Labeled) n).getText())
                .filter(t -> t != null && !t.isEmpty())
                .toList());
    }

    @Test
    void glyphsAndCommentsAreEditedFromTheMovesMenu() {
        w.clickMove("h2", "e2");
        GameNode cannon = onFx(w.document::cursor);
        w.robot.rightClickOn(text(cannon)).clickOn("#moves-nags").clickOn("#nag-3");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(3), onFx(cannon::nags));
        assertEquals("炮二平五!!", onFx(() -> text(cannon).getText()));

        w.robot.rightClickOn(text(cannon)).clickOn("#moves-comment");
        WaitForAsyncUtils.waitForFxEvents();
        w.robot.clickOn("#comment-editor").write("the central cannon");
        w.robot.clickOn("#comment-ok");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("the central cannon", onFx(cannon::comment));
        boolean shown = onFx(() -> w.robot.lookup(".move-comment").queryAllAs(Text.class).stream()
                .anyMatch(t -> t.getText().equals("the central cannon")));
        assertTrue(shown, "the comment is in the list");
        assertTrue(onFx(() -> w.document.modified()));
    }

    @Test
    void variationsShowIndentedOrInlineAndTheChoiceIsKept() {
        w.clickMove("h2", "e2");
        w.clickMove("h9", "g7");
        runFx(w.document::back);
        w.clickMove("b9", "c7");
        assertEquals(2, onFx(() -> w.moves().list().getItems().size()), "the variation has a paragraph of its own");
        w.robot.clickOn("#moves-inline");
        WaitForAsyncUtils.waitForFxEvents();
        List<MoveText.Paragraph> ps = onFx(() -> List.copyOf(w.moves().list().getItems()));
        assertEquals(1, ps.size());
        assertTrue(ps.get(0).tokens().stream().anyMatch(t -> t instanceof MoveText.Punctuation p && p.text().equals("(")));
        assertEquals(Optional.of("INLINE"), w.window.settings().variationLayout());
    }

    @Test
    void steppingThroughABigGameDoesNotLayOutTheListAgain() {
        GameTree big = TestGames.randomGame(TestGames.XIANGQI, 42, 1200, 8);
        runFx(() -> w.document.open(TestGames.XIANGQI, big, Optional.empty()));
        WaitForAsyncUtils.waitForFxEvents();
        VirtualFlow<?> flow = (VirtualFlow<?>) w.robot.lookup("#moves-list .virtual-flow").query();
        // Steps within the rows on screen (the list is as tall as the board since #38: about 16 plies
        // show at 1280x800); scrolling further is a layout by right.
        for (int i = 0; i < 12; i++) {
            boolean relaid = onFx(() -> {
                Parent root = w.window.stage().getScene().getRoot();
                root.applyCss();
                root.layout();
                w.document.forward();
                return flow.isNeedsLayout();
            });
            assertFalse(relaid, "step " + i + " made the move list lay out again");
        }
        GameNode at = onFx(w.document::cursor);
        assertEquals(12, onFx(at::ply));
        assertTrue(onFx(() -> w.moves().isMarkedCurrent(at)));
        runFx(() -> w.moves().list().requestFocus());
        w.robot.type(KeyCode.END);
        GameNode end = onFx(w.document::cursor);
        assertEquals(onFx(() -> big.mainline().size()), onFx(end::ply));
        assertTrue(onFx(() -> w.moves().moveTextOf(end).isPresent()), "the list scrolled to the end");
        assertTrue(onFx(() -> w.moves().isMarkedCurrent(end)));
    }

    @Test
    void theCommentEditorOpensOnADoubleClickOnAComment() {
        w.clickMove("h2", "e2");
        GameNode cannon = onFx(w.document::cursor);
        runFx(() -> w.document.setComment(cannon, "old"));
        Text comment = onFx(() -> w.robot.lookup(".move-comment").queryAllAs(Text.class).stream()
                .filter(t -> t.getText().equals("old")).findFirst().orElseThrow());
        w.robot.doubleClickOn(comment);
        WaitForAsyncUtils.waitForFxEvents();
        TextArea area = w.robot.lookup("#comment-editor").queryAs(TextArea.class);
        assertEquals("old", onFx(area::getText));
        runFx(() -> area.setText("new"));
        w.robot.clickOn("#comment-ok");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("new", onFx(cannon::comment));
    }

    @Test
    void longCommentsWrapInsideTheirParagraphs() throws Exception {
        Path sample = Path.of(System.getProperty("kibitz.testdata"), "xiangqi/xqf/eleeye-SAMPLE.XQF");
        onFx(() -> w.files.open(sample)).get(60, java.util.concurrent.TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        List<javafx.scene.control.Cell<?>> cells = onFx(() -> w.robot.lookup("#moves-list .paragraph-cell")
                .queryAllAs(javafx.scene.control.Cell.class).stream().filter(c -> c.getGraphic() != null && c.isVisible())
                .<javafx.scene.control.Cell<?>>map(c -> c).toList());
        assertFalse(cells.isEmpty());
        for (javafx.scene.control.Cell<?> c : cells) {
            // Layout bounds: the current move's highlight may stand a little out of the text on purpose.
            double top = onFx(() -> c.getGraphic().getLayoutY());
            double bottom = onFx(() -> c.getGraphic().getLayoutY() + c.getGraphic().getLayoutBounds().getHeight());
            double height = onFx(c::getHeight);
            assertTrue(top >= 0 && bottom <= height + 0.5, "a paragraph spills out of its row: "
                    + top + ".." + bottom + " in " + height);
        }
    }
}
