package org.kibitz.core.store;

import java.nio.file.Path;
import java.time.Instant;
import org.kibitz.core.TestGames;

/**
 * A second process for {@link AnalysisStoreTest}: writes {@code rows} lines of engine {@code name}
 * into the store at {@code file}, in batches as the workbench does, then exits.
 * Arguments: file name rows [until-killed].
 */
public final class StoreWriterMain {

    private StoreWriterMain() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        String engine = args[1];
        int rows = Integer.parseInt(args[2]);
        try (AnalysisStore store = AnalysisStore.open(file, TestGames.GAMES)) {
            if (store.problem().isPresent() || store.temporary()) {
                System.exit(3);
            }
            if (args.length > 3 && args[3].equals("until-killed")) {
                // Writes the first rows, says so once they are committed, then keeps writing until killed.
                AnalysisStoreTest.writeRows(store, engine, 0, rows, Instant.now());
                store.flush();
                System.out.println("committed " + rows);
                System.out.flush();
                for (int i = rows; ; i++) {
                    AnalysisStoreTest.writeRows(store, engine, i, i + 1, Instant.now());
                    if (i % 200 == 0) {
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }
            AnalysisStoreTest.writeRows(store, engine, rows, Instant.now());
            store.flush();
        }
        System.exit(0);
    }
}
