package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;

/**
 * Real games: the three xqdb files (the same games in Chinese, WXF and ICCS) read to identical moves,
 * every move of the 1,125 Liu Dahua games is legal, and every move written in each notation reads back
 * as the same move.
 */
class GameCorpusTest {

    private final XiangqiPlugin plugin = new XiangqiPlugin();

    private List<List<Move>> play(String file, String notationId) throws IOException {
        Notation notation = plugin.notation(notationId).orElseThrow();
        List<List<Move>> games = new ArrayList<>();
        int g = 0;
        for (PgnMovetext.Game game : PgnMovetext.read(PgnMovetext.shared("xiangqi/pgn/" + file))) {
            g++;
            XiangqiPosition pos = plugin.startPosition();
            List<Move> moves = new ArrayList<>();
            int ply = 0;
            for (String token : game.moves()) {
                ply++;
                try {
                    Move m = notation.parse(pos, token);
                    moves.add(m);
                    pos = pos.play(m);
                } catch (MoveParseException e) {
                    fail(file + " game " + g + " ply " + ply + " '" + token + "' in " + pos.fen() + ": " + e.getMessage());
                }
            }
            games.add(moves);
        }
        return games;
    }

    /**
     * The one place where the xqdb files disagree with each other: game 2, ply 71, Red pawns on e5 and e3,
     * the ICCS file plays e5e6 (the front pawn) while the Chinese and WXF files write the rear pawn
     * (后兵进一, －Ｐ＋１). They write front/rear right in their twelve other uses, so this is an erratum of the
     * converter that made them; read literally, it is e3e4.
     */
    private static final int ERRATUM_GAME = 2;
    private static final int ERRATUM_PLY = 71;

    private List<List<String>> readAsIccs(String file, String notationId) throws IOException {
        Notation notation = plugin.notation(notationId).orElseThrow();
        Notation iccs = plugin.coordinateNotation();
        List<List<String>> out = new ArrayList<>();
        List<List<Move>> reference = play("xqdb-bulk_games_uci.pgn", "iccs");
        List<PgnMovetext.Game> games = PgnMovetext.read(PgnMovetext.shared("xiangqi/pgn/" + file));
        for (int g = 0; g < games.size(); g++) {
            XiangqiPosition pos = plugin.startPosition();
            List<String> moves = new ArrayList<>();
            for (int i = 0; i < games.get(g).moves().size(); i++) {
                String token = games.get(g).moves().get(i);
                try {
                    Move m = notation.parse(pos, token);
                    moves.add(iccs.format(pos, m));
                } catch (MoveParseException e) {
                    fail(file + " game " + (g + 1) + " ply " + (i + 1) + " '" + token + "': " + e.getMessage());
                }
                // Follow the reference game, so that one erratum does not derail the rest of the game.
                pos = pos.play(reference.get(g).get(i));
            }
            out.add(moves);
        }
        return out;
    }

    @Test
    void xqdbFilesInThreeNotationsReadToTheSameMoves() throws IOException {
        List<List<String>> iccs = readAsIccs("xqdb-bulk_games_uci.pgn", "iccs");
        List<List<String>> wxf = readAsIccs("xqdb-xqdb_international.pgn", "wxf");
        List<List<String>> chinese = readAsIccs("xqdb-xqdb_traditional.pgn", "chinese");
        assertEquals(15, iccs.size());
        assertEquals(15, wxf.size());
        assertEquals(15, chinese.size());
        int plies = 0;
        for (int g = 0; g < iccs.size(); g++) {
            assertEquals(iccs.get(g).size(), wxf.get(g).size(), "game " + (g + 1));
            assertEquals(iccs.get(g).size(), chinese.get(g).size(), "game " + (g + 1));
            for (int i = 0; i < iccs.get(g).size(); i++) {
                plies++;
                String where = "game " + (g + 1) + " ply " + (i + 1);
                if (g + 1 == ERRATUM_GAME && i + 1 == ERRATUM_PLY) {
                    assertEquals("e5e6", iccs.get(g).get(i), where);
                    assertEquals("e3e4", wxf.get(g).get(i), where);
                    assertEquals("e3e4", chinese.get(g).get(i), where);
                    continue;
                }
                assertEquals(iccs.get(g).get(i), wxf.get(g).get(i), where);
                assertEquals(iccs.get(g).get(i), chinese.get(g).get(i), where);
            }
        }
        assertTrue(plies > 1000, "the files hold real games: " + plies);
    }

    @Test
    void writingTheXqdbGamesGivesTheFilesTextBack() throws IOException {
        // Our writers produce exactly what the files say (the WXF file is full-width), the erratum aside.
        List<List<Move>> games = play("xqdb-bulk_games_uci.pgn", "iccs");
        List<PgnMovetext.Game> chineseFile = PgnMovetext.read(PgnMovetext.shared("xiangqi/pgn/xqdb-xqdb_traditional.pgn"));
        List<PgnMovetext.Game> wxfFile = PgnMovetext.read(PgnMovetext.shared("xiangqi/pgn/xqdb-xqdb_international.pgn"));
        Notation chinese = plugin.notation("chinese").orElseThrow();
        Notation wxf = plugin.notation("wxf").orElseThrow();
        for (int g = 0; g < games.size(); g++) {
            List<String> ourChinese = chinese.formatLine(plugin.startPosition(), games.get(g));
            List<String> ourWxf = wxf.formatLine(plugin.startPosition(), games.get(g));
            for (int i = 0; i < games.get(g).size(); i++) {
                String where = "game " + (g + 1) + " ply " + (i + 1);
                String fileChinese = chineseFile.get(g).moves().get(i);
                String fileWxf = Notations.foldWidth(wxfFile.get(g).moves().get(i));
                if (g + 1 == ERRATUM_GAME && i + 1 == ERRATUM_PLY) {
                    assertEquals("前兵进一", ourChinese.get(i), where);
                    assertEquals("+P+1", ourWxf.get(i), where);
                    continue;
                }
                assertEquals(fileChinese, ourChinese.get(i), where);
                assertEquals(fileWxf, ourWxf.get(i), where);
            }
        }
    }

    @Test
    void everyLiuDahuaMoveIsLegalAndRoundTripsInEveryNotation() throws IOException {
        List<List<Move>> games = play("xqdb-Liu_Dahua_1125_games.pgn", "iccs");
        assertEquals(1125, games.size());
        long moves = 0;
        for (int g = 0; g < games.size(); g++) {
            XiangqiPosition pos = plugin.startPosition();
            for (Move m : games.get(g)) {
                for (Notation n : plugin.notations()) {
                    String text = n.format(pos, m);
                    try {
                        assertEquals(m, n.parse(pos, text), () -> n.id() + " '" + text + "'");
                    } catch (MoveParseException e) {
                        fail("game " + (g + 1) + " " + n.id() + " '" + text + "' in " + pos.fen() + ": " + e.getMessage());
                    }
                }
                pos = pos.play(m);
                moves++;
            }
            assertFalse(games.get(g).isEmpty());
        }
        assertTrue(moves > 80_000, "about 100 plies per game: " + moves);
    }

    @Test
    void ccgcGamesInGbkChineseNotationAreLegal() throws IOException {
        int files = 0;
        try (var dir = java.nio.file.Files.newDirectoryStream(PgnMovetext.shared("xiangqi/pgn"), "ccgc-*.PGN")) {
            for (var file : dir) {
                files++;
                List<List<Move>> games = play(file.getFileName().toString(), "chinese");
                assertEquals(1, games.size(), file.toString());
                assertTrue(games.get(0).size() > 20, file.toString());
            }
        }
        assertEquals(10, files);
    }
}
