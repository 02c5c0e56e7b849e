package org.kibitz.core.store;

import java.nio.file.Path;
import java.time.Instant;
import org.kibitz.core.TestGames;

/**
 * A second process for {@link AnalysisStoreTest}: writes {@code rows} lines of engine {@code name}
 * into the store at {@code file}, in batches as the workbench does, then exits.
 * Arguments: file name rows.
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
            AnalysisStoreTest.writeRows(store, engine, rows, Instant.now());
            store.flush();
        }
        System.exit(0);
    }
}
