package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.jobs.JobState;
import org.kibitz.core.jobs.Progress;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.core.tree.TreeImporter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz tree import FILES... --db D}: game files (and folders of them) into an opening database.
 * Problems go to stderr ({@code <file>:game <n>:line <l>: ...}); the last line on stdout is
 * {@code games G duplicates D broken B files F known K plies P}. Exit 0 when every game read cleanly,
 * 1 when some were skipped, 2 for usage or I/O errors.
 */
@Command(name = "import", resourceBundle = "org.kibitz.cli.tree", sortOptions = false)
final class TreeImportCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("tree");

    private final Games games;
    private final Formats formats;
    private final KibitzPaths paths;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "import.files", converter = InputFiles.Converter.class)
    List<Path> files;

    @Option(names = "--db", paramLabel = "DB", required = true, descriptionKey = "db")
    String db;

    @Option(names = "--game", paramLabel = "GAME", descriptionKey = "import.game")
    String game;

    @Option(names = "--max-ply", paramLabel = "N", defaultValue = "0", descriptionKey = "import.maxPly")
    int maxPly;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto", descriptionKey = "progress",
            converter = PerftCommand.ProgressModeConverter.class)
    CliProgress.Mode progress;

    @Inject
    TreeImportCommand(Games games, Formats formats, KibitzPaths paths) {
        this.games = games;
        this.formats = formats;
        this.paths = paths;
    }

    @Override
    public Integer call() {
        if (maxPly < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("import.maxPly.bad", maxPly));
        }
        if (game != null) {
            game = GameOption.game(games, game, spec).id();
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path file = TreeCommand.database(paths, db);
        Locale locale = Locale.getDefault();
        long t0 = System.nanoTime();
        TreeImporter.Summary s;
        try (OpeningTree tree = OpeningTree.open(file);
             CliProgress bar = CliProgress.open(progress, err, TEXT.text("import.task"))) {
            tree.problem().ifPresent(p -> err.println("kibitz: " + p.render()));
            TreeImporter.Listener listener = new TreeImporter.Listener() {
                @Override
                public void problem(FormatProblem p) {
                    if (p.severity() == FormatProblem.Severity.ERROR) {
                        err.println(p.render(locale));
                    } else {
                        err.println(p.source() + ":game " + p.gameNumber() + ":" + p.location() + ": "
                                + TEXT.text("import.warning", p.message().render(locale)));
                    }
                }

                @Override
                public void otherGame(String source, int gameNumber, String gameId, String treeGame) {
                    err.println(source + ":game " + gameNumber + ": " + TEXT.text("import.otherGame", gameId, treeGame));
                }

                @Override
                public void known(String source) {
                    err.println(source + ": " + TEXT.text("import.known"));
                }

                @Override
                public void unreadable(String source, String reason) {
                    err.println(source + ": " + TEXT.text("import.unreadable", reason));
                }

                @Override
                public void progress(long bytesDone, long bytesTotal, long gamesRead) {
                    Duration elapsed = Duration.ofNanos(System.nanoTime() - t0);
                    double seconds = Math.max(1e-3, elapsed.toNanos() / 1e9);
                    double fraction = bytesTotal == 0 ? 1 : (double) bytesDone / bytesTotal;
                    Optional<Duration> eta = fraction > 0.01 && fraction < 1
                            ? Optional.of(Duration.ofMillis((long) (seconds * (1 - fraction) / fraction * 1000)))
                            : Optional.empty();
                    // The bar counts KiB of the files; the rate is games per second.
                    bar.update(new Progress(0, "tree import", JobState.RUNNING, (int) (bytesTotal >> 10),
                            (int) (bytesDone >> 10), 0, 0, gamesRead / seconds, eta, elapsed),
                            TEXT.text("import.games", gamesRead));
                }
            };
            s = new TreeImporter(games, formats).run(tree, files,
                    new TreeImporter.Options(Optional.ofNullable(game), maxPly), listener);
            tree.checkpoint();
        } catch (IOException e) {
            err.println(TEXT.text("import.stopped", String.valueOf(e.getMessage())));
            err.flush();
            return 2;
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        err.println(TEXT.text("import.done", file, String.format(Locale.ROOT, "%.1f", seconds),
                String.format(Locale.ROOT, "%.0f", s.read() / Math.max(1e-3, seconds))));
        err.flush();
        // Machine-read: always this English line, numbers without grouping.
        out.println("games " + s.games() + " duplicates " + s.duplicates() + " broken " + s.broken() + " files "
                + s.files() + " known " + s.filesKnown() + " plies " + s.plies());
        out.flush();
        return s.broken() > 0 ? 1 : 0;
    }
}
