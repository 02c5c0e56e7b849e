package org.kibitz.formats.xqf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BiConsumer;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.GameHeader;
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
import org.kibitz.formats.text.EncodingDetector;

/**
 * Reads an XQF file: the header (players, event, result, set-up position), then the move records
 * as the whole tree of variations. Records are depth first: a node, then its continuation's
 * subtree, then its alternative. Illegal moves, truncated trees and lengths that run past the end
 * are reported with their byte offset; what came before them, and every branch they do not
 * belong to, is kept.
 */
final class XqfReader implements GameReader {

    static final int HEADER = 0x400;
    /** One game with its comments: real files are kilobytes; anything this big is not an XQF game. */
    static final int MAX_SIZE = 64 << 20;
    /** Piece types of the 32 header slots: Red R N B A K A B N R C C P P P P P, then Black likewise. */
    static final String SLOTS = "RNBAKABNRCCPPPPP";

    private final InputStream in;
    private final ReadContext context;
    private boolean done;

    XqfReader(InputStream in, ReadContext context) {
        this.in = in;
        this.context = context;
    }

    @Override
    public ReadResult next() throws IOException {
        if (done) {
            return null;
        }
        done = true;
        byte[] data = in.readNBytes(MAX_SIZE + 1);
        if (data.length > MAX_SIZE) {
            return new ReadResult(1, Optional.empty(), List.of(FormatMessages.error(context.source(), 1,
                    Location.offset(MAX_SIZE), "xqf.too.large", MAX_SIZE >> 20)));
        }
        return new Parse(data).read();
    }

    /** The header alone (the first 1024 bytes): players, event, date, result; the moves are not read. */
    @Override
    public GameHeader nextHeader() throws IOException {
        if (done) {
            return null;
        }
        done = true;
        return new Parse(in.readNBytes(HEADER)).header();
    }

