package org.kibitz.engine.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.kibitz.engine.protocol.Game;

/** The search's contract: deterministic, limits honoured, MultiPV and root move filters, always a legal move. */
class SearcherTest {

    @Test
    void theSameSearchTwiceGivesTheSameTree() throws Exception {
        for (Game g : Game.values()) {
            SearchResult a = search(g.setUpStart(), Limits.builder().nodes(30_000).build(), new ArrayList<>());
            SearchResult b = search(g.setUpStart(), Limits.builder().nodes(30_000).build(), new ArrayList<>());
            assertEquals(a, withTime(b, a.timeMs()), g + ": same move, score, depth and nodes");
        }
    }

    @Test
    void aNodeLimitIsKeptOnceTheFirstIterationIsDone() throws Exception {
        SearchResult r = search(Game.XIANGQI.setUpStart(), Limits.builder().nodes(5_000).build(), new ArrayList<>());
        assertTrue(r.nodes() <= 5_000 + 1, "nodes " + r.nodes());
        assertTrue(r.hasMove());
    }

    @Test
    void depthLimitedSearchReportsEveryIteration() throws Exception {
        List<SearchObserver.Line> lines = new ArrayList<>();
        SearchResult r = search(Game.CHESS.setUpStart(), Limits.builder().depth(6).build(), lines);
        assertEquals(6, r.depth());
        assertEquals(List.of(1, 2, 3, 4, 5, 6), lines.stream().map(SearchObserver.Line::depth).toList());
        SearchObserver.Line last = lines.get(lines.size() - 1);
        assertEquals(r.bestMove(), Game.CHESS.setUpStart().parseMove(last.pv().get(0)));
        assertTrue(last.pv().size() >= 2, "a principal variation, not just a move");
    }

    @Test
    void multiPvReportsDistinctRankedLines() throws Exception {
        List<SearchObserver.Line> lines = new ArrayList<>();
        search(Game.XIANGQI.setUpStart(), Limits.builder().depth(5).multiPv(4).build(), lines);
        List<SearchObserver.Line> last = lines.stream().filter(l -> l.depth() == 5).toList();
        assertEquals(List.of(1, 2, 3, 4), last.stream().map(SearchObserver.Line::multipv).toList());
        Set<String> firstMoves = new HashSet<>();
        for (int i = 0; i < last.size(); i++) {
            firstMoves.add(last.get(i).pv().get(0));
            if (i > 0) {
                assertTrue(last.get(i).score() <= last.get(i - 1).score(), "ranked best first");
            }
        }
        assertEquals(4, firstMoves.size());
    }

    @Test
    void searchMovesAndBannedMovesFilterTheRoot() throws Exception {
        SearchBoard start = Game.CHESS.setUpStart();
        int a2a3 = start.parseMove("a2a3");
        int h2h3 = start.parseMove("h2h3");
        SearchResult only = search(start, Limits.builder().depth(4).searchMoves(new int[] {a2a3, h2h3}).build(), new ArrayList<>());
        assertTrue(only.bestMove() == a2a3 || only.bestMove() == h2h3);

        SearchBoard xq = Game.XIANGQI.setUpStart();
        SearchResult free = search(xq, Limits.builder().depth(4).build(), new ArrayList<>());
        SearchResult banned = search(xq, Limits.builder().depth(4).bannedMoves(new int[] {free.bestMove()}).build(), new ArrayList<>());
        assertNotEquals(free.bestMove(), banned.bestMove());
    }

    @Test
    void aStopBeforeTheFirstIterationStillGivesALegalMove() throws Exception {
        SearchBoard b = Game.XIANGQI.setUpStart();
        SearchControl c = new SearchControl(Limits.builder().infinite(true).build());
        c.requestStop();
        SearchResult r = new Searcher(new TranspositionTable(1)).search(b, c, SearchObserver.NONE);
        assertTrue(r.hasMove());
        int[] moves = new int[256];
        int n = b.generateMoves(moves, 0);
        boolean legal = false;
        for (int i = 0; i < n; i++) {
            legal |= moves[i] == r.bestMove();
        }
        assertTrue(legal);
    }

    @Test
    void noMoveMeansNoBestMove() throws Exception {
        SearchBoard mated = Game.CHESS.setUp("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", List.of(), false);
        SearchResult r = search(mated, Limits.builder().depth(3).build(), new ArrayList<>());
        assertEquals(0, r.bestMove());
        assertEquals(-Scores.MATE, r.score());
    }

    @Test
    void timeBudgetsFollowTheClock() {
        long[] fixed = SearchControl.budget(Limits.builder().moveTime(1000).moveOverhead(30).build());
        assertEquals(970, fixed[0]);
        assertEquals(970, fixed[1]);
        long[] clock = SearchControl.budget(Limits.builder().clock(60_000, 1000, 0).moveOverhead(30).build());
        assertTrue(clock[0] > 1000 && clock[0] < 4000, "a share of the clock plus most of the increment: " + clock[0]);
        assertTrue(clock[1] >= clock[0] && clock[1] <= 30_000, "hard limit " + clock[1]);
        long[] low = SearchControl.budget(Limits.builder().clock(100, 0, 0).moveOverhead(30).build());
        assertTrue(low[1] <= 70, "never more than the clock holds: " + low[1]);
        long[] none = SearchControl.budget(Limits.builder().depth(5).build());
        assertEquals(Long.MAX_VALUE, none[1]);
    }

    private static SearchResult search(SearchBoard b, Limits limits, List<SearchObserver.Line> lines) {
        return new Searcher(new TranspositionTable(16)).search(b, new SearchControl(limits), lines::add);
    }

    private static SearchResult withTime(SearchResult r, long ms) {
        return new SearchResult(r.bestMove(), r.ponder(), r.score(), r.depth(), r.nodes(), ms);
    }
}
