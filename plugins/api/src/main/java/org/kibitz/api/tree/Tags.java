package org.kibitz.api.tree;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** A game's header tags in the order they were read or set; names are case-sensitive as in PGN. */
public final class Tags {

    /** The PGN seven-tag roster, in its order. */
    public static final java.util.List<String> SEVEN_TAG_ROSTER =
            java.util.List.of("Event", "Site", "Date", "Round", "White", "Black", "Result");

    private final LinkedHashMap<String, String> tags = new LinkedHashMap<>();

    public Optional<String> get(String name) {
        return Optional.ofNullable(tags.get(name));
    }

    public String getOrDefault(String name, String fallback) {
        return tags.getOrDefault(name, fallback);
    }

    /** Sets a tag; a tag already present keeps its place. */
    public void put(String name, String value) {
        tags.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
    }

    public void remove(String name) {
        tags.remove(name);
    }

    public boolean contains(String name) {
        return tags.containsKey(name);
    }

    /** A read-only view in order. */
    public Map<String, String> asMap() {
        return Collections.unmodifiableMap(tags);
    }

    public int size() {
        return tags.size();
    }

    @Override
    public String toString() {
        return tags.toString();
    }
}
