package org.kibitz.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.chess.ChessPlugin;
import org.kibitz.xiangqi.XiangqiPlugin;

/** The document every pane shares: playing, variations, navigation, edits and what listeners hear. */
class GameDocumentTest {

    private final GamePlugin chess = new ChessPlugin();
    private final GameDocument doc = GameDocument.newGame(chess);
    private final List<GameDocument.Change> heard = new ArrayList<>();

    GameDocumentTest() {
        doc.addListener((d, c) -> heard.add(c));
    }

    private static Move m(String uci) {
        return Move.parseCoordinates(uci, 1);
    }

    @Test
    void playingAddsTheMainLineThenVariationsAndFollowsExistingMoves() {
        GameNode e4 = doc.play(m("e2e4"));
        GameNode e5 = doc.play(m("e7e5"));
        assertTrue(doc.modified());
        doc.back();
        GameNode c5 = doc.play(m("c7c5"));
        assertEquals(List.of(e5, c5), e4.children(), "a different move becomes a variation after the main one");
        doc.back();
        heard.clear();
        assertSame(e5, doc.play(m("e7e5")), "a move already there is followed, not added again");
        assertEquals(List.of(GameDocument.Change.CURSOR), heard);
        assertThrows(IllegalArgumentException.class, () -> doc.play(m("e2e4")), "not legal for Black");
    }

    @Test
    void navigationWalksLinesAndAlternatives() {
        GameNode e4 = doc.play(m("e2e4"));
        GameNode e5 = doc.play(m("e7e5"));
        doc.play(m("g1f3"));
        doc.goTo(e4);
        GameNode c5 = doc.play(m("c7c5"));
        doc.goTo(e4);
        GameNode d5 = doc.play(m("d7d5"));
        assertEquals(List.of(e5, c5, d5), e4.children());
        doc.goTo(e5);
        assertTrue(doc.toSibling(1));
        assertSame(c5, doc.cursor());
        assertTrue(doc.toSibling(1));
        assertSame(d5, doc.cursor());
        assertFalse(doc.toSibling(1), "no alternative after the last");
        assertTrue(doc.toSibling(-1));
        assertSame(c5, doc.cursor());
        doc.toStart();
        assertSame(doc.tree().root(), doc.cursor());
        assertFalse(doc.back());
        doc.toEnd();
        assertEquals("g1f3", doc.cursor().move().orElseThrow().coordinates(1), "End follows the main line");
    }

    @Test
    void promoteAndDeleteWorkOnTheVariationHoldingANode() {
        GameNode e4 = doc.play(m("e2e4"));
        GameNode e5 = doc.play(m("e7e5"));
        doc.goTo(e4);
        GameNode c5 = doc.play(m("c7c5"));
        GameNode nf3 = doc.play(m("g1f3"));
        assertEquals(Optional.of(c5), GameDocument.variationStart(nf3));
        assertEquals(Optional.empty(), GameDocument.variationStart(e5));
        assertFalse(doc.promote(e5), "the main line has nothing to promote");

        assertTrue(doc.promote(nf3), "promoting from inside the variation moves the variation");
        assertEquals(List.of(c5, e5), e4.children());
        assertTrue(nf3.isMainline());

        doc.goTo(nf3);
        assertTrue(doc.deleteVariation(e5));
        assertEquals(List.of(c5), e4.children());
        assertSame(nf3, doc.cursor(), "the cursor was not in the deleted variation");

        doc.goTo(e4);
        GameNode d5 = doc.play(m("d7d5"));
        GameNode exd5 = doc.play(m("e4d5"));
        assertTrue(doc.deleteVariation(exd5));
        assertSame(e4, doc.cursor(), "the cursor leaves a deleted variation for the node before it");
        assertFalse(doc.contains(d5));
        assertThrows(IllegalArgumentException.class, () -> doc.goTo(exd5), "a deleted node is no place to go");
    }

