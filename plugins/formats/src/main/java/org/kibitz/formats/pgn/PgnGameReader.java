package org.kibitz.formats.pgn;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.GameHeader;
import org.kibitz.api.format.GameReader;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.format.ReadResult;
import org.kibitz.formats.FormatMessages;

/**
 * Reads PGN games one at a time, in file order. The scanner cuts the text on the calling thread;
 * reading the moves (the costly part: every move goes through the rules) runs ahead on worker
 * threads, a bounded number of games at a time, so memory stays constant whatever the file's
 * size. The workers are daemons that end with {@link #close()} or after a second idle.
 *
 * <p>Workers get every core but one: the caller does something with the games (a converter
 * writes them on a thread of its own) and the JIT compiles on another. On two cores that means
 * no workers at all, which measured best: converting 23,880 games with two workers, a scanning
 * thread and a writer took 2.9 s CPU and 1.7 s wall; building on the scanning thread, with the
 * writer beside it, 2.5 s and 1.44 s (and 5.6 s against 6.7 s CPU, 3.4 s against 4.1 s wall, on
 * five times that file). Handing every game to another core and back cost more than it shared.
 * Later (decision 0010), with the compiler threads counted, the same held for reading alone and
 * for the writer: on two cores a conversion or a check now runs on one thread.
 */
final class PgnGameReader implements GameReader {

    private static final AtomicInteger THREADS = new AtomicInteger();

    private final PgnScanner scanner;
    private final PgnGameBuilder builder;
    private final PgnHeaders headers;
    private final String source;
    private final ThreadPoolExecutor pool;
    private final ArrayDeque<Future<ReadResult>> ahead = new ArrayDeque<>();
    private final int window;
    private boolean scanned;

    PgnGameReader(PgnScanner scanner, ReadContext context) {
        this(scanner, context, Runtime.getRuntime().availableProcessors() - 1);
    }

    /** @param workers threads that read moves; 1 or less reads them on the calling thread */
    PgnGameReader(PgnScanner scanner, ReadContext context, int workers) {
        this.scanner = scanner;
        this.builder = new PgnGameBuilder(context);
        this.headers = new PgnHeaders(context);
        this.source = context.source();
        if (workers > 1) {
            int n = Math.min(workers, 8);
            pool = new ThreadPoolExecutor(n, n, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "kibitz-pgn-" + THREADS.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
            pool.allowCoreThreadTimeOut(true);
            window = n * 4;
        } else {
            pool = null;
            window = 0;
        }
    }

    @Override
    public ReadResult next() throws IOException {
        if (pool == null) {
            PgnGameText text = scanner.next();
            return text == null ? null : build(builder, text, source);
        }
        while (!scanned && ahead.size() < window) {
            PgnGameText text = scanner.next();
            if (text == null) {
                scanned = true;
            } else {
                ahead.add(pool.submit(() -> build(builder, text, source)));
            }
        }
        Future<ReadResult> f = ahead.poll();
        if (f == null) {
            return null;
        }
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + source);
        } catch (ExecutionException e) {
            // build() turns failures into problems; anything else here is a bug worth its stack trace.
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * The next game's header: its movetext is passed over, not read (games already read ahead by
     * {@link #next()} give theirs from the game).
     */
    @Override
    public GameHeader nextHeader() throws IOException {
        if (!ahead.isEmpty()) {
            ReadResult r = next();
            return r == null ? null : GameHeader.of(r);
        }
        PgnGameText text = scanner.next(true);
        return text == null ? null : headers.header(text);
    }

    @Override
    public boolean skip() throws IOException {
        if (!ahead.isEmpty()) {
            return next() != null;
        }
        return scanner.next(true) != null;
    }

    /** Builds one game; a failure inside a rules module costs that game only. */
    static ReadResult build(PgnGameBuilder builder, PgnGameText text, String source) {
        try {
            return builder.build(text);
        } catch (RuntimeException e) {
            return new ReadResult(text.number, Optional.empty(), List.of(FormatMessages.error(source, text.number,
                    Location.line(text.firstLine), "pgn.game.failed", String.valueOf(e))));
        }
    }

    @Override
    public void close() throws IOException {
        if (pool != null) {
            pool.shutdownNow();
            ahead.clear();
        }
        scanner.close();
    }
}
