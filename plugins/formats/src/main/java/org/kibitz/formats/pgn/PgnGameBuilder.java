package org.kibitz.formats.pgn;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.GameResult;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.NotAMoveException;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.FormatMessages;

/**
 * Builds a {@link GameTree} from a scanned game: decides the game, sets up the start position,
 * reads every move through the game's notations (the one the game is written in first) and hangs
 * comments, NAGs and variations where PGN puts them. A move that cannot be read ends its line with
 * an error that says where and what was expected; the good part before it is kept, and so are the
 * other lines.
 *
 * <p>Stateless between games but for the last FEN it read and the last game name its detector
 * looked up (each kept whole in one immutable record), so the reader's threads share one builder
 * and build games in parallel.
 */
final class PgnGameBuilder {

    private final String source;
    private final GameDetector detector;
    /** The last FEN tag read and what it set up (see fenPosition): one record, read and replaced whole. */
    private LastFen lastFen;

    private record LastFen(String fen, GamePlugin game, Optional<String> variant, Position position) {
    }

    PgnGameBuilder(ReadContext context) {
        this.source = context.source();
        this.detector = new GameDetector(context.games(), context.gameHint());
    }

    ReadResult build(PgnGameText text) {
        List<FormatProblem> problems = new ArrayList<>(text.problems);
        if (text.tooLarge) {
            problems.add(FormatMessages.error(source, text.number, Location.line(text.firstLine), "pgn.game.too.large",
                    PgnGameText.MAX_TOKENS, PgnGameText.MAX_TEXT >> 20, PgnGameText.MAX_COMMENT >> 20));
            return new ReadResult(text.number, Optional.empty(), problems);
        }
        GameDetector.Verdict verdict = detector.detect(text);
        if (verdict instanceof GameDetector.Verdict.Refused r) {
            problems.add(FormatMessages.error(source, text.number, Location.line(text.firstLine), "pgn.variant.refused", r.variant()));
            return new ReadResult(text.number, Optional.empty(), problems);
        }
        GameDetector.Verdict.Candidates candidates = (GameDetector.Verdict.Candidates) verdict;
        if (candidates.games().isEmpty()) {
            problems.add(FormatMessages.error(source, text.number, Location.line(text.firstLine), "pgn.no.games"));
            return new ReadResult(text.number, Optional.empty(), problems);
        }
        Attempt best = null;
        for (GamePlugin game : candidates.games()) {
            Attempt a = attempt(game, candidates.variant(), text);
            if (best == null || a.betterThan(best)) {
                best = a;
            }
            // Only a game the file did not name is second-guessed, and only when its first move failed.
            if (candidates.decided() || !a.firstMoveFailed) {
                break;
            }
        }
        problems.addAll(best.problems);
        PgnHeaders.sortByPlace(problems);
        return new ReadResult(text.number, Optional.ofNullable(best.tree), problems);
    }

    /** One try at reading the game as {@code game}. */
    private static final class Attempt {
        GameTree tree;
        final List<FormatProblem> problems = new ArrayList<>(0);
        int plies;
        boolean firstMoveFailed;

        boolean betterThan(Attempt other) {
            if (tree != null && other.tree == null) {
                return true;
            }
            return plies > other.plies;
        }
    }

    private Attempt attempt(GamePlugin game, Optional<String> variant, PgnGameText text) {
        Attempt a = new Attempt();
        // A named variant (Chess960) sets rules a FEN cannot always tell, castling among them.
        Position start;
        String fen = text.tag("FEN");
        if (fen != null && !fen.isBlank()) {
            try {
                start = fenPosition(game, variant, fen);
            } catch (FenException e) {
                a.problems.add(FormatMessages.error(source, text.number, Location.line(PgnHeaders.tagLine(text, "FEN")),
                        "pgn.fen.invalid", fen, e.text()));
                a.firstMoveFailed = true;
                return a;
            }
        } else {
            start = variant.isPresent() ? game.startPosition(variant.get()) : game.startPosition();
        }
        GameTree tree = new GameTree(start);
        for (PgnGameText.Tag t : text.tags) {
            tree.tags().put(t.name(), t.value());
        }
        a.tree = tree;
        new MoveReader(game, text, tree, a).read();
        settleResult(text, tree, a);
        return a;
    }

    /**
     * The position a FEN tag sets up. Collections written by one program put the same FEN (the
     * start position's, mostly) in every game: the last one read is kept, and a game whose tag is
     * the same text starts from the same position, which is immutable.
     */
    private Position fenPosition(GamePlugin game, Optional<String> variant, String fen) throws FenException {
        LastFen last = lastFen; // the reader's threads share this builder: a record's final fields are seen whole
        if (last != null && last.fen.equals(fen) && last.game == game && last.variant.equals(variant)) {
            return last.position;
        }
        Position p = variant.isPresent() ? game.parseFen(fen.strip(), variant.get()) : game.parseFen(fen.strip());
        lastFen = new LastFen(fen, game, variant, p);
        return p;
    }

