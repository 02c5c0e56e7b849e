package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kibitz.cli.KibitzCommand;
import org.kibitz.core.KibitzPaths;
import org.kibitz.core.plugins.PluginDiscovery;
import org.kibitz.core.plugins.PluginSet;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The README's command reference against the program's own: every option a command's {@code --help}
 * lists is in that command's row (or rows), and every option a row names is one the command takes.
 * When this fails after adding an option, add it to the command's row in README.md (and README.zh-CN.md
 * if it lists it).
 */
class CommandReferenceTest {

    private static final Pattern ROW = Pattern.compile("^\\| `\\./kibitz ([a-z][a-z -]*?)(?= [^a-z]|`)");
    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])(--?[a-zA-Z][\\w-]*)");

    private static PluginSet plugins;
    private static CommandLine root;

    @BeforeAll
    static void wire(@TempDir Path home) {
        plugins = PluginDiscovery.discover(CommandReferenceTest.class.getClassLoader(), Optional.empty());
        var injector = Main.createInjector(plugins,
                new KibitzPaths(home.resolve("config"), home.resolve("data"), home.resolve("plugins")));
        root = KibitzCommand.commandLine(new GuiceFactory(injector));
    }

    @AfterAll
    static void close() {
        plugins.close();
    }

    /** Every command that does something: name path ("tree deep") to its command line. */
    private static Map<String, CommandLine> commands() {
        Map<String, CommandLine> out = new LinkedHashMap<>();
        walk(root, "", out);
        return out;
    }

    private static void walk(CommandLine c, String path, Map<String, CommandLine> out) {
        for (var e : c.getSubcommands().entrySet()) {
            if (!e.getValue().getCommandName().equals(e.getKey())) {
                continue; // an alias
            }
            String p = path.isEmpty() ? e.getKey() : path + " " + e.getKey();
            // A group (bench, book, tree, engine) only lists its commands; each of those has its row.
            if (e.getValue().getSubcommands().isEmpty()) {
                out.put(p, e.getValue());
            }
            walk(e.getValue(), p, out);
        }
    }

    /** The README's rows of the command table, joined per command. */
    static Map<String, String> rows(Path readme) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(readme)) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                out.merge(m.group(1).strip(), line, (a, b) -> a + "\n" + b);
            }
        }
        return out;
    }

    /**
     * The options a user can give: all but --help and --version (each command has them from picocli)
     * and those every command inherits from {@code kibitz} itself, which the README names once.
     */
    private static Set<String> options(CommandLine c) {
        Set<String> out = new TreeSet<>();
        for (OptionSpec o : c.getCommandSpec().options()) {
            if (o.hidden() || o.usageHelp() || o.versionHelp() || o.inherited()) {
                continue;
            }
            out.add(o.longestName());
        }
        return out;
    }

    private static boolean takes(CommandLine c, String name) {
        return c.getCommandSpec().findOption(name) != null;
    }

    @Test
    void everyOptionIsInItsCommandsRowAndEveryRowOptionExists() throws Exception {
        Path readme = Path.of(System.getProperty("kibitz.root"), "README.md");
        Map<String, String> rows = rows(readme);
        List<String> problems = new ArrayList<>();
        for (var e : commands().entrySet()) {
            String row = rows.get(e.getKey());
            if (row == null) {
                problems.add("no row for `kibitz " + e.getKey() + "`");
                continue;
            }
            for (String o : options(e.getValue())) {
                if (!Pattern.compile("(?<![\\w-])" + Pattern.quote(o) + "(?![\\w-])").matcher(row).find()) {
                    problems.add("kibitz " + e.getKey() + ": " + o + " is not in its row");
                }
            }
            // Stale options are looked for in the synopses only: a description may name another command's.
            StringBuilder synopses = new StringBuilder();
            for (String line : row.split("\n")) {
                synopses.append(line, 0, Math.max(0, line.indexOf("` |") + 1)).append('\n');
            }
            Matcher m = OPTION.matcher(synopses);
            while (m.find()) {
                String o = m.group(1);
                if (!takes(e.getValue(), o) && !o.equals("--help") && !o.equals("--version") && !o.equals("--")) {
                    problems.add("kibitz " + e.getKey() + ": its row names " + o + ", which it does not take");
                }
            }
        }
        String text = Files.readString(readme);
        for (OptionSpec o : root.getCommandSpec().options()) {
            for (String name : o.names()) {
                if (!text.contains("`" + name) && !text.contains(" " + name + " ") && !text.contains(name + "`")) {
                    problems.add("kibitz " + name + " (every command's option) is not named in README.md");
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " differences between README.md and --help:\n  "
                + String.join("\n  ", problems));
    }
}
