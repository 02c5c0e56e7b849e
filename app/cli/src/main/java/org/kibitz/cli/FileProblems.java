package org.kibitz.cli;

import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.Optional;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.i18n.Text;
import org.kibitz.core.convert.GameConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** How the commands that read game files say what is wrong with them, and read {@code --encoding}. */
final class FileProblems {

    private FileProblems() {
    }

    /**
     * Problems to {@code stderr}, one per line: errors as {@code <file>:game <n>:<place>: ...},
     * warnings the same with the command's word for "warning" ({@code warningKey} in {@code text}).
     */
    static GameConverter.Listener printer(PrintWriter stderr, Messages text, String warningKey) {
        Locale locale = Locale.getDefault();
        return new GameConverter.Listener() {
            @Override
            public void problem(FormatProblem p) {
                if (p.severity() == FormatProblem.Severity.ERROR) {
                    stderr.println(p.render(locale));
                } else {
                    stderr.println(p.source() + ":game " + p.gameNumber() + ":" + p.location() + ": "
                            + text.text(warningKey, p.message().render(locale)));
                }
            }

            @Override
            public void notWritten(String source, int gameNumber, Text reason) {
                stderr.println(source + ":game " + gameNumber + ": " + reason.render(locale));
            }

            @Override
            public void noGames(String source, Text reason) {
                stderr.println(source + ": " + reason.render(locale));
            }

            @Override
            public void tagsNotKept(String source, int gameNumber, Text what) {
                stderr.println(source + ":game " + gameNumber + ": " + text.text(warningKey, what.render(locale)));
            }
        };
    }

    /** The {@code --encoding} option's charset; a usage error ({@code unknownKey}) when there is no such charset. */
    static Optional<Charset> charset(CommandSpec spec, String encoding, Messages text, String unknownKey) {
        if (encoding == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Charset.forName(encoding));
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new ParameterException(spec.commandLine(), text.text(unknownKey, encoding));
        }
    }
}
