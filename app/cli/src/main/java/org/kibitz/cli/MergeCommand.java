package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.kibitz.core.evaluate.compare.ComparisonOutputs;
import org.kibitz.core.evaluate.compare.ComparisonTables;
import org.kibitz.core.evaluate.merge.MergeException;
import org.kibitz.core.evaluate.merge.OutputKind;
import org.kibitz.core.evaluate.merge.ShardMerge;
import org.kibitz.core.match.MatchMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz merge --out FILE [--csv FILE] [--jsonl FILE] PARTS...}: joins the outputs of the
 * shards of one {@code kibitz evaluate} batch into the files a single run writes, with their manifest.
 * The last stdout line is {@code evaluate}'s: {@code games G positions P evaluated E cached C failed F}
 * (the parts' sums). Exit 0 merged, 2 usage or I/O error or parts that do not make one batch (nothing
 * is written then).
 */
@Command(name = "merge", resourceBundle = "org.kibitz.cli.merge", sortOptions = false)
final class MergeCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("merge");

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "FILE", descriptionKey = "merge.out")
    Path out;

    @Option(names = "--csv", paramLabel = "FILE", descriptionKey = "merge.csv")
    Path csv;

    @Option(names = "--jsonl", paramLabel = "FILE", descriptionKey = "merge.jsonl")
    Path jsonl;

    @Option(names = "--partial", descriptionKey = "merge.partial")
    boolean partial;

    @Parameters(arity = "1..*", paramLabel = "PARTS", descriptionKey = "merge.parts")
    List<Path> parts;

    @Inject
    MergeCommand() {
    }

    /** The shards' journals of one match: one PGN in game order, the statistics once. */
    private int mergeMatch(PrintWriter stdout, PrintWriter stderr) {
        if (out == null) {
            throw new ParameterException(spec.commandLine(), TEXT.text("merge.match.out"));
        }
        try {
            MatchMerge.Result r = MatchMerge.merge(parts, partial);
            MatchMerge.writePgn(r, out);
            if (!r.missing().isEmpty()) {
                stderr.println(TEXT.text("merge.match.missing", r.missing().toString(), r.count()));
            }
            stderr.println(TEXT.text("merge.match.done", r.games().size(), r.shards().size(), r.count(), out));
            stderr.flush();
            MatchMerge.summary(r, Optional.empty()).forEach(stdout::println);
            stdout.flush();
            return 0;
        } catch (MatchMerge.MergeException e) {
            stderr.println(TEXT.text("merge.refused", e.getMessage()));
        } catch (IOException e) {
            stderr.println(TEXT.text("merge.failed", String.valueOf(e.getMessage())));
        }
        stderr.flush();
        return 2;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (!parts.isEmpty() && parts.stream().allMatch(MatchMerge::isMatchJournal)) {
            return mergeMatch(stdout, stderr);
        }
        Map<OutputKind, Path> targets = new EnumMap<>(OutputKind.class);
        if (out != null) {
            targets.put(OutputKind.OUT, out);
        }
        if (csv != null) {
            targets.put(OutputKind.CSV, csv);
        }
        if (jsonl != null) {
            targets.put(OutputKind.JSONL, jsonl);
        }
        if (targets.isEmpty()) {
            throw new ParameterException(spec.commandLine(), TEXT.text("merge.noOutput"));
        }
        ShardMerge.Result result;
        try {
            result = ShardMerge.merge(new ShardMerge.Request(parts, targets, partial));
        } catch (MergeException e) {
            stderr.println(TEXT.text("merge.refused", e.text().render()));
            stderr.flush();
            return 2;
        } catch (IOException e) {
            stderr.println(TEXT.text("merge.failed", String.valueOf(e.getMessage())));
            stderr.flush();
            return 2;
        }
        if (!result.missing().isEmpty()) {
            stderr.println(TEXT.text("merge.partial.note", result.shard().toString(),
                    result.missing().stream().map(i -> i + "/" + result.shard().count()).collect(Collectors.joining(", "))));
        }
        stderr.println(TEXT.text("merge.done", parts.size(), result.manifest()));
        stderr.flush();
        // Machine-read: always this English line, numbers without grouping, as evaluate's.
        stdout.println(result.summaryLine());
        // A comparison's figures, summed again from the merged CSV: the line one compare run ends with.
        if (csv != null && ComparisonOutputs.isComparison(result.manifest())) {
            try {
                stdout.println(ComparisonTables.summarise(csv).summaryLine());
            } catch (IOException | IllegalArgumentException e) {
                stderr.println(TEXT.text("merge.failed", String.valueOf(e.getMessage())));
                stderr.flush();
                return 2;
            }
        }
        stdout.flush();
        return 0;
    }
}
