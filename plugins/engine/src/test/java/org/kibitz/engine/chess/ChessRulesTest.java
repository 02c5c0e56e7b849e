package org.kibitz.engine.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.engine.protocol.Game;
import org.kibitz.engine.search.Scores;
import org.kibitz.engine.search.SearchBoard;

/** Chess draws and mates as the search sees them. */
class ChessRulesTest {

    @Test
    void aRepetitionIsADraw() throws Exception {
        SearchBoard b = Game.CHESS.setUp(null, List.of("g1f3", "g8f6", "f3g1", "f6g8"), false);
        assertEquals(0, b.ruleScore(2));
        assertEquals(Scores.NONE, Game.CHESS.setUp(null, List.of("g1f3", "g8f6"), false).ruleScore(2));
    }

    @Test
    void fiftyMovesDrawUnlessTheLastOneMates() throws Exception {
        assertEquals(0, Game.CHESS.setUp("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", List.of("a1a2"), false).ruleScore(1));
        // Ra8 is mate on the hundredth half-move: the mate stands.
        SearchBoard mate = Game.CHESS.setUp("4k3/R7/4K3/8/8/8/8/8 w - - 99 80", List.of("a7a8"), false);
        assertEquals(Scores.NONE, mate.ruleScore(1));
    }

    @Test
    void bareKingsDraw() throws Exception {
        assertEquals(0, Game.CHESS.setUp("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", List.of("e1d2"), false).ruleScore(1));
    }

    @Test
    void stalemateDrawsAndMateLoses() throws Exception {
        SearchBoard stale = Game.CHESS.setUp("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", List.of(), false);
        assertEquals(0, stale.noMovesScore(3));
        SearchBoard mated = Game.CHESS.setUp("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", List.of(), false);
        assertEquals(-Scores.MATE + 3, mated.noMovesScore(3));
    }
}
