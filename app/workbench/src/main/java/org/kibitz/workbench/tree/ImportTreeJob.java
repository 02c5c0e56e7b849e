package org.kibitz.workbench.tree;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.kibitz.api.game.Games;
import org.kibitz.core.Formats;
import org.kibitz.core.jobs.Job;
import org.kibitz.core.jobs.JobContext;
import org.kibitz.core.tree.OpeningTree;
import org.kibitz.core.tree.TreeImporter;

/** Imports one game file into an opening tree database, as a job of the shared runner (one item). */
final class ImportTreeJob implements Job<Path, ImportTreeJob.Done> {

    /** What the import did. */
    record Done(long games, long duplicates, long broken) {
    }

    private final Path source;
    private final Path database;
    private final Games games;
    private final Formats formats;

    ImportTreeJob(Path source, Path database, Games games, Formats formats) {
        this.source = source;
        this.database = database;
        this.games = games;
        this.formats = formats;
    }

    Path database() {
        return database;
    }

    @Override
    public String kind() {
        return "tree-import";
    }

    @Override
    public String name() {
        return source.getFileName().toString();
    }

    @Override
    public Map<String, String> parameters() {
        return Map.of("file", source.toString(), "db", database.toString());
    }

    @Override
    public List<Path> items() {
        return List.of(source);
    }

    @Override
    public String id(Path item) {
        return item.toString();
    }

    @Override
    public Done run(Path item, JobContext context) throws Exception {
        try (OpeningTree tree = OpeningTree.open(database)) {
            TreeImporter.Summary s = new TreeImporter(games, formats).run(tree, List.of(item),
                    TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                        @Override
                        public void progress(long bytesDone, long bytesTotal, long gamesRead) {
                            context.checkCancelled();
                        }
                    });
            tree.checkpoint();
            return new Done(s.games(), s.duplicates(), s.broken());
        }
    }

    @Override
    public Class<Done> resultType() {
        return Done.class;
    }
}
