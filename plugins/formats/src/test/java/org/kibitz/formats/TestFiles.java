package org.kibitz.formats;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Test data: small files copied into the test resources, big ones from the repository's testdata/ folder. */
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

    /** A file of the repository's test data ({@code testdata/...}). */
    public static Path shared(String relative) {
        return Path.of(System.getProperty("kibitz.testdata", "../../testdata"), relative);
    }
}
