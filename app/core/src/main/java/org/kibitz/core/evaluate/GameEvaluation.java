package org.kibitz.core.evaluate;

import java.util.List;
import java.util.Optional;

/**
 * What a batch found for one game with one engine: the unit of work, and the result a job journal
 * keeps (plain values, read back equal).
 *
 * @param ordinal   the game's place among all games of all input files, from 0 (what shards split on)
 * @param file      the input file's place in the command, from 0
 * @param game      the game's number in its file, from 1
 * @param engine    the engine's place in the command, from 0
 * @param engineName the engine's name as the engine list has it (or its command's)
 * @param fingerprint the engine's fingerprint as the store keeps it ({@code name|options|KIND=value})
 * @param gameId    {@code chess} or {@code xiangqi}
 * @param startFen  the game's start position
 * @param moves     the main line, in coordinates (ICCS ranks 0-9 for xiangqi)
 * @param sans      the main line in the game's notation (SAN, Chinese), as the outputs write it
 * @param judged    for each ply from 1, whether its move is judged (the selection's sides, player, first ply)
 * @param positions the evaluated positions, by ply; positions not needed are left out
 */
public record GameEvaluation(int ordinal, int file, int game, int engine, String engineName, String fingerprint,
                             String gameId, String startFen, List<String> moves, List<String> sans,
                             List<Boolean> judged, List<PositionEval> positions) {

    public GameEvaluation {
        moves = List.copyOf(moves);
        sans = List.copyOf(sans);
        judged = List.copyOf(judged);
        positions = List.copyOf(positions);
    }

    /** The evaluation of the position after {@code ply} moves, if it was evaluated. */
    public Optional<PositionEval> at(int ply) {
        // Positions are kept in ply order; most games have every ply, so look there first.
        if (ply >= 0 && ply < positions.size() && positions.get(ply).ply() == ply) {
            return Optional.of(positions.get(ply));
        }
        return positions.stream().filter(p -> p.ply() == ply).findFirst();
    }

    /** Whether the move of {@code ply} (from 1) is judged. */
    public boolean judges(int ply) {
        return ply >= 1 && ply <= judged.size() && judged.get(ply - 1);
    }
}
