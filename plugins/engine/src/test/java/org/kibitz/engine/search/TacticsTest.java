package org.kibitz.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.engine.protocol.Game;

/**
 * Mates and simple wins of material for each game. Every position was checked with the peers when it was
 * written: Stockfish 15.1 for chess, Fairy-Stockfish 11.1 for xiangqi (the mate distances and the
 * winning moves below are theirs; where several first moves mate equally fast, any of them will do).
 */
class TacticsTest {

    @ParameterizedTest(name = "{0} mate in {2}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            chess   | 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1                                  | 1 | d1d8
            chess   | r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4    | 1 | h5f7
            chess   | 6rk/6pp/8/6N1/8/8/8/4Q1K1 w - - 0 1                                    | 1 | g5f7
            chess   | r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1      | 2 | d5f6
            chess   | r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1                                  | 3 | f6a6
            chess   | r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1         | 3 | f8c5
            xiangqi | 3k5/9/3P5/9/9/9/9/9/4R4/4K4 w - - 0 1                                 | 1 | *
            xiangqi | 4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1                                   | 2 | *
            xiangqi | 4k4/9/9/9/9/9/9/9/1R7/1R1K5 w - - 0 1                                 | 2 | *
            xiangqi | 3k5/9/9/9/9/9/9/9/4C4/4KC3 w - - 0 1                                  | 3 | e1d1
            xiangqi | 5k3/9/9/9/9/2N6/9/9/4C4/3K5 w - - 0 1                                  | 3 | *
            """)
    void findsMate(String game, String fen, int moves, String expected) throws Exception {
        SearchResult r = search(game, fen, 2 * moves + 2);
        assertTrue(Scores.isMate(r.score()), "a mate score, got " + r.score());
        assertEquals(moves, Scores.mateMoves(r.score()), "mate distance in moves");
        if (!expected.equals("*")) {
            assertEquals(expected, text(game, fen, r.bestMove()));
        }
    }

    @ParameterizedTest(name = "{0} wins material: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            chess   | 4k3/8/8/8/3q4/8/3R4/3K4 w - - 0 1                                 | d2d4      | 700
            chess   | 6k1/pp4pp/8/8/2b5/8/PP3PPP/3R2K1 w - - 0 1                         | d1d8      | 200
            chess   | q3k3/8/8/3N4/8/8/8/4K3 w - - 0 1                                   | d5c7      | -1000
            chess   | r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R2QK2R w KQkq - 0 1            | d1d5 c3d5 | 500
            xiangqi | 3aka3/9/r8/1N7/9/9/9/9/9/3K5 w - - 0 1                             | b6c8      | -1000
            xiangqi | 3ak4/4a4/b8/9/2n1R3c/9/9/9/4A4/3AK4 w - - 0 1                      | e5i5      | 200
            """)
    void winsMaterial(String game, String fen, String moves, int minScore) throws Exception {
        SearchResult r = search(game, fen, 8);
        Set<String> expected = Set.of(moves.split(" "));
        String played = text(game, fen, r.bestMove());
        assertTrue(expected.contains(played), "expected one of " + expected + ", played " + played);
        assertTrue(r.score() >= minScore, "score " + r.score() + " at least " + minScore);
    }

    static SearchResult search(String game, String fen, int depth) throws Game.BadPosition {
        SearchBoard board = Game.named(game).orElseThrow().setUp(fen, List.of(), false);
        Searcher s = new Searcher(new TranspositionTable(16));
        return s.search(board, new SearchControl(Limits.builder().depth(depth).build()), SearchObserver.NONE);
    }

    static String text(String game, String fen, int move) throws Game.BadPosition {
        return Game.named(game).orElseThrow().setUp(fen, List.of(), false).moveText(move);
    }
}
