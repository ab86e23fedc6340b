package io.github.fabrictck.engine;

import static net.bytebuddy.matcher.ElementMatchers.none;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** An adapter's boundary calls become points and are listed; a missed native stub fails the class. */
class LibrariesTest {

    private static final String LIBRARY = "io.github.fabrictck.fixtures.library.Library";

    @BeforeAll
    static void declare() {
        AgentConfig config = Libraries.configure(new AgentConfig(List.of(), List.of()),
                List.of(new LibraryDeclarationTest.Fixture() {
            @Override
            public List<String> rearmReceivers() {
                // a JDK type: the fixture's classes must not be loaded in this JVM, where the agent may be attached
                return List.of("java.util.AbstractList");
            }
        }));
        assertTrue(config.packages().contains("io.github.fabrictck.fixtures.library."), config.toString());
    }

    @AfterAll
    static void forget() {
        // the other tests of this JVM run with no adapter
        Libraries.configure(new AgentConfig(List.of(), List.of()), List.of());
    }

    /** Rewrites a class by name, without loading it; the failures the agent would report. */
    private static Map<String, String> rewrite(String name) {
        Map<String, String> failed = new HashMap<>();
        ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(LibrariesTest.class.getClassLoader());
        Agent.rewrite(new ByteBuddy().ignore(none()).redefine(TypePool.Default.of(locator).describe(name).resolve(),
                locator), failed).make();
        return failed;
    }

    @Test
    void aBoundaryCallIsRewrittenAndListedWithItsLineAndTheStubbedCallToo() {
        assertEquals(Map.of(), rewrite(LIBRARY + "$Loop"));
        List<String> sites = Libraries.rewrittenSites().stream().map(Object::toString).toList();
        assertTrue(sites.stream().anyMatch(s -> s.startsWith("boundary Library.Provider.arm at " + LIBRARY
                + "$Loop.run(Library.java:")), sites.toString());
        assertTrue(sites.stream().anyMatch(s -> s.startsWith("stub Library$Natives.pin at " + LIBRARY
                + "$Loop.run(Library.java:")), sites.toString());
    }

    @Test
    void aCallIntoNativeCodeWithNoStubFailsTheClassBeforeItRuns() {
        String reason = rewrite(LIBRARY + "$Unstubbed").get(LIBRARY + "$Unstubbed");
        assertNotNull(reason);
        assertTrue(reason.contains("a call to the native method Library.Counter.count at " + LIBRARY
                + "$Unstubbed.cpus(Library.java:"), reason);
    }

    @Test
    void aLibraryLoadInAStaticInitialiserFailsTheClass() {
        String reason = rewrite(LIBRARY + "$Natives").get(LIBRARY + "$Natives");
        assertNotNull(reason);
        assertTrue(reason.contains("a call to System.loadLibrary at " + LIBRARY + "$Natives.<clinit>"), reason);
    }

