package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.kibitz.core.analysis.EngineLogService;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --log[=FILE]} of every command that runs engines: the conversation with every engine, each
 * line labelled with its job and engine as the workbench's log pane shows it
 * ({@code 12:00:01.234  [a vs b #1]  Stockfish  >  go movetime 500}), written to {@code FILE}
 * (appended to, so an earlier log or a file named by mistake loses nothing) or, with no file, to
 * standard error. The lines come from the one engine log of the process ({@link EngineLogService}).
 */
final class EngineLogOption {

    /** The value {@code --log} takes without a file: standard error. */
    static final String STDERR = "-";

    private final EngineLogService log;

    @Option(names = "--log", arity = "0..1", fallbackValue = STDERR, paramLabel = "FILE", descriptionKey = "log")
    String target;

    @Inject
    EngineLogOption(EngineLogService log) {
        this.log = log;
    }

    /** The log being written, until closed. */
    interface Running extends AutoCloseable {
        @Override
        void close();
    }

    /** Whether {@code --log} was given. */
    boolean given() {
        return target != null;
    }

    /** The file {@code --log FILE} names, empty for standard error or no log. */
    Optional<Path> file() {
        return target == null || target.equals(STDERR) ? Optional.empty() : Optional.of(Path.of(target));
    }

    /**
     * Starts writing the engine log as asked; sessions started outside a job are labelled
     * {@code job}. Close the handle when the command ends (it closes the file).
     *
     * @throws CommandLine.ParameterException when the file cannot be opened
     */
    Running start(String job, PrintWriter err, CommandLine commandLine) {
        log.setDefaultJob(job);
        if (target == null) {
            return () -> { };
        }
        if (target.equals(STDERR)) {
            AutoCloseable h = log.writeTo(err);
            return () -> closeQuietly(h);
        }
        Path file = Path.of(target);
        Writer w;
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            w = new OutputStreamWriter(Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new CommandLine.ParameterException(commandLine, Messages.get("log.cannotWrite", file, e.getMessage()));
        }
        AutoCloseable h = log.writeTo(w);
        return () -> {
            closeQuietly(h);
            synchronized (w) {
                try {
                    w.close();
                } catch (IOException e) {
                    err.println(Messages.get("log.cannotWrite", file, e.getMessage()));
                }
            }
        };
    }

    private static void closeQuietly(AutoCloseable h) {
        try {
            h.close();
        } catch (Exception e) {
            // removing a writer from the log does not fail
        }
    }

    /** The service, for commands that tap sessions they start themselves. */
    EngineLogService service() {
        return log;
    }
}
