package org.kibitz.formats.movetext;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.WriteContext;

/**
 * A plain text move list as players paste it in a chat or a forum: Chinese
 * ({@code 1. 炮二平五 马８进７}), WXF ({@code C2.5 h8+7}) or ICCS ({@code h2e2 h9g7}), numbered or not,
 * with full-width digits, maybe after a FEN. Text that turns out to be a DhtmlXQ block or a PGN is
 * read as such, so that one reader takes whatever is pasted. Writes the main line, numbered, in
 * Chinese unless another notation is asked for.
 */
public final class MoveTextFormat implements FormatPlugin {

    @Override
    public String id() {
        return "text";
    }

    @Override
    public List<String> extensions() {
        return List.of("txt");
    }

    @Override
    public boolean holds(String gameId) {
        return gameId.equals("xiangqi");
    }

    @Override
    public boolean canRead() {
        return true;
    }

    @Override
    public boolean canWrite() {
        return true;
    }

    @Override
    public GameReader reader(InputStream in, ReadContext context) {
        return new MoveTextReader(in, context);
    }

    @Override
    public List<String> tagsNotKept(org.kibitz.api.tree.GameTree game) {
        return game.tags().asMap().entrySet().stream()
                .filter(e -> !e.getValue().isEmpty() && !List.of("Result", "Game", "FEN", "SetUp").contains(e.getKey()))
                .map(java.util.Map.Entry::getKey).toList();
    }

    @Override
    public GameWriter writer(OutputStream out, WriteContext context) {
        return new MoveTextWriter(out, context);
    }
}