    private void settleResult(PgnGameText text, GameTree tree, Attempt a) {
        String movetext = null;
        for (int i = text.size() - 1; i >= 0; i--) {
            if (text.kind(i) == PgnGameText.RESULT) {
                movetext = text.text(i);
                break;
            }
        }
        PgnHeaders.settledResult(source, text, tree.tags().get("Result").orElse(null), movetext, a.problems)
                .ifPresent(r -> tree.tags().put("Result", r));
    }

    /** Walks the tokens of one game, keeping a frame per open variation. */
    private final class MoveReader {
        private final GamePlugin game;
        private final PgnGameText text;
        private final GameTree tree;
        private final Attempt attempt;
        private final Notation[] notations;
        private final boolean[] asciiWidth;
        private final boolean chess;

        /** One line being read: the main line or a variation. */
        private static final class Frame {
            GameNode node;          // the node after which the next move is played
            boolean hasMove;        // whether this line has had a move yet
            boolean dead;           // a move failed: skip to the end of this line
            StringBuilder startComment;
            final boolean main;

            Frame(GameNode node, boolean main) {
                this.node = node;
                this.main = main;
            }
        }

        MoveReader(GamePlugin game, PgnGameText text, GameTree tree, Attempt attempt) {
            this.game = game;
            this.text = text;
            this.tree = tree;
            this.attempt = attempt;
            this.chess = game.id().equals("chess");
            List<Notation> order = new ArrayList<>(game.notations());
            Notation first = preferred(game, text);
            if (first != null) {
                order.remove(first);
                order.add(0, first);
            }
            this.notations = order.toArray(new Notation[0]);
            this.asciiWidth = new boolean[notations.length];
            for (int i = 0; i < notations.length; i++) {
                asciiWidth[i] = !notations[i].id().equals("chinese");
            }
        }

        void read() {
            ArrayList<Frame> stack = new ArrayList<>();
            Frame f = new Frame(tree.root(), true);
            boolean firstMove = true;
            for (int i = 0, n = text.size(); i < n; i++) {
                byte kind = text.kind(i);
                switch (kind) {
                    case PgnGameText.MOVE -> {
                        // Everything about one move, a failed one and the skipped rest of its line
                        // too, is decided in play: this loop, compiled once a file has run a while,
                        // then has no branch that only a broken game takes (a branch never taken is
                        // compiled as a trap, and the first broken game of a clean file sent this
                        // method back to the interpreter to be compiled again).
                        f.node = play(f.node, text.text(i), text.value(i) == PgnGameText.ASCII, text.line(i), f, firstMove);
                        firstMove = false;
                    }
                    case PgnGameText.COMMENT -> {
                        if (f.dead) {
                            continue;
                        }
                        String c = text.text(i);
                        if (f.hasMove || f.main) {
                            // After a move, or before the first move of the game (the root's comment).
                            comment(f.node, c);
                        } else {
                            f.startComment = f.startComment == null ? new StringBuilder(c) : f.startComment.append(' ').append(c);
                        }
                    }
                    case PgnGameText.NAG -> {
                        if (f.dead) {
                            continue;
                        }
                        if (f.hasMove) {
                            List<Integer> nags = new ArrayList<>(f.node.nags());
                            nags.add(text.value(i));
                            f.node.setNags(nags);
                        } else {
                            warn(text.line(i), "pgn.nag.before.move", text.value(i));
                        }
                    }
                    case PgnGameText.OPEN -> {
                        stack.add(f);
                        Frame v;
                        if (f.dead) {
                            v = new Frame(f.node, false);
                            v.dead = true;
                        } else if (!f.hasMove || f.node.isRoot()) {
                            error(text.line(i), "pgn.variation.before.move");
                            v = new Frame(f.node, false);
                            v.dead = true;
                        } else {
                            // A variation replaces the last move of the line it stands in.
                            v = new Frame(f.node.parent().orElseThrow(), false);
                        }
                        f = v;
                    }
                    case PgnGameText.CLOSE -> {
                        if (!stack.isEmpty()) {
                            f = stack.remove(stack.size() - 1);
                        }
                    }
                    default -> {
                        // RESULT: only the one at the end counts; see settleResult.
                    }
                }
            }
        }

