package org.kibitz.workbench.match;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the Match dialog asked for, as the data folder keeps it (so a paused match resumes after a
 * restart): the engines by their id in the engine list, the schedule, the time control in cutechess's
 * words, the openings, the adjudication and the SPRT. Numbers that are 0 (or an empty text) are not set.
 *
 * @param gameId        the game played ({@code chess}, {@code xiangqi})
 * @param engines       engine ids of the engine list, two or more; the first is the gauntlet's
 * @param gauntlet      the first engine plays each other one; else every engine plays every other
 * @param tc            cutechess's {@code tc=} ({@code 40/60+0.6}, {@code 10+0.1}), empty for none
 * @param st            seconds per move, empty for none
 * @param nodes         nodes per move, empty for none
 * @param depth         plies per move, empty for none
 * @param games         games per encounter
 * @param rounds        rounds
 * @param repeat        each opening played twice, colours swapped
 * @param openings      an openings file (EPD, FEN, PGN, XQF), empty for the game's start
 * @param plies         plies of each opening game to play, 0 for all
 * @param order         {@code sequential} or {@code random}
 * @param ruleSet       the rule set (xiangqi), empty for the game's default
 * @param concurrency   games at once
 * @param maxMoves      a draw after this many moves, 0 for no limit
 * @param resignMoves   resign adjudication: moves in a row, 0 for none
 * @param resignScore   resign adjudication: centipawns behind
 * @param drawMoveNumber draw adjudication: from this move on, 0 moves for none
 * @param drawMoves     draw adjudication: moves in a row, 0 for none
 * @param drawScore     draw adjudication: centipawns from zero at most
 * @param sprt          whether an SPRT stops the match (two engines)
 * @param runId         the run's id: its journal is {@code runs/<runId>.journal.jsonl}
 * @param finished      whether the run ended (done or stopped): nothing to resume
 */
public record MatchSetup(String gameId, List<String> engines, boolean gauntlet, String tc, String st, String nodes,
                         String depth, int games, int rounds, boolean repeat, String openings, int plies, String order,
                         String ruleSet, int concurrency, int maxMoves, int resignMoves, int resignScore,
                         int drawMoveNumber, int drawMoves, int drawScore, boolean sprt, double elo0, double elo1,
                         double alpha, double beta, String runId, boolean finished) {

    /** What the dialog offers the first time. */
    public static final MatchSetup DEFAULT = new MatchSetup("chess", List.of(), false, "10+0.1", "", "", "", 2, 1, true,
            "", 0, "sequential", "", 1, 0, 0, 0, 0, 0, 0, false, 0, 5, 0.05, 0.05, "", false);

    public MatchSetup {
        gameId = gameId == null ? "chess" : gameId;
        engines = engines == null ? List.of() : List.copyOf(engines);
        tc = tc == null ? "" : tc.strip();
        st = st == null ? "" : st.strip();
        nodes = nodes == null ? "" : nodes.strip();
        depth = depth == null ? "" : depth.strip();
        openings = openings == null ? "" : openings.strip();
        order = order == null || order.isBlank() ? "sequential" : order;
        ruleSet = ruleSet == null ? "" : ruleSet;
        runId = runId == null ? "" : runId;
        games = Math.max(1, games);
        rounds = Math.max(1, rounds);
        concurrency = Math.max(1, concurrency);
    }

    /** The time control as {@code key=value} settings for {@code TimeControl.parse}. */
    public Map<String, String> timeSettings() {
        Map<String, String> m = new LinkedHashMap<>();
        if (!tc.isEmpty()) {
            m.put("tc", tc);
        }
        if (!st.isEmpty()) {
            m.put("st", st);
        }
        if (!nodes.isEmpty()) {
            m.put("nodes", nodes);
        }
        if (!depth.isEmpty()) {
            m.put("depth", depth);
        }
        return m;
    }

    public MatchSetup withRun(String id, boolean done) {
        return new MatchSetup(gameId, engines, gauntlet, tc, st, nodes, depth, games, rounds, repeat, openings, plies, order,
                ruleSet, concurrency, maxMoves, resignMoves, resignScore, drawMoveNumber, drawMoves, drawScore, sprt, elo0,
                elo1, alpha, beta, id, done);
    }

    public MatchSetup withFinished(boolean done) {
        return withRun(runId, done);
    }
}
