package org.kibitz.core.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.junit.jupiter.api.Test;

/** "Learn from your mistakes" over a real game with glyphs and variations (pychess's test file). */
class MistakesTest {

    @Test
    void oneSidesMarkedMovesAreAskedAndTheVariationBesideThemIsTheAnswer() throws Exception {
        GameFiles files = TestGames.files();
        GameFiles.OpenedFile opened = files.read(TestGames.shared("chess/pgn/pychess-variations-nags-and-comments.pgn"));
        GameTree tree = files.readGame(opened, opened.entries().get(0));
        GamePlugin chess = TestGames.CHESS;
        // 1. e4 c5 2. Nf3 g6 3. d4 cxd4 4. Qxd4 Nf6 5. Ba6?? bxa6 6. O-O Nxe4? 7. Qxe4
        List<Mistakes.Mistake> white = Mistakes.of(tree, Side.WHITE);
        assertEquals(1, white.size(), white.toString());
        Mistakes.Mistake ba6 = white.get(0);
        assertTrue(ba6.blunder());
        assertEquals(Move.parseCoordinates("f1a6", 1), ba6.played());
        assertEquals(Mistakes.Verdict.PLAYED, ba6.judge(ba6.played()));
        assertTrue(ba6.best().isEmpty(), "no variation beside 5. Ba6: nothing known to be better");
        assertEquals(Mistakes.Verdict.UNKNOWN, ba6.judge(Move.parseCoordinates("b1c3", 1)));

        List<Mistakes.Mistake> black = Mistakes.of(tree, Side.BLACK);
        assertEquals(1, black.size(), "only the main line's marked moves: " + black);
        assertEquals(Move.parseCoordinates("f6e4", 1), black.get(0).played());
        assertEquals(Side.BLACK, black.get(0).side());
        assertEquals(chess.id(), tree.gameId());
    }

    @Test
    void inXiangqiTheStoredLinesDecideAndTheMarginCounts() {
        GamePlugin xq = TestGames.XIANGQI;
        GameTree tree = new GameTree(xq.startPosition());
        GameNode afterCannon = tree.root().addChild(m("h2e2"));
        GameNode mistake = afterCannon.addChild(m("h9g7"));
        mistake.addChild(m("h0g2")).addChild(m("i9h9"));
        mistake.setNags(List.of(Mistakes.MISTAKE));
        // What an engine left at the position before (Black's view): Nc7 best, Ce7 30 worse, g5 100 worse.
        java.time.Instant at = java.time.Instant.parse("2026-11-28T20:00:00Z");
        afterCannon.putAnalysis(new NodeAnalysis("Pikafish", 20, 1, Score.centipawns(20), Optional.empty(), 1000,
                Duration.ofMillis(5), List.of(m("b9c7"), m("b0c2")), at));
        afterCannon.putAnalysis(new NodeAnalysis("Pikafish", 20, 2, Score.centipawns(-10), Optional.empty(), 1000,
                Duration.ofMillis(5), List.of(m("h7e7")), at));
        afterCannon.putAnalysis(new NodeAnalysis("Pikafish", 20, 3, Score.centipawns(-80), Optional.empty(), 1000,
                Duration.ofMillis(5), List.of(m("g6g5")), at));

        assertEquals(List.of(), Mistakes.of(tree, Side.WHITE));
        List<Mistakes.Mistake> black = Mistakes.of(tree, Side.BLACK);
        assertEquals(1, black.size());
        Mistakes.Mistake k = black.get(0);
        assertFalse(k.blunder());
        assertEquals(Optional.of(m("b9c7")), k.best());
        assertEquals(List.of(m("b9c7"), m("b0c2")), k.bestLine());
        assertEquals(Mistakes.Verdict.GOOD, k.judge(m("b9c7")));
        assertEquals(Mistakes.Verdict.GOOD, k.judge(m("h7e7")), "30 centipawns worse: within the margin");
        assertEquals(Mistakes.Verdict.WORSE, k.judge(m("g6g5")), "100 worse: not");
        assertEquals(Mistakes.Verdict.PLAYED, k.judge(m("h9g7")));
        assertEquals(Mistakes.Verdict.UNKNOWN, k.judge(m("a6a5")));
    }

    private static Move m(String coordinates) {
        return Move.parseCoordinates(coordinates, 0);
    }
}
