package org.kibitz.cli;

import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.kibitz.core.WorkbenchStarter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code kibitz}: the workbench when given no command, else one of the subcommands. */
@Command(name = "kibitz",
        mixinStandardHelpOptions = true,
        scope = picocli.CommandLine.ScopeType.INHERIT,
        versionProvider = VersionProvider.class,
        resourceBundle = "org.kibitz.cli.messages")
public final class KibitzCommand implements Callable<Integer> {

    /**
     * The commands under {@code kibitz}, in the order help lists them. Not in the annotation: picocli
     * builds every command it is given (and Guice every service those need: the engine list, JSON
     * mappers, job runners) before it parses a word, which was most of a short command's start;
     * {@link #commandLine} builds the one that runs.
     */
    public static final List<Class<?>> SUBCOMMANDS = List.of(
            PluginsCommand.class,
            ConvertCommand.class,
            CheckCommand.class,
            CurveCommand.class,
            PerftCommand.class,
            BenchCommand.class,
            MatchCommand.class,
            EngineCommand.class,
            AnalyseCommand.class,
            EvaluateCommand.class,
            CompareCommand.class,
            MergeCommand.class,
            RulingCommand.class,
            BookCommand.class,
            TreeCommand.class);

    private final WorkbenchStarter workbench;

    // Read by Main before parsing (discovery needs it first); declared here for --help and validation.
    @Option(names = "--plugins", paramLabel = "DIR", descriptionKey = "plugins.option", scope = picocli.CommandLine.ScopeType.INHERIT)
    Path plugins;

    /** Game files to open, as {@code kibitz game.pgn} from a shell or a file manager's "Open with". */
    @Parameters(arity = "0..*", paramLabel = "FILE", descriptionKey = "files.param")
    List<Path> files = List.of();

    @Spec
    CommandSpec spec;

    @Inject
    KibitzCommand(WorkbenchStarter workbench) {
        this.workbench = workbench;
    }

    /**
     * The command line for {@code args}: when they name a command, with only that command under the
     * root (its own subcommands included); otherwise (help, version, files to open, a mistyped
     * command) with all of them, so help lists them and picocli can suggest the nearest.
     */
    public static CommandLine commandLine(CommandLine.IFactory factory, String... args) {
        CommandLine root = new CommandLine(KibitzCommand.class, factory);
        Class<?> named = named(args);
        for (Class<?> c : SUBCOMMANDS) {
            if (named == null || named == c) {
                root.addSubcommand(new CommandLine(c, factory));
            }
        }
        return root;
    }

    /**
     * Answers {@code kibitz --version} (or {@code -V}) alone, as picocli would, without plugins,
     * Guice or the commands: scripts call it first to see that Kibitz is there, and building all
     * that took most of a second. Returns whether {@code args} were that.
     *
     * @param out where the answer goes; the process's standard output when null
     */
    public static boolean answerVersion(String[] args, java.io.PrintWriter out) {
        if (args.length != 1 || !(args[0].equals("--version") || args[0].equals("-V"))) {
            return false;
        }
        java.io.PrintWriter w = out != null ? out
                : new java.io.PrintWriter(new java.io.OutputStreamWriter(System.out, java.nio.charset.Charset.defaultCharset()));
        for (String line : new VersionProvider().getVersion()) {
            w.println(line);
        }
        w.flush();
        return true;
    }

    /** The command {@code args} run, or {@code null} when they run none or their first word is not one. */
    static Class<?> named(String... args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--plugins")) {
                i++;
                continue;
            }
            if (a.startsWith("--plugins=")) {
                continue;
            }
            if (a.startsWith("-")) {
                return null; // a root option (help, version) or "--": everything, as picocli expects
            }
            for (Class<?> c : SUBCOMMANDS) {
                Command command = c.getAnnotation(Command.class);
                if (command.name().equals(a) || Arrays.asList(command.aliases()).contains(a)) {
                    return c;
                }
            }
            return null;
        }
        return null;
    }

    @Override
    public Integer call() {
        for (Path f : files) {
            // A mistyped command lands here too: say so rather than open a window on nothing.
            if (!Files.isRegularFile(f)) {
                throw new ParameterException(spec.commandLine(), Messages.get("file.orCommand.unknown", f));
            }
        }
        return workbench.start(files);
    }
}
