package org.kibitz.core.tree.deep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.engine.ProtocolPlugin;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.TestGames;
import org.kibitz.core.book.BookEntry;
import org.kibitz.core.book.BookMoves;
import org.kibitz.core.book.PolyglotBook;
import org.kibitz.core.engines.EngineEntry;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.protocols.detect.EngineProber;
import org.kibitz.testing.RealEngines;

/** Deep analysis with real engines at tiny limits: the tree, its minimax, its exports, and a resume. */
class DeepAnalysisTest {

    private static final List<ProtocolPlugin> PROTOCOLS = ServiceLoader.load(ProtocolPlugin.class).stream()
            .map(ServiceLoader.Provider::get).toList();

    @TempDir
    Path dir;

    private static SessionPool pool(int engines) {
        return new SessionPool(ref -> new EngineProber(PROTOCOLS).open(ref.entry().toConfig(), TestGames.GAMES, e -> { }),
                1, engines);
    }

    /** Stockfish at 3000 nodes a position, MultiPV 3, window 30, no re-checks (so the counts are exact). */
    private static DeepSettings chess(long budget) {
        return chess(budget, 30, 0);
    }

    private static DeepSettings chess(long budget, int window, int rechecks) {
        return chess(SearchLimits.nodes(3000), budget, window, rechecks);
    }

    private static DeepSettings chess(SearchLimits limits, long budget, int window, int rechecks) {
        EngineRef sf = EngineRef.commandLine(List.of(RealEngines.require("stockfish")));
        GamePlugin g = TestGames.CHESS;
        return new DeepSettings(g, g.startPosition(), List.of(), List.of(sf), limits, 3, window, 6,
                Optional.of(Duration.ofSeconds(60)), OptionalLong.of(budget), rechecks);
    }

    private static DeepAnalysis.Result run(DeepAnalysis a) throws Exception {
        try (SessionPool pool = pool(a.settings().engines().size())) {
            return a.run(pool, Optional.empty(), p -> { });
        }
    }

    /** Every analysed node's value is the best of its lines, a line to an analysed node counting that node's value. */
    private static void assertMinimax(DeepTree tree) {
        for (DeepNode n : tree.nodes()) {
            int best = Integer.MIN_VALUE;
            for (DeepLine l : n.lines()) {
                String ck = DeepTree.key(n.position().play(l.move()));
                int v = tree.contains(ck) && !ck.equals(n.key()) ? DeepValues.up(tree.value(ck).getAsInt()) : l.value();
                best = Math.max(best, v);
            }
            assertEquals(best, tree.value(n.key()).getAsInt(), "minimax at " + n.key());
            // Every analysed node but the root is reached through a move within its parent's window.
        }
        for (DeepNode n : tree.nodes()) {
            if (n.ply() > 0) {
                assertTrue(n.ply() < tree.maxPlies(), "no node at or past the ply limit: " + n.path());
            }
        }
    }

