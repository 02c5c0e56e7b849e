package org.kibitz.engine.protocol;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.game.FenException;
import org.kibitz.chess.board.Board;
import org.kibitz.engine.chess.ChessSearchBoard;
import org.kibitz.engine.search.SearchBoard;
import org.kibitz.engine.xiangqi.XiangqiSearchBoard;
import org.kibitz.xiangqi.XiangqiFen;

/** The games the engine plays, and how a position command becomes a board to search. */
public enum Game {
    CHESS("chess", "normal"),
    XIANGQI("xiangqi", "xiangqi");

    private final String id;
    private final String xboardVariant;

    Game(String id, String xboardVariant) {
        this.id = id;
        this.xboardVariant = xboardVariant;
    }

    /** The game id of the API and the {@code UCI_Variant} value. */
    public String id() {
        return id;
    }

    /** The name in xboard's {@code variant} command and {@code variants} feature. */
    public String xboardVariant() {
        return xboardVariant;
    }

    /** The game named by a {@code UCI_Variant} value, xboard variant or game id. */
    public static Optional<Game> named(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        for (Game g : values()) {
            if (g.id.equals(n) || g.xboardVariant.equals(n) || (g == CHESS && n.equals("standard"))) {
                return Optional.of(g);
            }
        }
        return Optional.empty();
    }

    /** The game a FEN belongs to, by its number of ranks (10 for xiangqi, 8 for chess). */
    public static Optional<Game> ofFen(String fen) {
        String placement = fen.strip().split("\\s+", 2)[0];
        long ranks = placement.chars().filter(c -> c == '/').count() + 1;
        return ranks == 10 ? Optional.of(XIANGQI) : ranks == 8 ? Optional.of(CHESS) : Optional.empty();
    }

    /** A position the protocol asked for that could not be set up, with what was wrong and where. */
    public static final class BadPosition extends Exception {
        private final transient SearchBoard reached;

        BadPosition(String message, SearchBoard reached) {
            super(message, null, false, false);
            this.reached = reached;
        }

        /** The position up to the last good move, when the FEN was good and a move was not. */
        public Optional<SearchBoard> reached() {
            return Optional.ofNullable(reached);
        }
    }

    /** The start position of this game. */
    public SearchBoard setUpStart() {
        try {
            return setUp(null, List.of(), false);
        } catch (BadPosition e) {
            throw new IllegalStateException("the start position is always good", e);
        }
    }

    /**
     * The board after {@code moves} (coordinates) from {@code fen}, or from the start position when
     * {@code fen} is null, keeping the moves as history for repetitions.
     *
     * @param chess960Notation castling written king-takes-rook in the chess board's output
     * @throws BadPosition when the FEN is not a position of this game or a move is not legal
     */
    public SearchBoard setUp(String fen, List<String> moves, boolean chess960Notation) throws BadPosition {
        SearchBoard board;
        if (this == CHESS) {
            try {
                board = new ChessSearchBoard(fen == null ? Board.startPosition() : Board.fromFen(fen), chess960Notation);
            } catch (IllegalArgumentException e) {
                throw new BadPosition("invalid chess FEN (" + e.getMessage() + "): " + fen, null);
            }
        } else {
            try {
                board = new XiangqiSearchBoard(fen == null ? org.kibitz.xiangqi.board.Board.startPosition() : XiangqiFen.board(fen));
            } catch (FenException e) {
                throw new BadPosition("invalid xiangqi FEN (" + e.getMessage() + ")", null);
            }
        }
        for (int i = 0; i < moves.size(); i++) {
            String text = moves.get(i);
            int m = board.parseMove(text);
            if (m == 0) {
                throw new BadPosition("illegal move " + text + " (move " + (i + 1) + " of " + moves.size()
                        + ") in " + board.fen() + "; stopped before it", board);
            }
            board.make(m);
        }
        return board;
    }
}
