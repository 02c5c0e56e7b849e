package org.kibitz.formats.xqf;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.WriteContext;

/** XQStudio's binary game file (XQF), every version, with the whole variation tree. One game per file. */
public final class XqfFormat implements FormatPlugin {

    @Override
    public String id() {
        return "xqf";
    }

    @Override
    public List<String> extensions() {
        return List.of("xqf");
    }

    @Override
    public boolean recognizes(byte[] head) {
        return head.length >= 3 && head[0] == 'X' && head[1] == 'Q' && (head[2] & 0xFF) <= 0x20;
    }

    @Override
    public boolean oneGamePerFile() {
        return true;
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
        return new XqfReader(in, context);
    }

    @Override
    public List<String> tagsNotKept(org.kibitz.api.tree.GameTree game) {
        return XqfWriter.tagsNotKept(game);
    }

    @Override
    public GameWriter writer(OutputStream out, WriteContext context) {
        return new XqfWriter(out, context);
    }
}
