package org.kibitz.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/** The move list's text: numbering, comments, glyphs, both variation layouts, long lines cut into paragraphs. */
class MoveTextTest {

    private static GameTree variationsGame() throws Exception {
        GameFiles.OpenedFile f = TestGames.files().read(TestGames.resource("variations.pgn"));
        return f.first().orElseThrow();
    }

    private static MoveNames san() {
        return new MoveNames(TestGames.CHESS.notation("san").orElseThrow(), 1);
    }

    /** A paragraph as text: numbers and moves, {comments}, brackets. */
    private static String text(MoveText.Paragraph p) {
        return p.tokens().stream().map(t -> switch (t) {
            case MoveText.MoveToken m -> (m.number().isEmpty() ? "" : m.number() + " ") + m.text() + m.nags();
            case MoveText.CommentToken c -> "{" + c.text() + "}";
            case MoveText.Punctuation q -> q.text();
        }).collect(Collectors.joining(" "));
    }

    @Test
    void indentedShowsEachVariationInItsOwnParagraphWithNumbersAndGlyphs() throws Exception {
        List<MoveText.Paragraph> ps = MoveText.layout(variationsGame(), san(), MoveText.Style.INDENTED);
        List<String> lines = ps.stream().map(p -> p.depth() + ": " + text(p)).toList();
        assertEquals(List.of(
                "0: {Main opening:} 1. e4 c5 {Sicilian}",
                "1: {Scandinavian defense:} 1... d5",
                "1: 1... h5? {is nonesense}",
                "1: 1... e5 2. Qf3? Bc5 3. Bc4 Nc6?? {falls for mate} 4. Ne2?? {throws the mate away}",
                "2: 4. Qxf7# {would have been mate}",
                "0: 2. Nf3 g6 {is the accelerated dragon} 3. d4 cxd4 4. Qxd4 Nf6 5. Ba6?? {loses the bishop} 5... bxa6 ± 6. O-O Nxe4? 7. Qxe4 ="),
                lines);
    }

    @Test
    void inlineKeepsVariationsInParentheses() throws Exception {
        List<MoveText.Paragraph> ps = MoveText.layout(variationsGame(), san(), MoveText.Style.INLINE);
        assertTrue(ps.stream().allMatch(p -> p.depth() == 0));
        assertEquals(2, ps.size(), "cut once the paragraph holds " + MoveText.MOVES_PER_PARAGRAPH + " moves, variations included");
        assertEquals("7. Qxe4 =", text(ps.get(1)));
        assertEquals("{Main opening:} 1. e4 c5 {Sicilian} ( {Scandinavian defense:} 1... d5 ) ( 1... h5? {is nonesense} ) "
                        + "( 1... e5 2. Qf3? Bc5 3. Bc4 Nc6?? {falls for mate} 4. Ne2?? {throws the mate away} "
                        + "( 4. Qxf7# {would have been mate} ) ) 2. Nf3 g6 {is the accelerated dragon} 3. d4 cxd4 4. Qxd4 Nf6 "
                        + "5. Ba6?? {loses the bishop} 5... bxa6 ± 6. O-O Nxe4? 7. Qxe4 =",
                ps.stream().map(MoveTextTest::text).collect(Collectors.joining(" ")));
        long nested = ps.get(0).tokens().stream().filter(t -> t instanceof MoveText.MoveToken m && m.level() == 2).count();
        assertEquals(1, nested, "the move of the variation inside a variation is at level 2");
    }

    @Test
    void everyNodeOfTheTreeAppearsOnceAsAMove() {
        GameTree tree = TestGames.randomGame(TestGames.XIANGQI, 11, 300, 7);
        MoveNames names = new MoveNames(TestGames.XIANGQI.notations().get(0), 0);
        for (MoveText.Style style : MoveText.Style.values()) {
            List<GameNode> nodes = MoveText.layout(tree, names, style).stream().flatMap(p -> p.tokens().stream())
                    .filter(t -> t instanceof MoveText.MoveToken).map(t -> ((MoveText.MoveToken) t).node()).toList();
            assertEquals(GameTrees.size(tree), nodes.size(), style.name());
            assertEquals(nodes.size(), nodes.stream().distinct().count(), style.name());
        }
    }

