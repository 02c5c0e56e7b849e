package org.kibitz.xiangqi;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
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
 * A minimal PGN movetext extractor for these tests (the formats module owns real PGN reading): tags and
 * the main-line move tokens of each game, with move numbers, results, comments and trailing banner
 * lines left out. Decodes UTF-8 (with or without a BOM), else GB18030.
 */
final class PgnMovetext {

    /** One game: its tags and its move tokens as written. */
    record Game(Map<String, String> tags, List<String> moves, String result) {
    }

    private static final Pattern TAG = Pattern.compile("^\\[(\\w+)\\s+\"(.*)\"\\]\\s*$");
    private static final Pattern MOVE_NUMBER = Pattern.compile("^\\d+\\.+$");
    private static final Pattern NUMBER_PREFIX = Pattern.compile("^\\d+\\.+(.+)$");
    private static final Pattern RESULT = Pattern.compile("^(1-0|0-1|1/2-1/2|\\*)$");

    private PgnMovetext() {
    }

    static String decode(byte[] bytes) {
        int off = bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF ? 3 : 0;
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, off, bytes.length - off)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, Charset.forName("GB18030"));
        }
    }

    static List<Game> read(Path file) throws IOException {
        String text = decode(Files.readAllBytes(file)).replace("\r", "");
        List<Game> games = new ArrayList<>();
        Map<String, String> tags = new LinkedHashMap<>();
        List<String> moves = new ArrayList<>();
        String result = null;
        boolean inMoves = false;
        boolean ended = false;
        for (String line : text.split("\n")) {
            String t = line.strip();
            Matcher tag = TAG.matcher(t);
            if (tag.matches()) {
                if (inMoves || ended) {
                    games.add(new Game(tags, moves, result));
                    tags = new LinkedHashMap<>();
                    moves = new ArrayList<>();
                    result = null;
                    inMoves = false;
                    ended = false;
                }
                tags.put(tag.group(1), tag.group(2));
                continue;
            }
            if (t.isEmpty() || ended) {
                continue; // banners and adverts after the result are not moves
            }
            inMoves = true;
            t = t.replaceAll("\\{[^}]*\\}", " ");
            for (String tok : t.split("\\s+")) {
                if (tok.isEmpty() || MOVE_NUMBER.matcher(tok).matches()) {
                    continue;
                }
                if (RESULT.matcher(tok).matches()) {
                    result = tok;
                    ended = true;
                    break;
                }
                Matcher prefixed = NUMBER_PREFIX.matcher(tok);
                moves.add(prefixed.matches() ? prefixed.group(1) : tok);
            }
        }
        if (inMoves || ended || !tags.isEmpty()) {
            games.add(new Game(tags, moves, result));
        }
        return games;
    }

    static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata", "../testdata"), relative);
    }
}
