package org.kibitz.protocols.fakes;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.kibitz.api.UsesStandardStreams;

/**
 * A misbehaving UCI engine, for the faults real engines will not show on demand. The first
 * argument says how it misbehaves:
 * <ul>
 * <li>{@code silent}: reads everything, says nothing (a handshake that never ends)</li>
 * <li>{@code hang-on-stop}: searches forever and ignores {@code stop}</li>
 * <li>{@code crash}: exits with code 3 in the middle of a search, after a line on stderr</li>
 * <li>{@code garbage}: mixes binary junk, broken UTF-8, a megabyte without a newline and malformed
 *     {@code info} lines into otherwise correct answers</li>
 * <li>{@code flood}: writes {@code info} lines as fast as it can while searching</li>
 * <li>{@code mute-quit}: exits on {@code quit} at once (the ordinary case, without a {@code bye})</li>
 * <li>{@code deaf-quit}: ignores {@code quit} and has to be killed</li>
 * <li>{@code slow-xboard}: an xboard engine that reads nothing for 3.5 s after it starts (GNU Chess 6
 *     now and then, more on a busy machine)</li>
 * <li>{@code slow-features}: an xboard engine whose front end answers every empty line with
 *     {@code Invalid move: } at once but whose features come only 2.5 s after it starts (GNU Chess 6
 *     on a busy machine: its front end is up, the engine thread behind it is not)</li>
 * <li>{@code fork-helper FILE}: starts a helper process ({@code sleep 600}) and writes its pid to
 *     {@code FILE}, then is a {@code mute-quit} engine that leaves the helper behind when it quits</li>
 * <li>{@code close-stdout}: closes its standard output at the first {@code go} and goes on running</li>
 * <li>{@code deaf-liar}: at the first {@code go} stops reading its input for good, and answers as if it
 *     read it: {@code info}, {@code bestmove e2e4} and {@code readyok}, again and again (an engine
 *     whose input thread died while its output thread goes on)</li>
 * <li>{@code hang-first N FILE}: hangs without a word at its first {@code N} starts (counted in
 *     {@code FILE}), then is a {@code slow-xboard} engine without the wait (GNU Chess 6 hangs at about
 *     one start in twenty)</li>
 * <li>{@code slow-hash MS}: after a {@code setoption name Hash} above 16, answers the next
 *     {@code isready} only {@code MS} ms later, asleep meanwhile (a large hash on a machine short of
 *     memory)</li>
 * <li>{@code busy-ready MS}: works the processor for {@code MS} ms before its first {@code readyok}
 *     (a large network to load)</li>
 * <li>{@code slow-uci MS}: answers {@code uci} only {@code MS} ms after it came (a slow start: a
 *     large network, a busy machine), silent meanwhile</li>
 * <li>{@code sleepy-ready MS}: sleeps {@code MS} ms before its first {@code readyok}, for nothing
 *     asked (an engine that hangs)</li>
 * <li>{@code reads FILE}: a plain UCI engine ({@code bestmove e2e4} to every {@code go}) that reads its input
 *     as it comes, one read at a time, and appends each read's lines to {@code FILE} as one line, joined by
 *     {@code " | "}: which commands reached it in one write</li>
 * <li>{@code xboard-log FILE}: an xboard engine that appends the first line of each start to
 *     {@code FILE} and answers what it does not know ({@code uci}, {@code ucci}) with
 *     {@code Invalid move: }, as GNU Chess does</li>
 * </ul>
 */
@UsesStandardStreams("a fake engine speaks UCI on stdin/stdout")
public final class FakeEngine {

