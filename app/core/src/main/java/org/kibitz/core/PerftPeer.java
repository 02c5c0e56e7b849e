package org.kibitz.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.kibitz.protocols.process.ProgramSearch;

/**
 * Another program's perft, for benchmarks: a UCI engine with Stockfish's {@code go perft N} (Stockfish,
 * Fairy-Stockfish). Only the search is timed: from sending {@code go perft} to the engine's
 * {@code Nodes searched} line, after start-up, options and the position have been acknowledged.
 *
 * @param name       how reports name it
 * @param executable the program
 * @param options    {@code setoption} lines sent after {@code uciok} (for Fairy-Stockfish's xiangqi:
 *                   {@code setoption name UCI_Variant value xiangqi})
 */
public record PerftPeer(String name, Path executable, List<String> options) {

    /** Put in the line queue by the reader when the engine's output ends; never a real line (it has a newline). */
    private static final String END = "\n";

    public PerftPeer {
        options = List.copyOf(options);
    }

    /** The peers a game is compared with by default, those installed (PATH, then /usr/games). */
    public static List<PerftPeer> defaults(String gameId) {
        List<PerftPeer> out = new ArrayList<>();
        ProgramSearch search = ProgramSearch.current();
        switch (gameId) {
            case "xiangqi" -> search.locate("fairy-stockfish").ifPresent(p ->
                    out.add(new PerftPeer("fairy-stockfish", p, List.of("setoption name UCI_Variant value xiangqi"))));
            case "chess" -> {
                search.locate("fairy-stockfish").ifPresent(p ->
                        out.add(new PerftPeer("fairy-stockfish", p, List.of("setoption name UCI_Variant value chess"))));
                search.locate("stockfish").ifPresent(p -> out.add(new PerftPeer("stockfish", p, List.of())));
            }
            default -> {
            }
        }
        return out;
    }

    /** A peer for an engine given by path; xiangqi gets Fairy-Stockfish's variant option. */
    public static PerftPeer of(Path executable, String gameId) {
        String name = executable.getFileName().toString();
        List<String> options = switch (gameId) {
            case "xiangqi" -> List.of("setoption name UCI_Variant value xiangqi");
            default -> List.of();
        };
        return new PerftPeer(name, executable, options);
    }

    /** Runs {@code go perft depth} on a FEN; start-up is not timed. */
    public PerftService.Result perft(String fen, int depth, Duration timeout) throws IOException {
        Process process = new ProcessBuilder(executable.toString()).redirectErrorStream(true).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // The engine is gone; the waiting side reports the missing answer.
            }
            lines.add(END);
        }, name + "-perft-reader");
        reader.setDaemon(true);
        reader.start();
        try (Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
            send(in, "uci");
            await(lines, process, "uciok", Duration.ofSeconds(30));
            for (String option : options) {
                send(in, option);
            }
            send(in, "position fen " + fen);
            send(in, "isready");
            await(lines, process, "readyok", Duration.ofSeconds(30));
            long t0 = System.nanoTime();
            send(in, "go perft " + depth);
            String done = await(lines, process, "Nodes searched", timeout);
            long nanos = System.nanoTime() - t0;
            long nodes = Long.parseLong(done.substring(done.indexOf(':') + 1).strip());
            send(in, "quit");
            return new PerftService.Result(nodes, nanos);
        } catch (IOException e) {
            // A closed pipe says nothing about which engine; the report must.
            throw e.getMessage() != null && e.getMessage().startsWith(name + ":") ? e : new IOException(name + ": " + e.getMessage(), e);
        } catch (NumberFormatException e) {
            throw new IOException(name + ": unreadable node count", e);
        } finally {
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

    private static void send(Writer in, String line) throws IOException {
        in.write(line);
        in.write('\n');
        in.flush();
    }

    private String await(BlockingQueue<String> lines, Process process, String prefix, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                String line = left > 0 ? lines.poll(left, TimeUnit.NANOSECONDS) : null;
                if (END.equals(line)) {
                    lines.add(END);
                    throw new IOException(name + ": no '" + prefix + "' answer (the engine's output ended)");
                }
                if (line == null) {
                    process.destroyForcibly();
                    throw new IOException(name + ": no '" + prefix + "' answer within " + timeout.toSeconds() + " s");
                }
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException(name + ": interrupted", e);
        }
    }
}
