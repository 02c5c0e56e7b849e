package org.kibitz.testing;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.kibitz.api.UsesStandardStreams;

/**
 * A UCI chess engine for what real engines will not do on demand. Its lines are legal from the
 * start position only (it does not read positions). The first argument says how it behaves:
 * <ul>
 * <li>{@code flood RATE}: while searching, writes {@code RATE} {@code info} lines a second (three
 *     MultiPV ranks in turn, with changing figures that repeat each second), built once per search and
 *     written as bytes every few milliseconds: like a real engine, whose lines are a side effect of
 *     its search, the flooder itself costs little CPU, so a bench measures the GUI and not the fake</li>
 * <li>{@code flood RATE LINES}: as {@code flood}, but falls silent after the search's first
 *     {@code LINES} lines and waits for {@code stop}; with {@code LINES} up to {@code RATE}, the
 *     {@code n}th line has {@code nodes n*1000}</li>
 * <li>{@code flood-lines RATE}: as {@code flood}, but each line is built as text when it is due and
 *     written in batches every millisecond (the flooder of old, which burns CPU of its own)</li>
 * <li>{@code crash}: in the middle of a search, a line on stderr and exit code 3</li>
 * <li>{@code crash-once FILE}: crashes as {@code crash} if {@code FILE} does not exist (and creates
 *     it first), else is {@code calm}: the first of several processes crashes, the next ones work</li>
 * <li>{@code hang-on-stop}: searches and ignores {@code stop}</li>
 * <li>{@code silent}: never answers, not even {@code uci}</li>
 * <li>{@code calm}: a few lines a second, answers everything</li>
 * <li>{@code script M1,M2,...}: plays these moves in turn, whatever the position ({@code -} for no move)</li>
 * <li>{@code slow-hash MS}: {@code calm}, but after a {@code setoption name Hash} above 16 answers the
 *     next {@code isready} only {@code MS} ms later (a large hash on a busy machine short of memory)</li>
 * </ul>
 * A {@code go movetime N} search ends by itself after {@code N} ms with {@code bestmove}; other
 * searches run until {@code stop}.
 */
@UsesStandardStreams("a fake engine speaks UCI on stdin/stdout")
public final class FakeUciEngine {

    private static final String[] PVS = {"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
            "g1f3 g8f6 c2c4 e7e6 g2g3 d7d5"};

