package org.kibitz.formats.ccbridge;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
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
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.formats.FormatMessages;
import org.kibitz.formats.pgn.PgnComments;

/**
 * Reads CCBridge files. A record ({@code .cbr}, or one in a library) is little-endian:
 * <ul>
 * <li>0: {@code CCBridge Record\0}; 180: title, 692: event, 1076: Red, 1300: Black (UTF-16LE, NUL-ended,
 *     128/64/64/64 bytes); 2076: result (0 unknown, 1 Red wins, 2 Black wins, 3 and 4 draw);
 *     2116: side to move (16 bits, 1 Red); 2120: the board, 90 bytes, row by row from Black's back rank,
 *     left to right as Red sees it, pieces 0x11..0x17 Red R N B A K C P and 0x21..0x27 Black;</li>
 * <li>2214: a 32-bit flag, when not zero followed by a 32-bit byte length and the opening comment;</li>
 * <li>then move records depth first, as XQF's: mark, unused, from, to (squares as row*9+column),
 *     mark bit 0 = this line ends here, bit 1 = an alternative to this move follows the subtree
 *     after it, bit 2 = a 32-bit length and a comment follow. Four zero bytes end the tree.</li>
 * </ul>
 * A library ({@code .cbl}) starts {@code CCBridgeLibrary\0}, its game count at 60 and its name at 64
 * (512 bytes); its records sit in 4096-byte blocks, a record that does not fit spilling into the
 * next blocks.
 */
final class CcBridgeReader implements GameReader {

    static final int MAX_SIZE = 512 << 20;
    static final int BLOCK = 4096;
    static final int RECORD_HEADER = 2214;
    private static final String PIECES = "RNBAKCP";

    private final InputStream in;
    private final ReadContext context;
    private byte[] data;
    private boolean xml;
    /** Offsets of the records still to read. */
    private final ArrayDeque<Integer> records = new ArrayDeque<>();
    private int gameNumber;
    private String libraryName = "";

    CcBridgeReader(InputStream in, ReadContext context) {
        this.in = in;
        this.context = context;
    }

    private void load() throws IOException {
        data = in.readNBytes(MAX_SIZE + 1);
        if (data.length > MAX_SIZE) {
            throw new IOException(context.source() + ": larger than " + (MAX_SIZE >> 20) + " MB, not read as CCBridge");
        }
        if (CcBridgeFormat.startsWith(data, CcBridgeFormat.RECORD_MAGIC)) {
            records.add(0);
        } else if (CcBridgeFormat.startsWith(data, CcBridgeFormat.LIBRARY_MAGIC)) {
            libraryName = data.length >= 576 ? utf16(data, 64, 512) : "";
            // Records start on a block after the index; the first one is found by its magic, then every block is tried.
            int first = find(data, CcBridgeFormat.RECORD_MAGIC, 576);
            if (first >= 0) {
                for (int at = first; at + 16 <= data.length; at += BLOCK) {
                    if (match(data, at, CcBridgeFormat.RECORD_MAGIC) && !emptyBoard(at)) {
                        records.add(at);
                    }
                }
            }
        } else {
            xml = true;
        }
    }

