package io.github.fabrictck.report;

import java.io.IOException;
import java.io.InputStream;
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
 * An artifact that supplied driver code, which a certificate binds by its SHA-256: the project's main
 * artifact when it is a jar, else its classes directory ({@value #MODULE}); and every other jar or classes
 * directory on the project's runtime class path but the kit's own ({@value #DEPENDENCY}), instrumented or
 * not: a driver whose module only forwards to a library runs that library's code, so a library swapped
 * after the run is another driver.
 *
 * @param role   {@value #MODULE} or {@value #DEPENDENCY}
 * @param id     {@code groupId:artifactId:version} (the base version, {@code 1.0-SNAPSHOT}), which certificates
 *               name it by and a third party's {@code recheck} resolves it by; the module's is
 *               {@code groupId:artifactId} in older certificates (no version: a third party then
 *               gives its jar's directory)
 * @param kind   {@value #JAR} or {@value #CLASSES_DIRECTORY}
 * @param path   the jar or the directory, relative to the project's base directory when it is inside
 *               it, with {@code /} separators
 * @param sha256 the jar's SHA-256; for a directory, {@link #directorySha256} of it; lower-case hex;
 *               {@code null} when the file is gone
 */
public record DriverArtifact(String role, String id, String kind, String path, String sha256) {

    /** The project's own artifact. */
    public static final String MODULE = "module";

    /** A jar or classes directory of the runtime class path other than the module's, the kit's excluded. */
    public static final String DEPENDENCY = "dependency";

    /** The module's artifact with no id (the certificates of schema 1). */
    public DriverArtifact(String kind, String path, String sha256) {
        this(MODULE, null, kind, path, sha256);
    }

    /** The main artifact, a jar file. */
    public static final String JAR = "jar";

    /** No jar (the goal ran before {@code package}): the classes directory. */
    public static final String CLASSES_DIRECTORY = "classes-directory";

    /**
     * The artifact to bind: {@code mainArtifact} when it is a {@code .jar} file, else
     * {@code classesDirectory} (which may be missing: it then hashes as an empty directory).
     *
     * @param mainArtifact     the project's main artifact file, or {@code null} when it has none yet
     * @param classesDirectory the project's classes directory
     * @param baseDirectory    the project's base directory, to record paths relative to it
     */
    public static DriverArtifact of(Path mainArtifact, Path classesDirectory, Path baseDirectory) throws IOException {
        return of(null, mainArtifact, classesDirectory, baseDirectory);
    }

    /** The module's artifact as {@link #of(Path, Path, Path)} finds it, with the project's {@code groupId:artifactId:version}. */
    public static DriverArtifact of(String id, Path mainArtifact, Path classesDirectory, Path baseDirectory)
            throws IOException {
        if (isJar(mainArtifact)) {
            return new DriverArtifact(MODULE, id, JAR, relative(baseDirectory, mainArtifact), fileSha256(mainArtifact));
        }
        return new DriverArtifact(MODULE, id, CLASSES_DIRECTORY, relative(baseDirectory, classesDirectory),
                directorySha256(classesDirectory));
    }

    /**
     * A dependency on the project's runtime class path, bound whatever it holds (classes, resources): the
     * driver's code may be anywhere on that class path (a module whose endpoint forwards to a library; an
     * adapter, which names the library it judges in code only the fork runs), so Maven's process binds every
     * such artifact rather than ask the driver's code. A jar by its SHA-256, a classes directory (a reactor
     * module resolved before {@code package}) by {@link #directorySha256}; {@code null} when {@code file} is
     * neither.
     *
     * @param id the dependency's {@code groupId:artifactId:version}
     */
    public static DriverArtifact library(String id, Path file, Path baseDirectory) throws IOException {
        if (isJar(file)) {
            return new DriverArtifact(DEPENDENCY, id, JAR, relative(baseDirectory, file), fileSha256(file));
        }
        if (file != null && Files.isDirectory(file)) {
            return new DriverArtifact(DEPENDENCY, id, CLASSES_DIRECTORY, relative(baseDirectory, file),
                    directorySha256(file));
        }
        return null;
    }

    /**
     * {@code null} when every file of {@code classesDirectory} (what the fork runs: classes and resources) is in
     * {@code jar} with the same bytes, or when there is no jar; else the sentence that names the first that differs: a build step after
     * {@code package} that rewrites the classes would otherwise have the certificate bind a jar that did not run.
     */
    public static String classesDifferFromJar(Path jar, Path classesDirectory, Path baseDirectory) throws IOException {
        if (!isJar(jar) || !Files.isDirectory(classesDirectory)) {
            return null;
        }
        List<Path> classes;
        try (Stream<Path> walk = Files.walk(classesDirectory)) {
            // every file, not only classes: a resource the driver reads (which endpoint to make) decides as much
            classes = walk.filter(Files::isRegularFile).sorted().toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
            for (Path f : classes) {
                String name = classesDirectory.relativize(f).toString().replace('\\', '/');
                java.util.zip.ZipEntry entry = zip.getEntry(name);
                byte[] inJar = null;
                if (entry != null) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        inJar = in.readAllBytes();
                    }
                }
                if (inJar == null || !java.util.Arrays.equals(inJar, Files.readAllBytes(f))) {
                    return "the classes and resources that ran (" + relative(baseDirectory, classesDirectory) + ") are not the "
                            + "module's jar " + relative(baseDirectory, jar) + ": " + name + (inJar == null
                            ? " is not in the jar" : " differs from the jar's") + " (a build step after package changed "
                            + "the classes?)";
                }
            }
        }
        return null;
    }

    /** The file name of {@link #path}: what a person recognises, {@code acme-core-1.0.jar}. */
    public String fileName() {
        int slash = path == null ? -1 : path.lastIndexOf('/');
        return path == null ? null : path.substring(slash + 1);
    }

    /**
     * The artifact as it is now, the same one as {@code recorded} so the two compare: a jar is
     * {@code mainArtifact} when the project has one now (another file name is another artifact),
     * else the recorded path; a classes directory is the recorded one. {@code sha256} is
     * {@code null} when the jar is gone.
     */
    public static DriverArtifact now(DriverArtifact recorded, Path mainArtifact, Path baseDirectory) throws IOException {
        Path recordedPath = baseDirectory.resolve(recorded.path());
        if (JAR.equals(recorded.kind())) {
            Path jar = isJar(mainArtifact) ? mainArtifact : recordedPath;
            return new DriverArtifact(recorded.role(), recorded.id(), JAR, relative(baseDirectory, jar),
                    Files.isRegularFile(jar) ? fileSha256(jar) : null);
        }
        return new DriverArtifact(recorded.role(), recorded.id(), CLASSES_DIRECTORY, recorded.path(),
                directorySha256(recordedPath));
    }

    private static boolean isJar(Path file) {
        return file != null && Files.isRegularFile(file) && file.getFileName().toString().endsWith(".jar");
    }

    /** The SHA-256 of {@code text}'s UTF-8 bytes, lower-case hex; {@code null} for {@code null}. */
    public static String textSha256(String text) {
        return text == null ? null : HexFormat.of().formatHex(newDigest().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** The SHA-256 of a file's bytes, lower-case hex. */
    public static String fileSha256(Path file) throws IOException {
        MessageDigest digest = newDigest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[65_536];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /**
     * A deterministic SHA-256 of a directory tree: over its regular files sorted by relative path
     * ({@code /} separators, compared as strings), the SHA-256 of the UTF-8 lines
     * {@code <relative path> NUL <SHA-256 of the file, hex> LF}. A missing directory hashes as an
     * empty one. Timestamps and permissions do not count; renaming or changing any file does.
     */
    public static String directorySha256(Path directory) throws IOException {
        MessageDigest digest = newDigest();
        if (Files.isDirectory(directory)) {
            List<String> files;
            try (Stream<Path> walk = Files.walk(directory)) {
                files = walk.filter(Files::isRegularFile)
                        .map(p -> directory.relativize(p).toString().replace('\\', '/'))
                        .sorted()
                        .toList();
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            for (String file : files) {
                digest.update(file.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(fileSha256(directory.resolve(file)).getBytes(StandardCharsets.US_ASCII));
                digest.update((byte) '\n');
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static String relative(Path base, Path file) {
        Path absoluteBase = base.toAbsolutePath().normalize();
        Path absolute = file.toAbsolutePath().normalize();
        Path shown = absolute.startsWith(absoluteBase) ? absoluteBase.relativize(absolute) : absolute;
        return shown.toString().replace('\\', '/');
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