    @Override
    public boolean skip() {
        if (done) {
            return false;
        }
        done = true;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** One file's worth of parsing state. */
    private final class Parse {
        private final byte[] data;
        private final List<FormatProblem> problems = new ArrayList<>();
        private final String source = context.source();
        private XqfKeys keys;
        private int pos = HEADER;
        /** Whether the last record was cut short (and reported as such). */
        private boolean truncated;

        Parse(byte[] data) {
            this.data = data;
        }

        GameHeader header() {
            Map<String, String> tags = new LinkedHashMap<>();
            boolean readable = data.length >= HEADER && data[0] == 'X' && data[1] == 'Q';
            if (data.length < 2 || data[0] != 'X' || data[1] != 'Q') {
                problems.add(error(0, "xqf.not.xqf"));
            } else if (data.length < HEADER) {
                problems.add(error(data.length, "xqf.truncated.header"));
            } else {
                int version = data[2] & 0xFF;
                if (version > 18) {
                    problems.add(warning(2, "xqf.version.unknown", version));
                }
                if (context.games().byId("xiangqi").isEmpty()) {
                    problems.add(error(0, "pgn.no.games"));
                    readable = false;
                }
                tags(tags::put);
            }
            return new GameHeader(1, tags, OptionalInt.empty(), readable, problems, Optional.empty());
        }

        ReadResult read() {
            if (data.length < 2 || data[0] != 'X' || data[1] != 'Q') {
                problems.add(error(0, "xqf.not.xqf"));
                return new ReadResult(1, Optional.empty(), problems);
            }
            if (data.length < HEADER) {
                problems.add(error(data.length, "xqf.truncated.header"));
                return new ReadResult(1, Optional.empty(), problems);
            }
            keys = XqfKeys.of(data);
            if (keys.version() > 18) {
                problems.add(warning(2, "xqf.version.unknown", keys.version()));
            }
            Optional<GamePlugin> xiangqi = context.games().byId("xiangqi");
            if (xiangqi.isEmpty()) {
                problems.add(error(0, "pgn.no.games"));
                return new ReadResult(1, Optional.empty(), problems);
            }
            keys.decrypt(data, HEADER);

            // The root record: the opening comment, and whether any move follows.
            Record root = record();
            if (root == null) {
                problems.add(error(HEADER, "xqf.record.truncated", Math.max(0, data.length - HEADER)));
            }
            Position start = startPosition(xiangqi.get(), root);
            if (start == null) {
                return new ReadResult(1, Optional.empty(), problems);
            }
            GameTree tree = new GameTree(start);
            tags(tree.tags()::put);
            if (root != null) {
                applyComment(tree.root(), root.comment);
                if (root.hasNext) {
                    moves(tree, root);
                }
            }
            if (pos < data.length && problems.stream().noneMatch(p -> p.severity() == FormatProblem.Severity.ERROR)) {
                problems.add(warning(pos, "xqf.trailing", data.length - pos));
            }
            return new ReadResult(1, Optional.of(tree), problems);
        }

        /** A move record: squares as stored (x*10+y), flags, comment, and where it starts. */
        private record Record(long offset, int from, int to, boolean hasNext, boolean hasSibling, String comment) {
        }

        /** The record at {@code pos}, or {@code null} when the file ends before one (reported). */
        private Record record() {
            long offset = pos;
            if (pos + 4 > data.length) {
                if (pos < data.length) {
                    problems.add(error(offset, "xqf.record.truncated", data.length - pos));
                    pos = data.length;
                    truncated = true;
                }
                return null;
            }
            int from = (data[pos] - 24 - keys.fromKey()) & 0xFF;
            int to = (data[pos + 1] - 32 - keys.toKey()) & 0xFF;
            int tag = data[pos + 2] & 0xFF;
            pos += 4;
            boolean next;
            boolean sibling;
            boolean hasComment;
            if (keys.version() <= 10) {
                next = (tag & 0xF0) != 0;
                sibling = (tag & 0x0F) != 0;
                hasComment = true; // a length always follows, zero for none
            } else {
                next = (tag & 0x80) != 0;
                sibling = (tag & 0x40) != 0;
                hasComment = (tag & 0x20) != 0;
            }
            String comment = "";
            if (hasComment) {
                if (pos + 4 > data.length) {
                    problems.add(error(pos, "xqf.record.truncated", data.length - pos));
                    pos = data.length;
                    return new Record(offset, from, to, false, false, "");
                }
                long len = (data[pos] & 0xFFL) | (data[pos + 1] & 0xFFL) << 8 | (data[pos + 2] & 0xFFL) << 16 | (long) data[pos + 3] << 24;
                len -= keys.commentKey();
                long lengthAt = pos;
                pos += 4;
                if (len < 0) {
                    problems.add(error(lengthAt, "xqf.comment.length", len));
                    pos = data.length;
                    return new Record(offset, from, to, false, false, "");
                }
                if (len > data.length - pos) {
                    int kept = data.length - pos;
                    problems.add(error(lengthAt, "xqf.comment.truncated", len, kept));
                    comment = text(data, pos, kept);
                    pos = data.length;
                    return new Record(offset, from, to, false, false, comment);
                }
                comment = text(data, pos, (int) len);
                pos += (int) len;
            }
            return new Record(offset, from, to, next, sibling, comment);
        }

        /**
         * Reads the tree after the root, depth first, without recursion (a long game is a deep
         * chain). A branch under an illegal move is read to keep the records in step, but not kept.
         */
        private void moves(GameTree tree, Record rootRecord) {
            // Parents waiting for the alternative of a node whose subtree is being read; null = dead.
            ArrayDeque<Optional<GameNode>> pending = new ArrayDeque<>();
            Optional<GameNode> parent = Optional.of(tree.root());
            for (;;) {
                Record r = record();
                if (r == null) {
                    if (!truncated) {
                        problems.add(error(pos, "xqf.nothing.after"));
                    }
                    return;
                }
                Optional<GameNode> node = Optional.empty();
                if (parent.isPresent()) {
                    node = play(parent.get(), r);
                }
                if (r.hasSibling) {
                    pending.push(parent);
                }
                if (r.hasNext) {
                    parent = node;
                } else if (pending.isEmpty()) {
                    return;
                } else {
                    parent = pending.pop();
                }
            }
        }

        private Optional<GameNode> play(GameNode parent, Record r) {
            if (r.from > 89 || r.to > 89) {
                problems.add(error(r.offset, "xqf.move.offboard", r.from, r.to));
                return Optional.empty();
            }
            Move m = new Move(square(r.from), square(r.to));
            Position p = parent.position();
            if (!p.isLegal(m)) {
                problems.add(error(r.offset, "xqf.move.illegal", m.coordinates(0), p.fullmoveNumber(),
                        FormatMessages.text(p.sideToMove() == Side.WHITE ? "side.red" : "side.black")));
                return Optional.empty();
            }
            GameNode node = parent.addChild(m);
            applyComment(node, r.comment);
            return Optional.of(node);
        }

        private Position startPosition(GamePlugin xiangqi, Record root) {
            int[] squares = keys.pieceSquares(data);
            char[][] board = new char[10][9];
            for (int i = 0; i < 32; i++) {
                int s = squares[i];
                if (s > 89) {
                    continue;
                }
                char type = SLOTS.charAt(i % 16);
                board[s % 10][s / 10] = i < 16 ? type : Character.toLowerCase(type);
            }
            // The side to move is the colour of the first move's piece; the header's byte 0x32 otherwise.
            Side side = (data[0x32] & 0xFF) == 1 ? Side.BLACK : Side.WHITE;
            int save = pos;
            Record first = root != null && root.hasNext ? record() : null;
            pos = save;
            if (first != null && first.from <= 89) {
                char c = board[first.from % 10][first.from / 10];
                if (c != 0) {
                    side = Character.isUpperCase(c) ? Side.WHITE : Side.BLACK;
                }
            }
            String fen = org.kibitz.formats.XiangqiPlacement.fen(board) + (side == Side.WHITE ? " w" : " b") + " - - 0 1";
            try {
                return xiangqi.parseFen(fen);
            } catch (FenException e) {
                int type = data[0x40] & 0xFF;
                if (type < 2) {
                    // A full game or an opening: the standard start is meant, whatever the slots say.
                    problems.add(warning(0x10, "xqf.pieces.invalid", e.text()));
                    return xiangqi.startPosition();
                }
                problems.add(error(0x10, "xqf.pieces.invalid", e.text()));
                return null;
            }
        }

        private void tags(BiConsumer<String, String> tags) {
            String title = header(0x50, 64);
            String event = header(0xD0, 64);
            // In the order the PGN writer puts xiangqi tags, so that a round trip changes nothing.
            tags.accept("Game", "Chinese Chess");
            tags.accept("Event", event.isEmpty() ? title : event);
            putIf(tags, "Site", header(0x120, 16));
            putIf(tags, "Date", header(0x110, 16));
            putIf(tags, "Red", header(0x130, 16));
            putIf(tags, "Black", header(0x140, 16));
            tags.accept("Result", switch (data[0x33] & 0xFF) {
                case 1 -> "1-0";
                case 2 -> "0-1";
                case 3, 4 -> "1/2-1/2";
                default -> "*";
            });
            if (!title.isEmpty() && !event.isEmpty() && !title.equals(event)) {
                tags.accept("Title", title);
            }
            putIf(tags, "TimeControl", header(0x150, 64));
            putIf(tags, "RedTime", header(0x190, 16));
            putIf(tags, "BlackTime", header(0x1A0, 16));
            putIf(tags, "Annotator", header(0x1D0, 16));
            putIf(tags, "Author", header(0x1E0, 16));
        }

        private static void putIf(BiConsumer<String, String> tags, String name, String value) {
            if (!value.isEmpty()) {
                tags.accept(name, value);
            }
        }

        /** A Pascal string (length byte, then text) in a header field of {@code size} bytes. */
        private String header(int at, int size) {
            int len = Math.min(data[at] & 0xFF, size - 1);
            return text(data, at + 1, len).strip();
        }

        private FormatProblem error(long offset, String key, Object... args) {
            return FormatMessages.error(source, 1, Location.offset(offset), key, args);
        }

        private FormatProblem warning(long offset, String key, Object... args) {
            return FormatMessages.warning(source, 1, Location.offset(offset), key, args);
        }
    }

    private static void applyComment(GameNode node, String comment) {
        PgnComments.apply(node, comment);
    }

    static Square square(int xy) {
        return Square.of(xy / 10, xy % 10);
    }

    /** Header and comment text: GBK as XQStudio writes it, or UTF-8 from newer tools. */
    static String text(byte[] b, int off, int len) {
        int end = off + len;
        while (end > off && b[end - 1] == 0) {
            end--; // C strings padded with NULs
        }
        Charset cs = EncodingDetector.isAscii(b, off, end - off) || EncodingDetector.isUtf8(b, off, end - off)
                ? StandardCharsets.UTF_8 : EncodingDetector.GB18030;
        String s = new String(b, off, end - off, cs).replace("\r\n", "\n").replace('\r', '\n');
        return trimAscii(s);
    }

    private static String trimAscii(String s) {
        int a = 0;
        int z = s.length();
        while (a < z && (s.charAt(a) == ' ' || s.charAt(a) == '\n' || s.charAt(a) == '\t')) {
            a++;
        }
        while (z > a && (s.charAt(z - 1) == ' ' || s.charAt(z - 1) == '\n' || s.charAt(z - 1) == '\t')) {
            z--;
        }
        return s.substring(a, z);
    }
}
