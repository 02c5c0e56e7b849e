package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Termination;

/** Game ends: mate, stalemate, dead material, the move-count rules and repetitions. */
class DrawRulesTest {

    private static final ChessPlugin CHESS = new ChessPlugin();
    private static final Notation SAN = CHESS.notation("san").orElseThrow();

    private static List<Position> line(Position start, String moves) throws MoveParseException {
        List<Position> out = new ArrayList<>();
        Position p = start;
        out.add(p);
        for (String san : moves.trim().split("\\s+")) {
            if (!san.isEmpty()) {
                p = p.play(SAN.parse(p, san));
                out.add(p);
            }
        }
        return out;
    }

    private static Optional<Termination> ruling(List<Position> line) {
        return CHESS.adjudicate(line).map(Outcome::termination);
    }

    @Test
    void checkmateAndStalemate() throws MoveParseException, FenException {
        List<Position> fools = line(CHESS.startPosition(), "f3 e5 g4 Qh4#");
        Outcome mate = CHESS.adjudicate(fools).orElseThrow();
        assertEquals(new Outcome(GameResult.BLACK_WINS, Termination.CHECKMATE), mate);
        assertEquals(Optional.of(Side.BLACK), mate.winner());
        assertEquals(Optional.of(mate), fools.get(fools.size() - 1).outcome());
        ChessPosition stalemate = CHESS.parseFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assertEquals(Optional.of(Outcome.draw(Termination.STALEMATE)), stalemate.outcome());
        assertEquals(Optional.empty(), CHESS.startPosition().outcome());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "8/8/8/4k3/8/8/8/4K3 w - - 0 1       | true",   // K v K
            "8/8/8/4k3/8/8/8/4KN2 w - - 0 1      | true",   // K+N v K
            "8/8/8/4k3/8/8/8/4KB2 w - - 0 1      | true",   // K+B v K
            "8/8/8/4kb2/8/8/8/4KB2 w - - 0 1     | true",   // bishops on the same colour (f5, f1 are light)
            "8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1    | false",  // two bishops on both colours mate
            "8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1    | false",  // opposite-coloured bishops: a helpmate exists
            "8/8/8/4kn2/8/8/8/4KN2 w - - 0 1     | false",  // knight v knight: a helpmate exists
            "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1     | false",  // two knights: mate exists if Black errs
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1     | false",
            "8/8/8/4k3/8/8/8/4KR2 w - - 0 1      | false",
            "8/8/8/4kq2/8/8/8/4KN2 w - - 0 1     | false",  // queen v knight: Black can mate
    })
    void insufficientMaterial(String fen, boolean dead) throws FenException {
        ChessPosition p = CHESS.parseFen(fen.strip());
        assertEquals(dead ? Optional.of(Outcome.draw(Termination.INSUFFICIENT_MATERIAL)) : Optional.empty(), p.outcome());
    }

    @Test
    void whoCanMateIsDecidedPerSide() throws FenException {
        // Queen v knight: the knight's side could never mate (a time-forfeit ruling needs this), the queen's can.
        org.kibitz.chess.board.Board b = CHESS.parseFen("8/8/8/4kq2/8/8/8/4KN2 w - - 0 1").toBoard();
        assertFalse(b.canMate(org.kibitz.chess.board.Board.WHITE));
        assertTrue(b.canMate(org.kibitz.chess.board.Board.BLACK));
    }

    @Test
    void fiftyAndSeventyFiveMoves() throws FenException, MoveParseException {
        Position p99 = CHESS.parseFen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
        assertEquals(Optional.empty(), ruling(List.of(p99)));
        assertEquals(Optional.of(Termination.FIFTY_MOVE_RULE), ruling(line(p99, "Ra2")));
        Position p149 = CHESS.parseFen("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
        assertEquals(Optional.of(Termination.SEVENTY_FIVE_MOVE_RULE), ruling(line(p149, "Ra2")));
        // A capture or pawn move resets the count.
        Position capture = CHESS.parseFen("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
        assertEquals(Optional.empty(), ruling(line(capture, "Rxa2")));
        // Mate on the hundredth half-move stands.
        Position mating = CHESS.parseFen("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80");
        assertEquals(Optional.of(Termination.CHECKMATE), ruling(line(mating, "Ra8#")));
    }

    @Test
    void threefoldAndFivefoldRepetition() throws MoveParseException {
        String shuffle = "Nf3 Nf6 Ng1 Ng8";
        assertEquals(Optional.empty(), ruling(line(CHESS.startPosition(), shuffle)), "twice is not enough");
        List<Position> three = line(CHESS.startPosition(), shuffle + " " + shuffle);
        assertEquals(Optional.of(Termination.THREEFOLD_REPETITION), ruling(three));
        assertEquals(Optional.empty(), ruling(three.subList(0, three.size() - 1)));
        List<Position> five = line(CHESS.startPosition(), String.join(" ", shuffle, shuffle, shuffle, shuffle));
        assertEquals(Optional.of(Termination.FIVEFOLD_REPETITION), ruling(five));
    }

    @Test
    void castlingRightsMakeADifferentPosition() throws MoveParseException, FenException {
        // The king steps out and back: same placement, but castling rights are gone.
        Position start = CHESS.parseFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        List<Position> l = line(start, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
        assertEquals(Optional.empty(), ruling(l), "the start (with rights) occurred once, the rest twice");
        List<Position> more = line(start, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
        assertEquals(Optional.of(Termination.THREEFOLD_REPETITION), ruling(more));
    }

    @Test
    void enPassantCountsOnlyWhenTheCaptureIsLegal() throws FenException {
        // Black just played c7-c5; the b5 pawn stands next to it but is pinned along the rank.
        ChessPosition pinned = CHESS.parseFen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
        ChessPosition without = CHESS.parseFen("8/8/8/KPp4r/8/8/8/4k3 w - - 0 2");
        assertNotEquals(pinned.hash(), without.hash(), "Polyglot hashes the pseudo-legal en passant file");
        assertTrue(pinned.sameForRepetition(without), "but the position is the same for repetition");
        assertEquals(pinned.repetitionKey(), without.repetitionKey());
        ChessPosition legal = CHESS.parseFen("4k3/8/8/1Pp5/8/8/8/4K3 w - c6 0 2");
        ChessPosition legalWithout = CHESS.parseFen("4k3/8/8/1Pp5/8/8/8/4K3 w - - 0 2");
        assertFalse(legal.sameForRepetition(legalWithout));
    }
}
