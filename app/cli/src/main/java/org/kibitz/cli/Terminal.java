package org.kibitz.cli;

/**
 * Text from files and engines (tags, FEN, an engine's {@code id name}, its output) made safe to print on
 * a terminal: control characters that a terminal would act on (ESC starting a colour, a title or a
 * screen clear; CR overwriting a line; BEL; the C1 controls and DEL) are shown escaped, {@code \x1B},
 * instead of being sent. Line feeds and tabs stay: messages with an engine's last lines need them.
 * Only what is printed goes through here; files written keep the text as it is.
 */
final class Terminal {

    private Terminal() {
    }

    /** {@code text} with its terminal controls escaped; the same string when it has none. */
    static String safe(String text) {
        if (text == null) {
            return null;
        }
        int i = 0;
        while (i < text.length() && !control(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (control(c)) {
                b.append(String.format(java.util.Locale.ROOT, c < 0x100 ? "\\x%02X" : "\\u%04X", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** A character a terminal acts on rather than shows; not LF or TAB. */
    static boolean control(char c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7F && c <= 0x9F)
                || c == '\u2028' || c == '\u2029' || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }

    /**
     * {@code out} with every control character a terminal acts on escaped as it goes through (a CR
     * before LF, a Windows line end, stays): what every command prints passes here, so a tag, a FEN or an
     * engine's {@code id name} cannot reach the terminal as a command to it.
     */
    static java.io.PrintWriter escaping(java.io.PrintWriter out) {
        if (out instanceof Escaping) {
            return out;
        }
        return new Escaping(out);
    }

    private static final class Escaping extends java.io.PrintWriter {
        private boolean pendingCr;

        Escaping(java.io.PrintWriter target) {
            super(new java.io.Writer() {
                @Override
                public void write(char[] buf, int off, int len) {
                    target.write(buf, off, len);
                }

                @Override
                public void flush() {
                    target.flush();
                }

                @Override
                public void close() {
                    target.close();
                }
            }, true);
        }

        @Override
        public void write(int c) {
            write(new char[] {(char) c}, 0, 1);
        }

        @Override
        public void write(String s, int off, int len) {
            write(s.toCharArray(), off, len);
        }

        @Override
        public void write(char[] buf, int off, int len) {
            synchronized (lock) {
                StringBuilder b = new StringBuilder(len + 8);
                for (int i = off; i < off + len; i++) {
                    char c = buf[i];
                    if (pendingCr) {
                        pendingCr = false;
                        b.append(c == '\n' ? "\r" : "\\x0D");
                    }
                    if (c == '\r') {
                        pendingCr = true;
                    } else if (control(c)) {
                        b.append(String.format(java.util.Locale.ROOT, c < 0x100 ? "\\x%02X" : "\\u%04X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
                super.write(b.toString().toCharArray(), 0, b.length());
            }
        }

        @Override
        public void flush() {
            synchronized (lock) {
                if (pendingCr) {
                    pendingCr = false;
                    super.write("\\x0D".toCharArray(), 0, 4);
                }
                super.flush();
            }
        }
    }
}
