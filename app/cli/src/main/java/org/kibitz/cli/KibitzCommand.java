package org.kibitz.cli;

import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
            TournamentCommand.class,
            EngineCommand.class,
            AnalyseCommand.class,
            EvaluateCommand.class,
            PuzzlesCommand.class,
            CompareCommand.class,
            MergeCommand.class,
            RulingCommand.class,
            ReportCommand.class,
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
     * The subcommands of each command group, as the groups list them. Not in the groups' annotations,
     * for the reason {@link #SUBCOMMANDS} gives: {@code tree query} built {@code tree deep} too, and
     * with it the engine list, the job journal and Jackson's mappers, seven tenths of a second of a
     * query's start.
     */
    static final Map<Class<?>, List<Class<?>>> GROUPS = Map.of(
            BenchCommand.class, BenchCommand.SUBCOMMANDS,
            BookCommand.class, BookCommand.SUBCOMMANDS,
            EngineCommand.class, EngineCommand.SUBCOMMANDS,
            TreeCommand.class, TreeCommand.SUBCOMMANDS);

    /**
     * The command line for {@code args}: when they name a command, with only that command under the
     * root, and under a command group only the subcommand they name, on down; otherwise (help, a
     * version, files to open, a mistyped command, a group without a subcommand named) with all the
     * commands of that level, so help lists them and picocli can suggest the nearest.
     */
    public static CommandLine commandLine(CommandLine.IFactory factory, String... args) {
        CommandLine root = build(KibitzCommand.class, SUBCOMMANDS, factory, args, 0);
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        root.setExecutionStrategy(parsed -> {
            // Whatever the caller set as out and err: text from files and engines is escaped on its way there.
            root.setOut(Terminal.escaping(root.getOut()));
            root.setErr(Terminal.escaping(root.getErr()));
            return run.execute(parsed);
        });
        return root;
    }

    /** {@code command} with those of {@code subcommands} that {@code args} from {@code from} on need. */
    private static CommandLine build(Class<?> command, List<Class<?>> subcommands, CommandLine.IFactory factory,
                                     String[] args, int from) {
        CommandLine line = new CommandLine(command, factory);
        int at = nextWord(args, from);
        Class<?> named = at < 0 ? null : byName(subcommands, args[at]);
        for (Class<?> c : subcommands) {
            if (named == null || named == c) {
                // Built with all of its own when they are not needed (help of all), else as far as the words go.
                line.addSubcommand(build(c, GROUPS.getOrDefault(c, List.of()), factory, named == null ? new String[0] : args,
                        named == null ? 0 : at + 1));
            }
        }
        return line;
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

    /**
     * Where the next command word is in {@code args} from {@code from} on: -1 when an option comes
     * first (a root option such as help or a version, or {@code --}: everything is built, as picocli
     * expects) or there is none. {@code --plugins DIR} is passed over: Main reads it before this.
     */
    private static int nextWord(String[] args, int from) {
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--plugins")) {
                i++;
                continue;
            }
            if (a.startsWith("--plugins=")) {
                continue;
            }
            return a.startsWith("-") ? -1 : i;
        }
        return -1;
    }

    /** The command of {@code commands} called {@code word} (by name or alias), or {@code null}. */
    private static Class<?> byName(List<Class<?>> commands, String word) {
        for (Class<?> c : commands) {
            Command command = c.getAnnotation(Command.class);
            if (command.name().equals(word) || Arrays.asList(command.aliases()).contains(word)) {
                return c;
            }
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
