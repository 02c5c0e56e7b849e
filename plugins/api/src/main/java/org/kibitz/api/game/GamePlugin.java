package org.kibitz.api.game;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.kibitz.api.Plugin;
import org.kibitz.api.i18n.Text;

/**
 * A game Kibitz can play: its positions, moves, notations and rulings. Everything that touches a
 * move of the game goes through its plugin.
 */
public interface GamePlugin extends Plugin {

    /**
     * The variant names this game answers to in files and engine protocols, lower case: chess
     * answers to {@code chess}, {@code standard}, {@code chess960}, {@code fischerandom}...;
     * xiangqi to {@code xiangqi}, {@code chinese chess}.
     */
    Set<String> variants();

    BoardGeometry geometry();

    Position startPosition();

    /** Reads a FEN (for chess also X-FEN/Shredder-FEN; for xiangqi the older letter forms). */
    Position parseFen(String fen) throws FenException;

    /**
     * The start position of a variant this game answers to (one of {@link #variants()}, any case),
     * for a file or engine that names its variant: chess gives the standard start set up under
     * Chess960 rules for {@code chess960}, so that castling is written as Chess960 engines write it.
     *
     * @throws IllegalArgumentException when the game does not answer to {@code variant}
     */
    default Position startPosition(String variant) {
        requireVariant(variant);
        return startPosition();
    }

    /**
     * Reads a FEN under the rules of a variant this game answers to (for chess: whether castling
     * follows Chess960 rules, which a FEN cannot always tell on its own).
     *
     * @throws IllegalArgumentException when the game does not answer to {@code variant}
     */
    default Position parseFen(String fen, String variant) throws FenException {
        requireVariant(variant);
        return parseFen(fen);
    }

    /** Whether this game answers to a variant name (its id or one of {@link #variants()}, ignoring case). */
    default boolean playsVariant(String variant) {
        String v = variant.strip().toLowerCase(Locale.ROOT);
        return v.equals(id()) || variants().contains(v);
    }

    private void requireVariant(String variant) {
        if (!playsVariant(variant)) {
            throw new IllegalArgumentException(id() + " does not play the variant " + variant);
        }
    }

    /**
     * The piece types of this game as FEN letters, upper case, in the order a position editor's palette
     * offers them ({@code KQRBNP} for chess, {@code KABNRCP} for xiangqi). By default the types of the
     * start position.
     */
    default String pieceTypes() {
        StringBuilder types = new StringBuilder();
        startPosition().pieces().values().stream().map(Piece::type).distinct().sorted().forEach(types::append);
        return types.toString();
    }

    /**
     * Reads a FEN into a draft for a position editor without judging the position (two kings, a piece
     * out of its zone are kept, for {@link #setupProblems(PositionDraft)} to explain).
     *
     * @throws FenException when the FEN cannot even be drawn: wrong board size, unknown letters
     */
    default PositionDraft draft(String fen) throws FenException {
        return PositionDraft.parse(fen, geometry(), pieceTypes());
    }

    /**
     * What makes a set-up position impossible in this game, every reason found (missing or extra kings,
     * pieces out of their zones, too many pieces of a kind, the side not to move in check, castling
     * rights or an en passant square that do not fit the pieces), each as a message for the user; empty
     * when the position is legal and {@link #parseFen(String)} reads {@link PositionDraft#fen()}. By
     * default the reason the FEN reader gives, if any.
     */
    default List<Text> setupProblems(PositionDraft draft) {
        try {
            parseFen(draft.fen());
            return List.of();
        } catch (FenException e) {
            return List.of(e.text());
        }
    }

    /**
     * The castling rights (FEN letters) whose king and rook stand on their squares in {@code draft}, the
     * ones an editor offers; empty for a game without castling.
     */
    default String possibleCastling(PositionDraft draft) {
        return "";
    }

    /**
     * The en passant squares that fit {@code draft}: passed by a double step of a pawn of the side not
     * to move, both squares behind the pawn empty; empty for a game without en passant.
     */
    default List<Square> possibleEnPassant(PositionDraft draft) {
        return List.of();
    }

    /** The notations this game offers; the first is the default for display. */
    List<Notation> notations();

    default Optional<Notation> notation(String id) {
        // A loop, not a stream: asked once per game by readers and writers.
        for (Notation n : notations()) {
            if (n.id().equals(id)) {
                return Optional.of(n);
            }
        }
        return Optional.empty();
    }

    /** The coordinate notation engines speak: {@code uci} for chess, {@code iccs} for xiangqi. */
    Notation coordinateNotation();

    /**
     * The rank base of the game's own coordinates: 1 for chess ({@code e2e4}), 0 for xiangqi ({@code h2e2}).
     */
    int coordinateRankBase();

    /** What to draw for a piece: a figurine ({@code ♔}) or a character ({@code 帅}, {@code 將}). */
    String pieceLabel(Piece piece);

    /**
     * The ruling on a game so far, including the rules that need history (repetition, perpetual
     * check, move-count rules) as well as those of the last position alone.
     *
     * @param line the positions from the start (or any earlier point) to now, in order, each the
     *             result of a legal move from the one before
     */
    Optional<Outcome> adjudicate(List<Position> line);

    /**
     * The rule sets this game can be judged by, the default first ({@code axf}, {@code computer},
     * {@code chinese}, {@code none} for xiangqi); empty when the game has one set of rules.
     */
    default List<String> ruleSets() {
        return List.of();
    }

    /**
     * The ruling on a game so far under a named rule set, with its reasons (the repeated cycle move by
     * move). The default rules as {@link #adjudicate(List)} does, without a cycle.
     *
     * @param ruleSet one of {@link #ruleSets()}; ignored by a game that has none
     * @throws IllegalArgumentException for a rule set the game does not know
     */
    default Optional<Ruling> rule(List<Position> line, String ruleSet) {
        return adjudicate(line).map(o -> Ruling.of(o, "", "position"));
    }

    /**
     * The legal moves of the line's last position that would lose by the repetition rules of
     * {@code ruleSet} (what a UCCI interface sends as {@code banmoves}); empty when none would.
     */
    default List<Move> bannedMoves(List<Position> line, String ruleSet) {
        return List.of();
    }

    /**
     * Counts the leaf nodes of the legal move tree {@code depth} plies deep. Rules modules override
     * this with their fast internal boards; the default walks {@link Position#play(Move)}.
     */
    default long perft(Position position, int depth) {
        if (depth <= 0) {
            return 1;
        }
        List<Move> moves = position.legalMoves();
        if (depth == 1) {
            return moves.size();
        }
        long n = 0;
        for (Move m : moves) {
            n += perft(position.play(m), depth - 1);
        }
        return n;
    }

    /** Perft split by root move, in the order of {@link Position#legalMoves()}. */
    default Map<Move, Long> divide(Position position, int depth) {
        Map<Move, Long> out = new LinkedHashMap<>();
        for (Move m : position.legalMoves()) {
            out.put(m, perft(position.play(m), depth - 1));
        }
        return out;
    }
}
