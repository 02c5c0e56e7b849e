package org.kibitz.testing;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.kibitz.api.UsesStandardStreams;

/**
 * A real engine behind a proxy that fails on demand: every line goes through to the engine named
 * and back, except that a {@code go} for a position of exactly {@code PLY} moves makes the proxy
 * {@code crash} (exit 3, the engine with it) or {@code hang} (stop answering, {@code stop} included).
 * With a {@code MARKER} file argument it fails only while that file does not exist (and creates it):
 * the first process fails, the restarted one works.
 * <p>{@code FaultyProxyEngine crash|hang PLY [MARKER] -- ENGINE [ARGS...]}
 */
@UsesStandardStreams("a proxy engine speaks UCI on stdin/stdout")
public final class FaultyProxyEngine {

    private FaultyProxyEngine() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int ply = Integer.parseInt(args[1]);
        int sep = List.of(args).indexOf("--");
        Path marker = sep > 2 ? Path.of(args[2]) : null;
        List<String> engine = new ArrayList<>(List.of(args).subList(sep + 1, args.length));
        Process p = new ProcessBuilder(engine).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        OutputStream toEngine = p.getOutputStream();
        Object out = new Object();
        boolean[] hung = {false};
        Thread pump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    synchronized (out) {
                        if (hung[0]) {
                            continue;
                        }
                        System.out.println(l);
                        System.out.flush();
                    }
                }
            } catch (java.io.IOException e) {
                // the engine is gone
            }
        });
        pump.setDaemon(true);
        pump.start();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int moves = -1;
        for (String line; (line = in.readLine()) != null; ) {
            if (line.startsWith("position")) {
                int at = line.indexOf(" moves ");
                moves = at < 0 ? 0 : line.substring(at + 7).strip().split("\\s+").length;
            }
            if (line.startsWith("go") && moves == ply && fails(marker)) {
                if (mode.equals("crash")) {
                    System.err.println("proxy: crashing on a position of " + ply + " moves");
                    p.destroyForcibly();
                    System.exit(3);
                }
                synchronized (out) {
                    hung[0] = true;
                }
            }
            toEngine.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            toEngine.flush();
            if (line.equals("quit") && !hung[0]) {
                break;
            }
        }
        p.waitFor();
    }

    private static boolean fails(Path marker) {
        if (marker == null) {
            return true;
        }
        try {
            Files.createFile(marker);
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The command that runs this proxy in a fresh JVM on the test class path. */
    public static List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(FaultyProxyEngine.class.getName());
        cmd.addAll(List.of(args));
        return cmd;
    }
}
