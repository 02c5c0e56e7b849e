package org.kibitz.protocols.session;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.kibitz.api.game.GamePlugin;
import org.kibitz.api.game.Games;

/**
 * The games the protocols know by name, and how engines name them: what is needed to tell which
 * games an engine plays from its variant list, even before any game plugin is at hand (a probe).
 */
public final class GameIds {

    public static final String CHESS = "chess";
    public static final String XIANGQI = "xiangqi";

    private GameIds() {
    }

    /** The game id an engine's variant name stands for, when it is one of ours. */
    public static Optional<String> forVariant(String variant, Games games) {
        String v = variant.trim().toLowerCase(Locale.ROOT);
        if (games != null) {
            Optional<GamePlugin> g = games.byVariant(v);
            if (g.isPresent()) {
                return Optional.of(g.get().id());
            }
        }
        return switch (v) {
            case "chess", "normal", "standard" -> Optional.of(CHESS);
            case "xiangqi", "chinese chess", "cchess" -> Optional.of(XIANGQI);
            default -> Optional.empty();
        };
    }

    /** The games among an engine's variant names, in a stable order. */
    public static Set<String> forVariants(List<String> variants, Games games) {
        Set<String> out = new LinkedHashSet<>();
        for (String v : variants) {
            forVariant(v, games).ifPresent(out::add);
        }
        return out;
    }
}
