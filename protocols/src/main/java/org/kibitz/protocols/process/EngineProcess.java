package org.kibitz.protocols.process;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kibitz.api.engine.EngineEvent.Direction;
import org.kibitz.api.engine.EngineException;
import org.kibitz.api.engine.EngineExit;
import org.kibitz.protocols.ProtocolMessages;

/**
 * An engine process and its three streams: the launcher that owns the process.
 *
 * <p>The program runs directly from its argument list, never through a shell. One reader thread per
 * output stream cuts it into lines ({@link LineSplitter}); stderr lines go to the receiver as
 * {@link Direction#STDERR} for the log. {@link #send} never blocks on an engine that stopped reading:
 * it writes a line itself only when the pipe must have room for it (the engine answered a question
 * sent after everything but a few bytes, see {@link #writeNow}), and otherwise leaves it to a writer
 * thread. An engine that answers without reading, so that such a write does block, is ended after
 * the time it has to answer {@code isready}, which ends the write. The last lines of both streams
 * are kept for the message when the engine dies. Ending the engine ends every process it started too, and a
 * shutdown hook ends engines still running when the JVM exits, so no engine outlives Kibitz.
 */
public final class EngineProcess implements LineChannel {

    /** How many of the engine's last lines an {@link EngineExit} reports. */
    public static final int LAST_LINES = 12;

    private static final String POISON = new String("<end>");

