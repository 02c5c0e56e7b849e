package org.kibitz.formats.dhtmlxq;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What DhtmlXQ's fields mean: coordinates, the piece slots of {@code binit}, the tags and the
 * results in Chinese words.
 *
 * <p>A square is two digits, column then row, column 0..8 from Red's left (file a..i), row 0..9
 * from the top of the board as Red sees it (row 0 is Black's back rank, rank 9); a move is
 * four digits, from then to: {@code 7747} is h2e2 (炮二平五).
 */
final class DhtmlXqFields {

    private DhtmlXqFields() {
    }

    /** The 16 slots of each side in {@code binit}: R N B A K A B N R C C P P P P P. */
    static final String SLOTS = "RNBAKABNRCCPPPPP";

    /** The standard start in {@code binit} form. */
    static final String START_BINIT = "8979695949392919097717866646260600102030405060708012720323436383";

    /** DhtmlXQ field name to tag name, in the order a writer puts them. */
    static final List<Map.Entry<String, String>> TAGS = List.of(
            Map.entry("title", "Title"),
            Map.entry("event", "Event"),
            Map.entry("date", "Date"),
            Map.entry("place", "Site"),
            Map.entry("round", "Round"),
            Map.entry("table", "Board"),
            Map.entry("red", "Red"),
            Map.entry("redteam", "RedTeam"),
            Map.entry("redname", "RedName"),
            Map.entry("redlevel", "RedLevel"),
            Map.entry("redtime", "RedTime"),
            Map.entry("black", "Black"),
            Map.entry("blackteam", "BlackTeam"),
            Map.entry("blackname", "BlackName"),
            Map.entry("blacklevel", "BlackLevel"),
            Map.entry("blacktime", "BlackTime"),
            Map.entry("result", "Result"),
            Map.entry("open", "Opening"),
            Map.entry("ecco", "ECCO"),
            Map.entry("timerule", "TimeControl"),
            Map.entry("author", "Annotator"),
            Map.entry("owner", "Author"),
            Map.entry("remark", "Remark"));

    /** Fields that drive the viewer on the web page, not the game: not kept as tags. */
    static final List<String> VIEWER = List.of("init", "ver", "pver", "firstnum", "length", "generator", "adddate", "hits", "type");

    static Optional<String> tagFor(String field) {
        for (Map.Entry<String, String> e : TAGS) {
            if (e.getKey().equals(field)) {
                return Optional.of(e.getValue());
            }
        }
        return Optional.empty();
    }

    static Optional<String> fieldFor(String tag) {
        for (Map.Entry<String, String> e : TAGS) {
            if (e.getValue().equals(tag)) {
                return Optional.of(e.getKey());
            }
        }
        return Optional.empty();
    }

    /** A result in the words sites write (红胜, 黑胜, 和棋...) as a PGN result; empty when not one. */
    static Optional<String> result(String words) {
        String w = words.strip();
        if (w.isEmpty()) {
            return Optional.of("*");
        }
        if (w.equals("1-0") || w.equals("0-1") || w.equals("1/2-1/2") || w.equals("*")) {
            return Optional.of(w);
        }
        if (w.contains("和")) {
            return Optional.of("1/2-1/2");
        }
        if (w.contains("红胜") || w.contains("紅勝") || w.contains("红方胜") || w.contains("黑负") || w.contains("黑負") || w.contains("先胜")) {
            return Optional.of("1-0");
        }
        if (w.contains("黑胜") || w.contains("黑勝") || w.contains("黑方胜") || w.contains("红负") || w.contains("紅負") || w.contains("先负")) {
            return Optional.of("0-1");
        }
        if (w.contains("未知") || w.contains("未完")) {
            return Optional.of("*");
        }
        return Optional.empty();
    }

    static String resultWords(String pgnResult) {
        return switch (pgnResult) {
            case "1-0" -> "红胜";
            case "0-1" -> "黑胜";
            case "1/2-1/2" -> "和棋";
            default -> "未知";
        };
    }
}
