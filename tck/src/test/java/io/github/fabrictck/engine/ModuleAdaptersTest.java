package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.adapter.Adapter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #27: no code from outside the kit runs before the launcher's channel is up, and an adapter is created only
 * from the module under test. The agent's premain defers everything in the launcher's JVM; the adapters it then
 * creates are those the module's own service file names, never a dependency's.
 */
class ModuleAdaptersTest {

    @TempDir
    Path module;

    @TempDir
    Path dependency;

    @Test
    void onlyTheModulesServiceFileCreatesAdapters() throws Exception {
        declare(module, Declared.class);
        declare(dependency, Forger.class);
        Forger.created = false;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {module.toUri().toURL(), dependency.toUri().toURL()},
                ModuleAdaptersTest.class.getClassLoader())) {
            List<Adapter> adapters = Agent.moduleAdapters(loader, List.of(module.toAbsolutePath().normalize()));
            assertEquals(1, adapters.size(), adapters.toString());
            assertInstanceOf(Declared.class, adapters.get(0));
            assertFalse(Forger.created, "a dependency's adapter was created");
        }
    }

    @Test
    void aServiceFileInAJarIsLocatedAtTheJar() throws Exception {
        Path jar = dependency.resolve("lib.jar");
        URL inJar = new URL("jar:" + jar.toUri() + "!/META-INF/services/io.github.fabrictck.adapter.Adapter");
        assertEquals(jar.toAbsolutePath().normalize(), Agent.serviceLocation(inJar));
        URL inDirectory = module.resolve("META-INF/services/io.github.fabrictck.adapter.Adapter").toUri().toURL();
        assertEquals(module.toAbsolutePath().normalize(), Agent.serviceLocation(inDirectory));
    }

    @Test
    void theLaunchersJvmDefersTheAgent() {
        assertTrue(Agent.launcherIsMain("io.github.fabrictck.launcher.Main --channel 4711"));
        assertTrue(Agent.launcherIsMain("io.github.fabrictck.launcher.Main"));
        assertFalse(Agent.launcherIsMain("io.github.fabrictck.launcher.MainForge --channel 1"));
        assertFalse(Agent.launcherIsMain("io.github.fabrictck.bench.overhead.StartupProbe"));
        assertFalse(Agent.launcherIsMain(null));
    }

    private static void declare(Path root, Class<?> adapter) throws Exception {
        Path file = root.resolve("META-INF/services/io.github.fabrictck.adapter.Adapter");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# the adapters\n" + adapter.getName() + "\n");
    }

    /** An adapter that declares only its library's name and one package. */
    abstract static class Named implements Adapter {
        private final String library;

        Named(String library) {
            this.library = library;
        }

        @Override
        public String library() {
            return library;
        }

        @Override
        public List<String> packages() {
            return List.of("com." + library);
        }

        @Override
        public List<String> boundaryTypes() {
            return List.of();
        }

        @Override
        public List<String> stubs() {
            return List.of();
        }
    }

    /** The module's own adapter. */
    public static final class Declared extends Named {
        public Declared() {
            super("declared");
        }
    }

    /** An adapter a dependency declares: never created. */
    public static final class Forger extends Named {
        static volatile boolean created;

        public Forger() {
            super("forger");
            created = true;
        }
    }
}
