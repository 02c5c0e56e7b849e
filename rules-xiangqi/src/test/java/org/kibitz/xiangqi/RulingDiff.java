package org.kibitz.xiangqi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Side;

/**
 * For bench/rulings-vs-fairy-stockfish.sh: reads games (one per line: a FEN or "-" for the start, a tab,
 * ICCS moves) and prints, for each game, its first third occurrence of a position: game number, start
 * FEN, the moves before, the move that made it, then the ruling under each rule set from the mover's
 * side (win, draw, loss / the rule). A bench tool, not a test.
 */
public class RulingDiff {
    public static void main(String[] a) throws Exception {
        XiangqiPlugin g = new XiangqiPlugin();
        int gi = 0;
        for (String row : Files.readAllLines(Path.of(a[0]))) {
            gi++;
            String[] c = row.split("\t");
            String fen = c.length == 2 ? c[0] : "-";
            String moves = c.length == 2 ? c[1] : c[0];
            Position p = fen.equals("-") ? g.startPosition() : g.parseFen(fen);
            String startFen = p.fen();
            List<Position> ps = new ArrayList<>();
            ps.add(p);
            String[] ms = moves.split(" ");
            for (int k = 0; k < ms.length; k++) {
                Position n;
                try { n = p.play(g.coordinateNotation().parse(p, ms[k])); } catch (Exception e) { break; }
                ps.add(n);
                Optional<Ruling> r = g.rule(ps, "axf");
                if (r.isPresent() && r.get().isRepetition()) {
                    Side mover = p.sideToMove();
                    StringBuilder b = new StringBuilder();
                    b.append(gi).append('\t').append(startFen).append('\t')
                     .append(String.join(" ", java.util.Arrays.copyOfRange(ms, 0, k))).append('\t').append(ms[k]);
                    for (String rs : g.ruleSets()) {
                        Ruling x = g.rule(ps, rs).get();
                        String v = x.outcome().winner().map(w -> w == mover ? "win" : "loss").orElse("draw");
                        b.append('\t').append(v).append('/').append(x.rule());
                    }
                    System.out.println(b);
                    break;
                }
                if (r.isPresent()) break;
                p = n;
            }
        }
    }
}
