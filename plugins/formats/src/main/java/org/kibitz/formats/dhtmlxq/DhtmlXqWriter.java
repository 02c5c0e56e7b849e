package org.kibitz.formats.dhtmlxq;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Square;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.pgn.PgnComments;
import org.kibitz.formats.text.TextOutput;

/**
 * Writes games as DhtmlXQ blocks, one per game: tags, the set-up position ({@code binit}), the main
 * line, every variation as a {@code move_parent_step_id} branch, and the comments.
 */
final class DhtmlXqWriter implements GameWriter {

    private final TextOutput out;
    private boolean first = true;

    DhtmlXqWriter(OutputStream out, WriteContext context) {
        this.out = TextOutput.open(out, context.charset());
    }

    @Override
    public void write(GameTree game) throws IOException {
        if (!game.gameId().equals("xiangqi")) {
            throw new IOException("DhtmlXQ holds xiangqi games only, not " + game.gameId());
        }
        StringBuilder sb = new StringBuilder(1024);
        if (!first) {
            sb.append('\n');
        }
        first = false;
        sb.append(text(game));
        out.write(sb);
    }

    /** One game as a DhtmlXQ block, lines ending in {@code \n}. */
    static String text(GameTree game) {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("[DhtmlXQ]\n");
        Map<String, String> tags = game.tags().asMap();
        String title = tags.getOrDefault("Title", tags.getOrDefault("Event", ""));
        field(sb, "title", title);
        for (Map.Entry<String, String> e : DhtmlXqFields.TAGS) {
            String field = e.getKey();
            if (field.equals("title")) {
                continue;
            }
            String value = tags.get(e.getValue());
            if (field.equals("red") && value == null) {
                value = tags.get("White");
            }
            if (field.equals("result")) {
                value = DhtmlXqFields.resultWords(tags.getOrDefault("Result", "*"));
            }
            if (value != null && !value.isEmpty() && !value.equals("?") && !value.equals("????.??.??")) {
                field(sb, field, value);
            }
        }
        for (Map.Entry<String, String> t : tags.entrySet()) {
            if (t.getKey().startsWith("DhtmlXQ_")) {
                field(sb, t.getKey().substring("DhtmlXQ_".length()), t.getValue());
            }
        }
        field(sb, "binit", binit(game));
        // Branches depth first: the main line is branch 0 (the movelist); every alternative starts a new one.
        List<String> branchFields = new ArrayList<>();
        List<String> commentFields = new ArrayList<>();
        String start = game.root().startingComment();
        String rendered = PgnComments.render(game.root());
        String opening = start.isEmpty() ? rendered : rendered.isEmpty() ? start : start + " " + rendered;
        if (!opening.isEmpty()) {
            commentFields.add(comment(0, 0, opening));
        }
        int[] nextId = {1};
        StringBuilder main = new StringBuilder();
        branch(game.root(), 0, main, branchFields, commentFields, nextId);
        field(sb, "movelist", main.toString());
        for (String f : branchFields) {
            sb.append(f);
        }
        for (String f : commentFields) {
            sb.append(f);
        }
        sb.append("[/DhtmlXQ]\n");
        return sb.toString();
    }

