package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.PositionDraft;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.i18n.Text;

/** The position editor's verdict on xiangqi set-ups: each reason by its key, all reasons at once. */
class SetupCheckTest {

    private final XiangqiPlugin xiangqi = new XiangqiPlugin();

    private List<Text> problems(String fen) throws FenException {
        return xiangqi.setupProblems(xiangqi.draft(fen));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', value = {
        "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1; setup.noGeneral",
        "3kk4/9/9/9/9/9/9/9/9/4K4 w - - 0 1; setup.manyGenerals",
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1; setup.generalsFacing",
        "4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1; setup.generalsFacing",
        "9/9/9/4k4/9/9/9/9/9/3K5 w - - 0 1; setup.zone.K",
        "4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1; setup.zone.A",
        "4k4/9/9/9/9/9/9/9/4B4/3K5 w - - 0 1; setup.zone.B",
        "4k4/9/9/9/2B6/9/9/9/9/3K5 w - - 0 1; setup.zone.B",
        "4k4/9/9/9/9/9/9/P8/9/3K5 w - - 0 1; setup.zone.P",
        "4k4/9/9/9/9/9/1P7/9/9/3K5 w - - 0 1; setup.zone.P",
        "4k4/9/9/9/9/9/9/9/RRR6/3K5 w - - 0 1; setup.tooMany",
        "4k4/9/9/9/PPPPPP3/9/9/9/9/3K5 w - - 0 1; setup.tooMany",
        "4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1; setup.opponentInCheck",
        "3k5/9/9/9/9/9/9/9/9/4K4 w K - 0 1; setup.noCastling",
        "4k4/4k4/9/9/9/9/9/9/9/B8 w - - 0 1; setup.manyGenerals setup.zone.B setup.noGeneral",
        "3k5/9/9/9/9/9/9/5B3/RRR6/3K5 w - - 0 1; setup.zone.B setup.tooMany setup.generalsFacing",
    })
    void namesTheReason(String fen, String expected) throws FenException {
        List<String> keys = problems(fen).stream().map(Text::key).toList();
        assertEquals(Arrays.stream(expected.split(" ")).sorted().toList(), keys.stream().sorted().toList(), fen);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1; 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1; 9",
    })
    void theFenReaderRefusesWhatTheEditorExplains(String fen, String ignored) {
        assertThrows(FenException.class, () -> xiangqi.parseFen(fen));
    }

    @Test
    void everyPerftPositionIsLegal() throws Exception {
        for (String row : Files.readAllLines(PgnMovetext.shared("xiangqi/perft.epd"))) {
            String fen = row.split(";")[0].strip();
            assertEquals(List.of(), problems(fen), fen);
        }
        assertEquals(List.of(), problems(XiangqiFen.START));
    }

    @Test
    void theReasonsNameSideFileAndPointInEnglishAndChinese() throws FenException {
        Text facing = problems("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").get(0);
        assertEquals("The generals face each other on the e file with nothing between them", facing.render(Locale.ROOT));
        assertEquals("双方帅将在同一路（红方五路，黑方 5 路，e 线）直接照面，中间没有棋子", facing.render(Locale.SIMPLIFIED_CHINESE));
        Text many = problems("4k4/9/9/9/9/9/9/9/RRR6/3K5 w - - 0 1").get(0);
        assertEquals("Red has 3 chariots; a side has at most 2", many.render(Locale.ROOT));
        assertEquals("红方有 3 个车；每方最多 2 个", many.render(Locale.SIMPLIFIED_CHINESE));
        Text advisor = problems("4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1").get(0);
        assertEquals("Red's advisor on e0 is not on one of the five points of its palace's diagonals",
                advisor.render(Locale.ROOT));
    }

    @Test
    void aPieceMovedIntoPlaceFixesTheFacingGenerals() throws FenException {
        PositionDraft facing = xiangqi.draft("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        PositionDraft blocked = facing.with(Square.of(4, 5), new Piece(Side.BLACK, 'P'));
        assertEquals(List.of(), xiangqi.setupProblems(blocked));
        assertEquals("4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1", blocked.fen());
        assertEquals(blocked.fen(), xiangqi.parseFen(blocked.fen()).fen());
        PositionDraft moved = facing.moved(Square.of(4, 0), Square.of(3, 0));
        assertEquals(List.of(), xiangqi.setupProblems(moved));
    }

    @Test
    void theBundleHasBothLanguages() throws java.io.IOException {
        java.util.Properties en = new java.util.Properties();
        java.util.Properties zh = new java.util.Properties();
        try (var a = getClass().getResourceAsStream("messages.properties");
             var b = getClass().getResourceAsStream("messages_zh_CN.properties")) {
            en.load(new java.io.InputStreamReader(a, java.nio.charset.StandardCharsets.UTF_8));
            zh.load(new java.io.InputStreamReader(b, java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals(en.stringPropertyNames(), zh.stringPropertyNames());
    }

    @Test
    void theEditorReadsTheOlderLetters() throws FenException {
        assertEquals(XiangqiFen.START,
                xiangqi.draft("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1").fen());
    }
}
