package org.kibitz.workbench.engines;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import javafx.application.Platform;
import org.kibitz.api.tree.GameNode;
import org.kibitz.core.store.AnalysisStore;
import org.kibitz.core.store.PositionKey;
import org.kibitz.core.store.StoredAnalysis;
import org.kibitz.core.store.StoredLine;

/**
 * Brings what the analysis store keeps back into the game tree as the user walks it: the nodes of
 * the line shown are looked up once each, off the FX thread, and what is found is put into them on
 * the FX thread (which owns the tree).
 */
final class StoredLoader {

    private static final System.Logger LOG = System.getLogger(StoredLoader.class.getName());

    private final AnalysisStore store;
    private final Runnable loaded;
    private final Set<GameNode> looked = Collections.newSetFromMap(new WeakHashMap<>());
    private final ExecutorService lookups = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "kibitz-store-lookup");
        t.setDaemon(true);
        return t;
    });

    StoredLoader(AnalysisStore store, Runnable loaded) {
        this.store = store;
        this.loaded = loaded;
    }

    /** Looks up {@code root} and the nodes of {@code line} not looked up before (on the FX thread). */
    void load(GameNode root, List<GameNode> line, Predicate<GameNode> stillThere) {
        List<GameNode> nodes = new ArrayList<>();
        if (looked.add(root)) {
            nodes.add(root);
        }
        for (GameNode n : line) {
            if (looked.add(n)) {
                nodes.add(n);
            }
        }
        if (nodes.isEmpty()) {
            return;
        }
        List<PositionKey> keys = nodes.stream().map(n -> PositionKey.of(n.position())).toList();
        try {
            lookups.execute(() -> {
                Map<PositionKey, List<StoredLine>> found = store.lines(keys);
                if (found.values().stream().allMatch(List::isEmpty)) {
                    return;
                }
                Platform.runLater(() -> {
                    boolean changed = false;
                    for (int i = 0; i < nodes.size(); i++) {
                        GameNode n = nodes.get(i);
                        if (stillThere.test(n)) {
                            changed |= StoredAnalysis.putInto(n, found.get(keys.get(i)));
                        }
                    }
                    if (changed) {
                        loaded.run();
                    }
                });
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.log(System.Logger.Level.DEBUG, "stored analysis not looked up: closing");
        }
    }

    void close() {
        lookups.shutdown();
    }
}
