package org.kibitz.engine.protocol;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.Writer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.kibitz.engine.EngineRunner;

/**
 * The engine run in this JVM on a pipe, for scripted exchanges: {@link #send} a command, {@link #expect}
 * the line that should come (skipping the info lines on the way), {@link #silence} when nothing may.
 * Every line the engine wrote is kept in {@link #transcript} for the failure message.
 */
final class Dialogue implements AutoCloseable {

    private final PipedWriter toEngine = new PipedWriter();
    private final BlockingQueue<String> fromEngine = new LinkedBlockingQueue<>();
    private final List<String> transcript = new ArrayList<>();
    private final Thread thread;

    Dialogue(Optional<String> protocol) throws IOException {
        BufferedReader in = new BufferedReader(new PipedReader(toEngine, 1 << 16));
        Writer out = new Writer() {
            private final StringBuilder line = new StringBuilder();

            @Override
            public void write(char[] buf, int off, int len) {
                for (int i = off; i < off + len; i++) {
                    if (buf[i] == '\n') {
                        fromEngine.add(line.toString());
                        line.setLength(0);
                    } else {
                        line.append(buf[i]);
                    }
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        thread = new Thread(() -> EngineRunner.run(in, out, protocol), "engine-under-test");
        thread.setDaemon(true);
        thread.start();
    }

    static Dialogue start(String protocol) throws IOException {
        return new Dialogue(Optional.ofNullable(protocol));
    }

    void send(String... lines) {
        try {
            for (String l : lines) {
                synchronized (transcript) {
                    transcript.add("> " + l);
                }
                toEngine.write(l + "\n");
            }
            toEngine.flush();
        } catch (IOException e) {
            throw new AssertionError("the engine stopped reading", e);
        }
    }

    /** The next line that matches, skipping others; fails after {@code timeout}. */
    String expect(Predicate<String> what, Duration timeout, String description) {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            String l = poll(end);
            if (l == null) {
                fail("expected " + description + " within " + timeout.toMillis() + " ms; transcript:\n" + transcript());
            }
            if (what.test(l)) {
                return l;
            }
        }
    }

    String expect(String exact) {
        return expect(exact::equals, Duration.ofSeconds(10), "'" + exact + "'");
    }

    String expectStart(String prefix) {
        return expect(l -> l.startsWith(prefix), Duration.ofSeconds(10), "a line starting '" + prefix + "'");
    }

    /** Every line up to and including the first that matches. */
    List<String> until(Predicate<String> what, Duration timeout, String description) {
        List<String> got = new ArrayList<>();
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            String l = poll(end);
            if (l == null) {
                fail("expected " + description + " within " + timeout.toMillis() + " ms; transcript:\n" + transcript());
            }
            got.add(l);
            if (what.test(l)) {
                return got;
            }
        }
    }

    /** No line matching {@code what} for {@code millis}; the others are consumed. */
    void silence(Predicate<String> what, long millis, String description) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (true) {
            String l = poll(end);
            if (l == null) {
                return;
            }
            assertTrue(!what.test(l), "unexpected " + description + ": " + l + "; transcript:\n" + transcript());
        }
    }

    private String poll(long endNanos) {
        try {
            String l = fromEngine.poll(Math.max(0, endNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (l != null) {
                synchronized (transcript) {
                    transcript.add("< " + l);
                }
            }
            return l;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    String transcript() {
        synchronized (transcript) {
            return String.join("\n", transcript);
        }
    }

    /** Sends {@code quit} and waits for the engine to end; returns how long that took. */
    Duration quit() {
        long t0 = System.nanoTime();
        send("quit");
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        assertTrue(!thread.isAlive(), "the engine ended after quit");
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    /** Nothing left unread that matches. */
    void assertNoMore(Predicate<String> what) {
        String l;
        while ((l = fromEngine.poll()) != null) {
            assertNull(what.test(l) ? l : null, "unexpected line; transcript:\n" + transcript());
        }
    }

    @Override
    public void close() {
        if (thread.isAlive()) {
            try {
                toEngine.write("quit\n");
                toEngine.flush();
                thread.join(2000);
            } catch (IOException | InterruptedException e) {
                // already gone
            }
        }
        try {
            toEngine.close();
        } catch (IOException e) {
            // nothing to do
        }
    }
}
