package org.kibitz.core.evaluate.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The files a batch's outputs are written into, each beside its target: the games ({@code --out}), the
 * CSV (its header written first), the JSON Lines, and the manifest's game entries. {@link #commit} writes
 * the manifest and moves every part over its target; {@link #abort} drops them all, leaving the targets
 * as they were. {@code evaluate}'s and {@code compare}'s outputs both keep their files here.
 */
public final class OutputParts {

    /** Writes the manifest to its path, from the parts as they are when the batch ends. */
    @FunctionalInterface
    public interface ManifestWriter {
        void write(Path manifest) throws IOException;
    }

    private final EvaluationOutputs.Targets targets;
    private final PartFile out;
    private final PartFile csv;
    private final PartFile jsonl;
    private final PartFile games;

    private OutputParts(EvaluationOutputs.Targets targets, PartFile out, PartFile csv, PartFile jsonl, PartFile games) {
        this.targets = targets;
        this.out = out;
        this.csv = csv;
        this.jsonl = jsonl;
        this.games = games;
    }

    /**
     * Opens a part for each target given, writes {@code csvHeader} into the CSV's, and makes the plots' folder.
     *
     * @throws IOException a part cannot be created (those opened are dropped)
     */
    public static OutputParts open(EvaluationOutputs.Targets targets, String csvHeader) throws IOException {
        List<PartFile> opened = new ArrayList<>();
        try {
            PartFile out = part(targets.out(), opened);
            PartFile csv = part(targets.csv(), opened);
            PartFile jsonl = part(targets.jsonl(), opened);
            PartFile games = part(targets.manifest().map(m -> m.resolveSibling(m.getFileName() + ".games")), opened);
            if (csv != null) {
                csv.append(csvHeader.getBytes(StandardCharsets.UTF_8));
            }
            if (targets.plots().isPresent()) {
                Files.createDirectories(targets.plots().get());
            }
            return new OutputParts(targets, out, csv, jsonl, games);
        } catch (IOException | RuntimeException e) {
            for (PartFile p : opened) {
                try {
                    p.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    private static PartFile part(Optional<Path> target, List<PartFile> opened) throws IOException {
        if (target.isEmpty()) {
            return null;
        }
        PartFile p = PartFile.open(target.get());
        opened.add(p);
        return p;
    }

    /** The games' part, or null without {@code --out}. */
    public PartFile out() {
        return out;
    }

    public PartFile csv() {
        return csv;
    }

    public PartFile jsonl() {
        return jsonl;
    }

    /** The manifest's game entries, or null when there is no manifest (no out, CSV or JSONL). */
    public PartFile games() {
        return games;
    }

    /**
     * Writes the manifest (when there is one) and moves every output into place.
     *
     * @throws IOException writing failed: then no target was replaced
     */
    public void commit(ManifestWriter manifest) throws IOException {
        try {
            if (games != null) {
                manifest.write(targets.manifest().orElseThrow());
            }
            for (PartFile p : new PartFile[] {out, csv, jsonl}) {
                if (p != null) {
                    p.commit();
                }
            }
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        } finally {
            if (games != null) {
                games.close();
            }
        }
    }

    /** Drops every part: the targets stay as they were. */
    public void abort() {
        for (PartFile p : new PartFile[] {out, csv, jsonl, games}) {
            if (p != null) {
                try {
                    p.close();
                } catch (IOException e) {
                    // Only a temporary file left behind.
                }
            }
        }
    }
}
