package io.github.fabrictck.explore;

import io.github.fabrictck.engine.AgentConfig;
import io.github.fabrictck.engine.RunSettings;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The SHA-256 of the driver code this fork runs: the bytes of every location the agent rewrites
 * ({@value AgentConfig#LOCATIONS}): a jar's file, a directory's class files by relative path. A schedule
 * file records it, so that a replay on other driver bytes says so instead of diverging without a word.
 */
final class DriverDigest {

    private static volatile String current;

    private DriverDigest() {
    }

    /** The digest of this fork's driver locations, or {@code null} when none is set (the kit's own tests) or one cannot be read. */
    static String current() {
        String c = current;
        if (c == null) {
            c = compute(RunSettings.get(AgentConfig.LOCATIONS, ""));
            current = c == null ? "" : c;
        }
        return c == null || c.isEmpty() ? null : c;
    }

    /** The digest of the locations in {@code locations} (separated by the path separator), or {@code null}. */
    static String compute(String locations) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            boolean any = false;
            for (String l : locations.split(File.pathSeparator)) {
                if (l.isBlank()) {
                    continue;
                }
                Path p = Path.of(l.strip());
                if (Files.isRegularFile(p)) {
                    md.update(Files.readAllBytes(p));
                    any = true;
                } else if (Files.isDirectory(p)) {
                    List<Path> classes;
                    try (Stream<Path> s = Files.walk(p)) {
                        classes = s.filter(f -> f.toString().endsWith(".class")).sorted().toList();
                    }
                    for (Path f : classes) {
                        md.update(p.relativize(f).toString().replace(File.separatorChar, '/')
                                .getBytes(StandardCharsets.UTF_8));
                        md.update(Files.readAllBytes(f));
                    }
                    any = true;
                }
            }
            return any ? HexFormat.of().formatHex(md.digest()) : null;
        } catch (IOException | UncheckedIOException e) {
            return null;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
