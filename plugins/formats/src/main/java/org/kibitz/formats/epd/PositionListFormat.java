package org.kibitz.formats.epd;

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

/**
 * A list of positions, one per line, for chess and xiangqi: FEN and EPD differ only in their name
 * and in whether the writer keeps each line's operations.
 */
abstract class PositionListFormat implements FormatPlugin {

    private final String id;
    private final boolean operations;

    /**
     * @param id         the format's id, also its file extension
     * @param operations whether lines are written with their EPD operations
     */
    PositionListFormat(String id, boolean operations) {
        this.id = id;
        this.operations = operations;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final List<String> extensions() {
        return List.of(id);
    }

    @Override
    public final boolean canRead() {
        return true;
    }

    @Override
    public final boolean canWrite() {
        return true;
    }

    @Override
    public final GameReader reader(InputStream in, ReadContext context) throws IOException {
        return new PositionListReader(LineReader.open(in, context.charset()), context);
    }

    @Override
    public final GameReader readerAt(InputStream in, ReadContext context, GameStart start) {
        return new PositionListReader(LineReader.resume(in, context.charset().or(start::charset), start.offset(), start.line()),
                context, start.gameNumber());
    }

    @Override
    public final GameWriter writer(OutputStream out, WriteContext context) {
        return new PositionListWriter(out, context, operations);
    }
}
