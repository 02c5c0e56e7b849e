package org.kibitz.formats.epd;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.WriteContext;
import org.kibitz.formats.text.LineReader;

/** EPD: positions with their operations ({@code bm}, {@code id}, {@code D1}...), one per line, for chess and xiangqi. */
public final class EpdFormat implements FormatPlugin {

    @Override
    public String id() {
        return "epd";
    }

    @Override
    public List<String> extensions() {
        return List.of("epd");
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
        return new PositionListReader(LineReader.open(in, context.charset()), context);
    }

    @Override
    public GameWriter writer(OutputStream out, WriteContext context) {
        return new PositionListWriter(out, context, true);
    }
}
