package org.kibitz.cli;

import java.time.Duration;
import java.util.Optional;
import java.util.function.LongFunction;
import org.kibitz.api.engine.SearchLimits;
import picocli.CommandLine.Option;

/**
 * The search limit {@code --depth N | --nodes N | --movetime MS}, as an exclusive {@code @ArgGroup}
 * (the command says whether one is required), and its reading into {@link SearchLimits}. The help texts
 * are the keys {@code depth}, {@code nodes} and {@code movetime} of the bundle of the command (or mixin)
 * that holds the group. Commands whose limit options read differently in the help (another order,
 * other labels or keys) declare their own and share only {@link #given(Integer, Long, Long, LongFunction)}.
 */
final class LimitOptions {

    @Option(names = "--depth", paramLabel = "N", descriptionKey = "depth")
    Integer depth;

    @Option(names = "--nodes", paramLabel = "N", descriptionKey = "nodes")
    Long nodes;

    @Option(names = "--movetime", paramLabel = "MS", descriptionKey = "movetime")
    Long movetime;

    /** The limit given in {@code group}, none when the group is absent (picocli leaves it null). */
    static Optional<SearchLimits> given(LimitOptions group, LongFunction<? extends RuntimeException> bad) {
        return group == null ? Optional.empty() : given(group.depth, group.nodes, group.movetime, bad);
    }

    /**
     * The limit of the one value given (the group is exclusive), none when none is. A value below 1 is a
     * usage error: {@code bad} makes it, from the value, in the command's own words.
     */
    static Optional<SearchLimits> given(Integer depth, Long nodes, Long movetime, LongFunction<? extends RuntimeException> bad) {
        if (depth != null) {
            return Optional.of(SearchLimits.depth((int) positive(depth, bad)));
        }
        if (nodes != null) {
            return Optional.of(SearchLimits.nodes(positive(nodes, bad)));
        }
        if (movetime != null) {
            return Optional.of(SearchLimits.moveTime(Duration.ofMillis(positive(movetime, bad))));
        }
        return Optional.empty();
    }

    private static long positive(long n, LongFunction<? extends RuntimeException> bad) {
        if (n < 1) {
            throw bad.apply(n);
        }
        return n;
    }
}
