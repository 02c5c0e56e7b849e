package org.kibitz.formats.pgn;

import org.kibitz.api.analysis.Score;
import org.kibitz.api.tree.BestEvaluation;
import org.kibitz.api.tree.GameNode;

/**
 * Comments as PGN (and XQF, whose comments are free text) carry them: text with embedded commands.
 * Reading takes {@code [%eval]}, {@code [%clk]} and the other commands out into the node's fields;
 * writing puts them back in front of the text.
 */
public final class PgnComments {

    private PgnComments() {
    }

    /** Adds a comment read from a file to a node: its commands to their fields, its text after any text already there. */
    public static void apply(GameNode node, String comment) {
        if (comment.isEmpty()) {
            return;
        }
        CommentCommands.Parsed p = CommentCommands.parse(comment);
        if (p.eval() != null) {
            node.setEvalForWhite(p.eval());
        }
        if (p.clock() != null) {
            node.setClock(p.clock());
        }
        if (!p.others().isEmpty()) {
            var all = new java.util.ArrayList<>(node.commands());
            all.addAll(p.others());
            node.setCommands(all);
        }
        if (!p.text().isEmpty()) {
            node.setComment(node.comment().isEmpty() ? p.text() : node.comment() + " " + p.text());
        }
    }

    /**
     * A node's comment as a file stores it: commands first, then the text; empty when there is
     * neither. The {@code [%eval]} is the node's best-founded evaluation ({@link BestEvaluation}):
     * the deepest best line an engine left there, else the file's own; in the lichess convention
     * (pawns from White's/Red's side with two decimals, {@code #N}/{@code #-N} for a mate).
     */
    public static String render(GameNode node) {
        if (node.analysis().isEmpty() && node.evalForWhite().isEmpty() && node.clock().isEmpty() && node.commands().isEmpty()) {
            return node.comment(); // nearly every node: no builder
        }
        Score eval = BestEvaluation.of(node).map(BestEvaluation::forWhite).orElse(null);
        String commands = CommentCommands.format(eval, node.clock().orElse(null), node.commands());
        String text = node.comment();
        return commands.isEmpty() ? text : text.isEmpty() ? commands : commands + " " + text;
    }
}
