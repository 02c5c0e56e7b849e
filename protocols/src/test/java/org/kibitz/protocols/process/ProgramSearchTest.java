package org.kibitz.protocols.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One way to find a program by name: PATH in order, executables only. */
class ProgramSearchTest {

    @TempDir
    Path tmp;

    private Path file(String dir, String name, boolean executable) throws IOException {
        Path d = Files.createDirectories(tmp.resolve(dir));
        Path f = Files.writeString(d.resolve(name), "#!/bin/sh\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
        return f;
    }

    @Test
    void theFirstExecutableOnThePathWins() throws IOException {
        file("a", "engine", false);
        Path b = file("b", "engine", true);
        file("c", "engine", true);
        String path = String.join(File.pathSeparator, "", tmp.resolve("a").toString(), " ", tmp.resolve("b").toString(),
                tmp.resolve("c").toString());
        ProgramSearch search = ProgramSearch.forEnvironment(Map.of("PATH", path), "Linux");
        assertEquals(Optional.of(b.toAbsolutePath()), search.locate("engine"));
        assertEquals(Optional.empty(), search.locate("missing"));
    }

    @Test
    void onWindowsANameAlsoMatchesItsExe() throws IOException {
        Path exe = file("w", "engine.exe", true);
        ProgramSearch search = new ProgramSearch(List.of(tmp.resolve("w")), true);
        assertEquals(Optional.of(exe.toAbsolutePath()), search.locate("engine"));
        assertEquals(Optional.of(exe.toAbsolutePath()), search.locate("engine.exe"));
        assertEquals(Optional.empty(), new ProgramSearch(List.of(tmp.resolve("w")), false).locate("engine"));
    }
}
