package org.kibitz.core.chart;

import java.awt.Rectangle;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.kibitz.core.AtomicFiles;

/**
 * A chart drawn headless into a PNG (JFreeChart's {@link ChartUtils}) or an SVG (JFreeSVG), to a
 * stream or atomically to a file (a failed write leaves the old file as it was).
 */
public final class ChartFiles {

    /** The image formats, by the file's extension. */
    public enum Kind {
        PNG, SVG;

        /** The kind a file's name asks for ({@code .png}, {@code .svg}, any case), if either. */
        public static java.util.Optional<Kind> of(Path file) {
            String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
            return name.endsWith(".png") ? java.util.Optional.of(PNG)
                    : name.endsWith(".svg") ? java.util.Optional.of(SVG) : java.util.Optional.empty();
        }
    }

    private ChartFiles() {
    }

    public static void toPng(JFreeChart chart, int width, int height, OutputStream out) throws IOException {
        ChartUtils.writeChartAsPNG(out, chart, width, height);
    }

    public static void toPng(JFreeChart chart, int width, int height, Path file) throws IOException {
        AtomicFiles.write(file, out -> toPng(chart, width, height, out));
    }

    /** The chart as an SVG document (UTF-8 text). */
    public static String svg(JFreeChart chart, int width, int height) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        chart.draw(g, new Rectangle(0, 0, width, height));
        String doc = g.getSVGDocument();
        return doc.startsWith("<?xml") ? doc + "\n" : "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + doc + "\n";
    }

    public static void toSvg(JFreeChart chart, int width, int height, OutputStream out) throws IOException {
        out.write(svg(chart, width, height).getBytes(StandardCharsets.UTF_8));
    }

    public static void toSvg(JFreeChart chart, int width, int height, Path file) throws IOException {
        AtomicFiles.write(file, svg(chart, width, height).getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code file} as its extension says. */
    public static void write(JFreeChart chart, int width, int height, Path file, Kind kind) throws IOException {
        switch (kind) {
            case PNG -> toPng(chart, width, height, file);
            case SVG -> toSvg(chart, width, height, file);
        }
    }
}
