package io.github.fabrictck.maven;

import io.github.fabrictck.report.DriverArtifact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The artifacts of a certificate as a third party obtains them: from directories it names (looked up by the file name
 * the certificate records) or resolved by their coordinates, copied into the recheck's own directory and hashed
 * there. The copies are what the fork's class path is made of, so the bytes hashed are the bytes that run; a file
 * whose SHA-256 is not the certified one is named, and nothing runs.
 */
final class ThirdPartyArtifacts {

    private ThirdPartyArtifacts() {
    }

    /** Maven coordinates of a jar; {@code classifier} is {@code null} for the main artifact. */
    record Coordinates(String groupId, String artifactId, String version, String classifier) {
    }

    /** Where one artifact was found ({@code file}, and {@code from} for messages), or why not ({@code problem}). */
    record Found(Path file, String from, String problem) {

        static Found at(Path file, String from) {
            return new Found(file, from, null);
        }

        static Found not(String problem) {
            return new Found(null, null, problem);
        }
    }

    /** How the recheck finds one artifact the certificate binds. */
    interface Source {
        Found find(DriverArtifact certified);
    }

    /**
     * What was obtained: the copies in the order of the fork's class path (the module's first), each artifact as its
     * copy hashes, and one sentence for each artifact that could not be obtained or whose SHA-256 differs.
     */
    record Obtained(List<Path> classpath, List<DriverArtifact> artifacts, List<String> problems) {

        /** The module's copy, which the fork's agent instruments; {@code null} when it was not obtained. */
        Path moduleJar() {
            for (int i = 0; i < artifacts.size(); i++) {
                if (DriverArtifact.MODULE.equals(artifacts.get(i).role())) {
                    return classpath.get(i);
                }
            }
            return null;
        }
    }

    /**
     * The coordinates of a certified jar: its {@code groupId:artifactId:version} id, with the classifier its file
     * name carries ({@code acme-core-1.0-tests.jar}); {@code null} when the id has no version (the module of an older
     * certificate).
     */
    static Coordinates coordinates(DriverArtifact a) {
        String[] parts = a.id() == null ? new String[0] : a.id().split(":");
        if (parts.length != 3 || parts[0].isBlank() || parts[1].isBlank() || parts[2].isBlank()) {
            return null;
        }
        String name = a.fileName();
        String stem = parts[1] + "-" + parts[2] + "-";
        String classifier = name != null && name.startsWith(stem) && name.endsWith(".jar")
                            && name.length() > stem.length() + ".jar".length()
                ? name.substring(stem.length(), name.length() - ".jar".length()) : null;
        return new Coordinates(parts[0], parts[1], parts[2], classifier);
    }

    /**
     * The file named as {@code certified}'s in {@code directories} (not searched below them): the first with the
     * certified SHA-256, else the first of that name (whose hash then names the difference), else {@code null}.
     */
    static Path lookUp(List<Path> directories, DriverArtifact certified) throws IOException {
        Path first = null;
        for (Path d : directories) {
            Path f = d.resolve(certified.fileName());
            if (Files.isRegularFile(f)) {
                if (certified.sha256() != null && certified.sha256().equals(DriverArtifact.fileSha256(f))) {
                    return f;
                }
                first = first == null ? f : first;
            }
        }
        return first;
    }

    /** A source that looks the artifacts up by file name in {@code directories} ({@code -Dfabric-tck.artifacts}). */
    static Source inDirectories(List<Path> directories) {
        return a -> {
            try {
                Path f = lookUp(directories, a);
                return f != null ? Found.at(f, f.toString()) : Found.not(describe(a) + " is in none of "
                        + directories.stream().map(Path::toString).collect(Collectors.joining(", "))
                        + " (-Dfabric-tck.artifacts), looked up by its file name.");
            } catch (IOException e) {
                return Found.not(describe(a) + " cannot be read in " + directories + ": " + e.getMessage() + ".");
            }
        };
    }

    /**
     * Obtains every artifact {@code certified} names from {@code source}, copies each into {@code directory}'s
     * {@value RecheckDirectory#ARTIFACTS} folder and hashes the copy. A classes directory cannot be obtained (only the
     * vendor's build has it): it is refused.
     */
    static Obtained obtain(List<DriverArtifact> certified, Source source, Path directory) throws IOException {
        List<DriverArtifact> ordered = new ArrayList<>(certified);
        ordered.sort(Comparator.comparing(a -> DriverArtifact.MODULE.equals(a.role()) ? 0 : 1));
        Path folder = directory.resolve(RecheckDirectory.ARTIFACTS);
        Files.createDirectories(folder);
        List<Path> classpath = new ArrayList<>();
        List<DriverArtifact> copies = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            DriverArtifact a = ordered.get(i);
            if (!DriverArtifact.JAR.equals(a.kind())) {
                problems.add(describe(a) + " is a classes directory (" + a.path() + "), which only the vendor's build has:"
                        + " a third party can recheck a certificate whose artifacts are all jars.");
                continue;
            }
            Found found = source.find(a);
            if (found.problem() != null) {
                problems.add(found.problem());
                continue;
            }
            Path copy = folder.resolve(a.fileName());
            if (Files.exists(copy)) {
                // two artifacts of the same file name (two groups): each its own folder
                copy = Files.createDirectories(folder.resolve(Integer.toString(i))).resolve(a.fileName());
            }
            Files.copy(found.file(), copy);
            String sha = DriverArtifact.fileSha256(copy);
            if (!sha.equals(a.sha256())) {
                problems.add(describe(a) + " from " + found.from() + " has sha256 " + sha + ", not the certified "
                        + a.sha256() + ".");
                continue;
            }
            classpath.add(copy);
            copies.add(new DriverArtifact(a.role(), a.id(), a.kind(),
                    directory.relativize(copy).toString().replace('\\', '/'), sha));
        }
        return new Obtained(classpath, copies, problems);
    }

    /** How a sentence names an artifact: {@code The module com.acme:acme-adapter:1.0 (acme-adapter-1.0.jar)}. */
    static String describe(DriverArtifact a) {
        return (DriverArtifact.MODULE.equals(a.role()) ? "The module " : "The dependency ") + a.id() + " ("
                + a.fileName() + ")";
    }
}
