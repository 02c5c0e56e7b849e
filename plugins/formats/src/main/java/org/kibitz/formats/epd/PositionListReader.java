package org.kibitz.formats.epd;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.GameReader;
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
        this.lines = lines;
        this.context = context;
    }

    @Override
    public ReadResult next() throws IOException {
        while (lines.next()) {
            String text = lines.text().strip();
            if (text.isEmpty() || text.startsWith("#") || text.startsWith("%")) {
                continue;
            }
            int number = ++count;
            Location where = Location.line(lines.lineNumber());
            List<FormatProblem> problems = new ArrayList<>(0);
            EpdLine line = EpdLine.parse(text);
            if (line == null) {
                problems.add(FormatMessages.error(context.source(), number, where, "epd.fields", text));
                return new ReadResult(number, Optional.empty(), problems);
            }
            Position position = null;
            FenException failure = null;
            for (GamePlugin g : candidates(line.board())) {
                try {
                    position = g.parseFen(line.fen());
                    break;
                } catch (FenException e) {
                    if (failure == null) {
                        failure = e;
                    }
                }
            }
            if (position == null) {
                problems.add(FormatMessages.error(context.source(), number, where, "epd.fen.invalid",
                        failure != null ? failure.text() : FormatMessages.text("pgn.no.games")));
                return new ReadResult(number, Optional.empty(), problems);
            }
            GameTree tree = new GameTree(position);
            for (EpdLine.Operation op : line.operations()) {
                if (op.opcode().isEmpty()) {
                    problems.add(FormatMessages.warning(context.source(), number, where, "epd.operation"));
                } else {
                    tree.tags().put(op.opcode(), op.operands());
                }
            }
            return new ReadResult(number, Optional.of(tree), problems);
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
