package org.kibitz.core.match;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Side;
import org.kibitz.api.i18n.Text;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/**
 * A finished match game: who played, from where, every move with what its engine said of it, the
 * result and why.
 *
 * @param book   the opening's moves, played for both engines before they were asked
 * @param moves  the engines' moves after the book
 * @param result the result; {@link GameResult#UNDECIDED} only when the match was stopped mid-game
 * @param end    the kind of ending
 * @param ruling the rules' ruling when the rules ended it (the repetition's cycle for xiangqi)
 * @param reason the ending in words, for the console, the PGN comment and the workbench
 */
public record PlayedGame(String gameId, String white, String black, Position start, List<Move> book, List<Played> moves,
                         GameResult result, End end, Optional<Ruling> ruling, Text reason) {

    /** How a match game ended; the PGN {@code Termination} tag says the same in its words. */
    public enum End {
        /** Checkmate, stalemate, repetition, the move limits: the game's rules. */
        RULES("normal"),
        /** An engine used more than its time and the margin. */
        TIME_FORFEIT("time forfeit"),
        /** An engine played a move the rules do not allow. */
        ILLEGAL_MOVE("rules infraction"),
        /** An engine ended (crashed) during the game. */
        DISCONNECT("abandoned"),
        /** An engine stopped answering (no best move with no clock to run out). */
        STALLED("stalled"),
        /** An engine had no move to give in a position that is not over. */
        NO_MOVE("rules infraction"),
        /** An engine resigned. */
        RESIGNS("normal"),
        /** Resign adjudication: an engine's score stayed that bad that long. */
        ADJUDICATED_LOSS("adjudication"),
        /** Draw adjudication: both scores stayed near zero that long. */
        ADJUDICATED_DRAW("adjudication"),
        /** The move limit of the match ({@code --maxmoves}). */
        MAX_MOVES("adjudication"),
        /** The two sides agreed a draw (a person's offer an engine took, on the board). */
        DRAW_AGREED("normal"),
        /** The match was stopped before the game ended. */
        STOPPED("unterminated");

        private final String pgn;

        End(String pgn) {
            this.pgn = pgn;
        }

        /** The PGN {@code Termination} tag's value. */
        public String pgn() {
            return pgn;
        }
    }

    /**
     * One engine move.
     *
     * @param score what the engine said of the position for itself, the mover (its last line)
     * @param time  from {@code go} to {@code bestmove}, as Kibitz's clock measured it
     * @param left  the mover's clock after the move (increment added), empty without a clock
     */
    public record Played(Move move, Optional<Score> score, OptionalInt depth, Duration time, Optional<Duration> left,
                         boolean fromBook) {
        public Played {
            Objects.requireNonNull(move, "move");
            Objects.requireNonNull(score, "score");
            Objects.requireNonNull(depth, "depth");
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(left, "left");
        }

        /** A move the engine searched. */
        public Played(Move move, Optional<Score> score, OptionalInt depth, Duration time, Optional<Duration> left) {
            this(move, score, depth, time, left, false);
        }

        /** A move from the engine's own book: no search, no time. */
        public static Played book(Move move, Optional<Duration> left) {
            return new Played(move, Optional.empty(), OptionalInt.empty(), Duration.ZERO, left, true);
        }

        /** As cutechess comments a move: {@code +1.08/17 0.81s}, {@code -M5/20 0.20s}, {@code 0.05s} without a score. */
        public String comment() {
            if (fromBook) {
                return "book";
            }
            StringBuilder b = new StringBuilder();
            score.ifPresent(s -> {
                if (s instanceof Score.Mate m) {
                    b.append(m.moves() >= 0 ? "+M" : "-M").append(Math.abs(m.moves()));
                } else if (s instanceof Score.Centipawns c) {
                    appendCentipawns(b, c.cp());
                }
                depth.ifPresent(d -> b.append('/').append(d));
                b.append(' ');
            });
            appendSeconds(b, time);
            b.append('s');
            return b.toString();
        }

        // A match writes a comment per move: these write what String.format's "%+.2f" of cp / 100.0
        // and "%.3f" of the seconds (rounded half up) write, without a Formatter per call.

        /** {@code cp / 100} in pawns with its sign and two decimals: {@code +0.15}, {@code -1.08}, {@code +0.00}. */
        static void appendCentipawns(StringBuilder b, int cp) {
            long a = Math.abs((long) cp);
            b.append(cp < 0 ? '-' : '+').append(a / 100).append('.');
            long rest = a % 100;
            if (rest < 10) {
                b.append('0');
            }
            b.append(rest);
        }

        /** {@code d} in seconds with three decimals, rounded half up: {@code 0.042}, {@code 1.500}. */
        static void appendSeconds(StringBuilder b, Duration d) {
            long nanos = d.toNanos();
            if (nanos < 0 || nanos > Long.MAX_VALUE - 500_000) {
                b.append(String.format(Locale.ROOT, "%.3f", nanos / 1e9));
                return;
            }
            long millis = (nanos + 500_000) / 1_000_000;
            b.append(millis / 1000).append('.');
            long rest = millis % 1000;
            if (rest < 100) {
                b.append(rest < 10 ? "00" : "0");
            }
            b.append(rest);
        }
    }

    public PlayedGame {
        Objects.requireNonNull(gameId, "gameId");
        Objects.requireNonNull(white, "white");
        Objects.requireNonNull(black, "black");
        Objects.requireNonNull(start, "start");
        book = List.copyOf(book);
        moves = List.copyOf(moves);
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(ruling, "ruling");
        Objects.requireNonNull(reason, "reason");
    }

    /** All moves from the start: the book, then the engines'. */
    public List<Move> allMoves() {
        java.util.ArrayList<Move> all = new java.util.ArrayList<>(book.size() + moves.size());
        all.addAll(book);
        moves.forEach(p -> all.add(p.move()));
        return all;
    }

    /** The name of the engine that played {@code side}. */
    public String player(Side side) {
        return side == Side.WHITE ? white : black;
    }

    /**
     * The game as a tree for the PGN (or XQF) writer: the book moves commented {@code book}, each engine
     * move with its cutechess comment, {@code [%eval]} and {@code [%clk]}; tags for the players, result,
     * {@code Termination}, time control and opening; the reason as the last move's comment.
     */
    public GameTree toTree(GamePlugin game, String event, int round, String timeControl) {
        GameTree tree = new GameTree(start);
        tree.tags().put("Event", event);
        tree.tags().put("Site", "?");
        tree.tags().put("Date", java.time.LocalDate.now().toString().replace('-', '.'));
        tree.tags().put("Round", Integer.toString(round));
        tree.tags().put("White", white);
        tree.tags().put("Black", black);
        tree.tags().put("Result", result.pgn());
        tree.tags().put("PlyCount", Integer.toString(book.size() + moves.size()));
        tree.tags().put("Termination", end.pgn());
        tree.tags().put("TimeControl", timeControl);
        if (!start.equals(game.startPosition())) {
            tree.tags().put("SetUp", "1");
            tree.tags().put("FEN", start.fen());
        }
        GameNode n = tree.root();
        for (Move m : book) {
            n = n.addChild(m);
            n.setComment("book");
        }
        for (Played p : moves) {
            Side mover = n.position().sideToMove();
            n = n.addChild(p.move());
            n.setComment(p.comment());
            p.left().ifPresent(n::setClock);
            p.score().map(s -> s.forWhite(mover)).ifPresent(n::setEvalForWhite);
        }
        String why = reason.render(Locale.ENGLISH);
        if (n.isRoot()) {
            n.setStartingComment(why);
        } else {
            n.setComment(n.comment().isEmpty() ? why : n.comment() + ", " + why);
        }
        return tree;
    }
}
