package org.kibitz.formats.movetext;

import java.io.IOException;
import java.io.OutputStream;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Side;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.text.TextOutput;

/** Writes each game's main line as numbered text ({@code 1. 炮二平五 马８进７}), after its FEN when it starts from a set-up. */
final class MoveTextWriter implements GameWriter {

    private final TextOutput out;
    private final WriteContext context;
    private boolean first = true;

    MoveTextWriter(OutputStream out, WriteContext context) {
        this.out = TextOutput.open(out, context.charset());
        this.context = context;
    }

    @Override
    public void write(GameTree game) throws IOException {
        GamePlugin plugin = context.games().byId(game.gameId())
                .orElseThrow(() -> new IOException("no rules for " + game.gameId()));
        StringBuilder sb = new StringBuilder();
        if (!first) {
            sb.append('\n');
        }
        first = false;
        sb.append(text(game, plugin, context.notation().orElse(game.gameId().equals("xiangqi") ? "chinese" : "san")));
        out.write(sb);
    }

    /** The main line as numbered text, one move pair a line, the result last. */
    static String text(GameTree game, GamePlugin plugin, String notationId) throws IOException {
        Notation n = plugin.notation(notationId).orElseThrow(() -> new IOException("no notation " + notationId + " for " + plugin.id()));
        StringBuilder sb = new StringBuilder();
        if (!game.startPosition().fen().equals(plugin.startPosition().fen())) {
            sb.append(game.startPosition().fen()).append('\n');
        }
        boolean lineOpen = false;
        for (GameNode node : game.mainline()) {
            var move = node.move().orElse(null);
            if (move == null || move.isNull()) {
                break;
            }
            var before = node.positionBefore();
            if (before.sideToMove() == Side.WHITE) {
                if (lineOpen) {
                    sb.append('\n');
                }
                sb.append(before.fullmoveNumber()).append(". ");
                lineOpen = true;
            } else if (!lineOpen) {
                sb.append(before.fullmoveNumber()).append(". … ");
                lineOpen = true;
            } else {
                sb.append(' ');
            }
            n.formatTo(before, move, sb);
            if (before.sideToMove() == Side.BLACK) {
                sb.append('\n');
                lineOpen = false;
            }
        }
        if (lineOpen) {
            sb.append('\n');
        }
        String result = game.tags().getOrDefault("Result", "*");
        if (!result.equals("*")) {
            sb.append(result).append('\n');
        }
        return sb.toString();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
