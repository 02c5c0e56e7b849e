package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;

/**
 * Perft compared with Fairy-Stockfish on positions from real games (the Liu Dahua collection and the
 * GBK ccgc games), none of them in perft.epd: every 9th game at plies 16, 36, 56, ... to depth 3, and
 * a few of them to depth 4. A difference is reported by root move, which points at the wrong move.
 */
class FairyStockfishPerftTest {

    private final XiangqiPlugin plugin = new XiangqiPlugin();

    private List<String> positionsFromGames() throws IOException {
        Set<String> epd = new HashSet<>();
        for (String row : Files.readAllLines(PgnMovetext.shared("xiangqi/perft.epd"))) {
            if (!row.isBlank()) {
                epd.add(row.split(" ")[0]);
            }
        }
        List<String> fens = new ArrayList<>();
        Set<String> boards = new HashSet<>();
        Notation iccs = plugin.coordinateNotation();
        List<PgnMovetext.Game> games = PgnMovetext.read(PgnMovetext.shared("xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn"));
        for (int g = 0; g < games.size(); g += 9) {
            XiangqiPosition pos = plugin.startPosition();
            int ply = 0;
            for (String token : games.get(g).moves()) {
                try {
                    pos = pos.play(iccs.parse(pos, token));
                } catch (Exception e) {
                    throw new AssertionError("game " + (g + 1) + ": " + token, e);
                }
                ply++;
                String board = pos.fen().split(" ")[0];
                if (ply % 20 == 16 && !epd.contains(board) && boards.add(board)) {
                    fens.add(pos.fen());
                }
            }
        }
        return fens;
    }

    private void compare(FairyStockfish engine, String fen, int depth) throws Exception {
        XiangqiPosition pos = plugin.parseFen(fen);
        long ours = plugin.perft(pos, depth);
        long theirs = engine.perft(fen, depth);
        if (ours != theirs) {
            Map<String, Long> ourDivide = new LinkedHashMap<>();
            for (Map.Entry<Move, Long> e : plugin.divide(pos, depth).entrySet()) {
                ourDivide.put(e.getKey().coordinates(0), e.getValue());
            }
            assertEquals(engine.divide(fen, depth), ourDivide, fen + " depth " + depth);
        }
        assertEquals(theirs, ours, fen + " depth " + depth);
    }

    @Test
    void perftAgreesWithFairyStockfishOnPositionsFromRealGames() throws Exception {
        List<String> fens = positionsFromGames();
        assertTrue(fens.size() > 300, "enough positions: " + fens.size());
        try (FairyStockfish engine = FairyStockfish.start()) {
            for (int i = 0; i < fens.size(); i++) {
                compare(engine, fens.get(i), 3);
                if (i % 40 == 0) {
                    compare(engine, fens.get(i), 4);
                }
            }
        }
    }

    @Test
    void perftAgreesOnTheCcgcGamesEndPositions() throws Exception {
        Notation chinese = plugin.notation("chinese").orElseThrow();
        try (FairyStockfish engine = FairyStockfish.start();
             var dir = Files.newDirectoryStream(PgnMovetext.shared("xiangqi/pgn"), "ccgc-*.PGN")) {
            for (var file : dir) {
                XiangqiPosition pos = plugin.startPosition();
                for (String token : PgnMovetext.read(file).get(0).moves()) {
                    pos = pos.play(chinese.parse(pos, token));
                    compare(engine, pos.fen(), 2);
                }
            }
        }
    }
}
