package org.kibitz.api.game;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The games available, for code that must find a game by id or by a variant name from a file or an engine. */
public interface Games {

    List<GamePlugin> all();

    default Optional<GamePlugin> byId(String id) {
        // A loop, not a stream: readers and writers ask once per game, a million times in a big file.
        for (GamePlugin g : all()) {
            if (g.id().equals(id)) {
                return Optional.of(g);
            }
        }
        return Optional.empty();
    }

    /** The game that answers to a variant name ({@code [Variant "..."]}, {@code UCI_Variant}), ignoring case. */
    default Optional<GamePlugin> byVariant(String variant) {
        // A loop too: a file whose games each say [Game "Chinese Chess"] asks once per game.
        String v = variant.trim().toLowerCase(Locale.ROOT);
        for (GamePlugin g : all()) {
            if (g.id().equals(v) || g.variants().contains(v)) {
                return Optional.of(g);
            }
        }
        return Optional.empty();
    }

    /** A fixed set of games, sorted by id. */
    static Games of(Collection<? extends GamePlugin> games) {
        List<GamePlugin> list = games.stream().sorted(Comparator.comparing(GamePlugin::id)).map(g -> (GamePlugin) g).toList();
        return () -> list;
    }
}
