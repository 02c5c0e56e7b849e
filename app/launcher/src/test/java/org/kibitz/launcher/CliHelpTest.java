package org.kibitz.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kibitz.cli.KibitzCommand;
import picocli.CommandLine;

/**
 * Every command's help, in English and in Chinese: it renders without picocli's warnings (an unescaped
 * {@code %} in a bundle makes picocli print the raw text and a warning), every option has a description,
 * and the Chinese help is not the English one.
 */
class CliHelpTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"--version", "-V"})
    void theQuickVersionAnswerIsPicoclisOwn(String option) {
        StringWriter quick = new StringWriter();
        assertEquals(0, Main.run(new String[] {option}, new PrintWriter(quick), new PrintWriter(new StringWriter())));
        StringWriter picocli = new StringWriter();
        try (CliHarness cli = CliHarness.open(dir)) {
            CommandLine root = KibitzCommand.commandLine(new GuiceFactory(cli.service(com.google.inject.Injector.class)));
            root.printVersionHelp(new PrintWriter(picocli, true));
        }
        assertTrue(quick.toString().startsWith("Kibitz "), quick.toString());
        assertEquals(picocli.toString(), quick.toString());
        assertFalse(KibitzCommand.answerVersion(new String[] {"--version", "extra"}, new PrintWriter(new StringWriter())),
                "anything more goes to picocli, which reports it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "zh-CN"})
    void everyCommandsHelpRendersCleanlyWithEveryOptionDescribed(String language) {
        Locale before = Locale.getDefault();
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        Locale.setDefault(Locale.forLanguageTag(language));
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try (CliHarness cli = CliHarness.open(dir)) {
            CommandLine root = KibitzCommand.commandLine(new GuiceFactory(cli.service(com.google.inject.Injector.class)));
            List<CommandLine> all = new ArrayList<>();
            collect(root, all);
            assertTrue(all.size() > 10, "the commands: " + all.size());
            for (CommandLine c : all) {
                StringWriter out = new StringWriter();
                c.usage(new PrintWriter(out, true));
                String help = out.toString();
                String name = c.getCommandSpec().qualifiedName();
                assertTrue(help.contains("Usage:") || help.contains("用法"), name + ":\n" + help);
                for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
                    if (o.usageHelp() || o.versionHelp()) {
                        continue;
                    }
                    assertTrue(o.description().length > 0 && !o.description()[0].isBlank(),
                            name + " " + o.longestName() + " has no description");
                }
                if (language.equals("zh-CN") && c.getCommandSpec().usageMessage().description().length > 0) {
                    String d = String.join(" ", c.getCommandSpec().usageMessage().description());
                    assertTrue(d.codePoints().anyMatch(cp -> Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN),
                            name + "'s description is not in Chinese: " + d);
                }
            }
        } finally {
            System.setErr(stderr);
            Locale.setDefault(before);
        }
        String warned = warnings.toString(StandardCharsets.UTF_8);
        assertFalse(warned.contains("Could not format"), warned);
        assertEquals("", warned.lines().filter(l -> l.contains("picocli WARN")).reduce("", String::concat));
    }

    private static void collect(CommandLine c, List<CommandLine> into) {
        into.add(c);
        c.getSubcommands().values().stream().distinct().forEach(s -> collect(s, into));
    }
}
