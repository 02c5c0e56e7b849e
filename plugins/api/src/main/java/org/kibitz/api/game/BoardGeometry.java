package org.kibitz.api.game;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * How a game's board looks, as data, so that a 9x10 xiangqi board is no special case for whoever draws it.
 *
 * @param files            number of files (8 chess, 9 xiangqi)
 * @param ranks            number of ranks (8 chess, 10 xiangqi)
 * @param style            pieces on squares or on intersections
 * @param riverAfterRank   the river lies between this rank and the next (xiangqi: 4), if the board has one
 * @param palaces          areas drawn with diagonals (xiangqi palaces), as inclusive corners
 * @param markedPoints     points drawn with small corner marks (xiangqi cannon and soldier points)
 * @param whiteFileLabels  file labels as White/Red reads them, file 0 first
 * @param blackFileLabels  file labels as Black reads them, file 0 first
 * @param rankLabels       rank labels, rank 0 first; empty when the game does not label ranks
 */
public record BoardGeometry(int files, int ranks, Style style, OptionalInt riverAfterRank,
                            List<Zone> palaces, List<Square> markedPoints,
                            List<String> whiteFileLabels, List<String> blackFileLabels, List<String> rankLabels) {

    /** Where pieces stand. */
    public enum Style { SQUARES, INTERSECTIONS }

    /** A rectangle of points, corners inclusive. */
    public record Zone(Square from, Square to) {
    }

    public BoardGeometry {
        Objects.requireNonNull(style, "style");
        palaces = List.copyOf(palaces);
        markedPoints = List.copyOf(markedPoints);
        whiteFileLabels = List.copyOf(whiteFileLabels);
        blackFileLabels = List.copyOf(blackFileLabels);
        rankLabels = List.copyOf(rankLabels);
        if (whiteFileLabels.size() != files || blackFileLabels.size() != files) {
            throw new IllegalArgumentException("one file label per file");
        }
        if (!rankLabels.isEmpty() && rankLabels.size() != ranks) {
            throw new IllegalArgumentException("one rank label per rank, or none");
        }
    }

    public boolean contains(Square s) {
        return s.file() < files && s.rank() < ranks;
    }
}
