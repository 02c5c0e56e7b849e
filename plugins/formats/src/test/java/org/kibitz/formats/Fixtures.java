package org.kibitz.formats;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Notation;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;

/** The real games and formats, found as the application finds them, and shortcuts to read and write with them. */
public final class Fixtures {

    public static final Games GAMES = Games.of(ServiceLoader.load(GamePlugin.class).stream().map(ServiceLoader.Provider::get).toList());

    private Fixtures() {
    }

    public static FormatPlugin format(String id) {
        return ServiceLoader.load(FormatPlugin.class).stream().map(ServiceLoader.Provider::get)
                .filter(f -> f.id().equals(id)).findFirst().orElseThrow();
    }

    public static List<ReadResult> read(String format, byte[] bytes, String source) {
        return read(format, new ByteArrayInputStream(bytes), ReadContext.of(source, GAMES));
    }

    public static List<ReadResult> read(String format, Path file) {
        try {
            return read(format, Files.newInputStream(file), ReadContext.of(file.getFileName().toString(), GAMES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<ReadResult> read(String format, InputStream in, ReadContext context) {
        List<ReadResult> out = new ArrayList<>();
        try (GameReader r = format(format).reader(in, context)) {
            for (ReadResult g; (g = r.next()) != null; ) {
                out.add(g);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Reads a file that must give exactly one game, with no problem at all. */
    public static GameTree readClean(String format, byte[] bytes, String source) {
        List<ReadResult> r = read(format, bytes, source);
        if (r.size() != 1 || !r.get(0).problems().isEmpty() || r.get(0).game().isEmpty()) {
            throw new AssertionError("expected one clean game from " + source + ", got " + r);
        }
        return r.get(0).game().get();
    }

    public static byte[] write(String format, List<GameTree> games, Optional<String> notation) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GameWriter w = format(format).writer(out, new WriteContext(GAMES, notation, java.nio.charset.StandardCharsets.UTF_8))) {
            for (GameTree g : games) {
                w.write(g);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The main line in a notation, move by move. */
    public static List<String> mainline(GameTree tree, String notation) {
        Notation n = GAMES.byId(tree.gameId()).orElseThrow().notation(notation).orElseThrow();
        List<String> out = new ArrayList<>();
        for (GameNode node : tree.mainline()) {
            out.add(n.format(node.positionBefore(), node.move().orElseThrow()));
        }
        return out;
    }

    /**
     * Every line of the tree from the root to a leaf, in a notation, in the order a depth-first walk
     * meets the leaves (main line first).
     */
    public static List<List<String>> lines(GameTree tree, String notation) {
        Notation n = GAMES.byId(tree.gameId()).orElseThrow().notation(notation).orElseThrow();
        List<List<String>> out = new ArrayList<>();
        for (GameNode node : tree.allNodes()) {
            if (node.children().isEmpty() && !node.isRoot()) {
                List<String> line = new ArrayList<>();
                for (GameNode p : node.pathFromRoot()) {
                    line.add(n.format(p.positionBefore(), p.move().orElseThrow()));
                }
                out.add(line);
            }
        }
        return out;
    }

    /**
     * A game as text that holds everything a round trip must keep: start position, tags (by name), and per
     * node (depth first) the move in coordinates, comments, NAGs and commands.
     */
    public static String dump(GameTree tree) {
        StringBuilder sb = new StringBuilder();
        sb.append(tree.startPosition().fen()).append('\n');
        // Tags by name: writers put the roster first, so only the set of tags is compared.
        new java.util.TreeMap<>(tree.tags().asMap()).forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        for (GameNode node : tree.allNodes()) {
            sb.append(node.ply()).append(' ').append(node.move().map(m -> m.coordinates(0)).orElse("root"));
            sb.append(" [").append(node.startingComment()).append("] {").append(node.comment()).append('}');
            sb.append(node.nags()).append(node.evalForWhite().map(Object::toString).orElse(""));
            sb.append(node.clock().map(Object::toString).orElse("")).append(node.commands());
            sb.append(" children=").append(node.children().size()).append('\n');
        }
        return sb.toString();
    }
}
