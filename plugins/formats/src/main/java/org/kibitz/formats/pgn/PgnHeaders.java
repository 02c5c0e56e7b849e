package org.kibitz.formats.pgn;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.kibitz.api.format.FormatProblem;
import org.kibitz.api.format.FormatProblem.Location;
import org.kibitz.api.format.GameHeader;
import org.kibitz.api.format.GameStart;
import org.kibitz.api.format.ReadContext;
import org.kibitz.api.game.FenException;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.GameResult;
import org.kibitz.formats.FormatMessages;

/**
 * The header of a game cut for listing ({@link PgnScanner#next(boolean)}): its tags as a full read
 * gives them (the {@code Result} settled against the movetext's result the same way), the main
 * line's length as counted, and what the header shows wrong: a variant nobody plays, a set-up
 * position that does not parse. No move is read.
 */
final class PgnHeaders {

    private final String source;
    private final GameDetector detector;
    /** Whether any game is installed at all (else every game is refused, as the full read refuses it). */
    private final boolean noGames;

    PgnHeaders(ReadContext context) {
        this.source = context.source();
        this.detector = new GameDetector(context.games(), context.gameHint());
        this.noGames = context.games().all().isEmpty();
    }

    GameHeader header(PgnGameText text) {
        List<FormatProblem> problems = text.problems.isEmpty() ? new ArrayList<>(1) : new ArrayList<>(text.problems);
        Map<String, String> tags = new LinkedHashMap<>(16);
        for (PgnGameText.Tag t : text.tags) {
            tags.put(t.name(), t.value());
        }
        boolean readable = true;
        try {
            readable = check(text, problems);
        } catch (RuntimeException e) {
            problems.add(FormatMessages.error(source, text.number, Location.line(text.firstLine), "pgn.game.failed", String.valueOf(e)));
        }
        settleResult(text, tags, problems);
        sortByPlace(problems);
        Optional<GameStart> start = text.offset < 0 ? Optional.empty()
                : Optional.of(new GameStart(text.number, text.offset, text.firstLine, text.column, text.charset));
        return new GameHeader(text.number, tags, OptionalInt.of(text.plies), readable, problems, start);
    }

    /**
     * Puts a game's problems in file order. A comparator of ours, not Comparator.comparingLong, whose
     * lambda every start made again (decision 0010); a game with fewer than two is left as it is.
     */
    static void sortByPlace(List<FormatProblem> problems) {
        if (problems.size() > 1) {
            problems.sort(BY_PLACE);
        }
    }

    private static final Comparator<FormatProblem> BY_PLACE =
            (a, b) -> Long.compare(a.location().value(), b.location().value());

    /** Whether the game can be read at all, as far as its tags tell; what is wrong goes to {@code problems}. */
    private boolean check(PgnGameText text, List<FormatProblem> problems) {
        if (!noGames && text.tag("Variant") == null && text.tag("Game") == null && text.tag("FEN") == null) {
            return true; // nearly every game: nothing in its header can refuse it
        }
        GameDetector.Verdict verdict = detector.detect(text);
        if (verdict instanceof GameDetector.Verdict.Refused r) {
            problems.add(FormatMessages.error(source, text.number, Location.line(text.firstLine), "pgn.variant.refused", r.variant()));
            return false;
        }
        GameDetector.Verdict.Candidates candidates = (GameDetector.Verdict.Candidates) verdict;
        if (candidates.games().isEmpty()) {
            problems.add(FormatMessages.error(source, text.number, Location.line(text.firstLine), "pgn.no.games"));
            return false;
        }
        String fen = text.tag("FEN");
        if (fen == null || fen.isBlank()) {
            return true;
        }
        FormatProblem first = null;
        for (GamePlugin game : candidates.games()) {
            try {
                if (candidates.variant().isPresent()) {
                    game.parseFen(fen.strip(), candidates.variant().get());
                } else {
                    game.parseFen(fen.strip());
                }
                return true;
            } catch (FenException e) {
                if (first == null) {
                    first = FormatMessages.error(source, text.number, Location.line(tagLine(text, "FEN")), "pgn.fen.invalid", fen, e.text());
                }
            }
            if (candidates.decided()) {
                break;
            }
        }
        problems.add(first);
        return false;
    }

    private void settleResult(PgnGameText text, Map<String, String> tags, List<FormatProblem> problems) {
        settledResult(source, text, tags.get("Result"), text.lastResult, problems).ifPresent(r -> tags.put("Result", r));
    }

    /**
     * The Result a game ends with, from its tag and the result that ends its movetext (the full reader
     * and the header pass settle it alike): a missing or undecided tag takes the movetext's; two real
     * results that disagree keep the tag and are reported.
     *
     * @return the new value of the tag, or empty to keep it
     */
    static java.util.Optional<String> settledResult(String source, PgnGameText text, String tag, String movetext,
                                                    List<FormatProblem> problems) {
        if (tag == null || tag.isBlank()) {
            return java.util.Optional.of(movetext != null ? movetext : GameResult.UNDECIDED.pgn());
        }
        if (movetext != null && !movetext.equals(tag.strip())) {
            if (GameResult.fromPgn(tag).orElse(GameResult.UNDECIDED) == GameResult.UNDECIDED) {
                return java.util.Optional.of(movetext);
            }
            if (!movetext.equals("*")) {
                problems.add(FormatMessages.warning(source, text.number, Location.line(text.lastLine()),
                        "pgn.result.mismatch", tag, movetext));
            }
        }
        return java.util.Optional.empty();
    }

    /** The line of a tag, for messages; the game's first line when it has no such tag. */
    static long tagLine(PgnGameText text, String name) {
        for (PgnGameText.Tag t : text.tags) {
            if (t.name().equals(name)) {
                return t.line();
            }
        }
        return text.firstLine;
    }
}
