package org.kibitz.core.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.chess.board.Board;
import org.kibitz.chess.board.BoardReplay;
import org.kibitz.chess.board.BoardState;
import org.kibitz.chess.board.Moves;
import org.kibitz.core.Formats;
import org.kibitz.core.TestGames;

/**
 * The light path's in-place replay ({@link BoardReplay}) keys every position as the chess rules
 * do: the tree is keyed by the rules' position hashes, so at every ply of every main line of the
 * real chess files in {@code testdata/} the replay's key must be the rules' position's hash, and
 * the SAN reader on the replay must find the move the full reader found.
 */
class BoardReplayTest {

    private static final Formats FORMATS = TestGames.formats();

    @Test
    void theReplaysKeyIsTheRulesHashAtEveryPlyOfTheRealFiles() throws IOException {
        long plies = 0;
        long captures = 0;
        long special = 0;
        try (Stream<Path> s = Files.list(TestGames.shared("chess/pgn"))) {
            for (Path f : s.filter(p -> p.toString().toLowerCase(Locale.ROOT).endsWith(".pgn")).sorted().toList()) {
                String name = f.getFileName().toString();
                try (InputStream in = Files.newInputStream(f);
                     GameReader reader = FORMATS.forName(name).orElseThrow().reader(in,
                             new ReadContext(name, TestGames.GAMES, Optional.empty(), Optional.empty()))) {
                    for (ReadResult r; (r = reader.next()) != null; ) {
                        if (r.game().isEmpty() || !r.game().get().gameId().equals("chess")) {
                            continue;
                        }
                        GameTree g = r.game().get();
                        GameNode n = g.root();
                        BoardReplay replay = new BoardReplay(BoardState.of(Board.fromFen(n.position().fen())));
                        String where = name + " game " + r.gameNumber();
                        assertEquals(n.position().hash(), replay.key(), where + " start");
                        int ply = 0;
                        while (n.firstChild() != null) {
                            n = n.firstChild();
                            ply++;
                            Move m = n.move().orElse(Move.NULL);
                            if (m.isNull()) {
                                break;
                            }
                            BoardState before = replay.state();
                            Board board = before.toBoard();
                            int move = board.parseUci(m.coordinates(1));
                            assertNotEquals(Moves.NONE, move, where + " ply " + ply + " " + m.coordinates(1));
                            // What the SAN reader needs of the replay, asked of both.
                            String san = Moves.isCastling(move) ? (Moves.to(move) > Moves.from(move) ? "O-O" : "O-O-O") : null;
                            if (san != null) {
                                assertEquals(before.castlingMove(Moves.to(move) > Moves.from(move)),
                                        replay.castlingMove(Moves.to(move) > Moves.from(move)), where + " ply " + ply);
                                special++;
                            } else {
                                int type = before.typeOn(Moves.from(move));
                                assertEquals(before.reaching(type, Moves.to(move)), replay.reaching(type, Moves.to(move)), where + " ply " + ply);
                                int promo = Moves.promotionType(move);
                                assertEquals(before.reachedMove(Moves.from(move), Moves.to(move), promo),
                                        replay.reachedMove(Moves.from(move), Moves.to(move), promo), where + " ply " + ply);
                                captures += before.isCapture(move) ? 1 : 0;
                                special += Moves.flag(move) == Moves.EN_PASSANT || promo != Board.NO_PIECE ? 1 : 0;
                            }
                            replay.play(move);
                            plies++;
                            assertEquals(n.position().hash(), replay.key(), where + " ply " + ply + " after " + m.coordinates(1));
                            assertTrue(before.play(move).sameState(replay.state()), where + " ply " + ply);
                        }
                    }
                }
            }
        }
        assertTrue(plies > 50_000 && captures > 5_000 && special > 1_000,
                "plies " + plies + ", captures " + captures + ", castling, en passant and promotions " + special);
    }
}
