package org.kibitz.protocols.process;

import java.io.BufferedReader;
import java.io.Reader;
import java.io.Writer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kibitz.api.engine.EngineEvent.Direction;
import org.kibitz.api.engine.EngineExit;
import org.kibitz.api.engine.InProcessEngine;

/**
 * An engine that runs in this JVM, on a thread of its own, behind the same {@link LineChannel} a process
 * has: the protocol sessions cannot tell the difference. Commands go to it through a queue (sending
 * never blocks), its lines come back as it writes them. Ending it closes its input (the end of input is
 * {@code quit} to an engine); one that does not end within the grace is interrupted and given up.
 */
public final class InProcessChannel implements LineChannel {

    /** The end of the input, queued after the last command. */
    private static final String EOF = new String("<eof>");
    private static final int LAST_LINES = 12;

    private final InProcessEngine engine;
    private final String description;
    private final String threadName;
    private final LinkedBlockingQueue<String> inbox = new LinkedBlockingQueue<>();
    private final CompletableFuture<EngineExit> exit = new CompletableFuture<>();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean exitExpected = new AtomicBoolean();
    private final AtomicBoolean inputClosed = new AtomicBoolean();
    private final ArrayDeque<String> lastLines = new ArrayDeque<>();
    private volatile Thread thread;

    public InProcessChannel(InProcessEngine engine, String name) {
        this.engine = engine;
        this.description = name + " (in process)";
        this.threadName = "engine-" + name.replaceAll("\\s+", "-").toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public void start(LineReceiver receiver) {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("already started");
        }
        Writer out = new LineWriter(line -> {
            remember(line);
            receiver.onLine(Direction.FROM_ENGINE, line, Instant.now());
        });
        Thread t = new Thread(() -> {
            int code;
            try {
                code = engine.run(new BufferedReader(new QueueReader()), out);
            } catch (Throwable e) {
                remember(String.valueOf(e));
                receiver.onLine(Direction.STDERR, String.valueOf(e), Instant.now());
                code = 1;
            }
            finish(receiver, OptionalInt.of(code));
        }, threadName);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    private void finish(LineReceiver receiver, OptionalInt code) {
        EngineExit e = new EngineExit(code, exitExpected.get(), lastLines());
        if (exit.isDone()) {
            return;
        }
        try {
            receiver.onEnd(e);
        } finally {
            exit.complete(e);
        }
    }

    @Override
    public void send(String line) {
        if (!inputClosed.get() && !exit.isDone()) {
            inbox.offer(line + "\n");
        }
    }

    @Override
    public void expectExit() {
        exitExpected.set(true);
    }

    @Override
    public void terminate(Duration grace) {
        exitExpected.set(true);
        if (inputClosed.compareAndSet(false, true)) {
            inbox.offer(EOF);
        }
        Thread t = thread;
        if (t == null || !t.isAlive()) {
            return;
        }
        exit.orTimeout(Math.max(1, grace.toMillis()), TimeUnit.MILLISECONDS).whenComplete((e, x) -> {
            if (x != null && t.isAlive()) {
                // It did not end on the end of its input: interrupted, and given up (a thread cannot be killed).
                t.interrupt();
            }
        });
    }

    @Override
    public CompletableFuture<EngineExit> exit() {
        return exit;
    }

    @Override
    public String describe() {
        return description;
    }

    /** The engine's thread, for tests that check it ended. */
    public Thread thread() {
        return thread;
    }

    private synchronized void remember(String line) {
        if (lastLines.size() == LAST_LINES) {
            lastLines.removeFirst();
        }
        lastLines.addLast(line.length() > 300 ? line.substring(0, 300) + " …" : line);
    }

    private synchronized List<String> lastLines() {
        return List.copyOf(lastLines);
    }

    /** The engine's input: the queued commands, then the end once the channel is closed. */
    private final class QueueReader extends Reader {
        private String current = "";
        private int at;
        private boolean ended;

        @Override
        public int read(char[] buf, int off, int len) throws java.io.IOException {
            if (len == 0) {
                return 0;
            }
            while (at >= current.length()) {
                if (ended) {
                    return -1;
                }
                String next;
                try {
                    // Waiting for a command; the first one blocks, later ones are taken while there are some.
                    next = inbox.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("the engine was ended");
                }
                if (next == EOF) {
                    ended = true;
                    return -1;
                }
                current = next;
                at = 0;
            }
            int n = Math.min(len, current.length() - at);
            current.getChars(at, at + n, buf, off);
            at += n;
            return n;
        }

        @Override
        public void close() {
            ended = true;
        }
    }

    /** The engine's output, cut into lines as it writes them (by any of its threads). */
    private static final class LineWriter extends Writer {
        private final java.util.function.Consumer<String> lines;
        private final StringBuilder line = new StringBuilder();

        LineWriter(java.util.function.Consumer<String> lines) {
            this.lines = lines;
        }

        @Override
        public synchronized void write(char[] buf, int off, int len) {
            for (int i = off; i < off + len; i++) {
                char c = buf[i];
                if (c == '\n') {
                    int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
                    String l = line.substring(0, end);
                    line.setLength(0);
                    lines.accept(l);
                } else {
                    line.append(c);
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public synchronized void close() {
            if (line.length() > 0) {
                lines.accept(line.toString());
                line.setLength(0);
            }
        }
    }
}
