package org.kibitz.core.chart;

import java.awt.Font;
import java.awt.GraphicsEnvironment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A font for a chart's labels that can show them: the sans-serif one when it can, else the first
 * installed CJK-capable family (Noto Sans CJK SC first), else Dialog. AWT's logical fonts do not
 * always fall back to a CJK font when drawing into an image or SVG, so Chinese labels would come
 * out as boxes.
 */
public final class ChartFonts {

    /** Families tried, in order, when the default cannot show a label. */
    static final List<String> CJK = List.of("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC",
            "Source Han Sans CN", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei", "Droid Sans Fallback",
            "Microsoft YaHei", "SimHei", "PingFang SC", "Noto Sans CJK TC", "Noto Sans CJK JP");

    private static final Map<String, String> FAMILY = new ConcurrentHashMap<>();
    private static volatile Set<String> installed;

    private ChartFonts() {
    }

    /** A font of {@code style} and {@code size} that can show every character of {@code text}. */
    public static Font forText(String text, int style, int size) {
        return new Font(family(text), style, size);
    }

    /**
     * The family {@link #forText} picks for {@code text}: the logical sans-serif for plain ASCII, else a
     * real CJK-capable family. Not AWT's logical font for Chinese even where its fallback can draw it:
     * the workbench draws the chart through JavaFX (FXGraphics2D), which maps "SansSerif" to a face
     * without Chinese, and an SVG viewer knows no "SansSerif" either.
     */
    public static String family(String text) {
        if (text.codePoints().allMatch(c -> c < 0x80)) {
            return Font.SANS_SERIF;
        }
        String key = text.codePoints().filter(c -> c > 0x7f).limit(64)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return FAMILY.computeIfAbsent(key, k -> {
            Set<String> have = installed();
            for (String f : CJK) {
                if (have.contains(f) && new Font(f, Font.PLAIN, 11).canDisplayUpTo(k) < 0) {
                    return f;
                }
            }
            return new Font(Font.SANS_SERIF, Font.PLAIN, 11).canDisplayUpTo(k) < 0 ? Font.SANS_SERIF : Font.DIALOG;
        });
    }

    private static Set<String> installed() {
        Set<String> s = installed;
        if (s == null) {
            s = Set.of(GraphicsEnvironment.getLocalGraphicsEnvironment().getAvailableFontFamilyNames(java.util.Locale.ROOT));
            installed = s;
        }
        return s;
    }
}
