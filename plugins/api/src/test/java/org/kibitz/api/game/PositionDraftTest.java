package org.kibitz.api.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The editor's draft position: any FEN that can be drawn reads, and writes back the same; the rest is explained. */
class PositionDraftTest {

    private static final BoardGeometry EIGHT = geometry(8, 8);
    private static final BoardGeometry XIANGQI = geometry(9, 10);

    private static BoardGeometry geometry(int files, int ranks) {
        List<String> labels = java.util.stream.IntStream.range(0, files).mapToObj(i -> "" + (char) ('a' + i)).toList();
        return new BoardGeometry(files, ranks, BoardGeometry.Style.SQUARES, OptionalInt.empty(), List.of(), List.of(),
                labels, labels, List.of());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "3kk3/8/8/8/8/8/8/P3K3 b Kq e6 12 40",
        "8/8/8/8/8/8/8/8 w - - 0 1",
    })
    void aDrawableFenReadsAndWritesBackTheSame(String fen) throws FenException {
        assertEquals(fen, PositionDraft.parse(fen, EIGHT, "KQRBNP").fen());
    }

    @Test
    void countersAndFieldsMayBeLeftOutAndRedMovesAsW() throws FenException {
        PositionDraft d = PositionDraft.parse("4k4/9/9/9/9/9/9/9/9/4K4 r", XIANGQI, "KABNRCP");
        assertEquals("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", d.fen());
        assertEquals(Optional.of(new Piece(Side.BLACK, 'K')), d.pieceAt(Square.of(4, 9)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "''; draft.empty",
        "8/8/8/8/8/8/8 w - - 0 1; draft.ranks",
        "9/8/8/8/8/8/8/8 w - - 0 1; draft.rankWidth",
        "8/8/8/8/8/8/8/7X w - - 0 1; draft.letter",
        "8/8/8/8/8/8/8/8 x - - 0 1; draft.side",
        "8/8/8/8/8/8/8/8 w - z9 0 1; draft.enPassant",
        "8/8/8/8/8/8/8/8 w - - x 1; draft.counter",
    })
    void whatCannotBeDrawnIsExplained(String fen, String key) {
        FenException e = assertThrows(FenException.class, () -> PositionDraft.parse(fen, EIGHT, "KQRBNP"));
        assertEquals(key, e.text().key());
        assertNotEquals(key, e.text().render(Locale.SIMPLIFIED_CHINESE), "translated");
    }

    @Test
    void editsMoveAndRemovePieces() throws FenException {
        PositionDraft d = PositionDraft.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1", EIGHT, "KQRBNP");
        assertEquals("4k3/8/8/8/8/8/8/3K4 w - - 0 1", d.moved(Square.of(4, 0), Square.of(3, 0)).fen());
        assertEquals("8/8/8/8/8/8/8/4K3 w - - 0 1", d.without(Square.of(4, 7)).fen());
        assertEquals("4k3/8/8/8/3Q4/8/8/4K3 b - - 0 1",
                d.with(Square.of(3, 3), new Piece(Side.WHITE, 'Q')).withSideToMove(Side.BLACK).fen());
    }

    @Test
    void theBundleHasBothLanguages() throws IOException {
        Properties en = load("org/kibitz/api/game/messages.properties");
        Properties zh = load("org/kibitz/api/game/messages_zh_CN.properties");
        assertEquals(en.stringPropertyNames(), zh.stringPropertyNames());
    }

    private static Properties load(String resource) throws IOException {
        Properties p = new Properties();
        try (InputStream in = PositionDraftTest.class.getClassLoader().getResourceAsStream(resource)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }
}
