package org.kibitz.core.evaluate.report.html;

/** Text made safe for HTML and SVG, in element content and in quoted attribute values alike. */
public final class Html {

    private Html() {
    }

    /**
     * {@code s} with {@code & < > " '} written as character references, and control characters other than
     * tab and line ends dropped: names and tags come from game files, which anyone may have written.
     */
    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c >= 0x20 && c != 0x7F || c == '\t' || c == '\n' || c == '\r') {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
