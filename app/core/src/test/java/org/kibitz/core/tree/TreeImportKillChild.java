package org.kibitz.core.tree;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import org.kibitz.core.TestGames;

/**
 * An import into a new tree that stops in its third batch of 100 games and waits there, to be killed
 * by {@link TreeImportTest}. Its page cache is a few pages, so that a batch's writes reach the file
 * before their commit (a rollback journal then holds what they overwrote).
 */
public final class TreeImportKillChild {

    private TreeImportKillChild() {
    }

    public static void main(String[] args) throws Exception {
        try (OpeningTree tree = OpeningTree.open(Path.of(args[0]))) {
            try (Statement st = tree.db.createStatement()) {
                st.execute("PRAGMA cache_size = 8");
            }
            new TreeImporter(TestGames.GAMES, TestGames.formats(), 100, OpeningTree.MAX_RUNS).run(tree,
                    List.of(Path.of(args[1])), TreeImporter.Options.defaults(), new TreeImporter.Listener() {
                        @Override
                        public void progress(long bytesDone, long bytesTotal, long gamesRead) {
                            if (gamesRead >= 256) {
                                System.out.println("waiting");
                                System.out.flush();
                                try {
                                    Thread.sleep(120_000);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            }
                        }
                    });
        }
    }
}
