package org.kibitz.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.BestEvaluation;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * What engines left in a game is saved with it and read back the same: the best-founded score of
 * every node as {@code [%eval]} in PGN (beside {@code [%clk]} and the comment, in one comment) and
 * in XQF's comments, for chess and xiangqi.
 */
class AnalysisRoundTripTest {

    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aChessGameKeepsItsEvaluationsInPgn() throws IOException {
        GameTree game = analysed(Fixtures.GAMES.byId("chess").orElseThrow(), List.of("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"));
        String pgn = write("pgn", game, false);
        assertTrue(pgn.contains("{[%eval 0.35] [%clk 0:05:00] a good start}"), pgn);
        assertTrue(pgn.contains("[%eval #-2]") && pgn.contains("[%eval #3]") && pgn.contains("[%eval -1.07]"), pgn);
        GameTree back = read("pgn", pgn.getBytes(StandardCharsets.UTF_8));
        assertEquals(curve(game), curve(back));
        assertEquals(Optional.of(Duration.ofMinutes(5)), back.mainline().get(0).clock());
        assertEquals("a good start", back.mainline().get(0).comment());
    }

    @Test
    void aXiangqiGameKeepsItsEvaluationsInPgnAndXqf() throws IOException {
        GameTree game = analysed(Fixtures.GAMES.byId("xiangqi").orElseThrow(), List.of("h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"));
        GameTree viaPgn = read("pgn", write("pgn", game, false).getBytes(StandardCharsets.UTF_8));
        assertEquals(curve(game), curve(viaPgn));
        ByteArrayOutputStream xqf = new ByteArrayOutputStream();
        try (GameWriter w = Fixtures.format("xqf").writer(xqf, WriteContext.of(Fixtures.GAMES))) {
            w.write(game);
        }
        GameTree viaXqf = read("xqf", xqf.toByteArray());
        assertEquals(curve(game), curve(viaXqf));
        assertEquals(Optional.of(Duration.ofMinutes(5)), viaXqf.mainline().get(0).clock());
        assertEquals("a good start", viaXqf.mainline().get(0).comment());
        // Saved again from what was read: nothing drifts.
        assertEquals(curve(game), curve(read("pgn", write("pgn", viaXqf, false).getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void theEngineLineCanBeWrittenAsAVariation() throws IOException {
        GamePlugin chess = Fixtures.GAMES.byId("chess").orElseThrow();
        GameTree game = analysed(chess, List.of("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"));
        String pgn = write("pgn", game, true);
        GameTree back = read("pgn", pgn.getBytes(StandardCharsets.UTF_8));
        GameNode afterE4 = back.mainline().get(0);
        assertEquals(2, afterE4.children().size(), pgn);
        GameNode line = afterE4.children().get(1);
        assertEquals("c7c5", line.move().orElseThrow().coordinates(1), pgn);
        assertEquals("g1f3", line.children().get(0).move().orElseThrow().coordinates(1), pgn);
        assertTrue(pgn.contains("{deep d30}"), pgn);
        assertEquals(curve(game), curve(back), "the main line's evaluations are the same");
    }

    /**
     * A game with engine results in several nodes: a positive and a negative score, a mate for each
     * side, two engines at different depths (the deeper one counts), a second line (not counted),
     * and a node with only the file's own evaluation.
     */
    private static GameTree analysed(GamePlugin game, List<String> moves) {
        GameTree tree = new GameTree(game.startPosition());
        GameNode n = tree.root();
        int base = game.id().equals("chess") ? 1 : 0;
        for (String m : moves) {
            n = n.addChild(Move.parseCoordinates(m, base));
        }
        List<GameNode> line = tree.mainline();
        GameNode first = line.get(0);  // Black to move: scores are Black's
        first.putAnalysis(lines("deep", 30, 1, Score.centipawns(-35), first, List.of("c7c5", "g1f3"), List.of("h9g7", "h0g2")));
        first.putAnalysis(lines("shallow", 8, 1, Score.centipawns(90), first, List.of(), List.of()));
        first.putAnalysis(lines("deep", 30, 2, Score.centipawns(-80), first, List.of(), List.of()));
        first.setClock(Duration.ofMinutes(5));
        first.setComment("a good start");
        line.get(1).putAnalysis(lines("deep", 20, 1, Score.centipawns(-107), line.get(1), List.of(), List.of()));  // White to move
        line.get(2).putAnalysis(lines("deep", 25, 1, Score.mate(2), line.get(2), List.of(), List.of()));   // Black mates: #-2
        line.get(3).setEvalForWhite(Score.centipawns(12));                                                // the file's own
        line.get(4).putAnalysis(lines("deep", 25, 1, Score.mate(-3), line.get(4), List.of(), List.of())); // Black is mated: #3
        tree.root().putAnalysis(lines("deep", 22, 1, Score.centipawns(20), tree.root(), List.of(), List.of()));
        return tree;
    }

    /** A result for {@code node}: {@code pv} of the chess or xiangqi moves, as the node's game is. */
    private static NodeAnalysis lines(String engine, int depth, int multipv, Score score, GameNode node, List<String> chessPv, List<String> xiangqiPv) {
        boolean chess = node.tree().gameId().equals("chess");
        List<String> pv = chess ? chessPv : xiangqiPv;
        List<Move> moves = new ArrayList<>();
        for (String m : pv) {
            moves.add(Move.parseCoordinates(m, chess ? 1 : 0));
        }
        return new NodeAnalysis(engine, depth, multipv, score, Optional.empty(), 1000, Duration.ofMillis(10), moves, T);
    }

    private static List<String> curve(GameTree t) {
        List<String> out = new ArrayList<>();
        out.add(eval(t.root()));
        for (GameNode n : t.mainline()) {
            out.add(eval(n));
        }
        return out;
    }

    private static String eval(GameNode n) {
        return BestEvaluation.of(n).map(e -> String.valueOf(e.forWhite())).orElse("-");
    }

    private static String write(String format, GameTree game, boolean engineLines) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GameWriter w = Fixtures.format(format).writer(out, WriteContext.of(Fixtures.GAMES).withEngineLines(engineLines))) {
            w.write(game);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static GameTree read(String format, byte[] bytes) throws IOException {
        FormatPlugin f = Fixtures.format(format);
        try (GameReader r = f.reader(new ByteArrayInputStream(bytes), ReadContext.of("t." + format, Fixtures.GAMES))) {
            var result = r.next();
            assertTrue(result.clean(), result.problems().toString());
            return result.game().orElseThrow();
        }
    }
}