    @Test
    void aLongLineIsCutIntoParagraphsAtTheFirstPlayersMoves() {
        GameTree tree = TestGames.randomGame(TestGames.XIANGQI, 3, 400, 0);
        int plies = tree.mainline().size();
        assertTrue(plies > 100, "a long game: " + plies);
        List<MoveText.Paragraph> ps = MoveText.layout(tree, new MoveNames(TestGames.XIANGQI.notations().get(0), 0),
                MoveText.Style.INDENTED);
        assertTrue(ps.size() >= plies / MoveText.MOVES_PER_PARAGRAPH, ps.size() + " paragraphs");
        for (MoveText.Paragraph p : ps) {
            long moves = p.tokens().stream().filter(t -> t instanceof MoveText.MoveToken).count();
            assertTrue(moves <= MoveText.MOVES_PER_PARAGRAPH, moves + " moves");
            MoveText.MoveToken first = (MoveText.MoveToken) p.tokens().get(0);
            assertTrue(first.number().endsWith(".") && !first.number().endsWith("..."), "starts with White's numbered move: " + first.number());
        }
    }

    @Test
    void nullMovesAndXiangqiNotations() {
        GameTree tree = new GameTree(TestGames.XIANGQI.startPosition());
        GameNode c = tree.root().addChild(Move.parseCoordinates("h2e2", 0));
        c.addChild(Move.parseCoordinates("h9g7", 0));
        for (String id : List.of("chinese", "wxf", "iccs")) {
            MoveNames names = new MoveNames(TestGames.XIANGQI.notation(id).orElseThrow(), 0);
            String line = text(MoveText.layout(tree, names, MoveText.Style.INDENTED).get(0));
            assertEquals(switch (id) {
                case "chinese" -> "1. 炮二平五 马８进７";
                case "wxf" -> "1. C2=5 H8+7";
                default -> "1. h2e2 h9g7";
            }, line, id);
        }
    }

    /**
     * 10,000 variations nested in each other (each an alternative to the second move of the one it is in):
     * the layout recursed into each and overflowed the stack, so the workbench could not show a file the
     * readers accept.
     */
    @Test
    void tenThousandNestedVariationsAreLaidOut() {
        GameTree tree = new GameTree(TestGames.CHESS.startPosition());
        org.kibitz.api.tree.GameNode parent = tree.root();
        org.kibitz.api.tree.GameNode played = parent.addChild(quiet(parent.position()).get(0));
        int depth = 10_000;
        for (int level = 0; level < depth; level++) {
            org.kibitz.api.game.Move taken = played.move().orElseThrow();
            org.kibitz.api.game.Move alt = quiet(parent.position()).stream().filter(m -> !m.equals(taken)).findFirst().orElseThrow();
            parent = parent.addChild(alt);
            played = parent.addChild(quiet(parent.position()).get(0));
        }
        int nodes = GameTrees.size(tree);
        for (MoveText.Style style : MoveText.Style.values()) {
            List<MoveText.Paragraph> ps = MoveText.layout(tree, san(), style);
            long moves = ps.stream().flatMap(p -> p.tokens().stream()).filter(t -> t instanceof MoveText.MoveToken).count();
            assertEquals(nodes, moves, style + ": every move once");
            long opened = ps.stream().flatMap(p -> p.tokens().stream())
                    .filter(t -> t instanceof MoveText.Punctuation p && p.text().equals("(")).count();
            long closed = ps.stream().flatMap(p -> p.tokens().stream())
                    .filter(t -> t instanceof MoveText.Punctuation p && p.text().equals(")")).count();
            assertEquals(opened, closed, style + ": brackets balance");
        }
    }

    /** Knight moves that neither capture nor check: every position has two more, and the game never ends. */
    private static List<org.kibitz.api.game.Move> quiet(org.kibitz.api.game.Position p) {
        return p.legalMoves().stream().filter(m -> Character.toLowerCase(p.pieceAt(m.from()).orElseThrow().type()) == 'n'
                && !p.isCapture(m) && !p.play(m).inCheck()).toList();
    }
}