    private FakeUciEngine() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "calm";
        if (mode.equals("crash-once")) {
            java.nio.file.Path marker = Path.of(args[1]);
            try {
                java.nio.file.Files.createFile(marker);
                mode = "crash";
            } catch (java.nio.file.FileAlreadyExistsException e) {
                mode = "calm";
            }
        }
        if (mode.equals("script")) {
            script(args[1].split(","));
            return;
        }
        long hashDelay = mode.equals("slow-hash") ? Long.parseLong(args[1]) : 0;
        long readyDelay = 0;
        if (mode.equals("slow-hash")) {
            mode = "calm";
        }
        int rate = args.length > 1 && !args[0].equals("crash-once") && !args[0].equals("slow-hash") ? Integer.parseInt(args[1]) : 20_000;
        // flood RATE LINES: a search's first LINES lines, then silence until stop (an engine that
        // stops talking in the middle of a search, with its last line known).
        long limit = args.length > 2 && mode.equals("flood") ? Long.parseLong(args[2]) : 0;
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8), 1 << 16);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        AtomicBoolean searching = new AtomicBoolean();
        Object writeLock = new Object();
        int multiPv = 1;
        Thread searcher = null;
        String line;
        while ((line = in.readLine()) != null) {
            line = line.strip();
            if (mode.equals("silent")) {
                continue;
            }
            if (line.equals("uci")) {
                say(out, writeLock, "id name Fake " + mode, "id author Kibitz tests",
                        "option name Hash type spin default 16 min 1 max 4096",
                        "option name MultiPV type spin default 1 min 1 max 3", "uciok");
            } else if (line.startsWith("setoption name Hash value ") && hashDelay > 0
                    && Long.parseLong(line.substring("setoption name Hash value ".length()).strip()) > 16) {
                readyDelay = hashDelay;
            } else if (line.equals("isready")) {
                if (readyDelay > 0) {
                    Thread.sleep(readyDelay);
                    readyDelay = 0;
                }
                say(out, writeLock, "readyok");
            } else if (line.startsWith("setoption name MultiPV value ")) {
                multiPv = Integer.parseInt(line.substring("setoption name MultiPV value ".length()).strip());
            } else if (line.equals("quit")) {
                return;
            } else if (line.equals("stop")) {
                if (mode.equals("hang-on-stop")) {
                    continue;
                }
                if (searcher != null) {
                    boolean wasSearching = searching.getAndSet(false);
                    searcher.join();
                    searcher = null;
                    if (wasSearching) {
                        say(out, writeLock, "bestmove e2e4 ponder e7e5");
                    }
                }
            } else if (line.startsWith("go")) {
                searching.set(true);
                if (mode.equals("crash")) {
                    say(out, writeLock, "info depth 1 score cp 20 nodes 20 pv e2e4");
                    Thread.sleep(300);
                    System.err.println("Segmentation fault in search()");
                    System.err.flush();
                    Thread.sleep(50);
                    Runtime.getRuntime().halt(3);
                }
                int k = multiPv;
                int perSecond = mode.startsWith("flood") ? rate : 20;
                boolean prebuilt = mode.equals("flood");
                long moveTime = moveTime(line);
                searcher = new Thread(() -> {
                    if (prebuilt) {
                        floodBytes(out, writeLock, searching, k, perSecond, moveTime, limit);
                    } else {
                        search(out, writeLock, searching, k, perSecond, moveTime);
                    }
                    if (moveTime > 0 && searching.compareAndSet(true, false)) {
                        try {
                            say(out, writeLock, "bestmove e2e4 ponder e7e5");
                        } catch (java.io.IOException e) {
                            // the GUI went away
                        }
                    }
                });
                searcher.setDaemon(true);
                searcher.start();
            }
        }
    }

    /**
     * Mode {@code script}: plays the given moves one per {@code go}, whatever the position and whatever
     * {@code searchmoves} says, then {@code bestmove (none)}: an engine that insists on a line (to walk
     * a match into a repetition it must lose).
     */
    private static void script(String[] moves) throws java.io.IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8));
        Object lock = new Object();
        int next = 0;
        String position = "";
        String line;
        while ((line = in.readLine()) != null) {
            line = line.strip();
            if (line.startsWith("position")) {
                position = line;
            } else if (line.equals("go depth 1") && position.equals("position startpos")) {
                // The session's check that a variant is really played: a legal xiangqi opening move, off the script.
                say(out, lock, "bestmove h3e3");
            } else if (line.equals("uci")) {
                say(out, lock, "id name Fake script", "id author Kibitz tests",
                        "option name UCI_Variant type combo default chess var chess var xiangqi", "uciok");
            } else if (line.equals("isready")) {
                say(out, lock, "readyok");
            } else if (line.equals("quit")) {
                return;
            } else if (line.startsWith("go")) {
                String m = next < moves.length ? moves[next++] : "(none)";
                if (m.equals("-")) {
                    m = "(none)"; // a scripted "no move", as UCCI's nobestmove
                }
                say(out, lock, "info depth 1 score cp 0 nodes 1 pv " + m, "bestmove " + m);
            }
        }
    }

    /** The {@code movetime} of a {@code go} command in milliseconds, 0 when it has none. */
    private static long moveTime(String go) {
        String[] words = go.split("\\s+");
        for (int i = 0; i + 1 < words.length; i++) {
            if (words[i].equals("movetime")) {
                return Long.parseLong(words[i + 1]);
            }
        }
        return 0;
    }

    /** One line of a search's output, the {@code n}th since it started. */
    private static String infoLine(long n, int multiPv, long elapsedNanos) {
        int rank = (int) (n % multiPv) + 1;
        int depth = (int) (n / 50 % 60) + 1;
        return "info depth " + depth + " seldepth " + (depth + 5) + " multipv " + rank + " score cp "
                + (30 - rank * 7 + (int) (n % 11)) + " wdl 420 480 100 nodes " + n * 1000 + " nps " + 1_000_000
                + " hashfull " + (n % 1000) + " time " + elapsedNanos / 1_000_000 + " pv " + PVS[rank - 1];
    }

    /**
     * Mode {@code flood}: a second's worth of lines built once, then written as bytes at the asked
     * rate, every 5 ms what is due (in one or two writes), so the fake's own CPU stays small.
     */
    private static void floodBytes(BufferedWriter out, Object writeLock, AtomicBoolean searching, int multiPv,
                                   int perSecond, long moveTimeMs, long limit) {
        int count = Math.max(1, perSecond);
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream(count * 160);
        int[] starts = new int[count + 1];
        for (int i = 0; i < count; i++) {
            starts[i] = b.size();
            byte[] l = (infoLine(i + 1, multiPv, i * 1_000_000_000L / count) + "\n").getBytes(StandardCharsets.US_ASCII);
            b.write(l, 0, l.length);
        }
        starts[count] = b.size();
        byte[] all = b.toByteArray();
        FileOutputStream raw = new FileOutputStream(FileDescriptor.out);
        long start = System.nanoTime();
        long sent = 0;
        try {
            while (searching.get()) {
                long elapsed = System.nanoTime() - start;
                if (moveTimeMs > 0 && elapsed >= moveTimeMs * 1_000_000L) {
                    return;
                }
                long due = elapsed * perSecond / 1_000_000_000L;
                if (limit > 0) {
                    due = Math.min(due, limit);
                }
                if (sent < due) {
                    synchronized (writeLock) {
                        out.flush(); // what say() queued goes first
                        while (sent < due) {
                            int from = (int) (sent % count);
                            int to = (int) Math.min(count, from + (due - sent));
                            raw.write(all, starts[from], starts[to] - starts[from]);
                            sent += to - from;
                        }
                        raw.flush();
                    }
                }
                LockSupport.parkNanos(5_000_000L);
            }
        } catch (java.io.IOException e) {
            // the GUI went away
        }
    }

    private static void search(BufferedWriter out, Object writeLock, AtomicBoolean searching, int multiPv, int perSecond,
                               long moveTimeMs) {
        long start = System.nanoTime();
        long sent = 0;
        try {
            while (searching.get()) {
                long elapsed = System.nanoTime() - start;
                if (moveTimeMs > 0 && elapsed >= moveTimeMs * 1_000_000L) {
                    return;
                }
                long due = elapsed * perSecond / 1_000_000_000L;
                if (sent >= due) {
                    LockSupport.parkNanos(Math.max(200_000L, 1_000_000_000L / perSecond));
                    continue;
                }
                synchronized (writeLock) {
                    while (sent < due) {
                        long n = sent + 1;
                        out.write(infoLine(n, multiPv, elapsed));
                        out.newLine();
                        sent = n;
                    }
                    out.flush();
                }
            }
        } catch (java.io.IOException e) {
            // the GUI went away
        }
    }

    private static void say(BufferedWriter out, Object writeLock, String... lines) throws java.io.IOException {
        synchronized (writeLock) {
            for (String l : lines) {
                out.write(l);
                out.newLine();
            }
            out.flush();
        }
    }

    /** The command that runs this fake with the tests' class path. */
    public static List<String> command(String... args) {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        java.util.ArrayList<String> cmd = new java.util.ArrayList<>(List.of(javaBin, "-Xshare:auto",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                FakeUciEngine.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