    /**
     * Whether a library record has no piece at all: CCBridge keeps section headings of a library
     * ("男子组20局") as such records. They are not games and are passed over.
     */
    private boolean emptyBoard(int at) {
        if (at + 2210 > data.length) {
            return false;
        }
        for (int i = at + 2120; i < at + 2210; i++) {
            if (data[i] != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public ReadResult next() throws IOException {
        if (data == null) {
            load();
            if (!xml && records.isEmpty()) {
                gameNumber = 1;
                String key = CcBridgeFormat.startsWith(data, CcBridgeFormat.LIBRARY_MAGIC) ? "ccbridge.library.empty" : "ccbridge.not";
                return new ReadResult(1, Optional.empty(), List.of(FormatMessages.error(context.source(), 1, Location.offset(0), key)));
            }
        }
        if (xml) {
            if (gameNumber > 0) {
                return null;
            }
            gameNumber = 1;
            return new CbfReader(context).read(data);
        }
        if (records.isEmpty()) {
            return null;
        }
        gameNumber++;
        return new Record(gameNumber, records.poll()).read();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private final class Record {
        private final int number;
        private final int base;
        private final List<FormatProblem> problems = new ArrayList<>();
        private int pos;

        Record(int number, int base) {
            this.number = number;
            this.base = base;
        }

        ReadResult read() {
            Optional<GamePlugin> xiangqi = context.games().byId("xiangqi");
            if (xiangqi.isEmpty()) {
                problems.add(error(base, "pgn.no.games"));
                return new ReadResult(number, Optional.empty(), problems);
            }
            if (base + RECORD_HEADER > data.length) {
                problems.add(error(data.length, "ccbridge.truncated.header"));
                return new ReadResult(number, Optional.empty(), problems);
            }
            char[][] board = new char[10][9];
            for (int i = 0; i < 90; i++) {
                int v = data[base + 2120 + i] & 0xFF;
                int type = (v & 0x0F) - 1;
                if (v == 0 || type < 0 || type >= PIECES.length() || (v >> 4) < 1 || (v >> 4) > 2) {
                    continue;
                }
                char c = PIECES.charAt(type);
                board[9 - i / 9][i % 9] = (v >> 4) == 1 ? c : Character.toLowerCase(c);
            }
            pos = base + RECORD_HEADER;
            String opening = "";
            if (pos + 4 <= data.length && int32(pos) != 0) {
                pos += 4;
                opening = comment();
            } else {
                pos += 4;
            }
            Side side = u16(base + 2116) == 1 ? Side.WHITE : Side.BLACK;
            if (pos + 4 <= data.length) {
                int from = data[pos + 2] & 0xFF;
                if (from < 90 && board[9 - from / 9][from % 9] != 0) {
                    side = Character.isUpperCase(board[9 - from / 9][from % 9]) ? Side.WHITE : Side.BLACK;
                }
            }
            Position start;
            try {
                start = xiangqi.get().parseFen(org.kibitz.formats.XiangqiPlacement.fen(board) + (side == Side.WHITE ? " w" : " b") + " - - 0 1");
            } catch (FenException e) {
                problems.add(error(base + 2120, "ccbridge.board.invalid", e.text()));
                return new ReadResult(number, Optional.empty(), problems);
            }
            GameTree tree = new GameTree(start);
            tags(tree);
            PgnComments.apply(tree.root(), opening);
            moves(tree);
            return new ReadResult(number, Optional.of(tree), problems);
        }

        private void tags(GameTree tree) {
            String title = utf16(data, base + 180, 128);
            String event = utf16(data, base + 692, 64);
            tree.tags().put("Game", "Chinese Chess");
            tree.tags().put("Event", event.isEmpty() ? title.isEmpty() ? libraryName : title : event);
            putIf(tree, "Red", utf16(data, base + 1076, 64));
            putIf(tree, "Black", utf16(data, base + 1300, 64));
            tree.tags().put("Result", switch (data[base + 2076] & 0xFF) {
                case 1 -> "1-0";
                case 2 -> "0-1";
                case 3, 4 -> "1/2-1/2";
                default -> "*";
            });
            if (!title.isEmpty() && !title.equals(tree.tags().getOrDefault("Event", ""))) {
                tree.tags().put("Title", title);
            }
        }

        /** The move tree, depth first without recursion; a branch under a bad move is read past but not kept. */
        private void moves(GameTree tree) {
            ArrayDeque<Optional<GameNode>> pending = new ArrayDeque<>();
            Optional<GameNode> parent = Optional.of(tree.root());
            for (;;) {
                if (pos + 4 > data.length) {
                    if (pos < data.length || !pending.isEmpty()) {
                        problems.add(error(pos, "ccbridge.record.truncated"));
                    }
                    return;
                }
                int at = pos;
                int mark = data[pos] & 0xFF;
                int from = data[pos + 2] & 0xFF;
                int to = data[pos + 3] & 0xFF;
                if (mark == 0 && from == 0 && to == 0 && data[pos + 1] == 0) {
                    return; // the end of the tree
                }
                pos += 4;
                String comment = (mark & 0x04) != 0 ? comment() : "";
                boolean hasNext = (mark & 0x01) == 0;
                boolean hasSibling = (mark & 0x02) != 0;
                Optional<GameNode> node = Optional.empty();
                if (parent.isPresent()) {
                    node = play(parent.get(), at, from, to, comment);
                }
                if (hasSibling) {
                    pending.push(parent);
                }
                if (hasNext) {
                    parent = node;
                } else if (pending.isEmpty()) {
                    return;
                } else {
                    parent = pending.pop();
                }
            }
        }

        private Optional<GameNode> play(GameNode parent, int at, int from, int to, String comment) {
            if (from >= 90 || to >= 90) {
                problems.add(error(at, "ccbridge.move.offboard", from, to));
                return Optional.empty();
            }
            Move m = new Move(square(from), square(to));
            Position p = parent.position();
            if (!p.isLegal(m)) {
                problems.add(error(at, "ccbridge.move.illegal", m.coordinates(0), p.fullmoveNumber(),
                        FormatMessages.text(p.sideToMove() == Side.WHITE ? "side.red" : "side.black")));
                return Optional.empty();
            }
            GameNode node = parent.childOrAdd(m);
            PgnComments.apply(node, comment);
            return Optional.of(node);
        }

        /** A 32-bit length at {@code pos} and that many bytes of UTF-16LE text. */
        private String comment() {
            if (pos + 4 > data.length) {
                problems.add(error(pos, "ccbridge.record.truncated"));
                pos = data.length;
                return "";
            }
            long len = int32(pos) & 0xFFFFFFFFL;
            int lengthAt = pos;
            pos += 4;
            if (len > data.length - pos) {
                problems.add(error(lengthAt, "ccbridge.comment.length", len));
                pos = data.length;
                return "";
            }
            String s = utf16(data, pos, (int) len);
            pos += (int) len;
            return s.replace("\r\n", "\n").strip();
        }

        private FormatProblem error(long offset, String key, Object... args) {
            return FormatMessages.error(context.source(), number, Location.offset(offset), key, args);
        }
    }

    private static void putIf(GameTree tree, String name, String value) {
        if (!value.isEmpty()) {
            tree.tags().put(name, value);
        }
    }

    static Square square(int rowColumn) {
        return Square.of(rowColumn % 9, 9 - rowColumn / 9);
    }

    private int int32(int at) {
        return (data[at] & 0xFF) | (data[at + 1] & 0xFF) << 8 | (data[at + 2] & 0xFF) << 16 | (data[at + 3] & 0xFF) << 24;
    }

    private int u16(int at) {
        return (data[at] & 0xFF) | (data[at + 1] & 0xFF) << 8;
    }

    /** UTF-16LE text in a field of {@code size} bytes, up to its first NUL character. */
    static String utf16(byte[] b, int off, int size) {
        int end = Math.min(b.length, off + size);
        int n = 0;
        while (off + 2 * n + 1 < end && (b[off + 2 * n] != 0 || b[off + 2 * n + 1] != 0)) {
            n++;
        }
        return new String(b, off, 2 * n, StandardCharsets.UTF_16LE).strip();
    }

    private static int find(byte[] b, byte[] what, int from) {
        for (int i = Math.max(0, from); i + what.length <= b.length; i++) {
            if (match(b, i, what)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean match(byte[] b, int at, byte[] what) {
        if (at + what.length > b.length) {
            return false;
        }
        for (int i = 0; i < what.length; i++) {
            if (b[at + i] != what[i]) {
                return false;
            }
        }
        return true;
    }
}
