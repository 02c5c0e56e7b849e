package org.kibitz.formats.dhtmlxq;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.WriteContext;

/**
 * DhtmlXQ, the UBB block that Chinese xiangqi web sites and forums post games in
 * ({@code [DhtmlXQ]...[DhtmlXQ_movelist]7747...[/DhtmlXQ]}): tags, a set-up position, the main
 * line, variations and comments. A file holds one block per game; a block pasted from a web page
 * (with the HTML around it) reads as well.
 */
public final class DhtmlXqFormat implements FormatPlugin {

    @Override
    public String id() {
        return "dhtmlxq";
    }

    @Override
    public List<String> extensions() {
        return List.of("ubb", "dhtmlxq");
    }

    @Override
    public boolean recognizes(byte[] head) {
        String s = new String(head, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
        return s.contains("[dhtmlxq");
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
        return new DhtmlXqReader(in, context);
    }

    @Override
    public List<String> tagsNotKept(org.kibitz.api.tree.GameTree game) {
        return DhtmlXqWriter.tagsNotKept(game);
    }

    @Override
    public GameWriter writer(OutputStream out, WriteContext context) {
        return new DhtmlXqWriter(out, context);
    }
}
