package org.kibitz.formats.ccbridge;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.WriteContext;

/**
 * CCBridge (象棋桥) files, read only: {@code .cbr} one game and {@code .cbl} a library of games
 * (binary, text in UTF-16LE), {@code .cbf} one game in XML. The reader tells them apart by their
 * first bytes, whatever the file is called.
 */
public final class CcBridgeFormat implements FormatPlugin {

    static final byte[] RECORD_MAGIC = "CCBridge Record\0".getBytes(StandardCharsets.US_ASCII);
    static final byte[] LIBRARY_MAGIC = "CCBridgeLibrary\0".getBytes(StandardCharsets.US_ASCII);

    @Override
    public String id() {
        return "ccbridge";
    }

    @Override
    public List<String> extensions() {
        return List.of("cbr", "cbl", "cbf");
    }

    @Override
    public boolean recognizes(byte[] head) {
        return startsWith(head, RECORD_MAGIC) || startsWith(head, LIBRARY_MAGIC)
                || new String(head, StandardCharsets.ISO_8859_1).contains("<ChineseChessRecord");
    }

    static boolean startsWith(byte[] b, byte[] magic) {
        if (b.length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (b[i] != magic[i]) {
                return false;
            }
        }
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
        return false;
    }

    @Override
    public GameReader reader(InputStream in, ReadContext context) {
        return new CcBridgeReader(in, context);
    }

    @Override
    public GameWriter writer(OutputStream out, WriteContext context) throws IOException {
        out.close();
        throw new IOException("CCBridge files are read, not written: write PGN, XQF or DhtmlXQ");
    }
}
