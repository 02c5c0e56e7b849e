package org.kibitz.core.evaluate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.TestGames;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;

/**
 * Issue 39: the material a move gives up, for "!!", is counted once the exchange it starts has
 * resolved. Moves of real games (the repository's Capablanca and Liu Dahua collections), each read
 * from its file: trades that the old two-ply count called sacrifices (a queen trade counted as a
 * queen given, a chariot trade as a chariot given) give nothing up, and material really left to
 * the opponent still counts. The sequences are in the comments, in coordinates.
 */
class SacrificeTest {

    @ParameterizedTest(name = "{0} game {1} ply {2}: {4}")
    @CsvSource(delimiter = '|', value = {
        // White's queen goes f5h5, Black's queen takes it (h6h5), the pawn takes back (g4h5): queens traded.
        "chess/pgn/Capablanca.pgn|1|35|900|0|a queen trade is no queen given",
        // Black plays f8b4, White takes the knight on c6 (d4c6), the pawn takes back (b7c6).
        "chess/pgn/Capablanca.pgn|1|10|300|0|a knight trade is no knight given",
        // Black's chariot goes a7a9, Red's chariot takes it (f9a9), the horse takes back (b7a9).
        "xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn|1|54|900|0|a chariot trade is no chariot given",
        // Black's cannon goes f8e8, Red's cannon takes it (e6e8), the general takes back (e9e8).
        "xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn|1|62|450|0|a cannon trade is no cannon given",
        // After c3e5 f7f6 White castles long (e1c1) and leaves the bishop on e5 to the pawn (f6e5).
        "chess/pgn/Capablanca.pgn|1|23|300|300|a bishop left to a pawn is given",
        // Black's horse leaves d8 (d8b7), Red's chariot takes the advisor on f9 (a9f9), nothing comes back.
        "xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn|1|46|200|200|an advisor left is given",
    })
    void materialIsCountedWhereTheExchangeEnds(String file, int game, int ply, int twoPlies, int resolved, String what)
            throws Exception {
        Position[] positions = positions(TestGames.shared(file), game);
        Side mover = positions[ply - 1].sideToMove();
        int old = GameReport.Material.balance(positions[ply - 1], mover) - GameReport.Material.balance(positions[ply + 1], mover);
        assertEquals(twoPlies, old, "what the two-ply count said");
        OptionalInt given = GameReport.Material.given(positions, ply, mover, List.of());
        assertEquals(resolved, given.getAsInt(), what);

        // Judged as the best move by a clear margin: "!!" only where material is really given.
        JudgementModel model = JudgementModel.lichess();
        Judgement j = model.judge(Score.centipawns(50), Score.centipawns(50), true, Optional.of(Score.centipawns(-300)),
                given).judgement();
        assertEquals(resolved >= 200 ? Judgement.BRILLIANT : Judgement.GOOD, j, what);
    }

    /** Along the engine's line too: a piece the game's opponent declined still counts as given. */
    @ParameterizedTest(name = "{0} game {1} ply {2}")
    @CsvSource(delimiter = '|', value = {
        "chess/pgn/Capablanca.pgn|1|35",
        "xiangqi/pgn/xqdb-Liu_Dahua_1125_games.pgn|1|54",
    })
    void theEngineLineCountsWhereTheGameDeclined(String file, int game, int ply) throws Exception {
        Position[] positions = positions(TestGames.shared(file), game);
        Side mover = positions[ply - 1].sideToMove();
        // The game's own continuation as "the engine's line" gives the same; a line that stops after the
        // reply (the opponent took and nothing came back) gives the piece.
        List<Position> same = new ArrayList<>(List.of(positions).subList(ply - 1, Math.min(positions.length, ply + 8)));
        assertEquals(0, GameReport.Material.given(positions, ply, mover, same).getAsInt());
        List<Position> takenNoReply = List.of(positions[ply - 1], positions[ply], positions[ply + 1]);
        assertTrue(GameReport.Material.given(positions, ply, mover, takenNoReply).getAsInt() >= 400);
    }

    static Position[] positions(Path file, int game) throws Exception {
        FormatPlugin pgn = TestGames.formats().byId("pgn").orElseThrow();
        try (var in = Files.newInputStream(file); GameReader r = pgn.reader(in, ReadContext.of(file.toString(), TestGames.GAMES))) {
            ReadResult rr = null;
            for (int i = 0; i < game; i++) {
                rr = r.next();
            }
            GameTree t = rr.game().orElseThrow();
            List<GameNode> main = t.mainline();
            Position[] out = new Position[main.size() + 1];
            out[0] = t.root().position();
            for (int i = 0; i < main.size(); i++) {
                out[i + 1] = main.get(i).position();
            }
            return out;
        }
    }
}
