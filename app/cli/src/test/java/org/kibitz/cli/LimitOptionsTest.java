package org.kibitz.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Optional;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.kibitz.api.engine.SearchLimits;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;

/** {@link LimitOptions}: which limit the words give, and the usage error for one below 1. */
class LimitOptionsTest {

    /** A command holding the group as analyse and the batch commands do, optional here. */
    @Command(name = "limits")
    static final class Holder {
        @ArgGroup(exclusive = true, multiplicity = "0..1")
        LimitOptions limit;
    }

    /** The error a command would make; it carries the value so that the tests can see it was passed. */
    private static final LongFunction<IllegalArgumentException> BAD = v -> new IllegalArgumentException("bad " + v);

    private static Optional<SearchLimits> parse(String... args) {
        Holder h = new Holder();
        new CommandLine(h).parseArgs(args);
        return LimitOptions.given(h.limit, BAD);
    }

    @Test
    void eachOptionGivesItsLimit() {
        assertEquals(Optional.of(SearchLimits.depth(12)), parse("--depth", "12"));
        assertEquals(Optional.of(SearchLimits.nodes(5_000_000_000L)), parse("--nodes", "5000000000"));
        assertEquals(Optional.of(SearchLimits.moveTime(Duration.ofMillis(250))), parse("--movetime", "250"));
    }

    @Test
    void noneGivenIsNoLimit() {
        // The command chooses what that means: a default, or (when the group is required) it cannot happen.
        assertEquals(Optional.empty(), parse());
        assertEquals(Optional.empty(), LimitOptions.given(null, null, null, BAD));
    }

    @Test
    void belowOneIsTheCommandsUsageError() {
        assertEquals("bad 0", assertThrows(IllegalArgumentException.class, () -> parse("--depth", "0")).getMessage());
        assertEquals("bad -3", assertThrows(IllegalArgumentException.class, () -> parse("--nodes", "-3")).getMessage());
        assertEquals("bad 0", assertThrows(IllegalArgumentException.class, () -> parse("--movetime", "0")).getMessage());
        assertEquals(Optional.of(SearchLimits.depth(1)), parse("--depth", "1"));
    }

    @Test
    void onlyOneLimitAtATime() {
        // given() reads the first it finds: it relies on the group being exclusive.
        assertThrows(CommandLine.MutuallyExclusiveArgsException.class, () -> parse("--depth", "3", "--nodes", "100"));
    }
}
