package org.kibitz.formats.pgn;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import java.util.Optional;
import org.kibitz.api.analysis.NodeAnalysis;
import org.kibitz.api.tree.BestEvaluation;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.api.tree.Tags;
import org.kibitz.formats.text.TextOutput;

/**
 * Writes games in PGN's export format: the tag roster first, {@code [SetUp]}/{@code [FEN]} when
 * the game starts from a set-up position, then the movetext with every variation, comment, NAG and
 * {@code [%eval]}/{@code [%clk]} command, in lines of at most 79 characters. Xiangqi games get
 * {@code [Game "Chinese Chess"]} and Red/Black tags, as xiangqi programs expect.
 */
final class PgnGameWriter implements GameWriter {

    private static final List<String> XIANGQI_ROSTER = List.of("Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result");

    private final TextOutput out;
    private final WriteContext context;
    private final StringBuilder sb = new StringBuilder(8192);

    PgnGameWriter(OutputStream out, WriteContext context) {
        this.out = TextOutput.open(out, context.charset());
        this.context = context;
    }

    @Override
    public void write(GameTree game) throws IOException {
        sb.setLength(0);
        format(game, context, sb);
        out.write(sb);
    }

    /** The game as PGN text, ending with a blank line. */
    static void format(GameTree game, WriteContext context, StringBuilder sb) throws IOException {
        GamePlugin plugin = context.games().byId(game.gameId())
                .orElseThrow(() -> new IOException("no rules for game " + game.gameId()));
        Notation notation = notationFor(plugin, context);
        String result = game.result().pgn();
        writeTags(game, plugin, notation, result, sb);
        sb.append('\n');
        MovetextLayout layout = new MovetextLayout(sb);
        new Movetext(notation, layout, context.engineLines()).line(game.root(), true, true);
        layout.token(result);
        layout.end();
        sb.append('\n');
    }

    /** The notation asked for if this game has it, else the game's own default for files. */
    static Notation notationFor(GamePlugin plugin, WriteContext context) {
        if (context.notation().isPresent()) {
            var n = plugin.notation(context.notation().get());
            if (n.isPresent()) {
                return n.get();
            }
        }
        if (plugin.id().equals("chess")) {
            return plugin.notation("san").orElse(plugin.notations().get(0));
        }
        return plugin.notations().get(0);
    }

    /**
     * The roster first (the seven tags for chess, with their placeholders; for xiangqi the game
     * name, the tags present and the result), then {@code [SetUp]}/{@code [FEN]} when the game
     * starts from a set-up position, then the other tags in the order read.
     *
     * <p>The names and values are gathered first and written by one loop: the JIT inlines the
     * writing (escaping, appending) once instead of at each of the half-dozen places a tag comes
     * from, which made this per-game method the compiler's largest task of a conversion (37 kB of
     * code and 130 ms of C2's time for the Big5 collection; see decision 0010).
     */
    private static void writeTags(GameTree game, GamePlugin plugin, Notation notation, String result, StringBuilder sb) {
        Tags tags = game.tags();
        boolean chess = plugin.id().equals("chess");
        List<String> roster = chess ? Tags.SEVEN_TAG_ROSTER : XIANGQI_ROSTER;
        String[] pairs = new String[2 * (roster.size() + 2 + tags.size())];
        int n = 0;
        for (String name : roster) {
            String value;
            if (name.equals("Result")) {
                value = result;
            } else if (chess) {
                value = tags.getOrDefault(name, name.equals("Date") ? "????.??.??" : "?");
            } else if (name.equals("Game")) {
                value = plugin.id().equals("xiangqi") ? "Chinese Chess" : tags.getOrDefault("Game", plugin.id());
            } else if (name.equals("Red")) {
                // A game made here (a match, play) names its first player White, as chess does; xiangqi
                // readers look for Red.
                value = tags.getOrDefault("Red", tags.getOrDefault("White", null));
            } else {
                value = tags.getOrDefault(name, null);
            }
            if (value != null) {
                pairs[n++] = name;
                pairs[n++] = value;
            }
        }
        Position start = game.startPosition();
        if (tags.contains("FEN") || !start.equals(plugin.startPosition())) {
            // Right after the roster, where readers look for it.
            pairs[n++] = "SetUp";
            pairs[n++] = "1";
            pairs[n++] = "FEN";
            pairs[n++] = start.fen();
        }
        for (Map.Entry<String, String> t : tags.asMap().entrySet()) {
            String name = t.getKey();
            if (roster.contains(name) || name.equals("SetUp") || name.equals("FEN")
                    || (!chess && name.equals("White") && !tags.contains("Red"))) {
                continue;
            }
            pairs[n++] = name;
            pairs[n++] = name.equals("Format") ? formatName(notation) : t.getValue();
        }
        for (int i = 0; i < n; i += 2) {
            tag(sb, pairs[i], pairs[i + 1]);
        }
    }

    private static void tag(StringBuilder sb, String name, String value) {
        sb.append('[').append(name).append(" \"");
        escape(value, sb);
        sb.append("\"]\n");
    }

    private static String formatName(Notation n) {
        return switch (n.id()) {
            case "iccs" -> "ICCS";
            case "wxf" -> "WXF";
            case "chinese" -> "Chinese";
            default -> n.id().toUpperCase(Locale.ROOT);
        };
    }

