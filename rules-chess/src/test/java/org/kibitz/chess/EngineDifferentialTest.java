package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;

/**
 * Perft split by root move against real engines: Stockfish on positions from the real games in
 * {@code testdata/chess/pgn}, Fairy-Stockfish with {@code UCI_Chess960} on Chess960 positions
 * (every start position, the cutechess Fischer random games, and random games from random starts).
 */
class EngineDifferentialTest {

    private static final ChessPlugin CHESS = new ChessPlugin();
    private static final Notation SAN = CHESS.notation("san").orElseThrow();

    private static final List<String> STANDARD_FILES = List.of(
            "Capablanca.pgn", "tatamast22.pgn", "WorldChamp1886.pgn", "pychess-anastasian-lewis.pgn",
            "pychess-molinari-bordais-1979.pgn", "pychess-nepomniachtchi-liren-game1.pgn",
            "pychess-stockfish-learning.pgn", "pychess-utf8-bom.pgn", "pychess-variations-nags-and-comments.pgn",
            "pychess-chessbase-empty-line.pgn", "pychess-uci-moves.pgn");

    private static Path pgn(String name) {
        return Path.of(System.getProperty("kibitz.testdata"), "chess/pgn", name);
    }

    /** Every position of a game's main line, from its FEN tag (with its variant) or the start. */
    private static List<ChessPosition> positions(PgnGames.Game g) throws FenException, MoveParseException {
        String variant = g.tags().getOrDefault("Variant", "chess");
        ChessPosition p = g.tags().containsKey("FEN") ? CHESS.parseFen(g.tags().get("FEN"), variant) : CHESS.startPosition(variant);
        List<ChessPosition> out = new ArrayList<>();
        out.add(p);
        for (String token : g.moves()) {
            if (San.isNullMove(token)) {
                break; // a null move (Z0, --) is no move of the game: the line cannot go on
            }
            p = p.play(SAN.parse(p, token));
            out.add(p);
        }
        return out;
    }

    private static Map<String, Long> ours(ChessPosition p, int depth) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Map.Entry<Move, Long> e : CHESS.divide(p, depth).entrySet()) {
            out.put(e.getKey().coordinates(1), e.getValue());
        }
        return out;
    }

    @Test
    void stockfishAgreesOnPositionsFromRealGames() throws IOException, FenException, MoveParseException {
        List<ChessPosition> sample = new ArrayList<>();
        int ply = 0;
        for (String file : STANDARD_FILES) {
            for (PgnGames.Game g : PgnGames.read(pgn(file))) {
                for (ChessPosition p : positions(g)) {
                    if (ply++ % 13 == 0 && !p.legalMoves().isEmpty()) {
                        sample.add(p);
                    }
                }
            }
        }
        assertTrue(sample.size() > 3000, "positions: " + sample.size());
        long nodes = 0;
        try (UciEngine sf = UciEngine.start("stockfish")) {
            for (int i = 0; i < sample.size(); i++) {
                ChessPosition p = sample.get(i);
                int depth = i % 20 == 0 ? 4 : 3;
                Map<String, Long> expected = sf.divide(p.fen(), depth);
                assertEquals(expected, ours(p, depth), p.fen() + " depth " + depth);
                nodes += expected.values().stream().mapToLong(Long::longValue).sum();
            }
        }
        assertTrue(nodes > 100_000_000L, "nodes compared: " + nodes);
        System.out.printf("stockfish: %d positions from real games, %d leaf nodes agree%n", sample.size(), nodes);
    }

    @Test
    void fairyStockfishAgreesOnChess960() throws IOException, FenException, MoveParseException {
        List<ChessPosition> sample = new ArrayList<>();
        for (int n = 0; n < 960; n++) {
            sample.add(CHESS.chess960Start(n));
        }
        int starts = sample.size();
        for (PgnGames.Game g : PgnGames.read(pgn("pychess-cutechess-fischerrandom.pgn"))) {
            List<ChessPosition> line = positions(g);
            assertTrue(line.get(0).isChess960());
            for (int i = 0; i < line.size(); i += 3) {
                if (!line.get(i).legalMoves().isEmpty()) {
                    sample.add(line.get(i));
                }
            }
        }
        // Random games from random starts, castling whenever it is legal, to reach every castling geometry.
        SplittableRandom random = new SplittableRandom(960);
        int castlings = 0;
        for (int game = 0; game < 150; game++) {
            ChessPosition p = CHESS.chess960Start(random.nextInt(960));
            for (int ply = 0; ply < 60; ply++) {
                List<Move> moves = p.legalMoves();
                if (moves.isEmpty()) {
                    break;
                }
                if (ply % 4 == 3) {
                    sample.add(p);
                }
                ChessPosition before = p;
                Move castle = moves.stream().filter(m -> before.pieceAt(m.to()).filter(x -> x.side() == before.sideToMove()).isPresent())
                        .findFirst().orElse(null);
                if (castle != null && random.nextInt(3) > 0) {
                    sample.add(p);
                    castlings++;
                    p = p.play(castle);
                } else {
                    p = p.play(moves.get(random.nextInt(moves.size())));
                }
            }
        }
        assertTrue(castlings > 50, "castlings played: " + castlings);
        long nodes = 0;
        try (UciEngine fsf = UciEngine.start("fairy-stockfish")) {
            fsf.setOption("UCI_Chess960", "true");
            for (int i = 0; i < sample.size(); i++) {
                ChessPosition p = sample.get(i);
                int depth = i < starts ? 2 : (i % 16 == 0 ? 4 : 3);
                Map<String, Long> expected = fsf.divide(p.shredderFen(), depth);
                assertEquals(expected, ours(p, depth), p.shredderFen() + " depth " + depth);
                nodes += expected.values().stream().mapToLong(Long::longValue).sum();
            }
        }
        System.out.printf("fairy-stockfish (UCI_Chess960): %d positions, %d castling positions, %d leaf nodes agree%n",
                sample.size(), castlings, nodes);
    }
}
