package org.kibitz.core.evaluate.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.judge.GameStats;
import org.kibitz.core.evaluate.judge.Judgement;
import org.kibitz.core.evaluate.judge.JudgementModel;
import org.kibitz.core.evaluate.judge.MateNote;
import org.kibitz.core.evaluate.judge.MoveVerdict;

/**
 * One game judged with one engine's evaluations: a row per judged move, and each side's totals. What
 * every output of a batch (annotated game, CSV, JSONL, curve, summary) is written from.
 *
 * <p>A move gets a row when the selection judges it and both the position before it and the one after
 * it were evaluated; a failed position leaves the moves touching it unjudged. A position the rules end
 * in checkmate is {@code mate 0} from the side to move, who has lost: from the mover's view (as the
 * judgement model takes it) that is {@code Mate(0)}, "the mover just mated", and from White's/Red's
 * view it is also written {@code Mate(0)} ({@code #0}), meaning "checkmate on the board": whoever is to
 * move there is the side mated.
 *
 * @param ordinal      the game's place among all games of the batch's files, from 0
 * @param file         the input file's name
 * @param game         the game's number in its file, from 1
 * @param gameId       {@code chess} or {@code xiangqi}
 * @param engine       the engine's place in the command, from 0
 * @param engineName   its name as the engine list has it
 * @param fingerprint  its fingerprint text ({@code name|options|KIND=value})
 * @param white        White's (Red's) name from the header
 * @param black        Black's name
 * @param rows         the judged moves, in game order
 * @param stats        each side's accuracy, ACPL and counts
 * @param winModel     the win model the moves were judged with, named with its {@code k}
 *                     ({@code kibitz-xiangqi k=0.00474})
 * @param opening      the game's opening by ECO (chess) or ECCO (xiangqi), code and name; {@code ""}
 *                     when it has none (a set-up start)
 */
