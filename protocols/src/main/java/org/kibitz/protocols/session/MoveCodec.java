package org.kibitz.protocols.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;

/**
 * Moves between our form and one engine's text, for one game: coordinates with the engine's rank
 * base, and (for xboard engines that write SAN) the game's other notations as a fallback.
 *
 * <p>Not thread-safe: it keeps the last principal variation it read, because consecutive
 * {@code info} lines mostly repeat the start of the previous line and replaying those moves is
 * most of the cost of reading a line.
 */
public final class MoveCodec {

    private final GamePlugin game;
    private final int rankBase;
    private final boolean notationFallback;

    /** The last PV read for one MultiPV rank: its root, its tokens and the positions after each move. */
    private static final class PvCache {
        Position root;
        /** What the engine wrote for each move: its text, or the coordinate move read from it. */
        final List<Object> tokens = new ArrayList<>();
        final List<Move> moves = new ArrayList<>();
        final List<Position> positions = new ArrayList<>();

        void trim(int size) {
            while (tokens.size() > size) {
                int last = tokens.size() - 1;
                tokens.remove(last);
                moves.remove(last);
                positions.remove(last);
            }
        }
    }

    // One cache per MultiPV rank: consecutive reports of a rank share their start, while the ranks
    // take turns and would evict each other from a single cache.
    private final PvCache[] caches = new PvCache[9];

    /**
     * @param notationFallback also read moves in the game's other notations (SAN from xboard engines)
     */
    public MoveCodec(GamePlugin game, int rankBase, boolean notationFallback) {
        this.game = game;
        this.rankBase = rankBase;
        this.notationFallback = notationFallback;
    }

    public GamePlugin game() {
        return game;
    }

    public int rankBase() {
        return rankBase;
    }

    /** The move in the engine's coordinates. */
    public String encode(Move move) {
        return move.coordinates(rankBase);
    }

    /** The move in SAN, for xboard engines that asked for it; coordinates when the game has no SAN. */
    public String encodeSan(Position before, Move move) {
        return game.notation("san").map(n -> n.format(before, move)).orElseGet(() -> encode(move));
    }

    /** The legal move of {@code before} that the engine's text stands for, or empty. */
    public Optional<Move> decode(Position before, String text) {
        return Optional.ofNullable(decodeOrNull(before, text));
    }

    private Move decodeOrNull(Position before, String raw) {
        String text = raw;
        if (text.isEmpty()) {
            return null;
        }
        Move m = coordinates(text);
        if (m != null && before.isLegal(m)) {
            return m;
        }
        if (!notationFallback) {
            return null;
        }
        for (Notation n : game.notations()) {
            try {
                Move parsed = n.parse(before, text);
                if (before.isLegal(parsed)) {
                    return parsed;
                }
            } catch (MoveParseException | RuntimeException e) {
                // not in this notation; try the next
            }
        }
        return null;
    }

    private Move coordinates(String text) {
        int n = text.length();
        if (n < 4 || n > 8) {
            return null;
        }
        char c = text.charAt(0);
        if (c < 'a' || c > 'z') {
            if (c < 'A' || c > 'Z') {
                return null;
            }
        }
        try {
            return Move.parseCoordinates(text, rankBase);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The engine's principal variation as moves, legal one after the other from {@code root}, cut at
     * the first token that is not such a move (a null move {@code 0000}, garbage, an illegal move).
     */
    public List<Move> decodePv(Position root, List<String> tokens) {
        return decodePv(root, tokens, 1);
    }

    /** {@link #decodePv(Position, List)} for the line of MultiPV rank {@code multipv}. */
    public List<Move> decodePv(Position root, List<String> tokens, int multipv) {
        return decode(root, tokens, multipv);
    }

    /**
     * The legal prefix of a PV already read as coordinate moves ({@link InfoLine#pvMoves}), for
     * the line of MultiPV rank {@code multipv}.
     */
    public List<Move> checkPv(Position root, List<Move> moves, int multipv) {
        return decode(root, moves, multipv);
    }

    // Synchronized: the caches are shared by the reader thread and whoever reads a deferred PV.
    private synchronized List<Move> decode(Position root, List<?> tokens, int multipv) {
        int slot = multipv >= 1 && multipv < caches.length ? multipv : 0;
        PvCache c = caches[slot];
        if (c == null) {
            c = caches[slot] = new PvCache();
        }
        int reuse = 0;
        if (root == c.root || (c.root != null && root.equals(c.root))) {
            int max = Math.min(tokens.size(), c.tokens.size());
            while (reuse < max && tokens.get(reuse).equals(c.tokens.get(reuse))) {
                reuse++;
            }
        } else {
            c.trim(0);
            c.root = root;
        }
        c.trim(reuse);
        Position at = reuse == 0 ? root : c.positions.get(reuse - 1);
        for (int i = reuse; i < tokens.size(); i++) {
            Object token = tokens.get(i);
            Move m = token instanceof Move mv ? (at.isLegal(mv) ? mv : null) : decodeOrNull(at, (String) token);
            if (m == null) {
                break;
            }
            Position next;
            try {
                next = at.play(m);
            } catch (RuntimeException e) {
                break;
            }
            c.tokens.add(token);
            c.moves.add(m);
            c.positions.add(next);
            at = next;
        }
        return List.copyOf(c.moves);
    }

}
