package org.kibitz.core.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
}
