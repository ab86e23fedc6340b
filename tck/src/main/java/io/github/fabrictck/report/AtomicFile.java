package io.github.fabrictck.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/** Writes a file so that a reader sees its previous content or its new content, never a mix. */
final class AtomicFile {

    private AtomicFile() {
    }

    /**
     * Writes {@code text} as UTF-8 to {@code file} through a temporary file in the same directory
     * that is then moved over {@code file}. Parent directories are created.
     */
    static void write(Path file, String text) throws IOException {
        Path target = file.toAbsolutePath();
        Path directory = target.getParent();
        Files.createDirectories(directory);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        // Not Files.createTempFile: its owner-only permissions would carry over to the file.
        Path temp = directory.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            Files.write(temp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException unsupported) {
                // Same directory, so this only happens on exotic file systems; a plain replace is the best left.
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
