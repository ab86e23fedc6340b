package io.github.fabrictck.maven;

import java.nio.file.Path;
import java.util.List;

/** Stands in for the launcher in a forked JVM: {@code main(mode)} behaves as {@link ForkTest} needs. */
public final class FakeLauncher {

    private FakeLauncher() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "talk-and-hang" -> {
                System.out.println("window CQ-1 started");
                System.err.println("a warning");
                System.out.flush();
                hang();
            }
            case "configuration-error" -> {
                System.out.println("fabric-tck: this is stdout, not the explanation");
                System.err.println("fabric-tck: a driver's own line, before the launcher's");
                System.err.println("fabric-tck: No driver found on the class path: add the driver's jar.");
                System.exit(2);
            }
            case "spawn-and-hang" -> {
                Process child = new ProcessBuilder(command("talk-and-hang")).inheritIO().start();
                System.out.println("child " + child.pid());
                hang();
            }
            case "spawn-and-exit" -> {
                // a child the fork leaves behind: its pipes are the fork's, not Maven's
                Process child = new ProcessBuilder(command("hang")).start();
                // the fork names a leftover by its command line: exit once the JDK's spawn helper has become the
                // child's JVM (seen once: the leftover was named `jspawnhelper …`, caught between its start and exec)
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (child.info().command().map(c -> c.endsWith("jspawnhelper")).orElse(true)
                        && System.nanoTime() - deadline < 0) {
                    Thread.sleep(1);
                }
                System.out.println("child " + child.pid());
                System.exit(0);
            }
            case "double-fork" -> {
                // a grandchild whose parent (the shell) has exited: no longer a descendant of the fork
                Process shell = new ProcessBuilder("sh", "-c", "sleep 150 >/dev/null 2>&1 & echo $!").start();
                String pid = new String(shell.getInputStream().readAllBytes()).strip();
                shell.waitFor();
                System.out.println("grandchild " + pid);
                System.exit(0);
            }
            case "flood" -> {
                for (int i = 0; i < 100; i++) {
                    System.out.println("line " + i + " " + "x".repeat(90));
                }
                System.out.print("y".repeat(200_000)); // a line without end
                System.out.flush();
            }
            case "hang" -> hang();
            case "working-directory" -> System.out.println(Path.of("").toAbsolutePath());
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /** The command that runs this class in a new JVM in {@code mode}. */
    static List<String> command(String mode) throws Exception {
        String classes = Path.of(FakeLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        // Only this class is on the fork's class path, so nothing from main code may be used here.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "-cp", classes, FakeLauncher.class.getName(), mode);
    }

    private static void hang() throws InterruptedException {
        Thread.currentThread().join();
    }
}
