package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.adapter.Adapter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A declared library that is not there as declared is an ERROR before any window: a package with
 * no class, a library that never calls its boundary, an exempt package over library or driver code.
 * And every call site the agent rewrites in a library is listed, JDK synchronisation included.
 */
class LibraryDeclarationTest {

    private static final String LIBRARY = "io.github.fabrictck.fixtures.library.Library";

    /** An adapter of the fixture library; the others change one declaration of it. */
    static class Fixture implements Adapter {
        @Override
        public String library() {
            return "fixture:library:1";
        }

        @Override
        public List<String> packages() {
            return List.of("io.github.fabrictck.fixtures.library");
        }

        @Override
        public List<String> boundaryTypes() {
            return List.of(LIBRARY + "$Provider");
        }

        @Override
        public List<String> stubs() {
            return List.of(LIBRARY + "$Natives.pin");
        }
    }

    static final class Absent extends Fixture {
        @Override
        public List<String> packages() {
            return List.of("io.github.fabrictck.fixtures.absent");
        }
    }

    static final class NoLibrary extends Fixture {
        @Override
        public List<String> packages() {
            return List.of();
        }
    }

    static final class WrongBoundary extends Fixture {
        @Override
        public List<String> boundaryTypes() {
            return List.of(LIBRARY + "$NoSuchProvider");
        }
    }

    /** The review's ShadowAdapter: a second adapter whose environment is the first one's whole library. */
    static final class Shadow extends Fixture {
        @Override
        public List<String> packages() {
            return List.of("io.github.fabrictck.fixtures.shadow");
        }

        @Override
        public List<String> environmentPackages() {
            return List.of("io.github.fabrictck.fixtures.");
        }
    }

    static final class ReplacesOutside extends Fixture {
        @Override
        public List<String> replacedPackages() {
            return List.of("com.acme.driver");
        }
    }

    /** DiSNI's shape: the provider inside the library, the environment beside the driver's package. */
    static final class DisniShaped extends Fixture {
        @Override
        public List<String> replacedPackages() {
            return List.of("io.github.fabrictck.fixtures.library.impl");
        }

        @Override
        public List<String> environmentPackages() {
            return List.of("com.acme.driver.verbs");
        }
    }

    static final class HidesDriver extends Fixture {
        @Override
        public List<String> environmentPackages() {
            return List.of("com.acme.");
        }
    }

    /** Netty's shape: the library's class of natives answered by the environment, no boundary type. */
    static class Redirects extends Fixture {
        @Override
        public List<String> boundaryTypes() {
            return List.of();
        }

        @Override
        public java.util.Map<String, String> redirects() {
            return java.util.Map.of(LIBRARY + "$Counter", "io.github.fabrictck.fixtures.kernel." + kernel());
        }

        String kernel() {
            return "CounterKernel";
        }

        @Override
        public List<String> environmentPackages() {
            return List.of("io.github.fabrictck.fixtures.kernel");
        }
    }

    static final class RedirectsToSilence extends Redirects {
        @Override
        String kernel() {
            return "SilentKernel";
        }
    }

    static final class RedirectsOutside extends Redirects {
        @Override
        public java.util.Map<String, String> redirects() {
            return java.util.Map.of("java.lang.System", "com.acme.driver.verbs.Clock",
                    LIBRARY + "$Counter", "io.github.fabrictck.fixtures.kernel.CounterKernel");
        }
    }

    @AfterEach
    void forget() {
        Libraries.configure(new AgentConfig(List.of(), List.of()), List.of());
        Libraries.scanned(null);
    }