    @Test
    void theScanRewritesEveryLibraryClassBeforeAnyIsLoadedAndFailsOnlyWhatReachesNativeCodeUnstubbed() throws Exception {
        java.nio.file.Path classes = java.nio.file.Path.of(
                LibrariesTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {classes.toUri().toURL()},
                LibrariesTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                asked.add(name);
                return super.loadClass(name, resolve);
            }
        }) {
            Libraries.Scan scan = Agent.scanLibraries(loader);
            // Natives loads its library in its static initialiser and calls its own native method, but only the
            // stubbed pin reaches it; Counter is reached by a native call and a static field, unstubbed
            assertEquals(java.util.Set.of(LIBRARY + "$Unstubbed", LIBRARY + "$FieldReader"), scan.failures().keySet(),
                    scan.failures().toString());
            assertTrue(scan.failures().get(LIBRARY + "$FieldReader").contains("a use of Library$Counter.level, of a "
                    + "class with native methods, at " + LIBRARY + "$FieldReader.level(Library.java:"), scan.toString());
            assertTrue(scan.classes() >= 8, scan.toString());
            assertTrue(asked.stream().noneMatch(n -> n.startsWith("io.github.fabrictck.fixtures.library.")),
                    "the scan loads no class of the library: " + asked);
            assertTrue(Libraries.rewrittenSites().stream().map(Object::toString).anyMatch(s -> s.startsWith(
                    "boundary Library.Provider.arm at " + LIBRARY + "$Loop.run(Library.java:")), Libraries.rewrittenSites()
                    .toString());
            String problem = Libraries.scanProblem();
            assertNotNull(problem);
            assertTrue(problem.startsWith("before any window, the agent's scan of fixture:library:1 (" + scan.classes()
                    + " classes) found 2 class(es) it could not rewrite as the kit must, first " + LIBRARY
                    + "$FieldReader: "), problem);
        } finally {
            Libraries.scanned(null);
        }
    }

    @Test
    void aLibrarysOwnTimedWaitIsATimedWaitAsADriversIs() throws Exception {
        // DiSNI's RdmaEndpoint.close() waits with this.wait(1000) (RdmaEndpoint.java:207): rewritten like a driver's
        Map<String, String> failed = new HashMap<>();
        ClassFileLocator locator = ClassFileLocator.ForClassLoader.of(LibrariesTest.class.getClassLoader());
        Class<?> closer = Agent.rewrite(new ByteBuddy().ignore(none()).redefine(TypePool.Default.of(locator)
                        .describe(LIBRARY + "$Closer").resolve(), locator), failed, true).make()
                .load(LibrariesTest.class.getClassLoader(),
                        net.bytebuddy.dynamic.loading.ClassLoadingStrategy.Default.CHILD_FIRST).getLoaded();
        assertEquals(Map.of(), failed);
        WindowRun run = WindowRun.start(java.time.Duration.ofSeconds(5));
        Thread library = new Thread((Runnable) closer.getConstructor().newInstance(), "library");
        library.setDaemon(true);
        try {
            run.track(library);
            library.start();
            StuckDetector.ThreadView view = null;
            for (long end = System.nanoTime() + 10_000_000_000L; System.nanoTime() < end; Thread.sleep(5)) {
                view = run.views().stream().filter(v -> v.name().equals("library") && v.blockedIn() != null
                        && v.state() == Thread.State.TIMED_WAITING)
                        .findFirst().orElse(null);
                if (view != null) {
                    break;
                }
            }
            assertNotNull(view, "the library's wait is a point the kit sees");
            assertTrue(view.blockedIn().startsWith("Object.wait at " + LIBRARY + "$Closer.run(Library.java:"),
                    view.blockedIn());
            assertEquals(1_000_000_000L, view.timeoutNanos());
            assertEquals("library waits in " + view.blockedIn() + " (timeout 1000 ms)", view.describe());
            // it wakes by itself within a 5 s bound, so it is not idle; beyond a 500 ms bound it is, as a driver's wait
            List<StuckDetector.ThreadView> snapshot = List.of(view);
            assertTrue(StuckDetector.allIdle(snapshot, java.time.Duration.ofSeconds(5)).isEmpty());
            assertTrue(StuckDetector.allIdle(snapshot, java.time.Duration.ofMillis(500)).isPresent());
        } finally {
            library.interrupt();
            library.join(5000);
            run.finish();
        }
    }

    @Test
    void aPointIsOfTheLibraryByTheClassOfItsPlace() {
        // a window judged for the library's boundary only when its trace shows the library's code ran
        assertTrue(Libraries.isLibraryCode(LIBRARY + "$Loop.run(Library.java:42)"));
        assertTrue(!Libraries.isLibraryCode("com.acme.Driver.send(Driver.java:3)"));
        assertTrue(!Libraries.isLibraryCode(null) && !Libraries.isLibraryCode("device"));
    }

    @Test
    void aReArmIsKnownByItsReceiversType() {
        assertTrue(Libraries.isRearm(new java.util.ArrayList<>()));
        assertTrue(!Libraries.isRearm("a string") && !Libraries.isRearm(null));
    }

    @Test
    void aClassOutsideTheLibraryIsNotScannedForNativeCalls() {
        assertNull(CallSites.nativeCall(TypePool.Default.ofSystemLoader(), net.bytebuddy.jar.asm.Opcodes.INVOKESTATIC,
                "java/lang/Thread", "currentThread", "()Ljava/lang/Thread;"));
    }
}