    @Test
    void growsAMinimaxedTreeAndExportsItAsPgnAndBook() throws Exception {
        DeepSettings s = chess(16);
        DeepAnalysis a = DeepAnalysis.open(s, Optional.empty(), false);
        List<DeepAnalysis.Progress> seen = new ArrayList<>();
        DeepAnalysis.Result r;
        try (SessionPool pool = pool(1)) {
            r = a.run(pool, Optional.empty(), seen::add);
        }
        DeepTree tree = a.tree();
        assertEquals(DeepAnalysis.Stop.SEARCH_BUDGET, r.stop());
        assertEquals(16, r.nodes());
        assertEquals(16, seen.size(), "one progress report per node");
        assertTrue(r.rootValue().isPresent());
        assertFalse(r.bestLine().isEmpty());
        assertTrue(tree.nodes().stream().anyMatch(n -> n.ply() >= 2), "the tree goes deeper than the root's children");
        assertMinimax(tree);
        // The root's best move is in its analysed children's minimax, not only the engine's first line.
        assertEquals(r.bestLine().get(0), tree.edges(tree.node(tree.rootKey()).orElseThrow()).get(0).move());

        // PGN: written, read back, the same moves with their variations and evals.
        GameTree exported = DeepExport.gameTree(s, tree);
        FormatPlugin pgn = TestGames.formats().byId("pgn").orElseThrow();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GameWriter w = pgn.writer(out, WriteContext.of(TestGames.GAMES))) {
            w.write(exported);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("[%eval "), text);
        GameTree back;
        try (GameReader reader = pgn.reader(new ByteArrayInputStream(out.toByteArray()), ReadContext.of("deep.pgn", TestGames.GAMES))) {
            ReadResult rr = reader.next();
            assertTrue(rr.problems().isEmpty(), rr.problems().toString());
            back = rr.game().orElseThrow();
        }
        List<GameNode> all = back.allNodes();
        assertEquals(exported.allNodes().size(), all.size(), "every move read back");
        assertTrue(all.size() > 16, "more moves than nodes: the unexpanded moves too");
        assertTrue(all.stream().anyMatch(n -> n.children().size() > 1), "variations");
        for (GameNode n : all) {
            if (!n.isRoot()) {
                assertTrue(n.evalForWhite().isPresent(), "an eval at " + n);
            }
        }
        // The main line is the best line, and its first eval is the root's value from White's view.
        GameNode first = back.root().children().get(0);
        assertEquals(r.bestLine().get(0), first.move().orElseThrow());
        assertEquals(DeepValues.score(r.rootValue().getAsInt()), first.evalForWhite().orElseThrow());