    @Test
    void promoteToMainAndDeleteFromHere() {
        GameNode e4 = doc.play(m("e2e4"));
        doc.play(m("e7e5"));
        doc.goTo(e4);
        GameNode c5 = doc.play(m("c7c5"));
        GameNode nf3 = doc.play(m("g1f3"));
        doc.promoteToMain(nf3);
        assertTrue(nf3.isMainline());
        assertSame(c5, e4.children().get(0));
        doc.delete(nf3);
        assertSame(c5, doc.cursor(), "the cursor was on the deleted move: it goes back one");
        assertTrue(c5.children().isEmpty());
    }

    @Test
    void openingSavingAndNewGamesSayWhatChanged() {
        doc.play(m("e2e4"));
        heard.clear();
        Path file = Path.of("games.pgn");
        doc.markSaved(GameOrigin.single(file, "pgn"));
        assertFalse(doc.modified());
        assertEquals(Optional.of(file), doc.file());
        assertEquals(List.of(GameDocument.Change.FILE), heard, "saving changes only the file and the mark");

        GamePlugin xiangqi = new XiangqiPlugin();
        GameTree tree = new GameTree(xiangqi.startPosition());
        doc.open(xiangqi, tree, Optional.of(new GameOrigin(Path.of("many.pgn"), Optional.of("pgn"), 3, 9)));
        assertSame(xiangqi, doc.game());
        assertSame(tree.root(), doc.cursor());
        assertFalse(doc.origin().orElseThrow().wholeFile());
        assertEquals(GameDocument.Change.GAME, heard.get(heard.size() - 1));
        assertThrows(IllegalArgumentException.class, () -> doc.open(chess, tree, Optional.empty()), "a tree of another game");

        doc.newGame(chess, chess.startPosition());
        assertEquals(Optional.empty(), doc.file());
        assertEquals("chess", doc.tree().gameId());
    }

    @Test
    void aFailingListenerDoesNotKeepTheOthersUninformed() {
        List<GameDocument.Change> later = new ArrayList<>();
        GameDocument d = GameDocument.newGame(chess);
        d.addListener((x, c) -> {
            throw new IllegalStateException("a broken pane");
        });
        d.addListener((x, c) -> later.add(c));
        d.play(m("d2d4"));
        assertEquals(List.of(GameDocument.Change.TREE), later);
    }

    @Test
    void commentsAndGlyphsMarkTheGameModified() {
        GameNode e4 = doc.play(m("e2e4"));
        doc.markSaved(GameOrigin.single(Path.of("x.pgn"), "pgn"));
        doc.setComment(e4, "best by test");
        assertTrue(doc.modified());
        doc.setStartingComment(e4, "before");
        doc.setNags(e4, List.of(1));
        assertEquals("best by test", e4.comment());
        assertEquals("before", e4.startingComment());
        assertEquals(List.of(1), e4.nags());
    }

    @Test
    void storedAnalysisIsToldApartFromEditsAndClearedBySaving() {
        doc.play(m("e2e4"));
        doc.markSaved(GameOrigin.single(Path.of("g.pgn"), "pgn"));
        heard.clear();
        doc.cursor().putAnalysis(new org.kibitz.api.analysis.NodeAnalysis("e", 10, 1, org.kibitz.api.analysis.Score.centipawns(20),
                Optional.empty(), 0, java.time.Duration.ZERO, List.of(), java.time.Instant.EPOCH));
        doc.treeAnnotated();
        assertEquals(List.of(GameDocument.Change.ANALYSIS), heard);
        assertTrue(doc.hasUnsavedAnalysis());
        assertFalse(doc.modified(), "engine results are no edit of the user's");
        assertEquals(1, doc.tree().mainline().get(0).analysis().size(), "the tree a save writes holds them");
        doc.markSaved(GameOrigin.single(Path.of("g.pgn"), "pgn"));
        assertFalse(doc.hasUnsavedAnalysis());
    }
}
