package org.kibitz.core.evaluate.report;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import org.kibitz.api.analysis.Score;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.api.tree.GameNode;
import org.kibitz.api.tree.GameTree;
import org.kibitz.core.GameFiles;
import org.kibitz.core.TestGames;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.evaluate.BatchEvaluation;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.evaluate.EvaluationRequest;
import org.kibitz.core.evaluate.GameEvaluation;
import org.kibitz.core.evaluate.GameResults;
import org.kibitz.core.evaluate.GameSelection;
import org.kibitz.core.evaluate.PositionEval;
import org.kibitz.core.evaluate.ScoreCodec;
import org.kibitz.core.evaluate.Shard;

/** Batches planned over real files, with results made by hand: what an engine would have said, scripted. */
final class Batches {

    static final GameFiles FILES = TestGames.files();

    private Batches() {
    }

    /** A plan of {@code files} for {@code engines} (named only; nothing is started) at 200 nodes. */
    static BatchEvaluation.Plan plan(List<Path> files, int engines) throws Exception {
        List<EngineRef> refs = new ArrayList<>();
        for (int i = 0; i < engines; i++) {
            refs.add(EngineRef.commandLine(List.of("/nonexistent/engine" + i)));
        }
        EvaluationRequest request = new EvaluationRequest(files, refs, SearchLimits.nodes(200), GameSelection.ALL,
                Shard.ALL, Duration.ofSeconds(10), 1, false, Optional.of("test"));
        return BatchEvaluation.plan(request, FILES);
    }

    /**
     * What an engine says about a game, by ply: the score from White's/Red's view ({@code null}: the position failed),
     * and the plies whose move was not the engine's choice (its choice then is another legal move, {@link #alternative}).
     */
    record Script(IntFunction<Score> whiteView, Set<Integer> notBest, String engineName, String fingerprint) {
    }

    /**
     * The move an engine preferred to the one played: the first legal move in coordinate order that is not it
     * (the move played when it is the only one).
     */
    static Move alternative(Position p, Move played, int rankBase) {
        return p.legalMoves().stream().filter(m -> !m.equals(played))
                .min((a, b) -> a.coordinates(rankBase).compareTo(b.coordinates(rankBase))).orElse(played);
    }

    /** The results of every planned game as {@link BatchEvaluation} hands them over, one engine per script. */
    static List<GameResults> results(BatchEvaluation.Plan plan, List<Script> scripts) throws Exception {
        List<GameResults> out = new ArrayList<>();
        for (EvaluationJob.Unit u : plan.units()) {
            if (u.engine() != 0) {
                continue;
            }
            GameFiles.OpenedFile f = plan.opened().get(u.file());
            GameTree tree = FILES.readEntry(f, u.entry()).game().orElseThrow();
            List<GameEvaluation> byEngine = new ArrayList<>();
            for (int e = 0; e < scripts.size(); e++) {
                byEngine.add(evaluation(u.ordinal(), u.file(), u.entry().gameNumber(), e, tree, scripts.get(e)));
            }
            out.add(new GameResults(u.ordinal(), f.file(), u.file(), u.entry(), byEngine, Optional.empty()));
        }
        return out;
    }

    static GameEvaluation evaluation(int ordinal, int file, int game, int engine, GameTree tree, Script s) {
        GamePlugin plugin = TestGames.GAMES.byId(tree.gameId()).orElseThrow();
        int rb = plugin.coordinateRankBase();
        List<GameNode> line = tree.mainline();
        List<Position> positions = new ArrayList<>();
        positions.add(tree.startPosition());
        line.forEach(n -> positions.add(n.position()));
        List<String> coords = new ArrayList<>();
        List<String> sans = new ArrayList<>();
        List<Boolean> judged = new ArrayList<>();
        for (GameNode n : line) {
            Move m = n.move().orElseThrow();
            coords.add(m.coordinates(rb));
            sans.add(plugin.notations().get(0).format(n.positionBefore(), m));
            judged.add(true);
        }
        List<PositionEval> evals = new ArrayList<>();
        for (int p = 0; p < positions.size(); p++) {
            Position pos = positions.get(p);
            Score w = s.whiteView().apply(p);
            if (w == null) {
                evals.add(PositionEval.failed(p, "the engine died twice"));
                continue;
            }
            if (pos.outcome().isPresent()) {
                String score = pos.outcome().get().winner().isPresent() ? "mate 0" : "cp 0";
                evals.add(new PositionEval(p, PositionEval.Status.TERMINAL, score, 0, 0, 0, List.of(), "", ""));
                continue;
            }
            List<String> pv = new ArrayList<>();
            if (p < line.size()) {
                Move played = line.get(p).move().orElseThrow();
                if (s.notBest().contains(p + 1)) {
                    Move alt = alternative(pos, played, rb);
                    pv.add(alt.coordinates(rb));
                    Position after = pos.play(alt);
                    if (!after.legalMoves().isEmpty()) {
                        pv.add(after.legalMoves().get(0).coordinates(rb));
                    }
                } else {
                    pv.add(coords.get(p));
                    if (p + 1 < coords.size()) {
                        pv.add(coords.get(p + 1));
                    }
                }
            } else if (!pos.legalMoves().isEmpty()) {
                pv.add(pos.legalMoves().get(0).coordinates(rb));
            }
            Score stm = w.forWhite(pos.sideToMove()); // forWhite is its own inverse
            evals.add(new PositionEval(p, PositionEval.Status.SEARCHED, ScoreCodec.encode(stm), 10 + p, 200 + p, 3, pv, "", ""));
        }
        return new GameEvaluation(ordinal, file, game, engine, s.engineName(), s.fingerprint(), tree.gameId(),
                tree.startPosition().fen(), coords, sans, judged, evals);
    }
}
