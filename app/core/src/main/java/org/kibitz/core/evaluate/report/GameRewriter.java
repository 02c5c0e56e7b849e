package org.kibitz.core.evaluate.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.kibitz.api.format.FormatPlugin;
import org.kibitz.api.format.GameWriter;
import org.kibitz.api.format.WriteContext;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.GameResults;

/**
 * A batch's game read again from its file, annotated, and written alone in the output's format: what
 * {@code evaluate}'s and {@code compare}'s {@code --out} hold for each game. A game that cannot be (the file
 * changed, a format that cannot hold it, a main line that is not the one evaluated) gives no bytes and a
 * problem, and the batch goes on.
 */
public final class GameRewriter {

    private GameRewriter() {
    }

    /**
     * The format {@code --out} is written in: the first that writes files named like {@code out}, keeps the
     * moves of one of the games, and passes {@code also} (the command's own condition).
     *
     * @throws IllegalArgumentException there is none, said in {@code locale}'s language
     */
    public static FormatPlugin writer(GameFiles files, Path out, Locale locale, Predicate<FormatPlugin> also) {
        String name = out.getFileName().toString();
        return files.formats().all().stream().filter(f -> f.canWrite() && f.matchesName(name)
                        && files.games().all().stream().anyMatch(g -> files.keepsMoves(f, g.id())) && also.test(f))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(ReportFormat.text(locale, "report.out.none", name)));
    }

    /**
     * @param annotate writes the findings into the tree (given with its rules); throws {@link IllegalStateException}
     *                 when the tree is not the game evaluated
     * @param problems where a game that cannot be written is said
     */
    public static byte[] rewrite(GameFiles files, BatchEvaluation.Plan plan, GameResults r, FormatPlugin format, Locale locale,
                          List<String> problems, BiConsumer<GameTree, GamePlugin> annotate) throws IOException {
        String where = r.file().getFileName() + ", game " + r.entry().gameNumber() + ": ";
        Optional<GameTree> read;
        try {
            read = files.readEntry(plan.opened().get(r.fileIndex()), r.entry()).game();
        } catch (GameFiles.OpenException e) {
            problems.add(where + e.text().render(locale));
            return new byte[0];
        }
        if (read.isEmpty()) {
            problems.add(ReportFormat.text(locale, "report.out.changed", r.file().getFileName().toString(),
                    String.valueOf(r.entry().gameNumber())));
            return new byte[0];
        }
        GameTree tree = read.get();
        if (!GameFiles.canHold(format, tree.gameId())) {
            problems.add(where + ReportFormat.text(locale, "report.out.format", format.id(), tree.gameId()));
            return new byte[0];
        }
        try {
            annotate.accept(tree, files.games().byId(tree.gameId()).orElseThrow());
        } catch (IllegalStateException e) {
            problems.add(e.getMessage());
            return new byte[0];
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
        try (GameWriter w = format.writer(bytes, WriteContext.of(files.games()))) {
            w.write(tree);
        }
        return bytes.toByteArray();
    }
}
