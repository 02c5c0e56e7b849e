package org.kibitz.formats.epd;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.util.Map;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameTree;

/**
 * Writes one position per game: the end of its main line (the position itself for a game read
 * from a list). As FEN: the whole FEN. As EPD: the four position fields, then the game's tags that
 * are EPD operations (opcodes such as {@code bm}, {@code id}, {@code c0}, {@code D1}; not PGN tags
 * such as {@code Event} or {@code WhiteElo}).
 */
final class PositionListWriter implements GameWriter {

    private final Writer out;
    private final boolean epd;

    PositionListWriter(OutputStream out, WriteContext context, boolean epd) {
        this.out = new BufferedWriter(new OutputStreamWriter(out, context.charset()), 1 << 16);
        this.epd = epd;
    }

    @Override
    public void write(GameTree game) throws IOException {
        Position p = game.mainlineEnd().position();
        String fen = p.fen();
        if (!epd) {
            out.write(fen);
            out.write('\n');
            return;
        }
        String[] f = fen.split(" ");
        StringBuilder sb = new StringBuilder(fen.length() + 32);
        sb.append(f[0]);
        for (int i = 1; i < Math.min(4, f.length); i++) {
            sb.append(' ').append(f[i]);
        }
        for (Map.Entry<String, String> t : game.tags().asMap().entrySet()) {
            if (isOperation(t.getKey())) {
                sb.append(' ').append(EpdLine.format(t.getKey(), t.getValue()));
            }
        }
        sb.append('\n');
        out.append(sb);
    }

    /** EPD opcodes are lower case or a capital and digits ({@code D1}); PGN tag names are words in capitals. */
    static boolean isOperation(String name) {
        if (name.isEmpty() || name.equals("ECO") || name.equals("FEN") || name.equals("ECCO")) {
            return false;
        }
        char a = name.charAt(0);
        if (Character.isLowerCase(a)) {
            return true;
        }
        return name.length() > 1 && Character.isUpperCase(a) && !Character.isLowerCase(name.charAt(1))
                && name.chars().skip(1).allMatch(ch -> Character.isDigit(ch) || Character.isUpperCase(ch) || ch == '_');
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
