package io.github.fabrictck.maven;

import io.github.fabrictck.report.Result;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether a third party's {@code recheck} may fork the JVM it has: the verdicts of a race window can depend on the
 * JVM's feature version (17 and 21 schedule, inline and park differently), so a recheck on another feature version
 * proves nothing and is refused; another update of the same feature version is allowed with a warning, since a buyer
 * rarely has the vendor's exact build.
 */
final class RecheckJvm {

    /**
     * The environment variables that add options to every JVM started (the JDK reads them itself): the third-party
     * recheck removes them from the fork's environment, so the buyer's environment plays no part.
     */
    static final List<String> OPTION_VARIABLES = ForkEnvironment.RECORDED_VARIABLES;

    private RecheckJvm() {
    }

    /**
     * The feature version of a {@code java.version} ({@code 17} of {@code 17.0.15}, {@code 21-ea} and {@code 21};
     * {@code 8} of {@code 1.8.0_402}), or {@code -1} when it has none.
     */
    static int feature(String version) {
        if (version == null) {
            return -1;
        }
        String v = version.strip();
        if (v.startsWith("1.")) {
            v = v.substring(2);
        }
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end == 0 ? -1 : Integer.parseInt(v.substring(0, end));
    }

    /**
     * The sentence that refuses to recheck with {@code now} (the JVM at {@code java}) a certificate whose run was on
     * {@code recorded}, or {@code null} when their feature versions are the same (or the certificate names none).
     */
    static String refusal(Result.JvmInfo recorded, Result.JvmInfo now, Path java) {
        if (recorded == null || feature(recorded.version()) < 0 || feature(recorded.version()) == feature(now.version())) {
            return null;
        }
        return "The certificate's run was on Java " + recorded.version() + " (" + recorded.vendor() + ") and this recheck's "
                + "JVM " + java + " is Java " + now.version() + " (" + now.vendor() + "): give a Java "
                + feature(recorded.version()) + " with -Dfabric-tck.jvm=/path/to/jdk-" + feature(recorded.version())
                + "/bin/java.";
    }

    /**
     * The warning that the JVM is the certificate's feature version but not its exact version or vendor, or
     * {@code null} when it is the same (or the certificate names none).
     */
    static String warning(Result.JvmInfo recorded, Result.JvmInfo now) {
        if (recorded == null || recorded.equals(now)) {
            return null;
        }
        return "Fabric TCK recheck: the certificate's run was on Java " + recorded.version() + " (" + recorded.vendor()
                + "), this recheck runs on Java " + now.version() + " (" + now.vendor() + "); the same feature version, "
                + "so verdicts should agree, but a difference may come from the JVM.";
    }

    /**
     * The {@code java.version} and {@code java.vendor} of the JVM {@code java}: this process's own when it is the
     * JVM running Maven, else as {@code java -XshowSettings:properties -version} prints them (without the option
     * variables, whose "Picked up" lines would say nothing about the JVM).
     */
    static Result.JvmInfo of(Path java) throws IOException {
        if (java.toAbsolutePath().normalize().equals(ForkCommand.currentJvm().toAbsolutePath().normalize())) {
            return new Result.JvmInfo(System.getProperty("java.version"), System.getProperty("java.vendor"));
        }
        ProcessBuilder builder = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
                .redirectErrorStream(true);
        OPTION_VARIABLES.forEach(builder.environment()::remove);
        Process p = builder.start();
        p.getOutputStream().close();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), Charset.defaultCharset());
        }
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(java + " -version did not end within 60 s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while asking " + java + " for its version", e);
        }
        Result.JvmInfo info = parse(out.lines().toList());
        if (info.version() == null) {
            throw new IOException(java + " -XshowSettings:properties -version printed no java.version");
        }
        return info;
    }

    /** {@code java.version} and {@code java.vendor} of the lines {@code -XshowSettings:properties} prints. */
    static Result.JvmInfo parse(List<String> lines) {
        String version = null;
        String vendor = null;
        for (String line : lines) {
            String l = line.strip();
            if (l.startsWith("java.version = ")) {
                version = l.substring("java.version = ".length()).strip();
            } else if (l.startsWith("java.vendor = ")) {
                vendor = l.substring("java.vendor = ".length()).strip();
            }
        }
        return new Result.JvmInfo(version, vendor);
    }
}