    private FakeEngine() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "mute-quit";
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        OutputStream raw = new java.io.FileOutputStream(java.io.FileDescriptor.out);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        AtomicBoolean searching = new AtomicBoolean();
        Thread searcher = null;
        long started = System.nanoTime();
        if (mode.equals("slow-xboard")) {
            Thread.sleep(3500);
        }
        if (mode.equals("hang-first")) {
            java.nio.file.Path counter = java.nio.file.Path.of(args[2]);
            int start = java.nio.file.Files.exists(counter) ? Integer.parseInt(java.nio.file.Files.readString(counter).strip()) + 1 : 1;
            java.nio.file.Files.writeString(counter, Integer.toString(start));
            if (start <= Integer.parseInt(args[1])) {
                Thread.sleep(Long.MAX_VALUE);
            }
        }
        if (mode.equals("fork-helper")) {
            Process helper = new ProcessBuilder("sleep", "600").start();
            java.nio.file.Files.writeString(java.nio.file.Path.of(args[1]), Long.toString(helper.pid()));
        }
        if (mode.equals("reads")) {
            reads(java.nio.file.Path.of(args[1]), out);
            return;
        }
        String line;
        boolean first = true;
        long readyDelay = mode.equals("busy-ready") || mode.equals("sleepy-ready") ? Long.parseLong(args[1]) : 0;
        while ((line = in.readLine()) != null) {
            line = line.strip();
            if (mode.equals("silent")) {
                continue;
            }
            if (mode.equals("slow-hash") && line.startsWith("setoption name Hash value ")
                    && Long.parseLong(line.substring(26).strip()) > 16) {
                readyDelay = Long.parseLong(args[1]);
                continue;
            }
            if (line.equals("isready") && readyDelay > 0) {
                if (mode.equals("busy-ready")) {
                    long until = System.nanoTime() + readyDelay * 1_000_000;
                    long x = 0;
                    while (System.nanoTime() < until) {
                        x += System.nanoTime() % 7;
                    }
                    if (x == 42) {
                        out.println("info string " + x);
                    }
                } else {
                    Thread.sleep(readyDelay);
                }
                readyDelay = 0;
            }
            if (mode.equals("xboard-log")) {
                if (first) {
                    java.nio.file.Files.writeString(java.nio.file.Path.of(args[1]), line + "\n",
                            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                    first = false;
                }
                if (line.startsWith("protover")) {
                    out.println("feature myname=\"Fake xboard-log\" ping=1 setboard=1 usermove=1 done=1");
                } else if (line.startsWith("ping ")) {
                    out.println("pong " + line.substring(5));
                } else if (line.equals("quit")) {
                    return;
                } else if (!line.equals("xboard") && !line.startsWith("accepted") && !line.startsWith("rejected")) {
                    out.println("Invalid move: " + line);
                }
                continue;
            }
            if (mode.equals("slow-features") && line.isEmpty()) {
                out.println("Invalid move: ");
                continue;
            }
            if (mode.equals("slow-xboard") || mode.equals("slow-features") || mode.equals("hang-first")) {
                if (line.startsWith("protover")) {
                    String features = "feature myname=\"Fake " + mode + "\" ping=1 setboard=1 usermove=1 done=1";
                    long late = 2500 - (System.nanoTime() - started) / 1_000_000;
                    if (mode.equals("slow-features") && late > 0) {
                        // Later, while the nudges go on being answered.
                        Thread.ofPlatform().daemon().start(() -> {
                            try {
                                Thread.sleep(late);
                            } catch (InterruptedException e) {
                                return;
                            }
                            out.println(features);
                        });
                    } else {
                        out.println(features);
                    }
                } else if (line.startsWith("ping ")) {
                    out.println("pong " + line.substring(5));
                } else if (line.equals("quit")) {
                    return;
                }
                continue;
            }
            switch (line) {
                case "uci" -> {
                    if (mode.equals("slow-uci")) {
                        Thread.sleep(Long.parseLong(args[1]));
                    }
                    out.println("id name Fake " + mode);
                    out.println("id author Kibitz tests");
                    out.println("option name Hash type spin default 16 min 1 max 4096");
                    if (mode.equals("garbage")) {
                        raw.write(new byte[] {(byte) 0xff, (byte) 0xfe, 0, 7, 'x', '\n'});
                        raw.write("caf\u00e9 is GBK-free but this is not UTF-8: ".getBytes(StandardCharsets.ISO_8859_1));
                        raw.write(new byte[] {(byte) 0xc3, (byte) 0x28, '\n'});
                        raw.write("中文消息\n".getBytes("GB18030"));
                        byte[] huge = new byte[1 << 20];
                        java.util.Arrays.fill(huge, (byte) 'z');
                        raw.write(huge);
                        raw.write('\n');
                        raw.flush();
                        out.println("option name Broken type spin default x min y");
                        out.println("option nonsense");
                    }
                    out.println("uciok");
                }
                case "isready" -> out.println("readyok");
                case "quit" -> {
                    if (!mode.equals("deaf-quit")) {
                        return;
                    }
                }
                case "stop" -> {
                    if (mode.equals("hang-on-stop")) {
                        continue;
                    }
                    if (searcher != null) {
                        searching.set(false);
                        searcher.join();
                        searcher = null;
                        out.println("bestmove e2e4 ponder e7e5");
                    }
                }
                default -> {
                    if (line.startsWith("go") && mode.equals("deaf-liar")) {
                        while (true) {
                            out.println("info depth 1 score cp 10 nodes 1 pv e2e4");
                            out.println("bestmove e2e4");
                            out.println("readyok");
                            Thread.sleep(1);
                        }
                    }
                    if (line.startsWith("go") && mode.equals("close-stdout")) {
                        out.close();
                        Thread.sleep(Long.MAX_VALUE);
                    }
                    if (line.startsWith("go")) {
                        boolean infinite = line.contains("infinite");
                        searching.set(true);
                        if (mode.equals("crash")) {
                            out.println("info depth 1 score cp 20 nodes 20 pv e2e4");
                            System.err.println("Segmentation fault in search()");
                            System.err.flush();
                            Thread.sleep(50);
                            Runtime.getRuntime().halt(3);
                        }
                        if (mode.equals("garbage")) {
                            out.println("info depth x score cp pv");
                            out.println("info depth 3 score cp 12 upperbound nodes -5 pv e2e4 e7e5 ??? g1f3");
                            out.println("info score mate");
                            out.println("info pv");
                            out.println("info string");
                            out.println("info multipv 0 depth 2 pv d2d4");
                            out.println("\u0001\u0002info depth 9");
                            out.println("bestmovee2e4");
                            out.println("bestmove e2e4 ponder zz");
                            continue;
                        }
                        final boolean flood = mode.equals("flood");
                        searcher = new Thread(() -> {
                            long n = 0;
                            while (searching.get()) {
                                n++;
                                if (flood || n % 50_000 == 0) {
                                    out.println("info depth " + (n % 40 + 1) + " seldepth 30 multipv 1 score cp "
                                            + (n % 60 - 30) + " nodes " + n + " nps 1000000 time " + n / 1000
                                            + " pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
                                }
                            }
                        });
                        searcher.setDaemon(true);
                        searcher.start();
                        if (!infinite) {
                            Thread.sleep(100);
                            searching.set(false);
                            searcher.join();
                            searcher = null;
                            out.println("bestmove e2e4");
                        }
                    }
                }
            }
        }
    }

    /** The {@code reads} mode: each read of the input noted as it came, then answered line by line. */
    private static void reads(java.nio.file.Path file, PrintStream out) throws java.io.IOException {
        java.io.InputStream in = new java.io.FileInputStream(java.io.FileDescriptor.in);
        byte[] buffer = new byte[64 * 1024];
        StringBuilder partial = new StringBuilder();
        int n;
        while ((n = in.read(buffer)) > 0) {
            String chunk = new String(buffer, 0, n, StandardCharsets.UTF_8);
            java.nio.file.Files.writeString(file, String.join(" | ", chunk.strip().split("\n")) + "\n",
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            partial.append(chunk);
            int end;
            while ((end = partial.indexOf("\n")) >= 0) {
                String line = partial.substring(0, end).strip();
                partial.delete(0, end + 1);
                if (line.equals("uci")) {
                    out.println("id name Fake reads");
                    out.println("uciok");
                } else if (line.equals("isready")) {
                    out.println("readyok");
                } else if (line.startsWith("go")) {
                    out.println("info depth 1 score cp 10 nodes 1 pv e2e4");
                    out.println("bestmove e2e4");
                } else if (line.equals("quit")) {
                    return;
                }
            }
        }
    }

    /** The command that runs this fake with the tests' class path. */
    public static java.util.List<String> command(String mode, String... more) {
        String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        java.util.List<String> c = new java.util.ArrayList<>(java.util.List.of(javaBin, "-Xshare:auto", "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-Xmx64m", "-cp", System.getProperty("java.class.path"), FakeEngine.class.getName(), mode));
        c.addAll(java.util.List.of(more));
        return c;
    }

}
