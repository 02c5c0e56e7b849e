package org.kibitz.formats.pgn;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.formats.FormatMessages;

/** Reads PGN games one at a time: the scanner cuts the text, the builder reads the moves. */
final class PgnGameReader implements GameReader {

    private final PgnScanner scanner;
    private final PgnGameBuilder builder;
    private final String source;

    PgnGameReader(PgnScanner scanner, ReadContext context) {
        this.scanner = scanner;
        this.builder = new PgnGameBuilder(context);
        this.source = context.source();
    }

    @Override
    public ReadResult next() throws IOException {
        PgnGameText text = scanner.next();
        return text == null ? null : build(builder, text, source);
    }

    /** Builds one game; a failure inside a rules module costs that game only. */
    static ReadResult build(PgnGameBuilder builder, PgnGameText text, String source) {
        try {
            return builder.build(text);
        } catch (RuntimeException e) {
            return new ReadResult(text.number, Optional.empty(), List.of(FormatMessages.error(source, text.number,
                    Location.line(text.firstLine), "pgn.game.failed", String.valueOf(e))));
        }
    }

    @Override
    public void close() throws IOException {
        scanner.close();
    }
}
