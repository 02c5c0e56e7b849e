import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Two builds of Kibitz in one JVM, each in a class loader of its own, running the same command in
 * turn (the order swapped every iteration), so that a slow minute of a shared machine meets both.
 * Prints each build's times over the last two thirds of the iterations (the first third compiles)
 * and the ratio B/A iteration by iteration: its median and middle half.
 *
 * <p>Run by {@code bench/ab-builds.sh}; by hand: {@code java SameJvm.java TARGET_A TARGET_B N
 * command args...}, where a target is an {@code app/launcher/target} folder of a packaged build.
 */
public final class SameJvm {

    private SameJvm() {
    }

    public static void main(String[] args) throws Exception {
        Path[] targets = {Path.of(args[0]), Path.of(args[1])};
        int n = Integer.parseInt(args[2]);
        String[] command = Arrays.copyOfRange(args, 3, args.length);
        PrintWriter sink = new PrintWriter(new StringWriter());
        ClassLoader[] loaders = new ClassLoader[2];
        Method[] runs = new Method[2];
        for (int k = 0; k < 2; k++) {
            loaders[k] = loader(targets[k]);
            runs[k] = Class.forName("org.kibitz.launcher.Main", true, loaders[k])
                    .getMethod("run", String[].class, PrintWriter.class, PrintWriter.class);
        }
        double[][] ms = new double[2][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 2; j++) {
                int k = i % 2 == 0 ? j : 1 - j;
                Thread.currentThread().setContextClassLoader(loaders[k]);
                long t = System.nanoTime();
                Object exit = runs[k].invoke(null, command, sink, sink);
                ms[k][i] = (System.nanoTime() - t) / 1e6;
                if (!Integer.valueOf(0).equals(exit) && !Integer.valueOf(1).equals(exit)) {
                    throw new IllegalStateException("build " + "AB".charAt(k) + " exited with " + exit);
                }
            }
        }
        int from = n / 3;
        for (int k = 0; k < 2; k++) {
            double[] s = Arrays.copyOfRange(ms[k], from, n);
            Arrays.sort(s);
            System.out.printf("%s ms: min %.0f, lower quartile %.0f, median %.0f%n", "AB".charAt(k), s[0],
                    s[s.length / 4], s[s.length / 2]);
        }
        double[] r = new double[n - from];
        for (int i = from; i < n; i++) {
            r[i - from] = ms[1][i] / ms[0][i];
        }
        Arrays.sort(r);
        System.out.printf("B/A, iteration by iteration: median %.3f (middle half %.3f-%.3f), B faster in %d of %d%n",
                r[r.length / 2], r[r.length / 4], r[3 * r.length / 4],
                Arrays.stream(r).filter(x -> x < 1).count(), r.length);
    }

    private static ClassLoader loader(Path target) throws Exception {
        List<URL> urls = new ArrayList<>();
        urls.add(target.resolve("kibitz-app.jar").toUri().toURL());
        try (Stream<Path> jars = Files.list(target.resolve("lib"))) {
            for (Path p : jars.sorted().toList()) {
                urls.add(p.toUri().toURL());
            }
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }
}
