package org.kibitz.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.kibitz.api.format.FormatPlugin;

/** The file formats available, found by id, by file name or by the file's first bytes. */
public final class Formats {

    private final List<FormatPlugin> formats;

    public Formats(Collection<FormatPlugin> formats) {
        this.formats = formats.stream().sorted(Comparator.comparing(FormatPlugin::id)).toList();
    }

    public List<FormatPlugin> all() {
        return formats;
    }

    public Optional<FormatPlugin> byId(String id) {
        return formats.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    /** The format for a file name's extension. */
    public Optional<FormatPlugin> forName(String fileName) {
        return formats.stream().filter(f -> f.matchesName(fileName)).findFirst();
    }

    /** The format of a file: by its first bytes when a format recognises them, else by its extension. */
    public Optional<FormatPlugin> forFile(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(64);
        }
        for (FormatPlugin f : formats) {
            if (f.canRead() && f.recognizes(head)) {
                return Optional.of(f);
            }
        }
        return forName(file.getFileName().toString());
    }
}
