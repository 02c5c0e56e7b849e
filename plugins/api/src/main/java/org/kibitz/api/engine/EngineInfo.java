package org.kibitz.api.engine;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What an engine told about itself in the handshake, and the conventions in force for it.
 *
 * @param name        the engine's own name ({@code id name}, {@code myname})
 * @param author      the author, when given
 * @param protocol    the protocol id it speaks
 * @param games       ids of the games it plays ({@code chess}, {@code xiangqi})
 * @param variants    the variant names it declared, raw (UCI_Variant choices, xboard {@code variants})
 * @param options     the options it declared, with their defaults
 * @param conventions the conventions detected or configured for it
 * @param timeouts    the waits in force
 */
public record EngineInfo(String name, Optional<String> author, String protocol, Set<String> games,
                         List<String> variants, List<EngineOption> options, EngineConventions conventions,
                         EngineTimeouts timeouts) {

    public EngineInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(author, "author");
        Objects.requireNonNull(protocol, "protocol");
        games = Set.copyOf(games);
        variants = List.copyOf(variants);
        options = List.copyOf(options);
        Objects.requireNonNull(conventions, "conventions");
        Objects.requireNonNull(timeouts, "timeouts");
    }

    public Optional<EngineOption> option(String optionName) {
        return options.stream().filter(o -> o.name().equalsIgnoreCase(optionName)).findFirst();
    }
}
