package org.kibitz.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Scid (Debian's {@code scid}, whose {@code tkscid} is a Tcl/Tk interpreter with Scid's database
 * commands) as the peer of {@code bench tree}: a Tcl script imports a PGN into a new Scid database
 * ({@code sc_base create}, {@code sc_base import}) and times it with Tcl's own clock, so the
 * interpreter's start is not counted; then times Scid's tree of a position (a position search over
 * every game, {@code sc_filter search ... board}, then {@code sc_tree stats}), which is how Scid's tree
 * window computes it. Given a script, {@code tkscid} runs it as plain Tcl without loading Tk, so no
 * display is needed.
 */
final class ScidPeer {

    /** What one Scid run measured. */
    /**
     * @param cpuMs the CPU time of the whole {@code tkscid} process (user and system; its start and
     *              the queries too): on a busy machine, a steadier figure than the wall time
     */
    record Result(double importMs, long games, Map<String, double[]> queries, Map<String, String> fens, double cpuMs) {
    }

    private final Path tkscid;

    private ScidPeer(Path tkscid) {
        this.tkscid = tkscid;
    }

    /** Scid where it is installed, else why not. */
    static Optional<ScidPeer> find(Path given, StringBuilder why) {
        Optional<Path> program = given != null ? Optional.of(given) : org.kibitz.protocols.process.ProgramSearch.current().locate("tkscid");
        if (program.isEmpty() || !Files.isExecutable(program.get())) {
            why.append("tkscid not found (apt-get install scid)");
            return Optional.empty();
        }
        return Optional.of(new ScidPeer(program.get()));
    }

    /**
     * Imports {@code pgn} into a new database in {@code dir}, then times {@code queries} trees of each
     * position: the start, and each named line of SAN moves.
     */
    Result run(Path pgn, Path dir, Map<String, List<String>> lines, int queries) throws IOException, InterruptedException {
        Path base = dir.resolve("scid-" + System.nanoTime());
        StringBuilder tcl = new StringBuilder();
        tcl.append("set base [sc_base create ").append(quote(base.toString())).append("]\n");
        tcl.append("set t0 [clock microseconds]\n");
        tcl.append("sc_base import $base ").append(quote(pgn.toString())).append('\n');
        tcl.append("puts \"import [expr {([clock microseconds] - $t0) / 1000.0}] [sc_base numGames $base]\"\n");
        tcl.append("sc_base switch $base\n");
        tcl.append("""
                proc timeTree {name base n} {
                  set ts {}
                  for {set i 0} {$i < $n} {incr i} {
                    set t0 [clock microseconds]
                    sc_filter search $base tree board
                    sc_tree stats $base tree 0 frequency
                    lappend ts [expr {[clock microseconds] - $t0}]
                  }
                  puts "query $name [join [lsort -integer $ts] { }]"
                  puts "fen $name [sc_pos fen]"
                }
                """);
        for (var e : lines.entrySet()) {
            tcl.append("sc_game new\n");
            for (String san : e.getValue()) {
                tcl.append("sc_move addSan ").append(quote(san)).append('\n');
            }
            tcl.append("timeTree ").append(quote(e.getKey())).append(" $base ").append(queries).append('\n');
        }
        tcl.append("sc_base close $base\nexit\n");
        Path script = dir.resolve("bench-" + System.nanoTime() + ".tcl");
        Files.writeString(script, tcl, StandardCharsets.UTF_8);
        // The shell's `times` prints the CPU time of its children (tkscid) after it ends.
        Process p = new ProcessBuilder("sh", "-c", "\"$0\" \"$1\"; times", tkscid.toString(), script.toString())
                .redirectErrorStream(true).start();
        String out;
        try (var in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("tkscid did not finish");
        }
        for (String suffix : new String[]{".si4", ".sg4", ".sn4", ".ssc"}) {
            Files.deleteIfExists(base.resolveSibling(base.getFileName() + suffix));
        }
        Files.deleteIfExists(script);
        double importMs = Double.NaN;
        long count = -1;
        Map<String, double[]> q = new HashMap<>();
        Map<String, String> fens = new HashMap<>();
        double cpuMs = Double.NaN;
        String[] all = out.strip().split("\n");
        java.util.regex.Matcher times = java.util.regex.Pattern.compile("(\\d+)m([\\d.]+)s (\\d+)m([\\d.]+)s")
                .matcher(all[all.length - 1].strip());
        if (times.matches()) {
            cpuMs = (Long.parseLong(times.group(1)) * 60 + Double.parseDouble(times.group(2))
                    + Long.parseLong(times.group(3)) * 60 + Double.parseDouble(times.group(4))) * 1000;
        }
        for (String line : out.split("\n")) {
            String[] w = line.strip().split(" ");
            if (w[0].equals("import") && w.length == 3) {
                importMs = Double.parseDouble(w[1]);
                count = Long.parseLong(w[2]);
            } else if (w[0].equals("query") && w.length > 2) {
                double[] ms = new double[w.length - 2];
                for (int i = 2; i < w.length; i++) {
                    ms[i - 2] = Long.parseLong(w[i]) / 1000.0;
                }
                q.put(w[1], ms);
            } else if (w[0].equals("fen") && w.length > 2) {
                fens.put(w[1], line.strip().substring(("fen " + w[1] + " ").length()));
            }
        }
        if (count < 0 || q.size() != lines.size()) {
            throw new IOException("tkscid: unexpected output: " + out.strip());
        }
        return new Result(importMs, count, q, fens, cpuMs);
    }

    private static String quote(String s) {
        return "{" + s.replace("\\", "/") + "}";
    }
}
