package org.kibitz.workbench.board;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;

/**
 * Picks the fonts the board draws with from those installed: the first family of a preference
 * list that the system has, so the board looks right with Noto on Linux, YaHei on Windows or
 * PingFang on macOS, and still draws something anywhere.
 */
final class Fonts {

    /** For xiangqi pieces and the river: a serif CJK face reads like the carved characters of real pieces. */
    static final List<String> CJK_SERIF = List.of("Noto Serif CJK SC", "Noto Serif SC", "Source Han Serif SC",
            "SimSun", "Songti SC", "STSong", "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "WenQuanYi Zen Hei");
    /** For coordinates in Chinese numerals. */
    static final List<String> CJK_SANS = List.of("Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei",
            "PingFang SC", "WenQuanYi Zen Hei", "Noto Serif CJK SC");
    /** For chess figurines: faces whose chess symbols are drawn as pieces, not as emoji. */
    static final List<String> FIGURINES = List.of("DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols 2",
            "FreeSerif", "Arial Unicode MS", "Apple Symbols");
    static final List<String> SANS = List.of("DejaVu Sans", "Noto Sans", "Segoe UI", "Helvetica Neue", "Arial");

    private static volatile Set<String> installed;
    private static final Map<List<String>, String> CHOSEN = new ConcurrentHashMap<>();

    private Fonts() {
    }

    /** The first installed family of {@code preferences}, else the default font's. */
    static String family(List<String> preferences) {
        return CHOSEN.computeIfAbsent(preferences, p -> {
            Set<String> have = installed();
            return p.stream().filter(have::contains).findFirst().orElse(Font.getDefault().getFamily());
        });
    }

    static Font font(List<String> preferences, FontWeight weight, double size) {
        return Font.font(family(preferences), weight, size);
    }

    private static Set<String> installed() {
        Set<String> s = installed;
        if (s == null) {
            s = Set.copyOf(Font.getFamilies());
            installed = s;
        }
        return s;
    }
}
