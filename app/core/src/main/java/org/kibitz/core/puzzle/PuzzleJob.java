package org.kibitz.core.puzzle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.kibitz.api.engine.EngineEvent.AnalysisUpdate;
import org.kibitz.api.engine.SearchLimits;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Position;
import org.kibitz.core.analysis.AnalysisRun;
import org.kibitz.core.engines.EngineRef;
import org.kibitz.core.engines.SessionPool;
import org.kibitz.core.evaluate.EvaluationJob;
import org.kibitz.core.jobs.Job;
import org.kibitz.core.jobs.JobContext;

/**
 * Solving candidates as a {@link Job}: one item per candidate, its result a puzzle or why there is
 * none. Every search starts from a cleared hash (as a batch evaluation's do, decision 0026), so with a
 * node or depth limit a candidate's result depends on nothing but the candidate, the engine and the
 * rules: a killed run resumed from the journal gives the same puzzles.
 */
public final class PuzzleJob implements Job<Candidate, PuzzleJob.Found> {

    /**
     * What solving a candidate gave.
     *
     * @param puzzle   the puzzle, or null when there is none
     * @param rejected why there is none; empty for a puzzle
     */
    public record Found(Puzzle puzzle, String rejected) {
        public Found {
            Objects.requireNonNull(rejected, "rejected");
        }
    }

    private final String name;
    private final List<Candidate> candidates;
    private final Games games;
    private final SessionPool pool;
    private final EngineRef engine;
    private final String fingerprint;
    private final PuzzleRules rules;
    private final Duration patience;
    private final String evaluationRun;

    /**
     * @param name          what the job is called in progress displays
     * @param candidates    the items, in order
     * @param engine        the engine that solves
     * @param fingerprint   its fingerprint text, for the journal's header
     * @param evaluationRun the id of the evaluation run the candidates come from, for the journal's header
     */
    public PuzzleJob(String name, List<Candidate> candidates, Games games, SessionPool pool, EngineRef engine,
                     String fingerprint, PuzzleRules rules, String evaluationRun) {
        this.name = name;
        this.candidates = List.copyOf(candidates);
        this.games = games;
        this.pool = pool;
        this.engine = EvaluationJob.searchRef(engine, rules.solve());
        this.fingerprint = fingerprint;
        this.rules = rules;
        this.patience = AnalysisRun.patience(rules.solve());
        this.evaluationRun = evaluationRun;
    }

    @Override
    public String kind() {
        return "puzzles";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("evaluation", evaluationRun);
        p.put("engine", fingerprint);
        p.put("rules", rules.describe());
        return p;
    }

    @Override
    public List<Candidate> items() {
        return candidates;
    }

    @Override
    public String id(Candidate c) {
        return c.id();
    }

    @Override
    public Class<Found> resultType() {
        return Found.class;
    }

    @Override
    public Found run(Candidate c, JobContext context) throws Exception {
        GamePlugin game = games.byId(c.gameId()).orElseThrow(() -> new IllegalArgumentException("no rules for " + c.gameId()));
        Position start;
        try {
            start = c.variant().isEmpty() ? game.parseFen(c.startFen()) : game.parseFen(c.startFen(), c.variant());
        } catch (FenException e) {
            return new Found(null, "the game's start cannot be read: " + e.getMessage());
        }
        int rankBase = game.coordinateRankBase();
        List<Position> history = new ArrayList<>();
        List<Move> moves = new ArrayList<>();
        history.add(start);
        Position p = start;
        for (String text : c.moves()) {
            Move m = Move.parseCoordinates(text, rankBase);
            p = p.play(m);
            moves.add(m);
            history.add(p);
        }
        Position root = start;
        PuzzleSolver.Solution solution = pool.withSession(engine, c.gameId(), session -> {
            PuzzleSolver.Searcher searcher = (line, at, lines) -> {
                context.checkCancelled();
                // Every search from a cleared hash: its result depends on the position and the limit alone.
                session.newGame(c.gameId());
                SearchLimits limits = rules.solve().withMultiPv(lines);
                AnalysisRun.Result r = AnalysisRun.run(session, root, line, at, limits, patience);
                List<PuzzleSolver.Scored> out = new ArrayList<>();
                for (AnalysisUpdate u : r.lines()) {
                    if (u.score().isPresent() && !u.pv().isEmpty()) {
                        out.add(new PuzzleSolver.Scored(u.pv().get(0), u.score().get()));
                    }
                }
                return out;
            };
            try {
                return new PuzzleSolver(game, rules, searcher).solve(history, moves);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new org.kibitz.api.engine.EngineException(org.kibitz.api.engine.EngineException.Kind.STATE,
                        org.kibitz.api.i18n.Text.of(PuzzleJob.class, "puzzle.interrupted"), e);
            }
        });
        if (!solution.found()) {
            return new Found(null, solution.rejected());
        }
        Position before = history.get(history.size() - 2);
        List<String> all = new ArrayList<>();
        all.add(c.moves().get(c.moves().size() - 1));
        for (Move m : solution.line()) {
            all.add(m.coordinates(rankBase));
        }
        List<String> themes = PuzzleThemes.of(before, solution.positions(), solution.line(), solution.mate(),
                solution.finalScore().orElseThrow(), rules.win());
        int rating = PuzzleThemes.rating(solution.positions(), solution.line(), solution.mate());
        return new Found(Puzzle.of(before.fen(), all, rating, PuzzleThemes.ESTIMATE_DEVIATION, themes, c.gameUrl(),
                c.openingTags(), c.gameId(), c.variant()), "");
    }
}
