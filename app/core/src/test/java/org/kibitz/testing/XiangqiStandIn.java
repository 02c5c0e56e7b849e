package org.kibitz.testing;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.kibitz.api.UsesStandardStreams;

/**
 * A renamed UCI xiangqi engine, as Pikafish builds and other xiangqi engines are met: a stand-in over
 * Fairy-Stockfish that hides {@code UCI_Variant} from its option list, sets the variant to xiangqi
 * itself, calls itself {@code Dragon River 1.0}, and numbers ranks from {@code BASE} (first argument:
 * 0 as Pikafish does, or 1 as Fairy-Stockfish does). Its games can be found only by asking it.
 */
@UsesStandardStreams("a stand-in engine speaks UCI on stdin/stdout")
public final class XiangqiStandIn {

    /** The name it gives itself: nothing in it says xiangqi. */
    public static final String NAME = "Dragon River 1.0";
    private static final Pattern MOVE = Pattern.compile("\\b([a-i])(10|[0-9])([a-i])(10|[0-9])\\b");

    private XiangqiStandIn() {
    }

    public static void main(String[] args) throws Exception {
        int base = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        String program = args.length > 1 ? args[1] : RealEngines.require("fairy-stockfish");
        Process engine = new ProcessBuilder(program).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        PrintStream toEngine = new PrintStream(engine.getOutputStream(), true, StandardCharsets.UTF_8);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        int shift = 1 - base; // what to add to our ranks to get Fairy-Stockfish's
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(engine.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("option name UCI_Variant")) {
                        continue;
                    }
                    if (line.startsWith("id name ")) {
                        line = "id name " + NAME;
                    } else if (line.startsWith("Fairy-Stockfish")) {
                        line = NAME; // its banner would give it away
                    } else if (line.startsWith("bestmove") || (line.startsWith("info") && line.contains(" pv "))) {
                        line = shift(line, -shift);
                    }
                    out.println(line);
                }
            } catch (java.io.IOException e) {
                // the engine ended
            }
            System.exit(0);
        });
        reader.start();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.startsWith("setoption name UCI_Variant")) {
                continue;
            }
            toEngine.println(line.startsWith("position") || line.startsWith("go") ? shift(line, shift) : line);
            if (line.strip().equals("uci")) {
                // Fairy-Stockfish goes back to chess at `uci`: xiangqi is set right after it.
                toEngine.println("setoption name UCI_Variant value xiangqi");
            }
            if (line.strip().equals("quit")) {
                break;
            }
        }
        toEngine.close();
        engine.waitFor();
        reader.join(2000);
    }

    /** The moves in {@code line} with every rank moved by {@code by}; the FEN is left alone. */
    static String shift(String line, int by) {
        if (by == 0) {
            return line;
        }
        int fenEnd = 0;
        if (line.startsWith("position fen")) {
            fenEnd = line.indexOf(" moves ");
            if (fenEnd < 0) {
                return line;
            }
        }
        String head = line.substring(0, fenEnd);
        Matcher m = MOVE.matcher(line.substring(fenEnd));
        StringBuilder b = new StringBuilder(head);
        while (m.find()) {
            m.appendReplacement(b, m.group(1) + (Integer.parseInt(m.group(2)) + by) + m.group(3) + (Integer.parseInt(m.group(4)) + by));
        }
        m.appendTail(b);
        return b.toString();
    }

    /** The command that runs the stand-in with the tests' class path, ranks counted from {@code base}. */
    public static List<String> command(int base) {
        String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(javaBin, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), XiangqiStandIn.class.getName(), Integer.toString(base));
    }
}