public record GameReport(int ordinal, String file, int game, String gameId, int engine, String engineName,
                         String fingerprint, String white, String black, List<MoveRow> rows, GameStats stats,
                         String winModel, String opening) {

    public GameReport {
        rows = List.copyOf(rows);
        Objects.requireNonNull(stats, "stats");
    }

    /**
     * One judged move.
     *
     * @param ply        the move's ply, from 1
     * @param side       who played it
     * @param move       the move in the game's notation (SAN, Chinese for xiangqi)
     * @param moveCoord  the move in coordinates as engines write them (ICCS ranks 0-9 for xiangqi)
     * @param evalBefore the evaluation before the move, from White's/Red's view
     * @param evalAfter  the evaluation after it, from White's/Red's view ({@code Mate(0)}: checkmate on the board)
     * @param bestCoord  the engine's choice before the move, in coordinates; empty when it gave none
     * @param bestMove   the same in the game's notation
     * @param bestLine   the engine's best line from the position before the move, in the game's notation
     * @param pv         the same in coordinates
     * @param secondBefore the score of the engine's second line before the move, from White's/Red's view, when searched
     * @param winLoss    the mover's loss in win% points
     * @param judgement  the judgement
     * @param mate       what the move did to a forced mate, when the model's mate rules say
     * @param accuracy   the move's accuracy, 0..100
     * @param depth      the depth of the search of the position before the move
     * @param nodes      its nodes
     * @param timeMs     its engine time in milliseconds (the only field that may differ between runs)
     * @param engine     the engine's name
     */
    public record MoveRow(int ply, Side side, String move, String moveCoord, Optional<Score> evalBefore,
                          Optional<Score> evalAfter, String bestCoord, String bestMove, List<String> bestLine,
                          List<String> pv, Optional<Score> secondBefore, double winLoss, Judgement judgement,
                          Optional<MateNote> mate, double accuracy, int depth, long nodes, long timeMs, String engine) {
        public MoveRow {
            bestLine = List.copyOf(bestLine);
            pv = List.copyOf(pv);
        }

        /** Whether the engine preferred another move. */
        public boolean bestDiffers() {
            return !bestCoord.isEmpty() && !bestCoord.equals(moveCoord);
        }
    }

    /** White's (Red's) totals. */
    public GameStats.SideStats whiteStats() {
        return stats.white();
    }

    public GameStats.SideStats blackStats() {
        return stats.black();
    }

    /** The moves of {@code side} labelled book (they are in no total of {@link #stats}). */
    public int bookMoves(Side side) {
        return (int) rows.stream().filter(r -> r.side() == side && r.judgement() == Judgement.BOOK).count();
    }

    /** The player of a side. */
    public String player(Side side) {
        return side == Side.WHITE ? white : black;
    }

    /** The judged move that lost its mover the most win% (the first of equals), if any move was judged. */
    public Optional<MoveRow> largestSwing() {
        return rows.stream().max(Comparator.comparingDouble(MoveRow::winLoss).thenComparing(r -> -r.ply()));
    }

    /**
     * Judges a game's moves with engine {@code engine}'s evaluations.
     *
     * @throws IllegalArgumentException the results are for a broken game, or name a game or move the rules do not know
     */
    public static GameReport of(GameResults r, int engine, JudgementModel model, Games games) {
        return of(r, engine, model, games, 0);
    }

    /**
     * Judges a game's moves with engine {@code engine}'s evaluations, its first {@code bookPlies} moves
     * labelled {@link Judgement#BOOK}: such a move keeps its evaluations, win% loss and accuracy in its row,
     * but is never ?!, ? or ?? and counts in no total (accuracy, ACPL, counts), as a move before
     * {@code --from-ply} does not (docs/judgements.md).
     *
     * @throws IllegalArgumentException the results are for a broken game, or name a game or move the rules do not know
     */
    public static GameReport of(GameResults r, int engine, JudgementModel model, Games games, int bookPlies) {
        if (r.broken().isPresent() || engine < 0 || engine >= r.byEngine().size()) {
            throw new IllegalArgumentException("no evaluation of engine " + engine + " for game " + r.entry().gameNumber());
        }
        GameEvaluation ev = r.byEngine().get(engine);
        Line line = Line.of(ev, games);
        List<MoveRow> rows = new ArrayList<>();
        List<GameStats.JudgedMove> judged = new ArrayList<>();
        int n = ev.moves().size();
        for (int ply = 1; ply <= n; ply++) {
            if (!ev.judges(ply)) {
                continue;
            }
            Optional<PositionEval> before = ev.at(ply - 1).filter(e -> !e.failed());
            Optional<PositionEval> after = ev.at(ply).filter(e -> !e.failed());
            if (before.isEmpty() || after.isEmpty() || before.get().sideToMoveScore().isEmpty()
                    || after.get().sideToMoveScore().isEmpty()) {
                continue;
            }
            PositionEval b = before.get();
            PositionEval a = after.get();
            Position from = line.positions[ply - 1];
            Side mover = from.sideToMove();
            Score beforeMover = b.sideToMoveScore().get();
            // Mate(0) negated is Mate(0): the side to move after is mated, so the mover "just mated".
            Score afterMover = a.sideToMoveScore().get().negate();
            String played = ev.moves().get(ply - 1);
            String best = b.bestMove().orElse("");
            boolean playedBest = best.equals(played);
            List<Position> engineLine = new ArrayList<>();
            engineLine.add(from);
            Position q = line.positions[ply];
            engineLine.add(q);
            for (Move m : line.parseLine(q, a.pv())) {
                q = q.play(m);
                engineLine.add(q);
            }
            MoveVerdict v = model.judge(beforeMover, afterMover, playedBest, b.secondScore(),
                    Material.given(line.positions, ply, mover, engineLine));
            if (ply <= bookPlies) {
                v = new MoveVerdict(v.winBefore(), v.winAfter(), v.winLoss(), v.accuracy(), Judgement.BOOK, Optional.empty());
            } else {
                judged.add(new GameStats.JudgedMove(mover, beforeMover, afterMover, v));
            }
            List<Move> pvMoves = line.parseLine(from, b.pv());
            List<String> bestLine = line.notation.formatLine(from, pvMoves);
            rows.add(new MoveRow(ply, mover, ev.sans().get(ply - 1), played,
                    Optional.of(forWhite(beforeMover, mover)), Optional.of(forWhite(a.sideToMoveScore().get(), mover.opposite())),
                    best, bestLine.isEmpty() ? "" : bestLine.get(0), bestLine, b.pv(),
                    b.secondScore().map(s -> s.forWhite(mover)), v.winLoss(), v.judgement(), v.mate(), v.accuracy(),
                    b.depth(), b.nodes(), b.timeMs(), ev.engineName()));
        }
        GameStats stats = GameStats.of(model.win(), judged);
        return new GameReport(r.ordinal(), r.file().getFileName().toString(), r.entry().gameNumber(), ev.gameId(), engine,
                ev.engineName(), ev.fingerprint(), r.entry().white(), r.entry().black(), rows, stats,
                model.win().name() + " k=" + new java.math.BigDecimal(Double.toString(model.win().k())).stripTrailingZeros().toPlainString(),
                org.kibitz.core.opening.Openings.classify(line.positions[0], line.moves())
                        .map(org.kibitz.core.opening.Opening::label).orElse(""));
    }

    /**
     * A side-to-move score as White/Red sees it; checkmate on the board ({@code Mate(0)}) stays {@code Mate(0)},
     * which needs no side: the side to move in that position is the one mated.
     */
    public static Score forWhite(Score sideToMove, Side toMove) {
        if (sideToMove instanceof Score.Mate m && m.moves() == 0) {
            return sideToMove;
        }
        return sideToMove.forWhite(toMove);
    }

    /** A game's main line replayed from its evaluation: its positions, and how its moves are written. */
    public static final class Line {
        final GamePlugin plugin;
        final Notation notation;
        final int rankBase;
        final Position[] positions;
        final Move[] played;

        private Line(GamePlugin plugin, Position[] positions) {
            this.plugin = plugin;
            this.notation = plugin.notations().get(0);
            this.rankBase = plugin.coordinateRankBase();
            this.positions = positions;
            this.played = new Move[positions.length - 1];
        }

        /** The positions of the main line, from the start: {@code positions()[i]} is after {@code i} moves. */
        public Position[] positions() {
            return positions.clone();
        }

        /** The moves of the main line, in order. */
        public List<Move> moves() {
            return List.of(played);
        }

        public static Line of(GameEvaluation ev, Games games) {
            GamePlugin plugin = games.byId(ev.gameId())
                    .orElseThrow(() -> new IllegalArgumentException("no rules for " + ev.gameId()));
            Position p;
            try {
                p = plugin.parseFen(ev.startFen());
            } catch (FenException e) {
                throw new IllegalArgumentException("game " + ev.game() + ": " + e.getMessage(), e);
            }
            Position[] positions = new Position[ev.moves().size() + 1];
            positions[0] = p;
            Line line = new Line(plugin, positions);
            for (int i = 0; i < ev.moves().size(); i++) {
                Move m = line.move(positions[i], ev.moves().get(i))
                        .orElseThrow(() -> new IllegalArgumentException("game " + ev.game() + ": not a legal move"));
                line.played[i] = m;
                positions[i + 1] = positions[i].play(m);
            }
            return line;
        }

        /** The legal move of {@code p} written {@code coords}, if there is one. */
        public Optional<Move> move(Position p, String coords) {
            for (Move m : p.legalMoves()) {
                if (m.coordinates(rankBase).equals(coords)) {
                    return Optional.of(m);
                }
            }
            return Optional.empty();
        }

        /** The position after {@code ply} moves of the main line. */
        public Position position(int ply) {
            return positions[ply];
        }

        /** The notation the game's moves are written in (SAN, Chinese). */
        public Notation notation() {
            return notation;
        }

        /** {@code coords} from {@code from}, as far as legal, in the game's notation. */
        public List<String> format(Position from, List<String> coords) {
            return notation.formatLine(from, parseLine(from, coords));
        }

        /** As many moves of {@code coords} as are legal one after another from {@code from}. */
        public List<Move> parseLine(Position from, List<String> coords) {
            List<Move> out = new ArrayList<>(coords.size());
            Position p = from;
            for (String c : coords) {
                Optional<Move> m = move(p, c);
                if (m.isEmpty()) {
                    break;
                }
                out.add(m.get());
                p = p.play(m.get());
            }
            return out;
        }
    }

    /** Material, for the !! rule: what the mover gave up over its move and the reply. */
    static final class Material {
        private Material() {
        }

        /** Centipawns of a piece; kings count nothing. */
        static int value(String gameId, char type) {
            if ("xiangqi".equals(gameId)) {
                return switch (type) {
                    case 'R' -> 900;
                    case 'C' -> 450;
                    case 'N' -> 400;
                    case 'B', 'A' -> 200;
                    case 'P' -> 100;
                    default -> 0;
                };
            }
            return switch (type) {
                case 'Q' -> 900;
                case 'R' -> 500;
                case 'B', 'N' -> 300;
                case 'P' -> 100;
                default -> 0;
            };
        }

        static int balance(Position p, Side side) {
            int sum = 0;
            for (var piece : p.pieces().values()) {
                int v = value(p.gameId(), piece.type());
                sum += piece.side() == side ? v : -v;
            }
            return sum;
        }

        /** Captures followed at most this far past the reply before a line counts as settled. */
        static final int EXCHANGE_PLIES = 8;

        /**
         * The material the mover gave up with move {@code ply}, once the exchange it started has
         * resolved: its balance before the move less its balance where captures stop, from the reply
         * on (the reply, then each next move while it takes something, at most {@link #EXCHANGE_PLIES}).
         * Measured along the game and along the engine's best line after the move ({@code engineLine}:
         * the position before the move, after it, then the line's positions), the larger: a piece
         * the opponent should have taken is given up even where the game declined it. A capture that is
         * recaptured and taken back (a queen takes a checking bishop, the other queen takes it, the king
         * takes back) gives nothing up.
         */
        static OptionalInt given(Position[] positions, int ply, Side mover, List<Position> engineLine) {
            int game = resolved(java.util.Arrays.asList(positions).subList(ply - 1, positions.length), mover);
            return OptionalInt.of(engineLine.size() > 2 ? Math.max(game, resolved(engineLine, mover)) : game);
        }

        /**
         * {@code line.get(0)}'s balance less the balance where the captures after the reply stop;
         * {@code line} starts with the position before the move.
         */
        static int resolved(List<Position> line, Side mover) {
            int at = Math.min(2, line.size() - 1);
            while (at + 1 < line.size() && at < 2 + EXCHANGE_PLIES && captures(line.get(at), line.get(at + 1))) {
                at++;
            }
            return balance(line.get(0), mover) - balance(line.get(at), mover);
        }

        /** Whether the move from {@code a} to {@code b} took a piece. */
        static boolean captures(Position a, Position b) {
            return b.pieces().size() < a.pieces().size();
        }
    }
}
