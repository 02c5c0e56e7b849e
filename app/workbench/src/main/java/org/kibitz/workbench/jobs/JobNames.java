package org.kibitz.workbench.jobs;

import java.util.List;
import java.util.stream.Collectors;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.jobs.Job;
import org.kibitz.core.match.MatchJob;
import org.kibitz.core.store.EngineFingerprint;
import org.kibitz.workbench.I18n;

/**
 * A job named by what it does, in the UI's language: "Evaluate ccgc-13.PGN · Fairy-Stockfish ·
 * 20,000 nodes", "Compare …", "Match A vs B · 10 games", "Import … into the tree". The job's own
 * {@link Job#name()} (a file name) names kinds this class does not know.
 */
public final class JobNames {

    private JobNames() {
    }

    /** What {@code job} does, in the current language. */
    public static String of(I18n i18n, Job<?, ?> job) {
        if (job instanceof EvaluationJob e) {
            List<EngineFingerprint> f = e.fingerprints();
            if (f.isEmpty()) {
                // Its engines are still starting: named as the list names them.
                f = e.request().engines().stream().map(r -> EngineFingerprint.named(r.name(), e.request().limits())).toList();
            }
            String engines = f.stream().map(EngineFingerprint::engine).distinct().map(i18n::engineName).collect(Collectors.joining(" / "));
            String limit = f.isEmpty() ? "" : limit(i18n, f.get(0));
            return i18n.get(f.size() > 1 ? "job.name.compare" : "job.name.evaluate", e.name(), engines, limit);
        }
        if (job instanceof MatchJob m) {
            // The built-in engine's name and "vs" in the UI's language, as the match pane says them.
            return i18n.get("job.name.match", m.plan().names().stream().map(i18n::engineName)
                    .collect(Collectors.joining(i18n.get("match.versus"))), m.items().size());
        }
        if ("tree-import".equals(job.kind())) {
            return i18n.get("job.name.treeImport", job.name());
        }
        return job.name();
    }

    /** A search limit in words: "20,000 nodes", "depth 12", "500 ms a move". */
    static String limit(I18n i18n, EngineFingerprint f) {
        return switch (f.limitKind()) {
            case NODES -> i18n.get("job.limit.nodes", f.limitValue());
            case DEPTH -> i18n.get("job.limit.depth", f.limitValue());
            case MOVETIME -> i18n.get("job.limit.movetime", f.limitValue());
            case INFINITE, OTHER -> i18n.get("job.limit.other");
        };
    }
}
