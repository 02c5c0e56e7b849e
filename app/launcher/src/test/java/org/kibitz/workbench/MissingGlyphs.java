package org.kibitz.workbench;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Which characters of a text a font draws as its missing-glyph box (.notdef), found as JavaFX draws
 * them: each character is rendered alone and compared, pixel for pixel, with the same font's
 * rendering of a private-use character, which no text face has. Whatever JavaFX does to find a
 * glyph (the face itself, its fallbacks) is in the picture, so a character reported here shows as a
 * box on screen, and one not reported does not. FX thread.
 */
final class MissingGlyphs {

    /** A private-use code point: no face used for text draws it, so it shows the .notdef box. */
    static final char NO_GLYPH = '\uE000';

    private final Map<Font, int[]> boxes = new HashMap<>();
    private final Map<Font, Map<Character, Boolean>> seen = new HashMap<>();

    /** The characters of {@code text} that {@code font} shows as boxes, in order of first appearance. */
    Set<Character> in(Font font, String text) {
        Set<Character> out = new LinkedHashSet<>();
        int[] box = boxes.computeIfAbsent(font, f -> pixels(f, NO_GLYPH));
        Map<Character, Boolean> known = seen.computeIfAbsent(font, f -> new HashMap<>());
        for (char c : text.toCharArray()) {
            if (Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSurrogate(c)) {
                continue;
            }
            if (known.computeIfAbsent(c, x -> java.util.Arrays.equals(box, pixels(font, x)))) {
                out.add(c);
            }
        }
        return out;
    }

    /** The box itself, to check it is drawn (a blank would match every blank glyph). */
    int[] box(Font font) {
        return boxes.computeIfAbsent(font, f -> pixels(f, NO_GLYPH));
    }

    /** A character drawn black on white, its image's size in the first two entries. */
    static int[] pixels(Font font, char c) {
        Text t = new Text(String.valueOf(c));
        t.setFont(font);
        t.setFill(Color.BLACK);
        SnapshotParameters p = new SnapshotParameters();
        p.setFill(Color.WHITE);
        WritableImage img = t.snapshot(p, null);
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        int[] out = new int[2 + w * h];
        out[0] = w;
        out[1] = h;
        PixelReader r = img.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                out[2 + y * w + x] = r.getArgb(x, y);
            }
        }
        return out;
    }

    /** Whether an image is all one colour (nothing drawn). */
    static boolean blank(int[] pixels) {
        for (int i = 3; i < pixels.length; i++) {
            if (pixels[i] != pixels[2]) {
                return false;
            }
        }
        return true;
    }
}
