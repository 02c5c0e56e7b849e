package org.kibitz.core.tree.deep;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.evaluate.ScoreCodec;

/**
 * The state of a deep analysis: a JSON-lines file, a header naming the root, then one line per
 * analysed node, appended and forced to disk as each search ends. A kill can leave only a partial last
 * line, which loading drops (and cuts from the file). See {@code docs/decisions/0015-deep-analysis.md}.
 */
public final class DeepJournal implements AutoCloseable {

    /** The first line: what the analysis is of. */
    public record Header(String kind, int version, String game, String start, List<String> moves) {
    }

    /** A line of an analysed node. */
    public record LineEntry(String move, String score, int depth, List<String> pv) {
    }

    /** An analysed node: the moves from the analysis root, its FEN as a check, and its lines. */
    public record NodeEntry(List<String> path, String fen, String engine, int depth, List<LineEntry> lines) {
    }

    static final String KIND = "kibitz-deep-analysis";
    static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final FileChannel channel;
    private final int rankBase;

    private DeepJournal(FileChannel channel, int rankBase) {
        this.channel = channel;
        this.rankBase = rankBase;
    }

    /** What a state file held: its nodes, replayed from the root, in the order they were analysed. */
    public record Loaded(DeepJournal journal, List<DeepNode> nodes) {
    }

    /** Starts a new state file at {@code file}, replacing any there. */
    public static DeepJournal create(Path file, Header header, int rankBase) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        DeepJournal j = new DeepJournal(ch, rankBase);
        j.append(JSON.writeValueAsString(header));
        return j;
    }

    /**
     * Opens the state file at {@code file} to go on with it: checks that it is of the same root
     * ({@code header}'s game, start and moves), replays its nodes from {@code root}, and cuts a partial
     * last line.
     *
     * @throws IOException when it cannot be read, is of another analysis, or a complete line is broken
     */
    public static Loaded resume(Path file, Header header, Position root, int rankBase) throws IOException {
        byte[] all = Files.readAllBytes(file);
        List<DeepNode> nodes = new ArrayList<>();
        int start = 0;
        int lineNo = 0;
        long valid = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] != '\n') {
                continue;
            }
            String text = new String(all, start, i - start, StandardCharsets.UTF_8).strip();
            lineNo++;
            start = i + 1;
            valid = start;
            if (text.isEmpty()) {
                continue;
            }
            Header h = null;
            try {
                if (lineNo == 1) {
                    h = JSON.readValue(text, Header.class);
                } else {
                    nodes.add(node(JSON.readValue(text, NodeEntry.class), root, rankBase));
                }
            } catch (IOException | RuntimeException e) {
                throw new IOException(file + ": line " + lineNo + " is broken: " + e.getMessage(), e);
            }
            if (h != null && (!KIND.equals(h.kind()) || !header.game().equals(h.game())
                    || !header.start().equals(h.start()) || !header.moves().equals(h.moves()))) {
                throw new IOException(file + " is the state of another analysis (" + h.game() + ", "
                        + h.start() + " " + String.join(" ", h.moves() == null ? List.of() : h.moves()) + ")");
            }
        }
        if (lineNo == 0) {
            throw new IOException(file + " holds no deep analysis");
        }
        FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE);
        ch.truncate(valid);
        ch.position(valid);
        return new Loaded(new DeepJournal(ch, rankBase), nodes);
    }

    private static DeepNode node(NodeEntry e, Position root, int rankBase) {
        Position p = root;
        List<Move> path = new ArrayList<>(e.path().size());
        for (String m : e.path()) {
            Move move = Move.parseCoordinates(m, rankBase);
            if (!p.isLegal(move)) {
                throw new IllegalArgumentException("illegal move " + m + " in " + p.fen());
            }
            path.add(move);
            p = p.play(move);
        }
        String key = DeepTree.key(p);
        if (!key.equals(e.fen())) {
            throw new IllegalArgumentException("the moves lead to " + key + ", not " + e.fen());
        }
        List<DeepLine> lines = new ArrayList<>(e.lines().size());
        for (LineEntry l : e.lines()) {
            List<Move> pv = l.pv().stream().map(t -> Move.parseCoordinates(t, rankBase)).toList();
            lines.add(new DeepLine(Move.parseCoordinates(l.move(), rankBase),
                    DeepValues.of(ScoreCodec.decode(l.score())), l.depth(), pv));
        }
        return new DeepNode(key, path, p, e.engine(), e.depth(), lines);
    }

    /** Appends an analysed node and forces it to disk. */
    public synchronized void add(DeepNode n) throws IOException {
        List<LineEntry> lines = n.lines().stream().map(l -> new LineEntry(l.move().coordinates(rankBase),
                ScoreCodec.encode(DeepValues.score(l.value())), l.depth(),
                l.pv().stream().map(m -> m.coordinates(rankBase)).toList())).toList();
        append(JSON.writeValueAsString(new NodeEntry(n.path().stream().map(m -> m.coordinates(rankBase)).toList(),
                n.key(), n.engine(), n.depth(), lines)));
    }

    private void append(String line) throws IOException {
        ByteBuffer b = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            channel.write(b);
        }
        channel.force(false);
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
