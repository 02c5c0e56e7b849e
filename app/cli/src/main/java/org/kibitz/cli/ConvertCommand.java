package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.core.convert.GameConverter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz convert IN OUT}: game files from one format to another (by extension). Problems go
 * to stderr, one per line; the last line on stdout is {@code games G plies P errors E}. Exit 0 when
 * every game read cleanly, 1 when some had errors (the good part is still written), 2 for usage or
 * I/O errors (the output is then left as it was).
 */
@Command(name = "convert", resourceBundle = "org.kibitz.cli.convert", sortOptions = false)
final class ConvertCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("convert");

    private final GameConverter converter;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", descriptionKey = "convert.in", converter = InputFiles.Converter.class)
    Path in;

    @Parameters(index = "1", paramLabel = "OUT", descriptionKey = "convert.out")
    Path out;

    @Option(names = "--notation", paramLabel = "NOTATION", descriptionKey = "convert.notation")
    String notation;

    @Option(names = "--game", paramLabel = "GAME", descriptionKey = "convert.game")
    String game;

    @Option(names = "--encoding", paramLabel = "CHARSET", descriptionKey = "convert.encoding")
    String encoding;

    @Option(names = "--classify", descriptionKey = "convert.classify")
    boolean classify;

    @Inject
    ConvertCommand(GameConverter converter) {
        this.converter = converter;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (notation != null && !converter.notations().contains(notation)) {
            throw new ParameterException(spec.commandLine(), TEXT.text("convert.notation.unknown", notation,
                    String.join(", ", converter.notations())));
        }
        GameConverter.Options options = new GameConverter.Options(Optional.ofNullable(notation), Optional.ofNullable(game), charset())
                .withClassify(classify);
        Locale locale = Locale.getDefault();
        GameConverter.Listener listener = FileProblems.printer(stderr, TEXT, "convert.warning");
        GameConverter.Summary summary;
        try {
            summary = converter.convert(in, InputFiles.shown(in), out, options, listener);
        } catch (GameConverter.ConversionException e) {
            stderr.println(TEXT.text("convert.stopped", e.text().render(locale)));
            stderr.flush();
            return 2;
        } catch (java.io.IOException e) {
            stderr.println(TEXT.text("convert.stopped", String.valueOf(e.getMessage())));
            stderr.flush();
            return 2;
        }
        stderr.flush();
        // Machine-read: always this English line, numbers without grouping.
        stdout.println("games " + summary.games() + " plies " + summary.plies() + " errors " + summary.errors());
        stdout.flush();
        return summary.errors() > 0 ? 1 : 0;
    }

    private Optional<Charset> charset() {
        return FileProblems.charset(spec, encoding, TEXT, "convert.encoding.unknown");
    }
}
