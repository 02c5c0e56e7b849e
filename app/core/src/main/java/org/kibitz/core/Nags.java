package org.kibitz.core;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Numeric annotation glyphs as people read them: {@code $1} is {@code !}, {@code $14} is {@code ⩲}.
 * The move-quality glyphs come right after the move, the others after a space, as ChessBase prints them.
 */
public final class Nags {

    /** The move-quality glyphs, in the order an annotation menu offers them. */
    public static final List<Integer> MOVE_QUALITY = List.of(1, 2, 3, 4, 5, 6);

    /** The position-assessment glyphs a menu offers. */
    public static final List<Integer> POSITION = List.of(10, 13, 14, 15, 16, 17, 18, 19);

    private static final Map<Integer, String> GLYPHS = Map.ofEntries(
            Map.entry(1, "!"), Map.entry(2, "?"), Map.entry(3, "!!"), Map.entry(4, "??"), Map.entry(5, "!?"),
            Map.entry(6, "?!"), Map.entry(7, "□"), Map.entry(10, "="), Map.entry(11, "="), Map.entry(12, "="),
            Map.entry(13, "∞"), Map.entry(14, "⩲"), Map.entry(15, "⩱"), Map.entry(16, "±"), Map.entry(17, "∓"),
            Map.entry(18, "+-"), Map.entry(19, "-+"), Map.entry(22, "⨀"), Map.entry(23, "⨀"),
            Map.entry(32, "⟳"), Map.entry(33, "⟳"), Map.entry(36, "→"), Map.entry(37, "→"),
            Map.entry(40, "↑"), Map.entry(41, "↑"), Map.entry(132, "⇆"), Map.entry(133, "⇆"),
            Map.entry(140, "∆"), Map.entry(142, "⌓"), Map.entry(145, "RR"), Map.entry(146, "N"));

    private Nags() {
    }

    /** One glyph: its symbol, or {@code $n} when it has none. */
    public static String glyph(int nag) {
        return GLYPHS.getOrDefault(nag, "$" + nag);
    }

    public static boolean isMoveQuality(int nag) {
        return nag >= 1 && nag <= 6;
    }

    /** A node's glyphs as they follow its move: quality glyphs attached, the others after a space. */
    public static String suffix(List<Integer> nags) {
        if (nags.isEmpty()) {
            return "";
        }
        String quality = nags.stream().filter(Nags::isMoveQuality).map(Nags::glyph).collect(Collectors.joining());
        String other = nags.stream().filter(n -> !isMoveQuality(n)).map(Nags::glyph).collect(Collectors.joining(" "));
        return other.isEmpty() ? quality : quality + " " + other;
    }

    /**
     * The glyphs after toggling {@code nag}: a move-quality glyph replaces the one there was (a move
     * has one quality), and so does a position glyph; toggling one that is there removes it.
     */
    public static List<Integer> toggle(List<Integer> nags, int nag) {
        if (nags.contains(nag)) {
            return nags.stream().filter(n -> n != nag).toList();
        }
        boolean quality = isMoveQuality(nag);
        boolean position = POSITION.contains(nag);
        java.util.ArrayList<Integer> out = new java.util.ArrayList<>();
        for (int n : nags) {
            if ((quality && isMoveQuality(n)) || (position && POSITION.contains(n))) {
                continue;
            }
            out.add(n);
        }
        out.add(quality ? 0 : out.size(), nag);
        return List.copyOf(out);
    }
}
