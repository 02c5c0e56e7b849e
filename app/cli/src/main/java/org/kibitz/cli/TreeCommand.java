package org.kibitz.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.kibitz.core.KibitzPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code kibitz tree}: the opening database; {@code import} fills it, {@code query} reads it. */
@Command(name = "tree", resourceBundle = "org.kibitz.cli.tree")
final class TreeCommand implements Callable<Integer> {

    /**
     * Its subcommands, in the order help lists them; built as {@link KibitzCommand#commandLine} says:
     * {@code tree query} does not build {@code tree deep}, whose engines, job journal and JSON mappers
     * were most of a query's start.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(TreeImportCommand.class, TreeQueryCommand.class, TreeDeepCommand.class);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /**
     * The database file {@code --db} names: a bare name ({@code masters}) is {@code trees/masters.sqlite}
     * in the data folder; anything with a folder or an extension is a path.
     */
    static Path database(KibitzPaths paths, String db) {
        boolean bare = !db.contains("/") && !db.contains("\\") && !db.contains(".");
        return bare ? paths.data().resolve("trees").resolve(db + ".sqlite") : Path.of(db);
    }
}