        /**
         * The node after {@code token} is played on {@code before} in the line {@code f}, and the line
         * updated; {@code before} itself when the line is dead (a move failed earlier) or this move
         * fails, which is reported and kills the line. One method, too big to be inlined into
         * {@link #read}: the first broken move of a file is a branch the compiled code has never
         * taken, and the trap it meets sends only this method back to be compiled again.
         */
        private GameNode play(GameNode before, String token, boolean ascii, long line, Frame f, boolean firstMove) {
            if (f.dead) {
                return before;
            }
            Position pos = before.position();
            if (isNullMove(token)) {
                GameNode child = nullMove(before, line);
                return child != null ? moved(child, f) : failed(before, f, firstMove);
            }
            String t = token;
            if (chess && t.length() >= 3 && t.charAt(0) == '0' && t.charAt(1) == '-' && t.charAt(2) == '0') {
                // 0-0 and 0-0-0, as the typewriters wrote them
                t = t.replace('0', 'O');
            }
            MoveParseException failure = null;
            for (int k = 0; k < notations.length; k++) {
                Notation nt = notations[k];
                String arg = asciiWidth[k] && !ascii ? PgnTokens.normalizeWidth(t) : t;
                try {
                    Move m = nt.parse(pos, arg);
                    if (k > 0) {
                        // The game is written in this notation: try it first from now on.
                        System.arraycopy(notations, 0, notations, 1, k);
                        notations[0] = nt;
                        boolean w = asciiWidth[k];
                        System.arraycopy(asciiWidth, 0, asciiWidth, 1, k);
                        asciiWidth[0] = w;
                    }
                    return moved(before.addChild(m), f);
                } catch (NotAMoveException e) {
                    if (failure == null) {
                        failure = e;
                    }
                } catch (MoveParseException e) {
                    // The notation read it as its own move: illegal or ambiguous here, no use asking others.
                    failure = e;
                    break;
                } catch (IllegalArgumentException e) {
                    failure = null;
                    break;
                }
            }
            Side side = pos.sideToMove();
            int number = pos.fullmoveNumber();
            error(line, "pgn.move.unreadable", token, sideText(side), number + (side == Side.WHITE ? "." : "..."),
                    failure != null ? failure.text() : FormatMessages.text("pgn.move.rejected", token));
            return failed(before, f, firstMove);
        }

        /** {@code child}, the line {@code f} having gone on to it. */
        private GameNode moved(GameNode child, Frame f) {
            if (f.startComment != null) {
                child.setStartingComment(f.startComment.toString());
                f.startComment = null;
            }
            f.hasMove = true;
            if (f.main) {
                attempt.plies++;
            }
            return child;
        }

        /** {@code before}, the line {@code f} being dead from its move that failed there. */
        private GameNode failed(GameNode before, Frame f, boolean firstMove) {
            f.dead = true;
            if (firstMove) {
                attempt.firstMoveFailed = true;
            }
            return before;
        }

        private GameNode nullMove(GameNode before, long line) {
            Position pos = before.position();
            Optional<Position> passed = NullMoves.pass(game, pos);
            if (passed.isEmpty()) {
                error(line, "pgn.move.null.impossible", sideText(pos.sideToMove()));
                return null;
            }
            return before.addNullMove(passed.get());
        }

        private org.kibitz.api.i18n.Text sideText(Side side) {
            return FormatMessages.text(side == Side.BLACK ? "side.black" : chess ? "side.white" : "side.red");
        }

        private void comment(GameNode node, String c) {
            PgnComments.apply(node, c);
        }

        private void error(long line, String key, Object... args) {
            attempt.problems.add(FormatMessages.error(source, text.number, Location.line(line), key, args));
        }

        private void warn(long line, String key, Object... args) {
            attempt.problems.add(FormatMessages.warning(source, text.number, Location.line(line), key, args));
        }
    }

    static boolean isNullMove(String token) {
        char c = token.charAt(0);
        if (c != '-' && c != 'Z' && c != '0' && c != '@' && c != 'n' && c != 'p') {
            return false; // the common case, without hashing the token
        }
        return switch (token) {
            case "--", "Z0", "0000", "@@@@", "null", "pass" -> true;
            default -> false;
        };
    }

    /** The notation a game's moves are written in, from a {@code [Format]} tag or the first move's shape. */
    private static Notation preferred(GamePlugin game, PgnGameText text) {
        String format = text.tag("Format");
        if (format != null) {
            Optional<Notation> n = game.notation(format.strip().toLowerCase(java.util.Locale.ROOT));
            if (n.isPresent()) {
                return n.get();
            }
        }
        String first = text.firstMove();
        if (first == null) {
            return null;
        }
        String t = PgnTokens.normalizeWidth(first);
        if (PgnTokens.isChineseMove(first)) {
            return game.notation("chinese").orElse(null);
        }
        if (PgnTokens.isCoordinates(t)) {
            return game.coordinateNotation();
        }
        if (PgnTokens.isWxf(t) && game.notation("wxf").isPresent()) {
            return game.notation("wxf").get();
        }
        return null;
    }
}
