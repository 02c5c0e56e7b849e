package org.kibitz.core.opening;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.MoveParseException;
import org.kibitz.api.game.Notation;
import org.kibitz.api.game.Position;
import org.kibitz.chess.ChessPlugin;

/**
 * ECO for chess: lichess's opening table (resource {@code eco.tsv}, CC0) by position. A game's opening
 * is the entry of the deepest position of its main line that the table holds, so transpositions
 * find their opening as on lichess. Positions compare by placement, side to move and castling rights.
 */
final class EcoTable {

    private static final class Holder {
        static final EcoTable INSTANCE = new EcoTable();
    }

    private final Map<String, Opening> byPosition = new HashMap<>();
    private final Map<String, Opening> byCode = new HashMap<>();
    private final String startKey;

    static EcoTable instance() {
        return Holder.INSTANCE;
    }

    private EcoTable() {
        ChessPlugin chess = new ChessPlugin();
        Position start = chess.startPosition();
        startKey = key(start);
        Notation san = chess.notations().stream().filter(n -> n.id().equals("san")).findFirst()
                .orElseThrow(() -> new IllegalStateException("chess has no SAN notation"));
        try (InputStream in = EcoTable.class.getResourceAsStream("eco.tsv")) {
            if (in == null) {
                throw new IllegalStateException("eco.tsv is missing from the class path");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("eco\t")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f.length < 3) {
                    continue;
                }
                String code = f[0].strip();
                String full = f[1].strip();
                int colon = full.indexOf(": ");
                String name = colon < 0 ? full : full.substring(0, colon);
                String variation = colon < 0 ? "" : full.substring(colon + 2);
                Position p = start;
                int plies = 0;
                for (String token : f[2].trim().split("\\s+")) {
                    if (token.isEmpty() || token.endsWith(".")) {
                        continue;
                    }
                    p = p.play(san.parse(p, token));
                    plies++;
                }
                Opening o = new Opening(Opening.ECO, code, name, variation, plies);
                byPosition.putIfAbsent(key(p), o);
                byCode.putIfAbsent(code, new Opening(Opening.ECO, code, name, "", 0));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (MoveParseException e) {
            throw new IllegalStateException("eco.tsv holds a move chess does not read: " + e.getMessage(), e);
        }
    }

    /** Placement, side and castling: the first three fields of the FEN. */
    static String key(Position p) {
        String[] f = p.fen().split(" ");
        return f[0] + " " + f[1] + " " + (f.length > 2 ? f[2] : "-");
    }

    Optional<Opening> byCode(String code) {
        return Optional.ofNullable(byCode.get(code.strip().toUpperCase(Locale.ROOT)));
    }

    Optional<Opening> classify(Position start, List<Move> moves) {
        if (!key(start).equals(startKey)) {
            return Optional.empty();
        }
        Opening found = null;
        Position p = start;
        int ply = 0;
        for (Move m : moves) {
            if (m.isNull() || !p.isLegal(m)) {
                break;
            }
            p = p.play(m);
            ply++;
            Opening o = byPosition.get(key(p));
            if (o != null) {
                found = o.atPly(ply);
            }
        }
        return Optional.ofNullable(found);
    }
}
