package org.kibitz.xiangqi;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

/**
 * Fairy-Stockfish in xiangqi mode for differential tests: {@code go perft} on a FEN. Its plain-UCI
 * moves count ranks 1..10; {@link #divide} converts them to ICCS (0..9).
 */
final class FairyStockfish implements AutoCloseable {

    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private FairyStockfish(Path exe) throws IOException {
        process = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.US_ASCII);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // The process ended; the waiting side times out.
            }
        }, "fairy-stockfish-reader");
        reader.setDaemon(true);
        reader.start();
        send("uci");
        await("uciok", 30);
        send("setoption name UCI_Variant value xiangqi");
        send("isready");
        await("readyok", 30);
    }

    /** The engine on PATH or in /usr/games; skipped when missing, unless the CI variable is set. */
    static FairyStockfish start() throws IOException {
        Optional<Path> exe = find("fairy-stockfish");
        if (exe.isEmpty() && System.getenv("CI") != null) {
            throw new IllegalStateException("fairy-stockfish is not installed, and CI needs it");
        }
        assumeTrue(exe.isPresent(), "fairy-stockfish not installed");
        return new FairyStockfish(exe.get());
    }

    static Optional<Path> find(String name) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : (path + java.io.File.pathSeparator + "/usr/games").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private void send(String line) throws IOException {
        in.write(line + "\n");
        in.flush();
    }

    private String await(String prefix, int seconds) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        try {
            while (true) {
                String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null) {
                    throw new IOException("fairy-stockfish: no '" + prefix + "' within " + seconds + " s");
                }
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** The engine's perft count. */
    long perft(String fen, int depth) throws IOException {
        return divide(fen, depth).values().stream().mapToLong(Long::longValue).sum();
    }

    /** The engine's perft by root move, moves in ICCS. */
    Map<String, Long> divide(String fen, int depth) throws IOException {
        lines.clear();
        send("position fen " + fen);
        send("go perft " + depth);
        Map<String, Long> out = new LinkedHashMap<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        try {
            while (true) {
                String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (line == null) {
                    throw new IOException("fairy-stockfish: no perft result for " + fen);
                }
                if (line.startsWith("Nodes searched:")) {
                    long total = Long.parseLong(line.substring("Nodes searched:".length()).strip());
                    long sum = out.values().stream().mapToLong(Long::longValue).sum();
                    if (sum != total) {
                        throw new IOException("fairy-stockfish divide sums to " + sum + ", total " + total);
                    }
                    return out;
                }
                int colon = line.indexOf(": ");
                if (colon > 0 && line.substring(0, colon).matches("[a-i]\\d+[a-i]\\d+")) {
                    out.put(toIccs(line.substring(0, colon)), Long.parseLong(line.substring(colon + 2).strip()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** {@code h3e3} (ranks 1..10) to {@code h2e2}. */
    static String toIccs(String uci) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([a-i])(\\d+)([a-i])(\\d+)").matcher(uci);
        if (!m.matches()) {
            throw new IllegalArgumentException(uci);
        }
        return m.group(1) + (Integer.parseInt(m.group(2)) - 1) + m.group(3) + (Integer.parseInt(m.group(4)) - 1);
    }

    @Override
    public void close() {
        try {
            send("quit");
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
    }
}
