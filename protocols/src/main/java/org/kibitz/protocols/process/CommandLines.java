package org.kibitz.protocols.process;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line typed as one string ({@code --engine "fairy-stockfish load 'my variants.ini'"})
 * into the words a shell would make of it, so that it can be run without a shell.
 *
 * <p>Words are separated by whitespace; single quotes keep everything literally; double quotes keep
 * whitespace and single quotes, and take {@code \"} and {@code \\} as escapes. Outside quotes a
 * backslash escapes only whitespace, a quote or another backslash and is kept otherwise, so that
 * Windows paths ({@code C:\Engines\pikafish.exe}) survive unquoted. No variables, globs or other
 * shell expansions: what is typed is what the engine gets.
 */
public final class CommandLines {

    private CommandLines() {
    }

    /**
     * @throws IllegalArgumentException when a quote is not closed; the message names the column
     */
    public static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int n = line.length();
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int close = line.indexOf('\'', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException("unclosed ' at column " + (i + 1));
                }
                word.append(line, i + 1, close);
                inWord = true;
                i = close;
            } else if (c == '"') {
                int j = i + 1;
                boolean closed = false;
                while (j < n) {
                    char d = line.charAt(j);
                    if (d == '\\' && j + 1 < n && (line.charAt(j + 1) == '"' || line.charAt(j + 1) == '\\')) {
                        word.append(line.charAt(j + 1));
                        j += 2;
                    } else if (d == '"') {
                        closed = true;
                        break;
                    } else {
                        word.append(d);
                        j++;
                    }
                }
                if (!closed) {
                    throw new IllegalArgumentException("unclosed \" at column " + (i + 1));
                }
                inWord = true;
                i = j;
            } else if (c == '\\' && i + 1 < n && isEscapable(line.charAt(i + 1))) {
                word.append(line.charAt(i + 1));
                inWord = true;
                i++;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static boolean isEscapable(char c) {
        return Character.isWhitespace(c) || c == '"' || c == '\'' || c == '\\';
    }
}
