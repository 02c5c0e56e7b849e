package org.kibitz.formats.epd;

import java.io.IOException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.GameHeader;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameStart;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.FormatMessages;
import org.kibitz.formats.text.LineReader;

/**
 * Reads a list of positions, one per line (FEN, or EPD with its operations), each as a game with no
 * moves whose tags are the line's operations. Blank lines and lines starting with {@code #} are
 * skipped. The game of each line is told by its board (ten ranks for xiangqi), or {@code --game}.
 */
final class PositionListReader implements GameReader {

    private final LineReader lines;
    private final ReadContext context;
    private int count;

    PositionListReader(LineReader lines, ReadContext context) {
        this(lines, context, 1);
    }

    /** A reader whose first line is position {@code firstNumber} of its file. */
    PositionListReader(LineReader lines, ReadContext context, int firstNumber) {
        this.lines = lines;
        this.context = context;
        this.count = firstNumber - 1;
    }

    @Override
    public ReadResult next() throws IOException {
        Line l = line();
        if (l == null) {
            return null;
        }
        if (l.position == null) {
            return new ReadResult(l.number, Optional.empty(), l.problems);
        }
        GameTree tree = new GameTree(l.position);
        l.tags.forEach(tree.tags()::put);
        return new ReadResult(l.number, Optional.of(tree), l.problems);
    }

    /** The line's operations as tags, and where it stands; the FEN is checked, no game is built. */
    @Override
    public GameHeader nextHeader() throws IOException {
        Line l = line();
        if (l == null) {
            return null;
        }
        Optional<GameStart> start = l.offset < 0 ? Optional.empty()
                : Optional.of(new GameStart(l.number, l.offset, l.line, 0, l.charset));
        return new GameHeader(l.number, l.tags, OptionalInt.of(0), l.position != null, l.problems, start);
    }

    @Override
    public boolean skip() throws IOException {
        while (lines.next()) {
            String text = lines.text().strip();
            if (!(text.isEmpty() || text.startsWith("#") || text.startsWith("%"))) {
                count++;
                return true;
            }
        }
        return false;
    }

    /** One position line read: its number, place, position (null when it cannot be read), tags and problems. */
    private static final class Line {
        int number;
        long line;
        long offset = -1;
        Optional<Charset> charset = Optional.empty();
        Position position;
        final Map<String, String> tags = new LinkedHashMap<>();
        final List<FormatProblem> problems = new ArrayList<>(0);
    }

    private Line line() throws IOException {
        while (lines.next()) {
            String text = lines.text().strip();
            if (text.isEmpty() || text.startsWith("#") || text.startsWith("%")) {
                continue;
            }
            Line out = new Line();
            out.number = ++count;
            out.line = lines.lineNumber();
            if (lines.seekable()) {
                out.offset = lines.lineOffset();
                out.charset = lines.charset();
            }
            int number = out.number;
            Location where = Location.line(out.line);
            EpdLine line = EpdLine.parse(text);
            if (line == null) {
                out.problems.add(FormatMessages.error(context.source(), number, where, "epd.fields", text));
                return out;
            }
            FenException failure = null;
            for (GamePlugin g : candidates(line.board())) {
                try {
                    out.position = g.parseFen(line.fen());
                    break;
                } catch (FenException e) {
                    if (failure == null) {
                        failure = e;
                    }
                }
            }
            if (out.position == null) {
                out.problems.add(FormatMessages.error(context.source(), number, where, "epd.fen.invalid",
                        failure != null ? failure.text() : FormatMessages.text("pgn.no.games")));
                return out;
            }
            for (EpdLine.Operation op : line.operations()) {
                if (op.opcode().isEmpty()) {
                    out.problems.add(FormatMessages.warning(context.source(), number, where, "epd.operation"));
                } else {
                    out.tags.put(op.opcode(), op.operands());
                }
            }
            return out;
        }
        return null;
    }

    /** The games to try for a board: the one with as many ranks first, then the user's choice, then the rest. */
    private List<GamePlugin> candidates(String board) {
        long ranks = board.chars().filter(ch -> ch == '/').count() + 1;
        List<GamePlugin> out = new ArrayList<>();
        for (GamePlugin g : context.games().all()) {
            if (g.geometry().ranks() == ranks) {
                out.add(g);
            }
        }
        context.gameHint().flatMap(context.games()::byId).filter(g -> !out.contains(g)).ifPresent(out::add);
        for (GamePlugin g : context.games().all()) {
            if (!out.contains(g)) {
                out.add(g);
            }
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
