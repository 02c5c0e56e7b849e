package org.kibitz.chess;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.kibitz.api.game.BoardGeometry;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Outcome;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.PositionDraft;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.game.Termination;
import org.kibitz.api.i18n.Text;
import org.kibitz.chess.board.Board;
import org.kibitz.chess.board.Fen;
import org.kibitz.chess.board.SetupCheck;

/**
 * The game of chess, standard and Chess960 ({@code chess}): positions, SAN/figurine/UCI notations,
 * draw rulings and a fast perft.
 *
 * <p>Variant names: {@code chess}, {@code standard}, {@code classical}, {@code normal},
 * {@code from position} (PGN and UCI names of standard chess) and {@code chess960},
 * {@code chess 960}, {@code fischerandom}, {@code fischerrandom}, {@code fischer random} (Chess960;
 * cutechess writes {@code fischerandom}). {@link #parseFen(String, String)} and
 * {@link #startPosition(String)} set the Chess960 rules from the name; {@link #parseFen(String)}
 * infers them from the FEN (see {@link Fen}).
 */
public final class ChessPlugin implements GamePlugin {

    public static final String ID = "chess";

    private static final List<String> STANDARD_NAMES = List.of("chess", "standard", "classical", "normal", "from position");
    private static final List<String> CHESS960_NAMES = List.of("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random");
    private static final Set<String> VARIANTS;

    static {
        Set<String> v = new LinkedHashSet<>(STANDARD_NAMES);
        v.addAll(CHESS960_NAMES);
        VARIANTS = Collections.unmodifiableSet(v);
    }

    private static final BoardGeometry GEOMETRY = new BoardGeometry(8, 8, BoardGeometry.Style.SQUARES,
            OptionalInt.empty(), List.of(), List.of(),
            List.of("a", "b", "c", "d", "e", "f", "g", "h"), List.of("a", "b", "c", "d", "e", "f", "g", "h"),
            List.of("1", "2", "3", "4", "5", "6", "7", "8"));

    private static final List<Notation> NOTATIONS = List.of(SanNotation.SAN, SanNotation.FIGURINE, UciNotation.INSTANCE);

    /** Start positions, built on first use so that constructing the plugin stays cheap. */
    private static final class Starts {
        static final ChessPosition STANDARD = new ChessPosition(Fen.parse(Fen.START, false));
        static final ChessPosition CHESS960 = new ChessPosition(Fen.parse(Fen.START, true));
    }

