package org.kibitz.cli;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * A file error said the way a user can act on: the file as the user named it (never only a temporary
 * file beside it), what is wrong in words, and what to do. The JDK's exceptions carry a path and, at
 * best, the system's terse reason ("Is a directory", "No such device").
 */
final class FileErrors {

    private static final Messages TEXT = Messages.of("messages");

    private FileErrors() {
    }

    /**
     * {@code e} about {@code wanted} (the file the user gave; may be null, then the exception's own).
     * A non-file error is its message.
     */
    static String describe(Exception e, Path wanted) {
        if (!(e instanceof FileSystemException f)) {
            return Terminal.safe(String.valueOf(e.getMessage()));
        }
        String file = wanted != null ? wanted.toString() : String.valueOf(f.getFile());
        String reason = f.getReason() == null ? "" : f.getReason();
        String key;
        if (e instanceof NoSuchFileException) {
            key = "file.error.missing";
        } else if (e instanceof AccessDeniedException || reason.contains("Permission denied")) {
            key = "file.error.denied";
        } else if (e instanceof DirectoryNotEmptyException || reason.contains("Is a directory")
                || reason.contains("No such device")) {
            key = "file.error.folder";
        } else if (e instanceof NotDirectoryException || reason.contains("Not a directory")) {
            key = "file.error.notFolder";
        } else {
            return Terminal.safe(file + ": " + (reason.isEmpty() ? e.getClass().getSimpleName() : reason));
        }
        return TEXT.text(key, Terminal.safe(file));
    }
}
