package org.kibitz.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One JSON file of the config folder, read and written whole: written atomically, and when it
 * cannot be read, set aside (never silently replaced) with the reason kept for the user.
 *
 * @param <T> the value held in the file
 */
public final class JsonStore<T> {

    /** What loading found. */
    public sealed interface Loaded<T> {
        /** The file was read. */
        record Ok<T>(T value) implements Loaded<T> {
        }

        /** There was no file yet. */
        record Missing<T>() implements Loaded<T> {
        }

        /** The file could not be read; it was moved to {@code setAside} (empty if even that failed). */
        record Corrupt<T>(String reason, Optional<Path> setAside) implements Loaded<T> {
        }
    }

    static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new Jdk8Module())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private final Class<T> type;

    public JsonStore(Path file, Class<T> type) {
        this.file = Objects.requireNonNull(file, "file");
        this.type = Objects.requireNonNull(type, "type");
    }

    public Path file() {
        return file;
    }

    public Loaded<T> load() {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return new Loaded.Missing<>();
        } catch (IOException e) {
            return new Loaded.Corrupt<>(e.toString(), Optional.empty());
        }
        try {
            T value = MAPPER.readValue(bytes, type);
            if (value == null) {
                throw new IOException("the file is empty");
            }
            return new Loaded.Ok<>(value);
        } catch (IOException | RuntimeException e) {
            String reason = e instanceof JsonProcessingException jpe ? describe(jpe) : e.getMessage();
            Optional<Path> aside;
            try {
                aside = Optional.of(AtomicFiles.setAside(file));
            } catch (IOException moveFailed) {
                aside = Optional.empty();
            }
            return new Loaded.Corrupt<>(reason == null ? e.getClass().getSimpleName() : reason, aside);
        }
    }

    /** The value in the file, or {@code fallback} when it is missing or unreadable (which is set aside). */
    public T loadOr(T fallback) {
        return load() instanceof Loaded.Ok<T> ok ? ok.value() : fallback;
    }

    public void save(T value) throws IOException {
        AtomicFiles.write(file, MAPPER.writeValueAsBytes(value));
    }

    /**
     * What is wrong with a JSON file, for its owner: where (line, column, the field's path) and what, in
     * words; never Jackson's own message, which names Java classes.
     */
    static String describe(JsonProcessingException e) {
        var loc = e.getLocation();
        String line = loc == null ? "?" : String.valueOf(loc.getLineNr());
        String column = loc == null ? "?" : String.valueOf(loc.getColumnNr());
        if (e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m) {
            StringBuilder path = new StringBuilder();
            for (var ref : m.getPath()) {
                if (ref.getFieldName() != null) {
                    path.append(path.length() == 0 ? "" : ".").append(ref.getFieldName());
                } else if (ref.getIndex() >= 0) {
                    path.append('[').append(ref.getIndex()).append(']');
                }
            }
            return org.kibitz.api.i18n.Text.of(JsonStore.class, "json.wrongValue", line, column,
                    path.length() == 0 ? "-" : path.toString()).render();
        }
        return org.kibitz.api.i18n.Text.of(JsonStore.class, "json.invalid", line, column).render();
    }
}