    private static void escape(String v, StringBuilder sb) {
        int n = v.length();
        int i = 0;
        while (i < n) {
            char ch = v.charAt(i);
            if (ch == '\\' || ch == '"' || ch == '\n' || ch == '\r' || ch == '\t') {
                break;
            }
            i++;
        }
        sb.append(v, 0, i);
        for (; i < n; i++) {
            char ch = v.charAt(i);
            switch (ch) {
                case '\\', '"' -> sb.append('\\').append(ch);
                case '\n', '\r', '\t' -> sb.append(' ');
                default -> sb.append(ch);
            }
        }
    }

    /** Writes a line of moves with its variations, by iteration at any depth. */
    private static final class Movetext {
        private final Notation notation;
        private final MovetextLayout layout;
        private final boolean engineLines;
        /** Each move's text, made here and laid out from here: no string per move. */
        private final StringBuilder moveText = new StringBuilder(16);

        Movetext(Notation notation, MovetextLayout layout, boolean engineLines) {
            this.notation = notation;
            this.layout = layout;
            this.engineLines = engineLines;
        }

        /**
         * Writes the moves after {@code from}: its main child, its variations, and on down the line. By
         * iteration with a stack of open variations, so that any depth the reader accepts is written (a
         * recursion overflowed the stack at some thousands of nested variations).
         */
        void line(GameNode from, boolean root, boolean firstNumber) {
            if (root) {
                String c = PgnComments.render(from);
                if (!c.isEmpty()) {
                    comment(c);
                }
            }
            java.util.ArrayDeque<Line> open = new java.util.ArrayDeque<>();
            open.push(new Line(from, firstNumber, false));
            while (!open.isEmpty()) {
                Line l = open.peek();
                List<GameNode> children = l.node.children();
                if (l.nextVariation == 0) {
                    // At a position: its main move first.
                    if (children.isEmpty()) {
                        open.pop();
                        if (l.variation) {
                            layout.token(")");
                            // The line the variation left goes on with its number.
                            open.peek().number = true;
                        }
                        continue;
                    }
                    l.number = move(children.get(0), l.number);
                    l.nextVariation = 1;
                }
                if (l.nextVariation < children.size()) {
                    GameNode v = children.get(l.nextVariation++);
                    layout.token("(");
                    // Black's reply inside the variation needs no number unless a comment came between.
                    open.push(new Line(v, move(v, true), true));
                    continue;
                }
                if (engineLines && engineLine(l.node)) {
                    l.number = true;
                }
                l.node = children.get(0);
                l.nextVariation = 0;
            }
        }

        /** A line being written: the position it is at, and how far its variations there are written. */
        private static final class Line {
            GameNode node;
            boolean number;
            final boolean variation;
            /** 0: the main move from {@code node} is not written yet; else the next variation's index. */
            int nextVariation;

            Line(GameNode node, boolean number, boolean variation) {
                this.node = node;
                this.number = number;
                this.variation = variation;
            }
        }

        /** Writes one move with its annotations; returns whether the next move needs its number. */
        private boolean move(GameNode node, boolean forceNumber) {
            boolean number = forceNumber;
            if (!node.startingComment().isEmpty()) {
                comment(node.startingComment());
                number = true;
            }
            Position before = node.positionBefore();
            Move move = node.move().orElseThrow();
            boolean white = before.sideToMove() == Side.WHITE;
            if (white || number) {
                layout.number(before.fullmoveNumber(), !white);
            }
            if (move.isNull()) {
                layout.token("--");
            } else {
                moveText.setLength(0);
                notation.formatTo(before, move, moveText);
                layout.token(moveText);
            }
            List<Integer> nags = node.nags();
            for (int i = 0, n = nags.size(); i < n; i++) {
                layout.nag(nags.get(i));
            }
            String comment = PgnComments.render(node);
            if (!comment.isEmpty()) {
                comment(comment);
                return true;
            }
            return false;
        }

        /**
         * The best line an engine left in {@code node}, as a variation of its main continuation,
         * opened by a comment naming the engine and depth; false when there is none.
         */
        private boolean engineLine(GameNode node) {
            Optional<NodeAnalysis> best = BestEvaluation.bestLine(node, "");
            if (best.isEmpty() || best.get().pv().isEmpty()) {
                return false;
            }
            NodeAnalysis a = best.get();
            Position p = node.position();
            if (!p.isLegal(a.pv().get(0))) {
                return false; // a line stored for another position
            }
            layout.token("(");
            comment(a.engine() + " d" + a.depth());
            boolean number = true;
            for (Move m : a.pv()) {
                if (!p.isLegal(m)) {
                    break;
                }
                boolean white = p.sideToMove() == Side.WHITE;
                if (white || number) {
                    layout.number(p.fullmoveNumber(), !white);
                }
                number = false;
                layout.token(notation.format(p, m));
                p = p.play(m);
            }
            layout.token(")");
            return true;
        }

        private void comment(String text) {
            // A brace cannot stand inside a brace comment; PGN has no escape for it.
            layout.comment("{" + text.replace('}', ')') + "}");
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
