package org.kibitz.formats;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Test data: small files copied into the test resources, big ones from the shared data folder. */
public final class TestFiles {

    private TestFiles() {
    }

    /** A file of this module's test resources, as bytes. */
    public static byte[] resource(String name) {
        try (InputStream in = TestFiles.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file of the shared test data ({@code ../shared/data/...}). */
    public static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.shared", "../../../shared"), "data", relative);
    }
}
