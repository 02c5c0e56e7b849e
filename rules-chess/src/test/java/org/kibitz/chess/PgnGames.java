package org.kibitz.chess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A minimal PGN reader for tests (the real one lives in the formats module): tags, and the main
 * line's move tokens with comments, variations, NAGs, move numbers and results taken out.
 */
final class PgnGames {

    private PgnGames() {
    }

    record Game(int number, Map<String, String> tags, List<String> moves) {
    }

    private static final Pattern TAG = Pattern.compile("^\\[(\\w+)\\s+\"(.*)\"\\]\\s*$");

    static List<Game> read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        List<Game> games = new ArrayList<>();
        Map<String, String> tags = new LinkedHashMap<>();
        StringBuilder movetext = new StringBuilder();
        boolean inMoves = false;
        for (String line : text.split("\r?\n")) {
            Matcher m = TAG.matcher(line);
            boolean tagLine = m.matches() && !insideComment(movetext);
            if (tagLine && (inMoves || tags.containsKey(m.group(1)))) {
                games.add(new Game(games.size() + 1, tags, tokens(movetext.toString())));
                tags = new LinkedHashMap<>();
                movetext.setLength(0);
                inMoves = false;
            }
            if (tagLine) {
                tags.put(m.group(1), m.group(2).replace("\\\"", "\""));
            } else if (!line.startsWith("%")) {
                if (!line.isBlank()) {
                    inMoves = true;
                }
                movetext.append(line).append('\n');
            }
        }
        if (inMoves || !tags.isEmpty()) {
            games.add(new Game(games.size() + 1, tags, tokens(movetext.toString())));
        }
        return games;
    }

    private static boolean insideComment(CharSequence s) {
        int open = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '{') {
                open++;
            } else if (s.charAt(i) == '}') {
                open = Math.max(0, open - 1);
            }
        }
        return open > 0;
    }

    /** The main line's move tokens. */
    static List<String> tokens(String movetext) {
        StringBuilder s = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < movetext.length(); i++) {
            char c = movetext.charAt(i);
            if (c == '{') {
                int end = movetext.indexOf('}', i);
                i = end < 0 ? movetext.length() : end;
                s.append(' ');
            } else if (c == ';') {
                int end = movetext.indexOf('\n', i);
                i = end < 0 ? movetext.length() : end;
                s.append(' ');
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
                s.append(' ');
            } else if (depth == 0) {
                s.append(c);
            }
        }
        List<String> moves = new ArrayList<>();
        for (String t : s.toString().trim().split("\\s+")) {
            String tok = t.replaceFirst("^\\d+\\.+", "");
            if (tok.isEmpty() || tok.startsWith("$") || tok.matches("\\d+\\.*")
                    || tok.equals("1-0") || tok.equals("0-1") || tok.equals("1/2-1/2") || tok.equals("*")) {
                continue;
            }
            moves.add(tok);
        }
        return moves;
    }
}
