package org.kibitz.formats.xqf;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.api.tree.Tags;
import org.kibitz.formats.pgn.PgnComments;
import org.kibitz.formats.text.EncodingDetector;

/**
 * Writes a game as an XQF file in the form XQStudio itself writes most (version 18), with key bytes
 * of zero: a valid key set (their checksum is 0 mod 256, as readers check) under which only the
 * fixed offsets and the slot rotation remain, so any XQF reader takes it. Text is GBK (GB18030 for
 * characters GBK lacks); the whole variation tree is kept. An XQF file holds one game: a second
 * game written to the same writer is an error.
 */
final class XqfWriter implements GameWriter {

    private static final int VERSION = 18;
    /** What the comment lengths carry with zero keys: (0 * 256 + 0) mod 32000 + 767. */
    private static final int COMMENT_KEY = 767;

    private final OutputStream out;
    private boolean written;

    XqfWriter(OutputStream out, WriteContext context) {
        this.out = new BufferedOutputStream(out, 1 << 16);
    }

    @Override
    public void write(GameTree game) throws IOException {
        if (written) {
            throw new IOException("an XQF file holds one game; write each game to its own file");
        }
        if (!game.gameId().equals("xiangqi")) {
            throw new IOException("XQF holds xiangqi games only, not " + game.gameId());
        }
        written = true;
        out.write(header(game));
        records(game);
    }

    private byte[] header(GameTree game) throws IOException {
        byte[] h = new byte[XqfReader.HEADER];
        h[0] = 'X';
        h[1] = 'Q';
        h[2] = VERSION;
        // Key bytes 3..15 stay 0.
        int[] slots = slots(game.startPosition());
        for (int i = 0; i < 32; i++) {
            // Version 12 and up rotate the slots by pieceKey + 1 (= 1 here): slot (i + 1) is stored at i.
            h[0x10 + i] = (byte) slots[(i + 1) % 32];
        }
        h[0x32] = (byte) (game.startPosition().sideToMove() == Side.BLACK ? 1 : 0);
        h[0x33] = (byte) switch (game.result()) {
            case WHITE_WINS -> 1;
            case BLACK_WINS -> 2;
            case DRAW -> 3;
            case UNDECIDED -> 0;
        };
        boolean standard = game.startPosition().fen().startsWith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR ");
        h[0x40] = (byte) (standard ? 0 : 2);
        for (Field f : FIELDS) {
            pascal(h, f.at(), f.size(), f.value(game.tags()));
        }
        return h;
    }

    /**
     * A text field of the header: where, how many bytes (the length byte included), and the tags
     * it is filled from, the first with a value winning.
     */
    private record Field(int at, int size, List<String> tags) {
        String value(Tags t) {
            return tags.stream().map(n -> t.getOrDefault(n, "")).filter(v -> !v.isEmpty()).findFirst().orElse("");
        }
    }

    /** The header's text fields (XQStudio's layout; the reader names them back the same way). */
    private static final List<Field> FIELDS = List.of(
            new Field(0x50, 64, List.of("Title", "Event")),
            new Field(0xD0, 64, List.of("Event")),
            new Field(0x110, 16, List.of("Date")),
            new Field(0x120, 16, List.of("Site")),
            new Field(0x130, 16, List.of("Red", "White")),
            new Field(0x140, 16, List.of("Black")),
            new Field(0x150, 64, List.of("TimeControl")),
            new Field(0x190, 16, List.of("RedTime")),
            new Field(0x1A0, 16, List.of("BlackTime")),
            new Field(0x1D0, 16, List.of("Annotator")),
            new Field(0x1E0, 16, List.of("Author")));

    /**
     * Tags the file holds otherwise: the game (XQF is xiangqi), the result (a code), the start
     * position (the piece squares), and how the PGN wrote its moves.
     */
    private static final java.util.Set<String> HELD_OTHERWISE = java.util.Set.of("Game", "Variant", "Result", "FEN", "SetUp",
            "Format", "PlyCount");

