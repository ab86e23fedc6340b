package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.adapter.Adapter;
import io.github.fabrictck.launcher.RunRecord;
import io.github.fabrictck.spi.Driver;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverLoaderTest {

    @TempDir
    Path driverClasses;

    private DriverLoader loader() {
        return new DriverLoader(List.of(driverClasses), DriverLoaderTest.class.getClassLoader());
    }

    @Test
    void driverCodeSeesTheSpiAndTheAgentsEntryPointAsTheKitLoadedThem() throws Exception {
        DriverLoader loader = loader();
        assertSame(Driver.class, loader.loadClass(Driver.class.getName()));
        assertSame(Adapter.class, loader.loadClass(Adapter.class.getName()));
        assertSame(Points.class, loader.loadClass(Points.class.getName()));
        assertSame(List.class, loader.loadClass("java.util.List"));
        // the JDK's platform modules too, as on any class path
        assertNotNull(loader.loadClass("java.sql.Connection"));
        // the agent reads the SPI's class files through the driver's loader when it rewrites a driver class
        assertNotNull(loader.getResource("io/github/fabrictck/spi/Driver.class"));
    }

    @Test
    void theKitsInternalsCannotBeNamed() {
        DriverLoader loader = loader();
        for (String name : List.of(RunRecord.class.getName(), "io.github.fabrictck.launcher.ParentLink",
                "io.github.fabrictck.report.ReportFiles", Agent.class.getName(), WindowRun.class.getName(),
                "io.github.fabrictck.sim.CompletionChannel", "io.github.fabrictck.maven.ForkChannel")) {
            ClassNotFoundException e = assertThrows(ClassNotFoundException.class, () -> Class.forName(name, false, loader));
            assertTrue(e.getMessage().startsWith(name + " belongs to the Fabric TCK and is not visible to the driver's code"),
                    e.getMessage());
            assertNull(loader.getResource(name.replace('.', '/') + ".class"), name);
        }
        // nor the kit's libraries, which the driver's own class path does not bring
        assertThrows(ClassNotFoundException.class, () -> loader.loadClass("net.bytebuddy.ByteBuddy"));
        assertThrows(ClassNotFoundException.class, () -> loader.loadClass("org.junit.platform.launcher.Launcher"));
    }

    @Test
    void aCopyOfTheKitOnTheDriversClassPathIsNotLoadedEither() throws IOException {
        Path copy = driverClasses.resolve("io/github/fabrictck/launcher/RunRecord.class");
        Files.createDirectories(copy.getParent());
        try (InputStream in = RunRecord.class.getResourceAsStream("RunRecord.class")) {
            Files.write(copy, in.readAllBytes());
        }
        DriverLoader loader = loader();
        assertThrows(ClassNotFoundException.class, () -> loader.loadClass(RunRecord.class.getName()));
        assertNull(loader.getResource("io/github/fabrictck/launcher/RunRecord.class"));
    }

    @Test
    void theDriversOwnClassesAndResourcesComeFromItsClassPath() throws Exception {
        Files.writeString(driverClasses.resolve("driver.properties"), "name=d");
        Path own = driverClasses.resolve("io/github/fabrictck/sample/version.properties");
        Files.createDirectories(own.getParent());
        Files.writeString(own, "version=1");
        DriverLoader loader = loader();
        assertNotNull(loader.getResource("driver.properties"));
        // a driver in a package of its own under io.github.fabrictck (the sample's) is the driver's
        assertNotNull(loader.getResource("io/github/fabrictck/sample/version.properties"));
        assertFalse(loader.getResources("io/github/fabrictck/launcher/RunRecord.class").hasMoreElements());
    }

    @Test
    void anAdaptersModuleAlsoSeesWhatItsEnvironmentIsBuiltFrom() throws Exception {
        assertThrows(ClassNotFoundException.class, () -> loader().loadClass(WindowRun.class.getName()));
        Path service = driverClasses.resolve("META-INF/services/io.github.fabrictck.adapter.Adapter");
        Files.createDirectories(service.getParent());
        Files.writeString(service, "com.acme.AcmeAdapter\n");
        DriverLoader loader = loader();
        assertEquals("io.github.fabrictck.sim.CompletionChannel",
                loader.loadClass("io.github.fabrictck.sim.CompletionChannel").getName());
        assertThrows(ClassNotFoundException.class, () -> loader.loadClass(RunRecord.class.getName()));
        // the agent rewrites code that names the shared-CQ device: Byte Buddy reads its base class's file too
        assertNotNull(loader.getResource("io/github/fabrictck/sim/SharedQueueDevice.class"));
        assertNotNull(loader.getResource("io/github/fabrictck/sim/EventDevice.class"));
    }

    @Test
    void noAdapterCanNameTheWindowRunWhosePublicMethodsMakeTheEvidenceOfAPass() throws Exception {
        // WindowRun.opened(...) and restoreHoldRecords(...) would let adapter code forge a window's opening
        Path service = driverClasses.resolve("META-INF/services/io.github.fabrictck.adapter.Adapter");
        Files.createDirectories(service.getParent());
        Files.writeString(service, "com.acme.AcmeAdapter\n");
        DriverLoader loader = loader();
        ClassNotFoundException e = assertThrows(ClassNotFoundException.class,
                () -> Class.forName(WindowRun.class.getName(), false, loader));
        assertTrue(e.getMessage().startsWith(WindowRun.class.getName() + " belongs to the Fabric TCK"), e.getMessage());
        assertNull(loader.getResource("io/github/fabrictck/engine/WindowRun.class"));
        // what an adapter's environment needs of the window is made for it
        assertEquals("inThisWindow", loader.loadClass("io.github.fabrictck.sim.CompletionChannel")
                .getMethod("inThisWindow", String.class).getName());
    }

    @Test
    void withoutTheAgentsArgumentTheDriverSharesTheSystemClassLoader() {
        // the kit's own tests and the bench put everything on one class path
        assertSame(ClassLoader.getSystemClassLoader(), DriverLoader.current());
    }
}
