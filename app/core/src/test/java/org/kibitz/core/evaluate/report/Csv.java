package org.kibitz.core.evaluate.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.kibitz.api.analysis.Score;

/** A strict RFC 4180 reader for the tests: quoted fields, doubled quotes, line breaks inside quotes. */
final class Csv {

    private Csv() {
    }

    /** Every record of {@code text}, each a list of fields. */
    static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        f.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                if (f.length() > 0 || wasQuoted) {
                    throw new IllegalArgumentException("a quote inside an unquoted field at " + i);
                }
                quoted = true;
                wasQuoted = true;
            } else if (c == ',') {
                row.add(f.toString());
                f.setLength(0);
                wasQuoted = false;
            } else if (c == '\n') {
                row.add(f.toString());
                f.setLength(0);
                wasQuoted = false;
                rows.add(row);
                row = new ArrayList<>();
            } else {
                f.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("an unclosed quote");
        }
        if (f.length() > 0 || !row.isEmpty()) {
            throw new IllegalArgumentException("the last record does not end with a line break");
        }
        return rows;
    }

    /** The records after the header, each as a map from column to value. */
    static List<Map<String, String>> records(String text) {
        List<List<String>> rows = parse(text);
        List<String> header = rows.get(0);
        List<Map<String, String>> out = new ArrayList<>();
        for (List<String> r : rows.subList(1, rows.size())) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException("a record of " + r.size() + " fields under " + header.size() + " columns: " + r);
            }
            Map<String, String> m = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                m.put(header.get(i), r.get(i));
            }
            out.add(m);
        }
        return out;
    }

    /** A {@code [%eval]} value read back: {@code #N} a mate ({@code #0}: checkmate on the board), else pawns. */
    static Score eval(String text) {
        if (text.startsWith("#")) {
            return Score.mate(Integer.parseInt(text.substring(1)));
        }
        return Score.centipawns(new BigDecimal(text).movePointRight(2).intValueExact());
    }
}
