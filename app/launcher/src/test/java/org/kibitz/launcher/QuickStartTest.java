package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.launcher.CliHarness.Run;
import org.kibitz.testing.RealEngines;

/**
 * Every command of the READMEs' quick start, run as written (in process, as {@link CliHarness} runs
 * commands) on the repository's own files, so that an example cannot go stale. The English and the
 * Chinese README show the same commands. Paths under {@code testdata/} are the checkout's; the files
 * the examples write (a bare name such as {@code wc1886.pgn}) go to a temporary folder, which stands
 * for the current folder the README runs them in.
 */
class QuickStartTest {

    private static final Pattern OUTPUT = Pattern.compile("[\\w.-]+\\.(pgn|png|svg|csv|jsonl|html)");

    static Path root() {
        return Path.of(System.getProperty("kibitz.root"));
    }

    /** The {@code ./kibitz} commands of the quick start's shell blocks, in order, without the bare start of the window. */
    static List<String> commands(Path readme) throws Exception {
        List<String> out = new ArrayList<>();
        boolean inSection = false;
        boolean inShell = false;
        for (String line : Files.readAllLines(readme)) {
            if (line.startsWith("## ")) {
                inSection = line.contains("Quick start") || line.contains("快速上手");
                continue;
            }
            if (!inSection) {
                continue;
            }
            if (line.startsWith("```")) {
                inShell = !inShell && line.startsWith("```sh");
                continue;
            }
            String command = line.replaceAll("\\s+#.*$", "").strip();
            if (inShell && command.startsWith("./kibitz ")) {
                out.add(command);
            }
        }
        return out;
    }

    /** Words as a POSIX shell splits them, for the quoting the README uses (double and single quotes). */
    static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean any = false;
        char quote = 0;
        for (char c : command.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any || w.length() > 0) {
                    out.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
            }
        }
        if (any || w.length() > 0) {
            out.add(w.toString());
        }
        return out;
    }

    @Test
    void bothReadmesShowTheSameCommands() throws Exception {
        List<String> en = commands(root().resolve("README.md"));
        List<String> zh = commands(root().resolve("README.zh-CN.md"));
        assertTrue(en.size() >= 10, "the quick start has an example for each job in both games: " + en);
        assertEquals(en, zh);
    }

    @Test
    void everyQuickStartCommandRunsAsWritten(@TempDir Path here) throws Exception {
        RealEngines.require("stockfish");
        RealEngines.require("fairy-stockfish");
        List<String> commands = commands(root().resolve("README.md"));
        assertFalse(commands.isEmpty());
        try (CliHarness cli = CliHarness.open(here.resolve("home"))) {
            for (String command : commands) {
                List<String> args = new ArrayList<>();
                List<Path> written = new ArrayList<>();
                List<String> w = words(command);
                for (int i = 1; i < w.size(); i++) {
                    String a = w.get(i);
                    if (a.startsWith("testdata/")) {
                        Path p = root().resolve(a);
                        assertTrue(Files.isRegularFile(p), "the README names a file the repository has: " + a);
                        a = p.toString();
                    } else if (OUTPUT.matcher(a).matches()) {
                        Path p = here.resolve(a);
                        if (i > 1 && w.get(i - 1).matches("--(out|csv|pgnout)")) {
                            written.add(p);
                        }
                        a = p.toString();
                    }
                    args.add(a);
                }
                Run r = cli.run(args.toArray(String[]::new));
                assertEquals(0, r.exit(), command + "\n" + String.join("\n", r.out()) + "\n" + r.err());
                assertFalse(r.out().isEmpty(), command + " says what it did");
                for (Path p : written) {
                    assertTrue(Files.size(p) > 0, command + " wrote " + p.getFileName());
                }
            }
        }
    }
}
