package org.kibitz.formats.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.formats.TestFiles;

class EncodingDetectorTest {

    private static Charset detect(byte[] b) {
        return EncodingDetector.detect(b, 0, b.length, true);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pgn/ccgc-01.pgn", "pgn/ccgc-05.pgn", "xqf/cchess-test.pgn", "xqf/cchess-test2.pgn", "xqf/eleeye-SAMPLE.PGN"})
    void realGbkFilesAreGb18030(String file) {
        assertEquals(EncodingDetector.GB18030, detect(TestFiles.resource(file)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"pgn/xqdb-xqdb_traditional.pgn", "pgn/xqdb-xqdb_international.pgn", "pgn/pychess-knightvuillaume-jannlee-zh-lichess.pgn"})
    void realUtf8FilesAreUtf8(String file) {
        assertEquals(StandardCharsets.UTF_8, detect(TestFiles.resource(file)));
    }

    @Test
    void westernNamesInWindows1252AreNotTakenForChinese() {
        byte[] b = "[White \"Réti, Richard\"]\n[Black \"Müller, Hans\"]\n[Site \"Göteborg\"]\n".getBytes(EncodingDetector.WINDOWS_1252);
        assertEquals(EncodingDetector.WINDOWS_1252, detect(b));
    }

    @Test
    void aFewChineseCharactersInGbkAreEnough() {
        // juniversalchardet 2.5.0 calls this IBM855 (Cyrillic): too little text for its statistics.
        byte[] b = "[Red \"许银川\"]\n[Black \"聂卫平\"]\n1. h2e2 h7e7 *\n".getBytes(EncodingDetector.GB18030);
        assertEquals(EncodingDetector.GB18030, detect(b));
    }

    @Test
    void theBig5TournamentFileIsBig5() throws IOException {
        // Traditional characters (炮二平五 馬８進７) whose bytes are nearly all valid GBK pairs too.
        byte[] head;
        try (InputStream in = Files.newInputStream(TestFiles.shared("xiangqi/pgn/ccpd-tournaments-big5.pgn"))) {
            head = in.readNBytes(1 << 16);
        }
        assertEquals(EncodingDetector.BIG5, EncodingDetector.detect(head, 0, head.length, false));
    }

    @Test
    void traditionalMovesWrittenInGbkStayGbk() {
        // GBK has the traditional characters too (outside GB2312): the notation decides, not the script.
        byte[] b = "[Red \"許銀川\"]\n1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n".getBytes(EncodingDetector.GB18030);
        assertEquals(EncodingDetector.GB18030, detect(b));
    }

    @Test
    void aFewTraditionalNamesInBig5AreEnough() {
        byte[] b = "[Red \"許銀川\"]\n[Black \"聶衛平\"]\n1. h2e2 h7e7 *\n".getBytes(EncodingDetector.BIG5);
        assertEquals(EncodingDetector.BIG5, detect(b));
    }

    @Test
    void big5MovesAreBig5() {
        byte[] b = "1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n1-0\n".getBytes(EncodingDetector.BIG5);
        assertEquals(EncodingDetector.BIG5, detect(b));
    }

    @Test
    void asciiIsUtf8() {
        assertEquals(StandardCharsets.UTF_8, detect("1. e4 e5 *".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void aCharacterCutByTheWindowIsNotHeldAgainstUtf8() {
        byte[] full = "e4 {好棋}".getBytes(StandardCharsets.UTF_8);
        // Cut inside the last character: still UTF-8 when the window is known to be incomplete.
        assertEquals(StandardCharsets.UTF_8, EncodingDetector.detect(full, 0, full.length - 1, false));
    }
}