    private final Process process;
    private final String description;
    private final String threadName;
    private final ArrayDeque<String> lastLines = new ArrayDeque<>();
    private final LinkedBlockingQueue<String> outbox = new LinkedBlockingQueue<>();
    /**
     * Held by whoever writes to the engine's input: the writer thread, or a sender writing its line
     * itself ({@link #send}). Lines reach the pipe in the order they were sent.
     */
    private final java.util.concurrent.locks.ReentrantLock writing = new java.util.concurrent.locks.ReentrantLock();
    /** Lines in the outbox or being written by the writer thread; a sender writes itself only when none are. */
    private final java.util.concurrent.atomic.AtomicInteger queued = new java.util.concurrent.atomic.AtomicInteger();
    /** Bytes written to the engine's input so far (guarded by {@link #writing}). */
    private long written;
    /** How many of them the engine has shown it read, by answering a question that came after them. */
    private volatile long readUpTo;
    /** Questions sent and not answered yet, each with the offset where it ends (guarded by itself). */
    private final ArrayDeque<long[]> questions = new ArrayDeque<>();
    /** When a sender's own write began ({@link System#nanoTime}), 0 when none is under way. */
    private volatile long directSince;
    /** How long a sender's own write may last before the engine is taken as one that reads nothing. */
    private final Duration stallLimit;
    /** Whether the engine was ended because it stopped reading although it answered (see {@link #watch}). */
    private volatile boolean stalled;
    /** Why it was ended then, the last of its last lines (what it wrote afterwards would push it out). */
    private volatile String stalledNote;
    /** Where the engine's lines go, once started. */
    private volatile LineReceiver receiver;
    private final CompletableFuture<EngineExit> exit = new CompletableFuture<>();
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean exitExpected = new AtomicBoolean();
    private final Duration endGrace;
    private volatile boolean inputClosed;
    private volatile Thread stderrThread;
    /** Processes the engine started, collected while it lives (see {@link #rememberDescendants}). */
    private final java.util.Set<ProcessHandle> known = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** When the descendants were last collected ({@link System#nanoTime}). */
    private volatile long lastLook = System.nanoTime() - LOOK_EVERY_NANOS - 1; // the first line looks
    /** Whether Kibitz ended it because its output closed while it went on running. */
    private volatile boolean endedByUs;
    /** How often the reader collects the descendants while lines come, at first and while it finds any. */
    private static final long LOOK_EVERY_NANOS = 2_000_000_000L;
    /**
     * The longest wait between two looks: each look that finds no descendant doubles the wait up to
     * this. A look reads every process of the machine (it was the largest part of a reader thread's
     * CPU time in a match, issue 42); engines that start helpers start them early (a wrapper script,
     * an adapter), and ending the engine, asked or not, looks again.
     */
    private static final long LOOK_AT_MOST_NANOS = 64_000_000_000L;
    /** The wait before the next look while lines come. */
    private volatile long lookEvery = LOOK_EVERY_NANOS;
    /** Whether the engine is reached through ssh: its round trips are measured (decision 0032). */
    private final boolean remote;
    /** When the pending {@code isready}/{@code ping} went out ({@link System#nanoTime}), 0 when none is pending. */
    private volatile long pingSentAt;
    /** The answer the pending one waits for ({@code readyok}, {@code pong N}). */
    private volatile String pingAnswer;
    /** The shortest round trip seen, null before the first. */
    private volatile Duration roundTrip;

    private EngineProcess(Process process, String description, String name, Duration endGrace, Duration stallLimit) {
        this.process = process;
        this.stallLimit = stallLimit;
        this.description = description;
        this.threadName = "engine-" + name;
        this.endGrace = endGrace;
        this.remote = org.kibitz.protocols.ssh.SshCommand.isSsh(description.split(" ", 2)[0]);
        LiveProcesses.add(this);
        if (LiveProcesses.closing) {
            // Started while Kibitz ends (after endAll looked): ended at once, before it starts helpers.
            killNow();
        }
        // A helper the engine started (a wrapper's `sleep 1000 &` before its `exec`) may hold the
        // engine's output open after the engine has gone: its reader would then never see the end,
        // and the helper would run on. When the engine process ends, its remembered helpers end too.
        process.onExit().thenRun(() -> {
            for (ProcessHandle h : known) {
                if (h.isAlive()) {
                    h.destroyForcibly();
                }
            }
        });
    }

    /**
     * Starts a program.
     *
     * @param command          the program and its arguments; a program without a path is looked up on
     *                         the {@code PATH} and then in {@code /usr/games} and {@code /usr/local/games},
     *                         where Debian installs engines (not on every user's {@code PATH})
     * @param workingDirectory where to run it; the program's own folder when empty
     * @param name             a short name for thread names
     * @param endGrace         how long to wait for the process to end once its output has ended
     * @throws EngineException {@link EngineException.Kind#START_FAILED} when it cannot be found or started
     */
    public static EngineProcess start(List<String> command, Optional<Path> workingDirectory, String name,
                                      Duration endGrace) throws EngineException {
        return start(command, workingDirectory, name, endGrace, Duration.ofSeconds(10));
    }

    /**
     * {@link #start(List, Optional, String, Duration)}, with how long a line written straight to the
     * engine's input may take before the engine counts as one that stopped reading (the time it has to
     * answer {@code isready}: an engine that reads nothing for that long would not answer it either).
     */
    public static EngineProcess start(List<String> command, Optional<Path> workingDirectory, String name,
                                      Duration endGrace, Duration stallLimit) throws EngineException {
        Objects.requireNonNull(command, "command");
        if (command.isEmpty() || command.get(0).isBlank()) {
            throw new EngineException(EngineException.Kind.START_FAILED, ProtocolMessages.text("engine.noCommand"));
        }
        for (int i = 0; i < command.size(); i++) {
            LineSafety.require(i == 0 ? "command" : "argument " + i, command.get(i));
        }
        if (LiveProcesses.closing) {
            // Kibitz is ending (Ctrl+C, a job's end): a job that lost its engine to the end's reaper must
            // not start another one, whose wrapper could start a helper nobody ends.
            throw new EngineException(EngineException.Kind.START_FAILED, ProtocolMessages.text("engine.programEnding"));
        }
        Path program = resolve(command.get(0));
        List<String> argv = new ArrayList<>(command);
        argv.set(0, program.toString());
        Path dir = workingDirectory.orElseGet(() -> program.toAbsolutePath().getParent());
        if (dir != null && !Files.isDirectory(dir)) {
            throw new EngineException(EngineException.Kind.START_FAILED,
                    ProtocolMessages.text("engine.noWorkingDirectory", dir.toString()));
        }
        ProcessBuilder pb = new ProcessBuilder(argv);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        Process p;
        // Counted while it starts: the program's end waits for starts under way (a pool starting an
        // engine as Ctrl+C comes) and then ends them too, or their helpers would outlive Kibitz.
        LiveProcesses.STARTING.incrementAndGet();
        try {
            try {
                p = pb.start();
            } catch (IOException e) {
                throw new EngineException(EngineException.Kind.START_FAILED,
                        ProtocolMessages.text("engine.startFailed", String.join(" ", command), reason(e)), e);
            }
            return new EngineProcess(p, String.join(" ", command), name, endGrace, stallLimit);
        } finally {
            LiveProcesses.STARTING.decrementAndGet();
        }
    }

    /** The program's path: as given when it has a folder, else the first match on the search path. */
    static Path resolve(String program) throws EngineException {
        if (program.contains("/") || program.contains(File.separator)) {
            Path p = Path.of(program);
            if (!Files.isRegularFile(p)) {
                throw new EngineException(EngineException.Kind.START_FAILED, ProtocolMessages.text("engine.notFound", program));
            }
            if (!Files.isExecutable(p)) {
                throw new EngineException(EngineException.Kind.START_FAILED, ProtocolMessages.text("engine.notExecutable", program));
            }
            return p;
        }
        return ProgramSearch.current().locate(program).orElseThrow(() -> new EngineException(
                EngineException.Kind.START_FAILED, ProtocolMessages.text("engine.notFoundOnPath", program)));
    }

    private static String reason(IOException e) {
        String m = e.getMessage();
        int i = m == null ? -1 : m.lastIndexOf("error=");
        return i >= 0 ? m.substring(i) : String.valueOf(m);
    }

    @Override
    public void start(LineReceiver receiver) {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("already started");
        }
        this.receiver = receiver;
        rememberDescendants(); // a wrapper script's helpers, started before the engine was exec'd
        Thread err = new Thread(() -> read(process.getErrorStream(), Direction.STDERR, receiver), threadName + "-err");
        err.setDaemon(true);
        stderrThread = err;
        err.start();
        Thread out = new Thread(() -> {
            read(process.getInputStream(), Direction.FROM_ENGINE, receiver);
            finish(receiver);
        }, threadName + "-out");
        out.setDaemon(true);
        out.start();
        Thread writer = new Thread(this::write, threadName + "-in");
        writer.setDaemon(true);
        writer.start();
    }

    private void read(InputStream in, Direction direction, LineReceiver receiver) {
        // The lines of one read arrived together: they share its time, and the receiver hears
        // where the read ends (a flood's lines are many to a read; the receiver may keep only the latest).
        Instant[] readAt = {Instant.now()};
        LineSplitter splitter = new LineSplitter(line -> {
            remember(line);
            if (direction == Direction.FROM_ENGINE) {
                noteAnswer(line);
            }
            Instant now = readAt[0];
            receiver.onLine(direction, line, now);
            if (remote && direction == Direction.FROM_ENGINE) {
                timeAnswer(line, receiver, now);
            }
        });
        byte[] buffer = new byte[16 * 1024];
        boolean batches = direction == Direction.FROM_ENGINE;
        try (in) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                readAt[0] = Instant.now();
                if (System.nanoTime() - lastLook > lookEvery) {
                    rememberDescendants();
                }
                if (batches) {
                    receiver.onBatchStart();
                    try {
                        splitter.feed(buffer, 0, n);
                    } finally {
                        receiver.onBatchEnd();
                    }
                } else {
                    splitter.feed(buffer, 0, n);
                }
            }
        } catch (IOException e) {
            // The stream broke because the process ended; what it wrote so far was delivered.
        } catch (RuntimeException e) {
            // A receiver that throws must not leave the engine unread (its pipe would fill and it would hang).
            drain(in);
        }
        splitter.finish();
    }

    private static void drain(InputStream in) {
        byte[] b = new byte[8192];
        try {
            while (in.read(b) > 0) {
                // discard
            }
        } catch (IOException ignored) {
            // ended
        }
    }

    private void finish(LineReceiver receiver) {
        Thread err = stderrThread;
        try {
            if (err != null) {
                err.join(endGrace.toMillis() + 1);
            }
            rememberDescendants();
            if (!process.waitFor(endGrace.toMillis(), TimeUnit.MILLISECONDS)) {
                // Output closed but the program still runs: it can no longer talk to us.
                endedByUs = true;
                destroyTree(true);
                process.waitFor(endGrace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        OptionalInt code = process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
        if (remote) {
            // Through ssh the exit status is ssh's (255 once the remote wrapper ended its group); the
            // wrapper said the engine's own on stderr.
            code = org.kibitz.protocols.ssh.SshCommand.engineExitCode(lastLines()).orElse(code);
        }
        destroyTree(true); // anything it left running
        // Helpers it started and that outlived it: no longer its descendants, but remembered.
        for (ProcessHandle h : known) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
        LiveProcesses.remove(this);
        outbox.offer(POISON);
        List<String> last = lastLines();
        if (stalled && !last.contains(stalledNote)) {
            last = new ArrayList<>(last.subList(Math.max(0, last.size() - LAST_LINES + 1), last.size()));
            last.add(stalledNote);
        }
        EngineExit e = new EngineExit(code, exitExpected.get(), last, endedByUs);
        try {
            receiver.onEnd(e);
        } finally {
            exit.complete(e);
        }
    }

    private void write() {
        OutputStream out = process.getOutputStream();
        long look = Math.max(1, Math.min(1000, stallLimit.toMillis() / 4));
        try {
            while (true) {
                String line = outbox.poll(look, TimeUnit.MILLISECONDS);
                if (line == null) {
                    watch();
                    continue;
                }
                if (line == POISON) {
                    break;
                }
                // A sender may be writing its own line (one sent before this was queued): wait for it,
                // and keep watching it meanwhile.
                while (!writing.tryLock(look, TimeUnit.MILLISECONDS)) {
                    watch();
                }
                try {
                    StringBuilder batch = new StringBuilder(line).append('\n');
                    int n = 1;
                    boolean poisoned = false;
                    // Write what is queued in one go: fewer system calls, and engines that read in
                    // chunks see whole commands.
                    String more;
                    while ((more = outbox.poll()) != null) {
                        if (more == POISON) {
                            poisoned = true;
                            break;
                        }
                        batch.append(more).append('\n');
                        n++;
                    }
                    byte[] bytes = batch.toString().getBytes(StandardCharsets.UTF_8);
                    noteQuestions(batch, written);
                    written += bytes.length;
                    out.write(bytes);
                    out.flush();
                    queued.addAndGet(-n);
                    if (poisoned) {
                        return;
                    }
                } finally {
                    writing.unlock();
                }
            }
        } catch (IOException e) {
            inputClosed = true; // the engine is gone; the reader reports how it ended
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                out.close();
            } catch (IOException ignored) {
                // already broken
            }
        }
    }

    /**
     * The least room a pipe to an engine has (a page: Linux gives every pipe at least that, even past its
     * user's limit, and macOS and Windows more): a line this long fits in a pipe the engine has read out.
     */
    static final int PIPE_ROOM = 4096;

    /**
     * Writes {@code line} (one line, or several joined by newlines) on the sender's own thread when that cannot block: no line queued before it,
     * nobody else writing, and the line fits in what the pipe has room for, counting every byte the engine
     * has not yet shown it read as still in the pipe. That saves a thread hop on each command of a batch.
     * Returns false when the writer thread must do it.
     */
    private boolean writeNow(String line) {
        if (queued.get() != 0 || !writing.tryLock()) {
            return false;
        }
        try {
            if (queued.get() != 0 || inputClosed) {
                return false;
            }
            byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
            if (written - readUpTo + bytes.length > PIPE_ROOM) {
                return false;
            }
            noteQuestions(line, written);
            written += bytes.length;
            OutputStream out = process.getOutputStream();
            directSince = System.nanoTime() | 1;
            try {
                out.write(bytes);
                out.flush();
            } catch (IOException e) {
                inputClosed = true; // the engine is gone; the reader reports how it ended
            } finally {
                directSince = 0;
            }
            return true;
        } finally {
            writing.unlock();
        }
    }

    /**
     * Notes the questions among {@code lines} (one or more lines, each ending at a newline or the text's
     * end) that begin at {@code offset} in the engine's input: an answer to one shows the engine read
     * everything up to its end. {@code isready} is answered by {@code readyok}, {@code ping N} by
     * {@code pong N}, a UCI/UCCI {@code go} by {@code bestmove} or {@code nobestmove}.
     */
    private void noteQuestions(CharSequence lines, long offset) {
        int n = lines.length();
        int i = 0;
        long at = offset;
        while (i < n) {
            int end = i;
            int bytes = 0;
            while (end < n && lines.charAt(end) != '\n') {
                char c = lines.charAt(end);
                bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
                end++;
            }
            at += bytes + 1;
            char first = i < n ? lines.charAt(i) : 0;
            if (first == 'i' || first == 'g' || first == 'p') {
                String l = lines.subSequence(i, end).toString().strip();
                long kind = l.equals("isready") ? 1 : l.equals("go") || l.startsWith("go ") ? 2
                        : l.startsWith("ping ") ? 3 : 0;
                if (kind != 0) {
                    synchronized (questions) {
                        if (questions.size() == 64) {
                            questions.removeFirst(); // an engine that answers none (xboard's go): keep a few
                        }
                        questions.addLast(new long[] {kind, at});
                    }
                }
            }
            i = end + 1;
        }
    }

    /** An engine line: an answer to the oldest question of its kind shows the engine read up to that question's end. */
    private void noteAnswer(String line) {
        if (line.isEmpty()) {
            return;
        }
        char c = line.charAt(0);
        long kind = c == 'r' && line.startsWith("readyok") ? 1
                : (c == 'b' && line.startsWith("bestmove")) || (c == 'n' && line.startsWith("nobestmove")) ? 2
                : c == 'p' && line.startsWith("pong") ? 3 : 0;
        if (kind == 0) {
            return;
        }
        synchronized (questions) {
            for (java.util.Iterator<long[]> it = questions.iterator(); it.hasNext(); ) {
                long[] q = it.next();
                if (q[0] == kind) {
                    it.remove();
                    if (q[1] > readUpTo) {
                        readUpTo = q[1];
                    }
                    return;
                }
            }
        }
    }

    /**
     * Looks at a sender's own write (on the writer thread, while it waits): one that has lasted past the
     * stall limit is blocked on a full pipe, so the engine reads nothing although it answered questions
     * as if it did. It is ended, which ends the write with an error, so that no caller stays blocked.
     */
    private void watch() {
        long since = directSince;
        if (since != 0 && System.nanoTime() - since > stallLimit.toNanos() && !stalled) {
            String note = ProtocolMessages.text("engine.stoppedReading", Math.max(1, stallLimit.toSeconds())).render();
            stalledNote = note;
            stalled = true;
            remember(note);
            LineReceiver r = receiver;
            if (r != null) {
                r.onLine(Direction.STDERR, note, Instant.now());
            }
            destroyTree(true);
        }
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

    @Override
    public void send(String line) {
        if (LineSafety.breaksLine(line)) {
            // The last guard: a value that came round every check must not become a second command.
            throw new IllegalArgumentException("not one line: " + LineSafety.visible(line));
        }
        if (!inputClosed && !exit.isDone()) {
            timePing(line);
            if (!writeNow(line)) {
                queued.incrementAndGet();
                outbox.offer(line);
            }
        }
    }

    /** The lines in one write when the pipe must have room for them all (see {@link #writeNow}), else queued in order. */
    @Override
    public void send(List<String> lines) {
        for (String line : lines) {
            if (LineSafety.breaksLine(line)) {
                throw new IllegalArgumentException("not one line: " + LineSafety.visible(line));
            }
        }
        if (lines.isEmpty() || inputClosed || exit.isDone()) {
            return;
        }
        for (String line : lines) {
            timePing(line);
        }
        if (!writeNow(lines.size() == 1 ? lines.get(0) : String.join("\n", lines))) {
            queued.addAndGet(lines.size());
            for (String line : lines) {
                outbox.offer(line);
            }
        }
    }

    /** Notes when the first {@code isready}/{@code ping} to an engine on another machine went, to time its answer. */
    private void timePing(String line) {
        if (remote && pingSentAt == 0) {
            String l = line.strip();
            if (l.equals("isready")) {
                pingAnswer = "readyok";
                pingSentAt = System.nanoTime();
            } else if (l.startsWith("ping ")) {
                pingAnswer = "pong " + l.substring(5).strip();
                pingSentAt = System.nanoTime();
            }
        }
    }

    /** Times an {@code isready}/{@code ping} answered; the first round trip goes to the log as a note. */
    private void timeAnswer(String line, LineReceiver receiver, Instant now) {
        long sent = pingSentAt;
        String answer = pingAnswer;
        if (sent == 0 || answer == null || !line.strip().equals(answer)) {
            return;
        }
        Duration rt = Duration.ofNanos(System.nanoTime() - sent);
        pingSentAt = 0;
        Duration before = roundTrip;
        if (before == null || rt.compareTo(before) < 0) {
            roundTrip = rt;
        }
        if (before == null) {
            receiver.onLine(Direction.STDERR, ProtocolMessages.text("ssh.roundTrip", rt.toMillis(),
                    answer.startsWith("pong") ? "ping → pong" : "isready → readyok").render(), now);
        }
    }

    /**
     * The shortest round trip to an engine on another machine seen so far (an {@code isready} to its
     * {@code readyok}, a {@code ping} to its {@code pong}): what the network adds to every move's time.
     * Empty for a local engine and before the first answer.
     */
    @Override
    public Optional<Duration> roundTrip() {
        return Optional.ofNullable(roundTrip);
    }

    @Override
    public void expectExit() {
        // Before it goes: a helper it started is its descendant only while it lives.
        rememberDescendants();
        exitExpected.set(true);
    }

    /**
     * Remembers the processes the engine has started so far. Once the engine exits they are reparented
     * and no longer its descendants, so they are collected while it lives: when it is asked to quit or
     * ended, when its output ends, and now and then while it talks.
     */
    private void rememberDescendants() {
        boolean found = false;
        try {
            for (ProcessHandle h : (Iterable<ProcessHandle>) process.descendants()::iterator) {
                known.add(h);
                found = true;
            }
        } catch (RuntimeException e) {
            // cannot list them on this platform
        }
        lookEvery = found ? LOOK_EVERY_NANOS : Math.min(LOOK_AT_MOST_NANOS, 2 * lookEvery);
        lastLook = System.nanoTime();
    }

    @Override
    public void terminate(Duration grace) {
        exitExpected.set(true);
        // Remember the children now: once the parent is gone they are no longer its descendants,
        // and a wrapper script's engine must not survive it.
        List<ProcessHandle> tree = tree();
        for (ProcessHandle h : tree) {
            h.destroy();
        }
        if (tree.stream().noneMatch(ProcessHandle::isAlive)) {
            return;
        }
        process.onExit().orTimeout(Math.max(1, grace.toMillis()), TimeUnit.MILLISECONDS)
                .whenComplete((p, t) -> {
                    for (ProcessHandle h : tree) {
                        h.destroyForcibly();
                    }
                    destroyTree(true);
                });
    }

    /** The process's descendants, deepest last, then the process itself (and remembers them). */
    private List<ProcessHandle> tree() {
        List<ProcessHandle> all = new ArrayList<>();
        try {
            all.addAll(process.descendants().toList());
            known.addAll(all);
        } catch (RuntimeException e) {
            // cannot list them on this platform; the process itself is still ours
        }
        all.add(process.toHandle());
        return all;
    }

    /** Ends the process and everything it started; children first, so they are still ours to find. */
    private void destroyTree(boolean forcibly) {
        for (ProcessHandle h : tree()) {
            if (forcibly) {
                h.destroyForcibly();
            } else {
                h.destroy();
            }
        }
    }

    @Override
    public CompletableFuture<EngineExit> exit() {
        return exit;
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public Optional<Duration> cpuTime() {
        Optional<Duration> own = process.toHandle().info().totalCpuDuration();
        if (own.isEmpty()) {
            return Optional.empty();
        }
        Duration sum = own.get();
        try {
            for (ProcessHandle h : process.descendants().toList()) {
                known.add(h);
                Optional<Duration> d = h.info().totalCpuDuration();
                if (d.isPresent()) {
                    sum = sum.plus(d.get());
                }
            }
        } catch (RuntimeException e) {
            // its children cannot be listed here: its own time is still a sign of life
        }
        return Optional.of(sum);
    }

    /** The operating system's process id, for tests that check nothing is left behind. */
    public long pid() {
        return process.pid();
    }

    /** Every process this engine started and that still runs, for tests. */
    public List<ProcessHandle> descendants() {
        return process.descendants().toList();
    }

    /**
     * Ends this engine, everything it started and every helper it was seen to start, at once: for
     * the JVM's way out (a shutdown hook has no time to ask politely).
     */
    void killNow() {
        // Ended by Kibitz as it ends: its exit is asked for, not a crash to report or recover from.
        exitExpected.set(true);
        List<ProcessHandle> tree = tree();
        for (ProcessHandle h : tree) {
            h.destroyForcibly();
        }
        for (ProcessHandle h : known) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
    }

    /**
     * Ends every engine still running and every helper they started (also those that already
     * outlived their engine): the command line calls it before it exits, and a shutdown hook calls
     * it when the JVM ends for any other reason (Ctrl+C, SIGTERM, the window closed). Engines being
     * started meanwhile are waited for (up to 2 s) and ended too, and any started later is ended at
     * once: call it only as the program ends. Returns how many engines were running.
     */
    public static int endAll() {
        return LiveProcesses.endAll();
    }

    /**
     * Whether the program is ending ({@link #endAll} has begun: Ctrl+C, SIGTERM, the end of a command):
     * an engine that ends from now on was ended by Kibitz, and work that lost its engine should stop
     * rather than start another or report a fault.
     */
    public static boolean programEnding() {
        return LiveProcesses.closing;
    }

    /** Engines still running, ended forcibly when the JVM exits. */
    private static final class LiveProcesses {
        private static final java.util.Set<EngineProcess> LIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();
        /** Helpers of engines that already ended, kept until they are seen to be gone. */
        private static final java.util.Set<ProcessHandle> ORPHANS = java.util.concurrent.ConcurrentHashMap.newKeySet();

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(LiveProcesses::endAll, "kibitz-engine-reaper"));
        }

        /** Set once the program ends: an engine started from now on is ended at once. */
        static volatile boolean closing;
        /** Engines being started (between the fork and their being listed in LIVE). */
        static final java.util.concurrent.atomic.AtomicInteger STARTING = new java.util.concurrent.atomic.AtomicInteger();

        static int endAll() {
            closing = true;
            // Starts under way are let finish (for a short while) so that they are listed and ended too.
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (STARTING.get() > 0 && System.nanoTime() < until) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            List<EngineProcess> live = List.copyOf(LIVE);
            for (EngineProcess p : live) {
                try {
                    p.killNow();
                } catch (RuntimeException e) {
                    // go on with the others
                }
            }
            for (ProcessHandle h : List.copyOf(ORPHANS)) {
                if (h.isAlive()) {
                    h.destroyForcibly();
                }
                ORPHANS.remove(h);
            }
            return live.size();
        }

        static void add(EngineProcess p) {
            LIVE.add(p);
        }

        static void remove(EngineProcess p) {
            LIVE.remove(p);
            for (ProcessHandle h : p.known) {
                if (h.isAlive()) {
                    ORPHANS.add(h);
                }
            }
            ORPHANS.removeIf(h -> !h.isAlive());
        }
    }
}
