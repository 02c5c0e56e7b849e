package org.kibitz.core.opening;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.kibitz.api.game.Move;
import org.kibitz.api.game.Piece;
import org.kibitz.api.game.Position;
import org.kibitz.api.game.Side;
import org.kibitz.api.game.Square;

/** ECCO for xiangqi: the move words the rules read, the rules, and the names (resource {@code ecco.tsv}). */
final class Ecco {

    static final String START_BOARD = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

    private Ecco() {
    }

    private static final class Names {
        static final Map<String, Opening> BY_CODE = load();
    }

    static Optional<Opening> byCode(String code) {
        return Optional.ofNullable(Names.BY_CODE.get(code.strip().toUpperCase(java.util.Locale.ROOT)));
    }

    static Optional<Opening> classify(Position start, List<Move> moves) {
        if (start.sideToMove() != Side.WHITE || !start.fen().startsWith(START_BOARD + " ")) {
            return Optional.empty();
        }
        List<String> words = words(start, moves);
        if (words.isEmpty()) {
            // No move, no opening: the rules would answer their catch-all A00 for an empty game.
            return Optional.empty();
        }
        String code = new EccoRules(words).classify();
        return byCode(code).map(o -> o.atPly(words.size()));
    }

    /**
     * The first twenty plies as the rules' words ({@code C2.5}, {@code N8+7}), the whole game mirrored
     * when Red's first move starts on files 6 to 9 (counted from Red's right), as the standard folds
     * left-hand openings onto right-hand ones.
     */
    static List<String> words(Position start, List<Move> moves) {
        List<String> out = new ArrayList<>();
        Position p = start;
        boolean mirror = false;
        for (int i = 0; i < moves.size() && i < 2 * EccoRules.ROUNDS; i++) {
            Move m = moves.get(i);
            if (m.isNull() || !p.isLegal(m)) {
                break;
            }
            Optional<Piece> piece = p.pieceAt(m.from());
            if (piece.isEmpty()) {
                break;
            }
            if (i == 0) {
                mirror = 9 - m.from().file() > 5;
            }
            out.add(word(piece.get(), flip(m.from(), mirror), flip(m.to(), mirror)));
            p = p.play(m);
        }
        return out;
    }

    private static Square flip(Square s, boolean mirror) {
        return mirror ? Square.of(8 - s.file(), s.rank()) : s;
    }

    /** A move as the rules write it: letter, file from the mover's right, {@code + - .}, file or distance. */
    static String word(Piece piece, Square from, Square to) {
        boolean red = piece.side() == Side.WHITE;
        int fromFile = red ? 9 - from.file() : from.file() + 1;
        int toFile = red ? 9 - to.file() : to.file() + 1;
        int forward = red ? to.rank() - from.rank() : from.rank() - to.rank();
        StringBuilder sb = new StringBuilder(4).append(piece.type()).append(fromFile);
        boolean diagonal = piece.type() == 'N' || piece.type() == 'B' || piece.type() == 'A';
        if (from.file() == to.file()) {
            sb.append(forward > 0 ? '+' : '-').append(Math.abs(forward));
        } else if (diagonal) {
            sb.append(forward > 0 ? '+' : '-').append(toFile);
        } else {
            sb.append('.').append(toFile);
        }
        return sb.toString();
    }

    private static Map<String, Opening> load() {
        Map<String, Opening> map = new HashMap<>();
        try (InputStream in = Ecco.class.getResourceAsStream("ecco.tsv")) {
            if (in == null) {
                throw new IllegalStateException("ecco.tsv is missing from the class path");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                String code = f[0].strip();
                map.put(code, new Opening(Opening.ECCO, code, f[1].strip(), f.length > 2 ? f[2].strip() : "", 0));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(map);
    }
}