    private static Libraries.Scan scan(List<String> instrumentPackages, List<Path> driverLocations, Adapter... adapters)
            throws Exception {
        Libraries.configure(new AgentConfig(List.of(), instrumentPackages), List.of(adapters));
        Path classes = Path.of(LibraryDeclarationTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                LibraryDeclarationTest.class.getClassLoader())) {
            return Agent.scanLibraries(loader, driverLocations);
        }
    }

    @Test
    void aLibraryAsDeclaredHasNoProblemAndItsClassPathElementIsRecorded() throws Exception {
        Libraries.Scan scan = scan(List.of("com.acme.driver."), List.of(), new DisniShaped());
        assertEquals(List.of(), scan.problems());
        Path classes = Path.of(LibraryDeclarationTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertEquals(List.of(classes.toAbsolutePath().normalize()), scan.sources().get(DisniShaped.class.getName()));
    }

    @Test
    void aLibraryPackageWithNoClassOnTheClassPathIsAnErrorOfEveryWindow() throws Exception {
        Libraries.Scan scan = scan(List.of(), List.of(), new Fixture(), new Absent());
        assertEquals(List.of("adapter " + Absent.class.getName() + " declares the library package "
                + "io.github.fabrictck.fixtures.absent. of fixture:library:1, but the driver's class path has no class "
                + "of it the agent may rewrite (is the library a dependency of the driver's module, and is the package "
                + "not another adapter's exempt package?)"), scan.problems());
        String problem = Libraries.scanProblem();
        assertNotNull(problem);
        assertTrue(problem.startsWith("before any window, the agent's scan of fixture:library:1, fixture:library:1 found "
                + "1 declaration(s) that cannot hold: adapter " + Absent.class.getName()), problem);
    }

    @Test
    void anAdapterThatDeclaresNoLibraryPackageIsAnError() throws Exception {
        Libraries.Scan scan = scan(List.of(), List.of(), new Fixture(), new NoLibrary());
        assertEquals(List.of("adapter " + NoLibrary.class.getName() + " declares no library package (its packages() is "
                + "empty), so it names no library the kit could judge"), scan.problems());
    }

    @Test
    void aLibraryThatNeverCallsItsDeclaredBoundaryIsAnError() throws Exception {
        Libraries.Scan scan = scan(List.of(), List.of(), new WrongBoundary());
        assertEquals(1, scan.problems().size(), scan.problems().toString());
        assertTrue(scan.problems().get(0).startsWith("adapter " + WrongBoundary.class.getName() + ": the "),
                scan.problems().toString());
        assertTrue(scan.problems().get(0).contains("make no call to its boundaryTypes() [" + LIBRARY + "$NoSuchProvider]"),
                scan.problems().toString());
    }

    @Test
    void anEnvironmentPackageOverAnotherAdaptersLibraryIsAnErrorAndThatLibraryIsAbsent() throws Exception {
        Libraries.Scan scan = scan(List.of(), List.of(), new Fixture(), new Shadow());
        assertTrue(scan.problems().contains("adapter " + Shadow.class.getName() + " names io.github.fabrictck.fixtures. "
                + "among its environmentPackages(), which overlaps io.github.fabrictck.fixtures.library., a library "
                + "package of adapter " + Fixture.class.getName() + ": the library's code there would run unrewritten, "
                + "unseen by the kit"), scan.problems().toString());
        assertTrue(scan.problems().stream().anyMatch(p -> p.startsWith("adapter " + Fixture.class.getName()
                + " declares the library package io.github.fabrictck.fixtures.library. ")), scan.problems().toString());
        assertEquals(0, scan.classes());
    }

    @Test
    void aReplacedPackageOutsideItsLibraryOverTheDriversPackagesIsAnError() throws Exception {
        Libraries.Scan scan = scan(List.of("com.acme.driver."), List.of(), new ReplacesOutside());
        assertEquals(List.of("adapter " + ReplacesOutside.class.getName() + " names com.acme.driver. among its "
                        + "replacedPackages(), which is not strictly inside one of its own library packages "
                        + "[io.github.fabrictck.fixtures.library.]: a replaced provider is a part of the library, and naming "
                        + "anything else exempts code from the kit's rewrite",
                "adapter " + ReplacesOutside.class.getName() + " names com.acme.driver. among its replacedPackages(), "
                        + "which holds the driver's package com.acme.driver.: the driver's code there would run "
                        + "unrewritten, unseen by the kit"), scan.problems());
    }

    @Test
    void anEnvironmentPackageOverADriverItsModuleListsIsAnError(@TempDir Path module) throws Exception {
        Path services = module.resolve("META-INF/services/io.github.fabrictck.spi.Driver");
        Files.createDirectories(services.getParent());
        Files.writeString(services, "# the driver\ncom.acme.hidden.SplitDriver\n");
        Libraries.Scan scan = scan(List.of(), List.of(module), new HidesDriver());
        assertEquals(List.of("adapter " + HidesDriver.class.getName() + " names com.acme. among its "
                + "environmentPackages(), which holds the driver's package com.acme.hidden.: the driver's code there "
                + "would run unrewritten, unseen by the kit"), scan.problems());
    }

    @Test
    void everyCallSiteTheAgentRewritesInTheLibraryIsListedSynchronisationIncluded() throws Exception {
        scan(List.of(), List.of(), new Fixture());
        List<String> sites = Libraries.rewrittenSites().stream().map(Object::toString).toList();
        // Closer.run waits with this.wait(1000): a point like the boundary's, so it is listed as one
        assertTrue(sites.stream().anyMatch(s -> s.startsWith("sync Object.wait") && s.contains(" at " + LIBRARY
                + "$Closer.run(Library.java:")), sites.toString());
        assertTrue(sites.stream().anyMatch(s -> s.startsWith("boundary ")), sites.toString());
    }

    @Test
    void aRedirectedNativeIsAPointOfTheEnvironmentAndItsClassMayBeInitialised() throws Exception {
        Libraries.Scan scan = scan(List.of(), List.of(), new Redirects());
        List<String> sites = Libraries.rewrittenSites().stream().map(Object::toString).toList();
        assertTrue(sites.stream().anyMatch(s -> s.startsWith("redirect Library$Counter.count at " + LIBRARY
                + "$Unstubbed.cpus(")), sites.toString());
        // the call and the static field use that reach Counter are answered: neither class is failed any more
        assertFalse(scan.failures().containsKey(LIBRARY + "$Unstubbed"), scan.failures().toString());
        assertFalse(scan.failures().containsKey(LIBRARY + "$FieldReader"), scan.failures().toString());
        assertEquals(List.of(), scan.problems());
    }

    @Test
    void aRedirectedNativeTheEnvironmentDoesNotAnswerIsListedAsUnsimulated() throws Exception {
        scan(List.of(), List.of(), new RedirectsToSilence());
        List<String> sites = Libraries.rewrittenSites().stream().map(Object::toString).toList();
        assertTrue(sites.stream().anyMatch(s -> s.startsWith("unsimulated Library$Counter.count at " + LIBRARY
                + "$Unstubbed.cpus(")), sites.toString());
        assertTrue(sites.stream().noneMatch(s -> s.startsWith("redirect ")), sites.toString());
    }

    @Test
    void aRedirectOfAClassOutsideTheLibraryOrToOneOutsideTheEnvironmentIsAnError() throws Exception {
        Libraries.Scan scan = scan(List.of(), List.of(), new RedirectsOutside());
        assertTrue(scan.problems().contains("adapter " + RedirectsOutside.class.getName() + " redirects the natives of "
                + "java.lang.System, which is not a class of its own library packages "
                + "[io.github.fabrictck.fixtures.library.]: an adapter answers its library's natives, not those of code it "
                + "does not declare"), scan.problems().toString());
        assertTrue(scan.problems().stream().anyMatch(p -> p.startsWith("adapter " + RedirectsOutside.class.getName()
                + " redirects natives to com.acme.driver.verbs.Clock, which is not in its environmentPackages()")),
                scan.problems().toString());
    }
}
