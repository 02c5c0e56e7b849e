package org.kibitz.api.tree;

import java.util.Objects;

/**
 * An embedded command from a PGN comment, {@code [%name value]}, kept as it was read when Kibitz has no
 * typed field for it ({@code %csl}, {@code %cal}, {@code %emt}...). {@code %eval} and {@code %clk} become
 * {@link GameNode#evalForWhite()} and {@link GameNode#clock()}.
 */
public record PgnCommand(String name, String value) {

    public PgnCommand {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
