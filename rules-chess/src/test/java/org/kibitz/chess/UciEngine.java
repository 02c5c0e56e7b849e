package org.kibitz.chess;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real UCI engine driven for perft comparisons. Found on PATH or in /usr/games; when missing the
 * test is skipped, unless the environment variable CI is set (CI installs the engines).
 */
final class UciEngine implements AutoCloseable {

    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private UciEngine(Path exe) throws IOException {
        process = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (IOException e) {
                // The process ended; waiting callers time out with a message.
            }
        }, "uci-reader-" + exe.getFileName());
        reader.setDaemon(true);
        reader.start();
    }

    static Optional<Path> find(String name) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : (path + ":/usr/games:/usr/local/games").split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Starts the engine, or skips the test (fails it under CI) when it is not installed. */
    static UciEngine start(String name) throws IOException {
        Optional<Path> exe = find(name);
        if (exe.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail(name + " is not installed, and CI installs it");
            }
            Assumptions.abort(name + " is not installed (looked on PATH and in /usr/games)");
        }
        UciEngine e = new UciEngine(exe.get());
        e.send("uci");
        e.waitFor("uciok", 20);
        return e;
    }

    void send(String line) throws IOException {
        in.write(line + "\n");
        in.flush();
    }

    String waitFor(String prefix, int seconds) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        try {
            while (true) {
                String l = lines.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (l == null) {
                    fail("engine said no line starting with " + prefix + " within " + seconds + " s");
                }
                if (l.startsWith(prefix)) {
                    return l;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    void setOption(String name, String value) throws IOException {
        send("setoption name " + name + " value " + value);
        send("isready");
        waitFor("readyok", 20);
    }

    /** The engine's perft split by root move ({@code e2e4: 20} lines) for a FEN. */
    Map<String, Long> divide(String fen, int depth) throws IOException {
        send("position fen " + fen);
        send("go perft " + depth);
        Map<String, Long> out = new LinkedHashMap<>();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        try {
            while (true) {
                String l = lines.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (l == null) {
                    fail("no perft result for " + fen);
                }
                if (l.startsWith("Nodes searched")) {
                    return out;
                }
                int colon = l.indexOf(':');
                if (colon > 0 && l.substring(0, colon).matches("[a-h][1-8][a-h][1-8][nbrq]?")) {
                    out.put(l.substring(0, colon), Long.parseLong(l.substring(colon + 1).trim()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            send("quit");
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
