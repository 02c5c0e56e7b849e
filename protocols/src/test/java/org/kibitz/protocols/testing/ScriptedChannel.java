package org.kibitz.protocols.testing;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.kibitz.api.engine.EngineEvent.Direction;
import org.kibitz.api.engine.EngineExit;
import org.kibitz.protocols.process.LineChannel;
import org.kibitz.protocols.process.LineReceiver;

/**
 * A pretend engine that follows a script: each line the session must send, and what the engine
 * answers to it. Answers are delivered on a thread of its own, as a real engine's reader thread
 * would. Anything sent out of turn is recorded as an error; {@link #assertUsedUp()} checks that the
 * whole script was played and nothing else was sent.
 */
public final class ScriptedChannel implements LineChannel {

    private record Step(Pattern expected, String text, List<String> replies, Integer exitCode) {
        boolean matches(String line) {
            return expected != null ? expected.matcher(line).matches() : text.equals(line);
        }

        @Override
        public String toString() {
            return expected != null ? expected.pattern() : text;
        }
    }

    private final Deque<Step> steps = new ArrayDeque<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final List<String> sent = new CopyOnWriteArrayList<>();
    private final List<String> banner = new ArrayList<>();
    private final ExecutorService engine = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "scripted-engine");
        t.setDaemon(true);
        return t;
    });
    private final CompletableFuture<EngineExit> exit = new CompletableFuture<>();
    private volatile LineReceiver receiver;
    private volatile boolean exitExpected;
    private volatile boolean ended;

    /** Lines the engine writes as soon as it starts. */
    public ScriptedChannel banner(String... lines) {
        banner.addAll(List.of(lines));
        return this;
    }

    /** The session must send {@code line}; the engine answers with {@code replies}. */
    public synchronized ScriptedChannel expect(String line, String... replies) {
        steps.add(new Step(null, line, List.of(replies), null));
        return this;
    }

    /** Like {@link #expect} with a regular expression for the line. */
    public synchronized ScriptedChannel expectMatching(String regex, String... replies) {
        steps.add(new Step(Pattern.compile(regex), null, List.of(replies), null));
        return this;
    }

    /** The session must send {@code line}; the engine answers with {@code replies} and then ends with {@code code}. */
    public synchronized ScriptedChannel expectThenExit(String line, int code, String... replies) {
        steps.add(new Step(null, line, List.of(replies), code));
        return this;
    }

    private volatile List<String> nudgeReplies = List.of();
    private volatile int nudgesAnswered;
    private volatile int nudgeLimit;

    /** The engine answers the first {@code times} empty lines it is sent with {@code replies}. */
    public ScriptedChannel answerNudges(int times, String... replies) {
        nudgeReplies = List.of(replies);
        nudgeLimit = times;
        return this;
    }

    /** The engine writes {@code lines} now, unprompted. */
    public void emit(String... lines) {
        for (String l : lines) {
            later(() -> deliver(l));
        }
    }

    /**
     * The engine writes {@code lines} now, unprompted, in one write that the session reads at once:
     * they come between {@link LineReceiver#onBatchStart} and {@link LineReceiver#onBatchEnd}, as
     * an {@code EngineProcess} delivers the lines of one read.
     */
    public void emitTogether(String... lines) {
        List<String> all = List.of(lines);
        later(() -> {
            if (ended) {
                return;
            }
            receiver.onBatchStart();
            try {
                all.forEach(this::deliver);
            } finally {
                receiver.onBatchEnd();
            }
        });
    }

    /** The engine ends now, unprompted, with {@code code}. */
    public void die(int code, String... lastLines) {
        later(() -> end(OptionalInt.of(code), List.of(lastLines)));
    }

    @Override
    public void start(LineReceiver r) {
        this.receiver = r;
        for (String l : banner) {
            later(() -> deliver(l));
        }
    }

    @Override
    public synchronized void send(String line) {
        if (ended) {
            return;
        }
        if (line.isEmpty()) {
            // Nudges for slow readers are not part of any script; some engines answer them.
            if (nudgesAnswered < nudgeLimit) {
                nudgesAnswered++;
                for (String reply : nudgeReplies) {
                    later(() -> deliver(reply));
                }
            }
            return;
        }
        sent.add(line);
        Step s = steps.poll();
        if (s == null || !s.matches(line)) {
            errors.add("sent \"" + line + "\" but the script expected " + (s == null ? "nothing" : "\"" + s + "\""));
            if (s != null) {
                steps.addFirst(s);
            }
            return;
        }
        for (String reply : s.replies()) {
            later(() -> deliver(reply));
        }
        if (s.exitCode() != null) {
            int code = s.exitCode();
            later(() -> end(OptionalInt.of(code), s.replies()));
        }
    }

    private void deliver(String line) {
        if (!ended) {
            receiver.onLine(Direction.FROM_ENGINE, line, Instant.now());
        }
    }

    private void end(OptionalInt code, List<String> last) {
        if (ended) {
            return;
        }
        ended = true;
        EngineExit e = new EngineExit(code, exitExpected, last);
        receiver.onEnd(e);
        exit.complete(e);
    }

    @Override
    public void expectExit() {
        exitExpected = true;
    }

    @Override
    public void terminate(Duration grace) {
        exitExpected = true;
        later(() -> end(OptionalInt.of(143), List.of()));
    }

    @Override
    public CompletableFuture<EngineExit> exit() {
        return exit;
    }

    @Override
    public String describe() {
        return "scripted engine";
    }

    /** How many lines and ends were ever queued for the engine's thread. */
    private final AtomicLong queued = new AtomicLong();

    private void later(Runnable r) {
        queued.incrementAndGet();
        engine.execute(r);
    }

    /**
     * Waits until the engine's thread has delivered everything queued so far, and the replies the
     * session's answers to those lines queued in turn: a reply to "analyze" that makes the session
     * send "go" queues the go's reply while the first wait is under way.
     */
    public void drain() {
        try {
            for (int round = 0; round < 100; round++) {
                long before = queued.get();
                engine.submit(() -> { }).get(5, TimeUnit.SECONDS);
                if (queued.get() == before) {
                    return;
                }
            }
            throw new AssertionError("the session and the script answer each other without end");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    public List<String> sent() {
        return List.copyOf(sent);
    }

    public List<String> errors() {
        return List.copyOf(errors);
    }

    /** Fails unless every scripted line was sent, in order, and nothing else. */
    public synchronized void assertUsedUp() {
        drain();
        if (!errors.isEmpty()) {
            throw new AssertionError("script broken: " + errors + "\nsent: " + sent);
        }
        if (!steps.isEmpty()) {
            throw new AssertionError("script not used up; still expected: " + steps + "\nsent: " + sent);
        }
    }
}