    public ChessPlugin() {
        // Cheap by contract: tables are built when the first position is.
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<String> variants() {
        return VARIANTS;
    }

    /** Whether a variant name means Chess960. */
    public static boolean isChess960Variant(String variant) {
        return CHESS960_NAMES.contains(variant.strip().toLowerCase(Locale.ROOT));
    }

    @Override
    public BoardGeometry geometry() {
        return GEOMETRY;
    }

    @Override
    public ChessPosition startPosition() {
        return Starts.STANDARD;
    }

    @Override
    public ChessPosition startPosition(String variant) {
        return chess960(variant) ? Starts.CHESS960 : Starts.STANDARD;
    }

    /**
     * Chess960 start position number {@code n} (0..959) in Scharnagl's numbering; 518 is the
     * standard array.
     */
    public ChessPosition chess960Start(int n) {
        if (n < 0 || n > 959) {
            throw new IllegalArgumentException("Chess960 positions are numbered 0..959: " + n);
        }
        char[] rank = new char[8];
        rank[2 * (n % 4) + 1] = 'B';
        n /= 4;
        rank[2 * (n % 4)] = 'B';
        n /= 4;
        place(rank, 'Q', n % 6);
        n /= 6;
        int[][] knights = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
        // The right knight first, so the left one's index among the empty squares stays the same.
        place(rank, 'N', knights[n][1]);
        place(rank, 'N', knights[n][0]);
        place(rank, 'R', 0);
        place(rank, 'K', 0);
        place(rank, 'R', 0);
        String white = new String(rank);
        String fen = white.toLowerCase(Locale.ROOT) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
        return new ChessPosition(Fen.parse(fen, true));
    }

    private static void place(char[] rank, char piece, int emptyIndex) {
        for (int i = 0, seen = 0; i < 8; i++) {
            if (rank[i] == 0 && seen++ == emptyIndex) {
                rank[i] = piece;
                return;
            }
        }
        throw new IllegalStateException("no empty square " + emptyIndex);
    }

    @Override
    public String pieceTypes() {
        return "KQRBNP";
    }

    @Override
    public List<Text> setupProblems(PositionDraft draft) {
        List<Text> problems = SetupCheck.problems(draft);
        return problems.isEmpty() ? GamePlugin.super.setupProblems(draft) : problems;
    }

    @Override
    public String possibleCastling(PositionDraft draft) {
        StringBuilder rights = new StringBuilder();
        // The standard rights, and the Chess960 rook files the draft already names.
        for (char c : ("KQkq" + draft.castling().replaceAll("[KQkq]", "")).toCharArray()) {
            if (SetupCheck.castlingFits(draft, c)) {
                rights.append(c);
            }
        }
        return rights.toString();
    }

    @Override
    public List<Square> possibleEnPassant(PositionDraft draft) {
        return SetupCheck.enPassantSquares(draft);
    }

    @Override
    public ChessPosition parseFen(String fen) throws FenException {
        return parse(fen, null);
    }

    @Override
    public ChessPosition parseFen(String fen, String variant) throws FenException {
        return parse(fen, chess960(variant));
    }

    private boolean chess960(String variant) {
        String v = variant.strip().toLowerCase(Locale.ROOT);
        if (CHESS960_NAMES.contains(v)) {
            return true;
        }
        if (STANDARD_NAMES.contains(v)) {
            return false;
        }
        throw new IllegalArgumentException("chess does not play the variant " + variant);
    }

    private static ChessPosition parse(String fen, Boolean chess960) throws FenException {
        try {
            return new ChessPosition(Fen.parse(fen, chess960));
        } catch (Fen.FenError e) {
            throw new FenException(fen, e.text());
        }
    }

    @Override
    public List<Notation> notations() {
        return NOTATIONS;
    }

    @Override
    public Notation coordinateNotation() {
        return UciNotation.INSTANCE;
    }

    @Override
    public int coordinateRankBase() {
        return 1;
    }

    @Override
    public String pieceLabel(Piece piece) {
        int i = "KQRBNP".indexOf(piece.type());
        if (i < 0) {
            return String.valueOf(piece.fenLetter());
        }
        return String.valueOf((piece.side() == Side.WHITE ? "♔♕♖♗♘♙" : "♚♛♜♝♞♟").charAt(i));
    }

    /**
     * Checkmate, stalemate and insufficient material from the last position; then the automatic
     * draws (fivefold repetition, 75 moves without capture or pawn move) and the claimable ones
     * (threefold repetition, 50 moves), which a program adjudicates as soon as they can be claimed.
     * A mate on the move that completes fifty or seventy-five moves stands, as the laws say.
     * Repetitions compare pieces, side to move, castling rights and whether en passant is legal.
     */
    @Override
    public Optional<Outcome> adjudicate(List<Position> line) {
        if (line.isEmpty()) {
            return Optional.empty();
        }
        ChessPosition last = ChessNotations.chess(line.get(line.size() - 1));
        Optional<Outcome> own = last.outcome();
        if (own.isPresent()) {
            return own;
        }
        long key = last.repetitionKey();
        int repetitions = 0;
        // Only the positions since the last capture or pawn move (the halfmove clock) can be the same
        // as the last: looking no further, an arbiter that asks after every move no longer spends the
        // square of the game's length on it.
        int from = Math.max(0, line.size() - 1 - last.halfmoveClock());
        for (Position p : line.subList(from, line.size())) {
            ChessPosition c = ChessNotations.chess(p);
            if (c.repetitionKey() == key && c.sameForRepetition(last)) {
                repetitions++;
            }
        }
        if (repetitions >= 5) {
            return Optional.of(Outcome.draw(Termination.FIVEFOLD_REPETITION));
        }
        if (last.halfmoveClock() >= 150) {
            return Optional.of(Outcome.draw(Termination.SEVENTY_FIVE_MOVE_RULE));
        }
        if (repetitions >= 3) {
            return Optional.of(Outcome.draw(Termination.THREEFOLD_REPETITION));
        }
        if (last.halfmoveClock() >= 100) {
            return Optional.of(Outcome.draw(Termination.FIFTY_MOVE_RULE));
        }
        return Optional.empty();
    }

    @Override
    public long perft(Position position, int depth) {
        if (position instanceof ChessPosition c) {
            return c.toBoard().perft(depth);
        }
        return GamePlugin.super.perft(position, depth);
    }

    @Override
    public Map<Move, Long> divide(Position position, int depth) {
        if (!(position instanceof ChessPosition c)) {
            return GamePlugin.super.divide(position, depth);
        }
        Board b = c.toBoard();
        Map<Move, Long> out = new LinkedHashMap<>();
        for (int m : c.intMoves()) {
            b.makeMove(m);
            out.put(c.toMove(m), b.perft(depth - 1));
            b.unmakeMove();
        }
        return out;
    }
}