        // Book: the root's moves, the best weighted most.
        byte[] bytes = DeepExport.book(s, tree).toBytes();
        PolyglotBook book = PolyglotBook.of(bytes, BookMoves.forGame("chess"));
        List<BookEntry> moves = book.probe(tree.root());
        assertFalse(moves.isEmpty());
        int top = moves.stream().mapToInt(BookEntry::weight).max().orElseThrow();
        Move best = r.bestLine().get(0);
        assertTrue(moves.stream().anyMatch(e -> e.move().equals(best) && e.weight() == top), moves.toString());
    }

    @Test
    void aKilledAnalysisResumesWhereItStopped() throws Exception {
        Path state = dir.resolve("deep.jsonl");
        int n = 6;
        DeepAnalysis first = DeepAnalysis.open(chess(n), Optional.of(state), false);
        DeepAnalysis.Result r1 = run(first);
        assertEquals(n, r1.nodes());
        List<String> before = first.tree().nodes().stream().map(DeepNode::key).toList();
        // A kill in the middle of a write leaves a partial line: it is dropped.
        Files.writeString(state, "{\"path\":[\"e2e4\",\"e7", StandardOpenOption.APPEND);

        DeepAnalysis second = DeepAnalysis.open(chess(2L * n), Optional.of(state), true);
        assertEquals(n, second.tree().size(), "the nodes of the first run are back before any search");
        DeepAnalysis.Result r2 = run(second);
        assertEquals(n, r2.resumed());
        assertEquals(n, r2.searched(), "only the new nodes were searched");
        assertEquals(2 * n, r2.nodes());
        List<String> after = second.tree().nodes().stream().map(DeepNode::key).toList();
        assertEquals(before, after.subList(0, n), "the first nodes kept, in order");
        assertEquals(2 * n, new HashSet<>(after).size(), "no node analysed twice");
        List<String> lines = Files.readAllLines(state);
        assertEquals(1 + 2 * n, lines.size(), "a header and a line per node, the partial line gone");
        assertMinimax(second.tree());
    }

    @Test
    void aNodeWhoseValueTheTreeMovesIsSearchedAgainDeeperOnce() throws Exception {
        Path state = dir.resolve("recheck.jsonl");
        int n = 8;
        // Searches two plies deep: what the tree finds below a node differs from the node's own search.
        DeepSettings settings = chess(SearchLimits.depth(2), n, 10, 1);
        DeepAnalysis a = DeepAnalysis.open(settings, Optional.of(state), false);
        List<DeepAnalysis.Progress> seen = new ArrayList<>();
        DeepAnalysis.Result r;
        try (SessionPool pool = pool(1)) {
            r = a.run(pool, Optional.empty(), seen::add);
        }
        assertEquals(n, r.nodes());
        List<DeepAnalysis.Progress> rechecks = seen.stream().filter(DeepAnalysis.Progress::recheck).toList();
        assertFalse(rechecks.isEmpty(), "no node was re-checked");
        assertEquals(n + rechecks.size(), r.searched(), "every search is a new node or a re-check");
        Set<String> rechecked = new HashSet<>();
        for (DeepAnalysis.Progress p : rechecks) {
            assertTrue(rechecked.add(p.node().key()), "re-checked twice: " + p.node().key());
            assertEquals(1, a.tree().rechecks(p.node().key()));
        }
        // Each re-check asked for a value that moved, and was searched two plies deeper: the journal
        // holds the node twice, and the tree the second search's lines.
        List<String> lines = Files.readAllLines(state);
        assertEquals(1 + n + rechecks.size(), lines.size());
        for (DeepAnalysis.Progress p : rechecks) {
            assertTrue(seen.stream().filter(q -> !q.recheck() || q != p).anyMatch(q -> q.rechecked().contains(p.node().key())));
            DeepNode now = a.tree().node(p.node().key()).orElseThrow();
            assertEquals(p.node().lines(), now.lines());
            assertTrue(now.depth() >= 4, "searched at depth 4: " + now.depth());
        }
        assertMinimax(a.tree());

        // Resumed, the later search of a node counts: the same values everywhere.
        DeepAnalysis again = DeepAnalysis.open(settings, Optional.of(state), true);
        for (DeepNode node : a.tree().nodes()) {
            assertEquals(a.tree().value(node.key()), again.tree().value(node.key()), node.key());
            assertEquals(a.tree().rechecks(node.key()), again.tree().rechecks(node.key()), node.key());
        }
    }

    @Test
    void aStateFileOfAnotherRootIsRefused() throws Exception {
        Path state = dir.resolve("other.jsonl");
        DeepSettings s = chess(2);
        DeepAnalysis.open(s, Optional.of(state), false).tree();
        GamePlugin g = TestGames.CHESS;
        Move e4 = Move.parseCoordinates("e2e4", g.coordinateRankBase());
        DeepSettings other = new DeepSettings(g, g.startPosition(), List.of(e4), s.engines(), s.limits(), 3, 30, 6,
                Optional.empty(), OptionalLong.of(4));
        assertThrowsIo(() -> DeepAnalysis.open(other, Optional.of(state), true));
    }

    private static void assertThrowsIo(org.junit.jupiter.api.function.Executable e) {
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, e);
    }

    @Test
    void xiangqiWithTheBuiltinEngine() throws Exception {
        GamePlugin g = TestGames.XIANGQI;
        EngineRef builtin = EngineRef.listed(EngineEntry.builtinEngine());
        DeepSettings s = new DeepSettings(g, g.startPosition(), List.of(), List.of(builtin), SearchLimits.depth(2), 2, 50, 4,
                Optional.of(Duration.ofSeconds(20)), OptionalLong.of(5));
        DeepAnalysis a = DeepAnalysis.open(s, Optional.of(dir.resolve("xq.jsonl")), false);
        DeepAnalysis.Result r = run(a);
        assertEquals(5, r.nodes(), r.failures().toString());
        assertMinimax(a.tree());
        GameTree exported = DeepExport.gameTree(s, a.tree());
        assertFalse(exported.root().children().isEmpty());
        assertEquals("xiangqi", exported.gameId());
        assertTrue(DeepExport.book(s, a.tree()).positions() >= 1);
    }
}
