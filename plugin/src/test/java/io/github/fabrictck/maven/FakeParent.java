package io.github.fabrictck.maven;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Stands in for Maven's process in {@link ParentDeathTest}: supervises a hanging {@link FakeLauncher}
 * through {@link Fork}, prints the fork's pid, and waits for it without limit.
 */
public final class FakeParent {

    private FakeParent() {
    }

    public static void main(String[] args) throws Exception {
        Fork fork = Fork.start(FakeLauncher.command("talk-and-hang"), Path.of("").toAbsolutePath(), "token key", line -> { }, line -> { });
        System.out.println("fork " + fork.pid());
        System.out.flush();
        fork.await(Duration.ZERO);
    }

    /** The command that runs this class in a new JVM, with the test and main classes. */
    static List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(FakeParent.class.getName());
        return command;
    }
}
