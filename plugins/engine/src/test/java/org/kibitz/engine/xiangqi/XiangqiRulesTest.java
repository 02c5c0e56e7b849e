package org.kibitz.engine.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.engine.protocol.Game;
import org.kibitz.engine.search.Scores;
import org.kibitz.engine.search.SearchBoard;

/** The game's rulings as the search sees them: perpetual check loses, other repetitions draw, no move loses. */
class XiangqiRulesTest {

    /** Red's chariot checks from a8 and a9 in turn while Black's general steps between e8 and e9. */
    private static final String CHECKS = "9/4k4/9/R8/9/9/9/9/9/3K5 w - - 0 1";

    @Test
    void theSideThatChecksEveryMoveLosesTheRepetition() throws Exception {
        SearchBoard b = Game.XIANGQI.setUp(CHECKS, List.of("a6a8", "e8e9", "a8a9", "e9e8", "a9a8"), false);
        // Black to move, the position after a6a8 again: Red checked with every move of the cycle.
        assertEquals(Scores.RULE_WIN - 3, b.ruleScore(3), "a win for Black, the side to move");
        SearchBoard red = Game.XIANGQI.setUp(CHECKS, List.of("a6a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"), false);
        assertEquals(-Scores.RULE_WIN + 2, red.ruleScore(2), "a loss for Red, the side to move, which checked");
    }

    @Test
    void aRepetitionWithoutChecksIsADraw() throws Exception {
        SearchBoard b = Game.XIANGQI.setUp("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
                List.of("a0a1", "e9e8", "a1a0", "e8e9"), false);
        assertEquals(0, b.ruleScore(1));
        SearchBoard fresh = Game.XIANGQI.setUp("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", List.of("a0a1"), false);
        assertEquals(Scores.NONE, fresh.ruleScore(1));
    }

    @Test
    void theNaturalMoveLimitDraws() throws Exception {
        SearchBoard b = Game.XIANGQI.setUp("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 119 80", List.of("a0a1"), false);
        assertEquals(0, b.ruleScore(1));
    }

    @Test
    void noLegalMoveLosesEvenWithoutCheck() throws Exception {
        // Black's general on d9, not in check, has no move (d8 is the chariot's, e9 faces Red's general):
        // stalemate, a loss in xiangqi.
        SearchBoard b = Game.XIANGQI.setUp("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", List.of(), false);
        assertEquals(false, b.inCheck());
        int[] moves = new int[256];
        assertEquals(0, b.generateMoves(moves, 0));
        assertEquals(-Scores.MATE + 5, b.noMovesScore(5));
    }
}
