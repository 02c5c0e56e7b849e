package org.kibitz.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Inputs that can be read only once (standard input given as {@code -}, a named pipe, a process
 * substitution's {@code /dev/fd/N}) made into files that can be read again: the readers open a game
 * file more than once (its format sniffed from the first bytes, its games listed, then read one by one),
 * and a second open of a pipe waits for a writer that never comes. Such an input is copied once into a
 * temporary folder of its own, under its own name (so that messages name it as the user did), and
 * removed when the command's process ends. A regular file, a folder or a missing path is given back as
 * it is, for the command to read or refuse.
 */
final class InputFiles {

    /** How standard input is named in messages and in the copy. */
    static final String STDIN = "-";

    /** The copies made, with the names the user gave. */
    private static final java.util.Map<Path, String> GIVEN = new java.util.concurrent.ConcurrentHashMap<>();

    private InputFiles() {
    }

    /** How to name {@code file} in messages: as the user gave it, for a copy made here. */
    static String shown(Path file) {
        return GIVEN.getOrDefault(file, file.toString());
    }

    /** Each of {@code files} as {@link #once(Path)} gives it. */
    static List<Path> once(List<Path> files) throws IOException {
        List<Path> out = new ArrayList<>(files.size());
        for (Path f : files) {
            out.add(once(f));
        }
        return out;
    }

    /** {@code file}, or a copy of it that can be read again when it is standard input or not a regular file. */
    static Path once(Path file) throws IOException {
        if (file == null) {
            return null;
        }
        boolean stdin = file.toString().equals(STDIN);
        if (!stdin && (!Files.exists(file) || Files.isRegularFile(file) || Files.isDirectory(file))) {
            return file;
        }
        Path dir = Files.createTempDirectory("kibitz-input-");
        dir.toFile().deleteOnExit();
        Path copy = dir.resolve(stdin ? "stdin" : file.getFileName().toString());
        copy.toFile().deleteOnExit();
        GIVEN.put(copy, file.toString());
        try (InputStream in = stdin ? System.in : Files.newInputStream(file)) {
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
        }
        return copy;
    }

    /** Picocli's converter for the game files a command reads: {@link #once(Path)} as the arguments are parsed. */
    static final class Converter implements picocli.CommandLine.ITypeConverter<Path> {
        @Override
        public Path convert(String value) throws IOException {
            return once(Path.of(value));
        }
    }
}
