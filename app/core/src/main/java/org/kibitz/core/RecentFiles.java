package org.kibitz.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The recently used files list kept in the settings: newest first, no duplicates, bounded. */
public final class RecentFiles {

    /** How many files the list keeps. */
    public static final int MAX = 10;

    private RecentFiles() {
    }

    /** The list with {@code file} moved (or added) to the front. */
    public static List<String> add(List<String> recent, Path file) {
        String s = file.toAbsolutePath().normalize().toString();
        List<String> out = new ArrayList<>(recent.size() + 1);
        out.add(s);
        for (String r : recent) {
            if (!r.equals(s) && out.size() < MAX) {
                out.add(r);
            }
        }
        return List.copyOf(out);
    }

    /** The list without {@code file} (one that could not be opened any more). */
    public static List<String> remove(List<String> recent, Path file) {
        String s = file.toAbsolutePath().normalize().toString();
        return recent.stream().filter(r -> !r.equals(s)).toList();
    }
}
