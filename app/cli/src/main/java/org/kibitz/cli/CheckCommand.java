package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.core.convert.GameChecker;
import org.kibitz.core.convert.GameConverter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz check FILE...}: reads game files through and reports their problems, as
 * {@code convert} would, without writing anything. The last line on stdout is
 * {@code games G plies P errors E} over all the files; exit 0 clean, 1 errors, 2 usage or I/O.
 */
@Command(name = "check", resourceBundle = "org.kibitz.cli.check", sortOptions = false)
final class CheckCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("check");

    private final GameChecker checker;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", descriptionKey = "check.files", converter = InputFiles.Converter.class)
    List<Path> files;

    @Option(names = "--game", paramLabel = "GAME", descriptionKey = "check.game")
    String game;

    @Option(names = "--encoding", paramLabel = "CHARSET", descriptionKey = "check.encoding")
    String encoding;

    @Inject
    CheckCommand(GameChecker checker) {
        this.checker = checker;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        GameConverter.Options options = new GameConverter.Options(Optional.empty(), Optional.ofNullable(game), charset());
        Locale locale = Locale.getDefault();
        GameConverter.Listener listener = FileProblems.printer(stderr, TEXT, "check.warning");
        int games = 0;
        long plies = 0;
        int errors = 0;
        boolean failed = false;
        for (Path f : files) {
            try {
                GameConverter.Summary s = checker.check(f, InputFiles.shown(f), options, listener);
                games += s.games();
                plies += s.plies();
                errors += s.errors();
            } catch (GameConverter.ConversionException e) {
                // One unreadable file does not stop the others; it is an I/O error all the same.
                stderr.println(TEXT.text("check.stopped", e.text().render(locale)));
                failed = true;
            } catch (IOException e) {
                stderr.println(TEXT.text("check.stopped", f + ": " + e.getMessage()));
                failed = true;
            }
        }
        stderr.flush();
        // Machine-read: always this English line, numbers without grouping.
        stdout.println("games " + games + " plies " + plies + " errors " + errors);
        stdout.flush();
        return failed ? 2 : errors > 0 ? 1 : 0;
    }

    private Optional<Charset> charset() {
        return FileProblems.charset(spec, encoding, TEXT, "check.encoding.unknown");
    }
}
