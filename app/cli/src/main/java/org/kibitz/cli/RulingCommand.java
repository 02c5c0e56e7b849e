package org.kibitz.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Ruling;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kibitz ruling}: the ruling on a line of moves under a rule set, with its reasons. Prints
 * {@code result <1-0|0-1|1/2-1/2|*>}, {@code reason <words>}, then for a repetition the cycle
 * ({@code cycle <first ply> <last ply>}) and one line per move of it:
 * {@code ply <n> <side> <move> check|chase <points>|idle}; with {@code --banmoves},
 * {@code banmoves <moves>} for the final position.
 */
@Command(name = "ruling", resourceBundle = "org.kibitz.cli.ruling", sortOptions = false)
final class RulingCommand implements Callable<Integer> {

    private static final Messages TEXT = Messages.of("ruling");

    private final Games games;

    @Spec
    CommandSpec spec;

    @Option(names = "--game", defaultValue = "xiangqi", paramLabel = "GAME", descriptionKey = "game")
    String game;

    @Option(names = "--rules", paramLabel = "SET", descriptionKey = "rules")
    String rules;

    @Option(names = "--fen", paramLabel = "FEN", descriptionKey = "fen")
    String fen;

    @Option(names = "--moves", arity = "0..*", paramLabel = "MOVE", descriptionKey = "moves")
    List<String> moves = new ArrayList<>();

    @Option(names = "--banmoves", descriptionKey = "banmoves")
    boolean banmoves;

    @Inject
    RulingCommand(Games games) {
        this.games = games;
    }

    @Override
    public Integer call() {
        GamePlugin g = GameOption.game(games, game, spec);
        List<String> sets = g.ruleSets();
        String set = rules != null ? rules : sets.isEmpty() ? "" : sets.get(0);
        if (!sets.isEmpty() && !sets.contains(set)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    TEXT.text("rules.unknown", set, String.join(", ", sets)));
        }
        List<Position> line = new ArrayList<>();
        Position p;
        try {
            p = fen == null ? g.startPosition() : g.parseFen(fen);
        } catch (FenException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), TEXT.text("fen.bad", e.getMessage()));
        }
        line.add(p);
        List<String> words = new ArrayList<>();
        for (String m : moves) {
            words.addAll(List.of(m.trim().split("\\s+")));
        }
        words.removeIf(String::isEmpty);
        for (int i = 0; i < words.size(); i++) {
            Move m;
            try {
                m = g.coordinateNotation().parse(p, words.get(i));
            } catch (MoveParseException | RuntimeException e) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        TEXT.text("move.bad", i + 1, words.get(i)));
            }
            p = p.play(m);
            line.add(p);
        }
        PrintWriter out = spec.commandLine().getOut();
        Optional<Ruling> ruling = g.rule(line, set);
        if (ruling.isEmpty()) {
            out.println("result *");
            out.println("reason " + TEXT.text("reason.none"));
        } else {
            Ruling r = ruling.get();
            out.println("result " + r.outcome().result().pgn());
            String winner = r.outcome().winner().map(s -> TEXT.text("side." + side(g, s))).orElse("");
            String loser = r.outcome().winner().map(s -> TEXT.text("side." + side(g, s.opposite()))).orElse("");
            out.println("reason " + TEXT.text("reason." + r.rule(), winner, loser, r.ruleSet(),
                    r.outcome().termination().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')));
            if (r.isRepetition()) {
                out.println("cycle " + r.cycleStart() + " " + r.cycleEnd());
                for (Ruling.Step s : r.cycle()) {
                    StringBuilder b = new StringBuilder("ply ").append(s.ply()).append(' ')
                            .append(side(g, s.mover())).append(' ')
                            .append(point(g, s.from())).append(point(g, s.to())).append(' ')
                            .append(s.kind().name().toLowerCase(java.util.Locale.ROOT));
                    for (Square q : s.chased()) {
                        b.append(' ').append(point(g, q));
                        p = line.get(s.ply());
                        p.pieceAt(q).ifPresent(pc -> b.append('(').append(pc.fenLetter()).append(')'));
                        if (s.held().contains(q)) {
                            b.append('*');
                        }
                    }
                    out.println(b);
                }
            }
        }
        if (banmoves) {
            StringBuilder b = new StringBuilder("banmoves");
            for (Move m : g.bannedMoves(line, set)) {
                b.append(' ').append(g.coordinateNotation().format(line.get(line.size() - 1), m));
            }
            out.println(b);
        }
        out.flush();
        return 0;
    }

    private static String side(GamePlugin g, Side s) {
        boolean xiangqi = g.id().equals("xiangqi");
        return s == Side.WHITE ? (xiangqi ? "red" : "white") : "black";
    }

    private static String point(GamePlugin g, Square s) {
        return "" + (char) ('a' + s.file()) + (s.rank() + g.coordinateRankBase());
    }
}
