package org.kibitz.formats.epd;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a FEN or EPD list split into its parts: the four position fields, the two FEN
 * counters when they are there, and the EPD operations ({@code bm Nf3; id "WAC.001";}) in order.
 * Operands are kept as written, except that a single quoted string loses its quotes.
 */
record EpdLine(String board, String side, String castling, String enPassant, String halfmove, String fullmove,
               List<Operation> operations) {

    /** An EPD operation: its opcode and its operands as written. */
    record Operation(String opcode, String operands) {
    }

    /** The FEN this line describes: counters from the fields, or from hmvc/fmvn operations, else 0 and 1. */
    String fen() {
        String h = halfmove;
        String f = fullmove;
        for (Operation op : operations) {
            if (h == null && op.opcode().equals("hmvc")) {
                h = op.operands();
            } else if (f == null && op.opcode().equals("fmvn")) {
                f = op.operands();
            }
        }
        return board + " " + side + " " + castling + " " + enPassant + " " + (h == null ? "0" : h) + " " + (f == null ? "1" : f);
    }

    /** Splits a line; {@code null} when it has fewer than four fields. */
    static EpdLine parse(String line) {
        String s = line.strip();
        int i = 0;
        String[] fields = new String[6];
        int count = 0;
        while (count < 6 && i < s.length()) {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i >= s.length() || s.charAt(i) == ';') {
                break;
            }
            int start = i;
            while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && s.charAt(i) != ';') {
                i++;
            }
            String token = s.substring(start, i);
            if (count >= 4 && !token.chars().allMatch(Character::isDigit)) {
                i = start; // the first operation, not a counter
                break;
            }
            fields[count++] = token;
        }
        if (count < 4) {
            return null;
        }
        return new EpdLine(fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], operations(s.substring(i)));
    }

    private static List<Operation> operations(String s) {
        List<Operation> ops = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"') {
                quoted = !quoted;
            }
            if (ch == ';' && !quoted) {
                add(ops, cur.toString());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        add(ops, cur.toString());
        return ops;
    }

    private static void add(List<Operation> ops, String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return;
        }
        int sp = 0;
        while (sp < t.length() && !Character.isWhitespace(t.charAt(sp))) {
            sp++;
        }
        String opcode = t.substring(0, sp);
        String operands = t.substring(sp).strip();
        if (operands.length() >= 2 && operands.startsWith("\"") && operands.endsWith("\"")
                && operands.indexOf('"', 1) == operands.length() - 1) {
            operands = operands.substring(1, operands.length() - 1);
        }
        ops.add(new Operation(opcode, operands));
    }

    /** An operation as EPD writes it: strings quoted, other operands as they are. */
    static String format(String opcode, String operands) {
        if (operands.isEmpty()) {
            return opcode + ";";
        }
        boolean string = opcode.equals("id") || opcode.equals("eco") || opcode.equals("nic")
                || opcode.matches("[cv][0-9]") || opcode.startsWith("tc");
        boolean needsQuotes = string || operands.indexOf(';') >= 0;
        return opcode + " " + (needsQuotes && !operands.startsWith("\"") ? "\"" + operands.replace("\"", "'") + "\"" : operands) + ";";
    }
}