    /**
     * Writes the line that continues from {@code from} along first children into {@code moves} as branch
     * {@code id}, and each alternative met on the way as a branch of its own (after this one's field).
     */
    private static void branch(GameNode from, int id, StringBuilder moves, List<String> branchFields,
                               List<String> commentFields, int[] nextId) {
        // Iterative along the line; alternatives recurse (their depth is the nesting of variations).
        GameNode node = from;
        List<Runnable> later = new ArrayList<>();
        while (!node.children().isEmpty()) {
            List<GameNode> children = node.children();
            GameNode next = children.get(0);
            if (!append(moves, next)) {
                break;
            }
            comment(next, id, commentFields);
            for (int i = 1; i < children.size(); i++) {
                GameNode alt = children.get(i);
                int parentId = id;
                later.add(() -> {
                    StringBuilder altMoves = new StringBuilder();
                    if (!append(altMoves, alt)) {
                        return;
                    }
                    int altId = nextId[0]++;
                    comment(alt, altId, commentFields);
                    int index = branchFields.size();
                    branchFields.add(null);
                    branch(alt, altId, altMoves, branchFields, commentFields, nextId);
                    branchFields.set(index, "[DhtmlXQ_move_" + parentId + "_" + alt.ply() + "_" + altId + "]" + altMoves
                            + "[/DhtmlXQ_move_" + parentId + "_" + alt.ply() + "_" + altId + "]\n");
                });
            }
            node = next;
        }
        later.forEach(Runnable::run);
    }

    private static void comment(GameNode node, int branch, List<String> commentFields) {
        String c = PgnComments.render(node);
        if (!c.isEmpty()) {
            commentFields.add(comment(branch, node.ply(), c));
        }
    }

    private static String comment(int branch, int ply, String text) {
        String name = branch == 0 ? "comment" + ply : "comment" + branch + "_" + ply;
        return "[DhtmlXQ_" + name + "]" + escape(text).replace("\r\n", "\n").replace("\n", "||") + "[/DhtmlXQ_" + name + "]\n";
    }

    /** Appends a node's move as four digits; false for a null move, which DhtmlXQ cannot hold. */
    private static boolean append(StringBuilder moves, GameNode node) {
        Move m = node.move().orElse(null);
        if (m == null || m.isNull()) {
            return false;
        }
        square(moves, m.from());
        square(moves, m.to());
        return true;
    }

    private static void square(StringBuilder sb, Square s) {
        sb.append((char) ('0' + s.file())).append((char) ('0' + (9 - s.rank())));
    }

    /** The 32 piece slots: two digits a piece, {@code 99} for one that is not on the board. */
    static String binit(GameTree game) {
        String[] slots = new String[32];
        for (Map.Entry<Square, Piece> e : game.startPosition().pieces().entrySet()) {
            Piece p = e.getValue();
            char type = Character.toUpperCase(p.fenLetter());
            type = type == 'E' ? 'B' : type == 'H' ? 'N' : type;
            int base = Character.isUpperCase(p.fenLetter()) ? 0 : 16;
            for (int i = 0; i < 16; i++) {
                if (DhtmlXqFields.SLOTS.charAt(i) == type && slots[base + i] == null) {
                    StringBuilder sq = new StringBuilder(2);
                    square(sq, e.getKey());
                    slots[base + i] = sq.toString();
                    break;
                }
            }
        }
        StringBuilder sb = new StringBuilder(64);
        for (String s : slots) {
            sb.append(s == null ? "99" : s);
        }
        return sb.toString();
    }

    private static void field(StringBuilder sb, String name, String value) {
        sb.append("[DhtmlXQ_").append(name).append(']').append(escape(value)).append("[/DhtmlXQ_").append(name).append("]\n");
    }

    /** A value must not close its field early: a bracket that would start a DhtmlXQ tag is written full-width. */
    private static String escape(String value) {
        return value.replace("[/DhtmlXQ", "［/DhtmlXQ").replace("[DhtmlXQ", "［DhtmlXQ");
    }

    /** Tags a DhtmlXQ block has no field for (the Game tag and White, which it knows from the format, are not counted). */
    static List<String> tagsNotKept(GameTree game) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> t : game.tags().asMap().entrySet()) {
            String k = t.getKey();
            if (t.getValue().isEmpty() || k.equals("Game") || k.equals("Title") || k.startsWith("DhtmlXQ_")
                    || DhtmlXqFields.fieldFor(k).isPresent() || k.equals("White") && !game.tags().contains("Red")
                    || k.equals("FEN") || k.equals("SetUp") || k.equals("Variant")) {
                continue;
            }
            out.add(k);
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
