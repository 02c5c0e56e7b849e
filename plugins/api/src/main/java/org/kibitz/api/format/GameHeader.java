package org.kibitz.api.format;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One game of a file as a listing pass reads it: its tags, without its moves (no position is set
 * up, no move read). What was wrong that the header alone shows is in {@code problems}; a move that
 * cannot be read is found only when the game is read whole.
 *
 * @param gameNumber the game's number in the file, from 1
 * @param tags       its tags in file order, as a full read would give them (the same names and values)
 * @param plies      moves on its main line, when the format can count them without reading them
 * @param readable   whether a full read may give a game (false when the header already rules it out:
 *                   a variant nobody plays, a broken set-up position, a damaged XQF header)
 * @param problems   what the header pass found wrong, in file order
 * @param start      where the game starts, for {@link FormatPlugin#readerAt}, when the format can start there
 */
public record GameHeader(int gameNumber, Map<String, String> tags, OptionalInt plies, boolean readable,
                         List<FormatProblem> problems, Optional<GameStart> start) {

    public GameHeader {
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        problems = List.copyOf(problems);
    }

    /** The header of a game read whole: what readers that cannot read headers alone give. */
    public static GameHeader of(ReadResult r) {
        return new GameHeader(r.gameNumber(), r.game().map(g -> g.tags().asMap()).orElse(Map.of()),
                r.game().map(g -> OptionalInt.of(g.mainline().size())).orElse(OptionalInt.empty()),
                r.game().isPresent(), r.problems(), Optional.empty());
    }

    /** Whether the header pass found an error. */
    public boolean hasErrors() {
        return problems.stream().anyMatch(p -> p.severity() == FormatProblem.Severity.ERROR);
    }
}
