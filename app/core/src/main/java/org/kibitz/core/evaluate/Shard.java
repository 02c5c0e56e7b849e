package org.kibitz.core.evaluate;

import java.util.Map;
import java.util.Optional;

/**
 * Which games of a batch one process takes when a scheduler runs the batch as N tasks: game
 * {@code k} (counted from 0 over all input files, in the order they were given, every game of a
 * file counted whether or not it is selected) belongs to shard {@code k mod count}. Round robin
 * rather than blocks, so that each shard gets games from every part of a file (old and new games
 * differ in length) and the shards finish together. See {@code docs/batch-evaluation.md}.
 *
 * @param index this shard, from 0
 * @param count how many shards there are, 1 or more
 */
public record Shard(int index, int count) {

    /** The whole batch: one shard. */
    public static final Shard ALL = new Shard(0, 1);

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count
                    + ": the index must be from 0 to the count less one");
        }
    }

    /** Whether game {@code ordinal} (from 0, over all input files) is this shard's. */
    public boolean takes(int ordinal) {
        return ordinal % count == index;
    }

    public boolean whole() {
        return count == 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }

    /**
     * The shard the option and the environment name.
     *
     * <ul>
     *   <li>{@code I/N}: shard I of N;</li>
     *   <li>{@code auto/N} or {@code auto}: the index from the scheduler, {@code SLURM_ARRAY_TASK_ID}
     *       (less {@code SLURM_ARRAY_TASK_MIN}) or {@code JOB_COMPLETION_INDEX} (a Kubernetes Indexed
     *       Job), and the count from the option, else {@code SLURM_ARRAY_TASK_COUNT};</li>
     *   <li>no option: a Slurm array task's own shard when {@code SLURM_ARRAY_TASK_COUNT} is set,
     *       else the whole batch.</li>
     * </ul>
     *
     * @throws IllegalArgumentException with a message for the user when the option is not one of these
     */
    public static Resolved resolve(String option, Map<String, String> env) {
        if (option == null || option.isBlank()) {
            if (env.containsKey("SLURM_ARRAY_TASK_ID") && env.containsKey("SLURM_ARRAY_TASK_COUNT")) {
                return new Resolved(new Shard(slurmIndex(env), number(env.get("SLURM_ARRAY_TASK_COUNT"),
                        "SLURM_ARRAY_TASK_COUNT")), Optional.of("SLURM_ARRAY_TASK_ID"));
            }
            return new Resolved(ALL, Optional.empty());
        }
        String s = option.strip();
        int slash = s.indexOf('/');
        String first = slash < 0 ? s : s.substring(0, slash);
        Optional<Integer> count = slash < 0 ? Optional.empty() : Optional.of(number(s.substring(slash + 1), "--shard"));
        if (first.equalsIgnoreCase("auto")) {
            int index;
            String from;
            if (env.containsKey("SLURM_ARRAY_TASK_ID")) {
                index = slurmIndex(env);
                from = "SLURM_ARRAY_TASK_ID";
            } else if (env.containsKey("JOB_COMPLETION_INDEX")) {
                index = number(env.get("JOB_COMPLETION_INDEX"), "JOB_COMPLETION_INDEX");
                from = "JOB_COMPLETION_INDEX";
            } else {
                throw new IllegalArgumentException("--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set");
            }
            int n = count.orElseGet(() -> {
                if (!env.containsKey("SLURM_ARRAY_TASK_COUNT")) {
                    throw new IllegalArgumentException("--shard auto needs the count: --shard auto/N");
                }
                return number(env.get("SLURM_ARRAY_TASK_COUNT"), "SLURM_ARRAY_TASK_COUNT");
            });
            return new Resolved(checked(index, n), Optional.of(from));
        }
        if (count.isEmpty()) {
            throw new IllegalArgumentException("--shard " + s + ": write I/N (for example 0/4) or auto/N");
        }
        return new Resolved(checked(number(first, "--shard"), count.get()), Optional.empty());
    }

    /** A shard and the variable its index came from, if any. */
    public record Resolved(Shard shard, Optional<String> fromVariable) {
    }

    private static Shard checked(int index, int count) {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + ": the index must be from 0 to " + (count - 1));
        }
        return new Shard(index, count);
    }

    private static int slurmIndex(Map<String, String> env) {
        int id = number(env.get("SLURM_ARRAY_TASK_ID"), "SLURM_ARRAY_TASK_ID");
        String min = env.get("SLURM_ARRAY_TASK_MIN");
        return min == null ? id : id - number(min, "SLURM_ARRAY_TASK_MIN");
    }

    private static int number(String text, String what) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException(what + ": not a number: " + text);
        }
    }
}
