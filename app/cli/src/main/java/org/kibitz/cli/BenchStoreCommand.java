package org.kibitz.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.kibitz.core.store.StoreBenchmark;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz bench store}: the analysis store on a fresh file in a temporary folder: lines written
 * in batches per second, then lookups by position per second on one thread.
 */
@Command(name = "store", resourceBundle = "org.kibitz.cli.bench", sortOptions = false)
final class BenchStoreCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("bench");

    @Spec
    CommandSpec spec;

    @Option(names = "--rows", paramLabel = "N", defaultValue = "200000", descriptionKey = "store.rows")
    int rows;

    @Option(names = "--lookups", paramLabel = "N", defaultValue = "200000", descriptionKey = "store.lookups")
    int lookups;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", descriptionKey = "store.runs")
    int runs;

    @Override
    public Integer call() throws IOException {
        if (rows < 1 || lookups < 1 || runs < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("store.bad.numbers"));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(TEXT.text("store.header", rows, lookups, runs));
        out.flush();
        double bestInsert = 0;
        double bestLookup = 0;
        double bestInsertCpu = 0;
        double bestLookupCpu = 0;
        for (int i = 1; i <= runs; i++) {
            StoreBenchmark.Report r = StoreBenchmark.run(rows, lookups, 42 + i);
            out.println(String.format(Locale.ROOT, "run %d: inserts %,9.0f/s %,9.0f/cpu-s (%,d lines in %.2f s)"
                            + "   lookups %,9.0f/s %,9.0f/cpu-s (%,d in %.2f s, %,d lines found)   file %,d KiB", i,
                    r.insertsPerSecond(), r.insertsPerCpuSecond(), r.rows(), r.insertSeconds(), r.lookupsPerSecond(),
                    r.lookupsPerCpuSecond(), r.lookups(), r.lookupSeconds(), r.linesFound(), r.fileBytes() / 1024));
            out.flush();
            bestInsert = Math.max(bestInsert, r.insertsPerSecond());
            bestLookup = Math.max(bestLookup, r.lookupsPerSecond());
            bestInsertCpu = Math.max(bestInsertCpu, r.insertsPerCpuSecond());
            bestLookupCpu = Math.max(bestLookupCpu, r.lookupsPerCpuSecond());
        }
        out.println(String.format(Locale.ROOT, "best: inserts %,.0f/s (%,.0f/cpu-s), lookups %,.0f/s (%,.0f/cpu-s)",
                bestInsert, bestInsertCpu, bestLookup, bestLookupCpu));
        out.flush();
        return 0;
    }
}
