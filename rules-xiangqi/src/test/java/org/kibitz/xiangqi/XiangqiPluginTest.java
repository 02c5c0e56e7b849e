package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

class XiangqiPluginTest {

    private final XiangqiPlugin plugin = new XiangqiPlugin();

    @Test
    void foundByServiceLoaderUnderItsIdAndVariantNames() {
        Games games = Games.of(ServiceLoader.load(GamePlugin.class).stream().map(ServiceLoader.Provider::get).toList());
        assertTrue(games.byId("xiangqi").orElseThrow() instanceof XiangqiPlugin);
        assertEquals("xiangqi", games.byVariant("Chinese Chess").orElseThrow().id());
        assertEquals("xiangqi", games.byVariant("xiangqi").orElseThrow().id());
    }

    @Test
    void geometryDrawsAXiangqiBoard() {
        BoardGeometry g = plugin.geometry();
        assertEquals(9, g.files());
        assertEquals(10, g.ranks());
        assertEquals(BoardGeometry.Style.INTERSECTIONS, g.style());
        assertEquals(OptionalInt.of(4), g.riverAfterRank());
        assertEquals(List.of(new BoardGeometry.Zone(Square.of(3, 0), Square.of(5, 2)),
                new BoardGeometry.Zone(Square.of(3, 7), Square.of(5, 9))), g.palaces());
        assertEquals(14, g.markedPoints().size(), "4 cannon points and 10 soldier points");
        assertTrue(g.markedPoints().containsAll(List.of(Square.of(1, 2), Square.of(7, 7), Square.of(0, 3), Square.of(8, 6))));
        assertEquals(List.of("九", "八", "七", "六", "五", "四", "三", "二", "一"), g.whiteFileLabels());
        assertEquals(List.of("1", "2", "3", "4", "5", "6", "7", "8", "9"), g.blackFileLabels());
        assertTrue(g.rankLabels().isEmpty());
    }

    @Test
    void pieceLabelsAreTheChineseCharacters() {
        StringBuilder red = new StringBuilder();
        StringBuilder black = new StringBuilder();
        for (char t : "KABNRCP".toCharArray()) {
            red.append(plugin.pieceLabel(new Piece(Side.WHITE, t)));
            black.append(plugin.pieceLabel(new Piece(Side.BLACK, t)));
        }
        assertEquals("帅仕相马车炮兵", red.toString());
        assertEquals("将士象马车炮卒", black.toString());
        assertEquals("相", plugin.pieceLabel(new Piece(Side.WHITE, 'E')));
        assertEquals("马", plugin.pieceLabel(new Piece(Side.BLACK, 'H')));
    }

    @Test
    void startPositionIsSharedAndPerftIsFast() {
        assertTrue(plugin.startPosition() == new XiangqiPlugin().startPosition(), "one start position for every instance");
        assertEquals(133_312_995L, plugin.perft(plugin.startPosition(), 5));
    }
}
