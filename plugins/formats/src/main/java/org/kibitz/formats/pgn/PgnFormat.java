package org.kibitz.formats.pgn;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameStart;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.WriteContext;
import org.kibitz.formats.text.LineReader;

/** PGN for chess and xiangqi: tags, comments, NAGs, variations, embedded commands; any encoding in, UTF-8 out by default. */
public final class PgnFormat implements FormatPlugin {

    @Override
    public String id() {
        return "pgn";
    }

    @Override
    public List<String> extensions() {
        return List.of("pgn");
    }

    /** A file that opens (after a byte-order mark and blank space) with a tag: {@code [Name "}. */
    @Override
    public boolean recognizes(byte[] head) {
        int i = 0;
        if (head.length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF) {
            i = 3;
        }
        while (i < head.length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) {
            i++;
        }
        if (i >= head.length || head[i] != '[') {
            return false;
        }
        int j = i + 1;
        while (j < head.length && Character.isLetterOrDigit(head[j]) || j < head.length && head[j] == '_') {
            j++;
        }
        if (j == i + 1) {
            return false;
        }
        while (j < head.length && head[j] == ' ') {
            j++;
        }
        return j < head.length && head[j] == '"';
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
    public GameReader reader(InputStream in, ReadContext context) throws IOException {
        return new PgnGameReader(new PgnScanner(LineReader.open(in, context.charset()), context.source()), context);
    }

    /** Starts at a game a listing pass found: the stream is at its line. */
    @Override
    public GameReader readerAt(InputStream in, ReadContext context, GameStart start) throws IOException {
        LineReader lines = LineReader.resume(in, context.charset().or(start::charset), start.offset(), start.line());
        PgnScanner scanner = new PgnScanner(lines, context.source());
        scanner.resumeAt(start.gameNumber(), start.column());
        return new PgnGameReader(scanner, context);
    }

    @Override
    public GameWriter writer(OutputStream out, WriteContext context) {
        return new PgnGameWriter(out, context);
    }
}