    /** See {@link org.kibitz.api.format.FormatPlugin#tagsNotKept}: tags with no field, and values longer than theirs. */
    static List<String> tagsNotKept(GameTree game) {
        Tags tags = game.tags();
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> t : tags.asMap().entrySet()) {
            String name = t.getKey();
            if (t.getValue().isBlank() || HELD_OTHERWISE.contains(name)) {
                continue;
            }
            List<Field> fields = FIELDS.stream().filter(f -> f.tags().contains(name)).toList();
            // A tag is kept when a field it fills (it wins there) has room for all of it.
            boolean kept = fields.stream().anyMatch(f -> f.value(tags).equals(t.getValue())
                    && encodedLength(t.getValue()) <= f.size() - 1);
            if (!kept) {
                out.add(name);
            }
        }
        return out;
    }

    private static int encodedLength(String value) {
        try {
            return encoder().encode(CharBuffer.wrap(value)).remaining();
        } catch (java.nio.charset.CharacterCodingException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static CharsetEncoder encoder() {
        return EncodingDetector.GB18030.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    /** The 32 slot squares (x*10+y, 0xFF for a piece not on the board) of a position. */
    static int[] slots(Position p) throws IOException {
        int[] slots = new int[32];
        Arrays.fill(slots, 0xFF);
        List<Map.Entry<Square, Piece>> pieces = new ArrayList<>(p.pieces().entrySet());
        // Stable order, as XQStudio fills slots: from Red's left, bottom up.
        pieces.sort((a, b) -> a.getKey().file() != b.getKey().file()
                ? Integer.compare(a.getKey().file(), b.getKey().file())
                : Integer.compare(a.getKey().rank(), b.getKey().rank()));
        for (Map.Entry<Square, Piece> e : pieces) {
            Piece piece = e.getValue();
            char type = switch (piece.type()) {
                case 'E' -> 'B';
                case 'H' -> 'N';
                default -> piece.type();
            };
            int base = piece.side() == Side.WHITE ? 0 : 16;
            int slot = -1;
            for (int i = 0; i < 16; i++) {
                if (XqfReader.SLOTS.charAt(i) == type && slots[base + i] == 0xFF) {
                    slot = base + i;
                    break;
                }
            }
            if (slot < 0) {
                throw new IOException("XQF has no slot for another " + piece.fenLetter() + " in " + p.fen());
            }
            slots[slot] = e.getKey().file() * 10 + e.getKey().rank();
        }
        return slots;
    }

    /** The move records, depth first: a node, its continuation's subtree, then its alternative. */
    private void records(GameTree game) throws IOException {
        GameNode root = game.root();
        List<GameNode> rootChildren = writable(root);
        record(0, 0, !rootChildren.isEmpty(), false, rootComment(root), true);
        ArrayDeque<GameNode> pending = new ArrayDeque<>();
        GameNode cur = rootChildren.isEmpty() ? null : rootChildren.get(0);
        while (cur != null) {
            List<GameNode> siblings = writable(cur.parent().orElseThrow());
            int i = siblings.indexOf(cur);
            GameNode sibling = i + 1 < siblings.size() ? siblings.get(i + 1) : null;
            List<GameNode> children = writable(cur);
            Move m = cur.move().orElseThrow();
            String comment = cur.startingComment().isEmpty() ? PgnComments.render(cur)
                    : cur.startingComment() + (PgnComments.render(cur).isEmpty() ? "" : "\n" + PgnComments.render(cur));
            record(m.from().file() * 10 + m.from().rank(), m.to().file() * 10 + m.to().rank(),
                    !children.isEmpty(), sibling != null, comment, false);
            if (sibling != null) {
                pending.push(sibling);
            }
            cur = !children.isEmpty() ? children.get(0) : pending.isEmpty() ? null : pending.pop();
        }
    }

    private static String rootComment(GameNode root) {
        return PgnComments.render(root);
    }

    /** The children XQF can hold: not null moves, which it has no way to write. */
    private static List<GameNode> writable(GameNode node) {
        List<GameNode> c = node.children();
        for (GameNode n : c) {
            if (n.move().orElseThrow().isNull()) {
                return c.stream().filter(x -> !x.move().orElseThrow().isNull()).toList();
            }
        }
        return c;
    }

    private void record(int from, int to, boolean next, boolean sibling, String comment, boolean root) throws IOException {
        byte[] text = comment.isEmpty() ? new byte[0] : comment.replace("\n", "\r\n").getBytes(EncodingDetector.GB18030);
        int tag = (next ? 0x80 : 0) | (sibling ? 0x40 : 0) | (text.length > 0 ? 0x20 : 0);
        out.write(from + 24);
        out.write(to + 32);
        out.write(tag);
        out.write(root ? 0xFF : 0);
        if (text.length > 0) {
            int len = text.length + COMMENT_KEY;
            out.write(len & 0xFF);
            out.write((len >>> 8) & 0xFF);
            out.write((len >>> 16) & 0xFF);
            out.write((len >>> 24) & 0xFF);
            out.write(text);
        }
    }

    /** A Pascal string in a header field: the length byte, then as much of the GBK text as fits, whole characters only. */
    private static void pascal(byte[] h, int at, int size, String value) {
        if (value.isEmpty()) {
            return;
        }
        CharsetEncoder enc = encoder();
        ByteBuffer dst = ByteBuffer.wrap(h, at + 1, size - 1);
        enc.encode(CharBuffer.wrap(value), dst, true);
        h[at] = (byte) (dst.position() - at - 1);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
