package io.github.fabrictck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.launcher.Launcher;
import io.github.fabrictck.launcher.RunRecord;
import io.github.fabrictck.report.Outcome;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.WindowResult;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A library the agent's scan finds reaching native code with no stub, before any window: every
 * selected window is ERROR with the scan's reason, a family the driver does not declare included,
 * and every verdict still reaches Maven's process with the library's rewritten call sites.
 */
class LibraryScanRunTest {

    private static final String LIBRARY = "io.github.fabrictck.fixtures.library.Library";

    @BeforeAll
    static void scanTheFixtureLibrary() throws Exception {
        FixtureAgent.attach();
        Libraries.configure(new AgentConfig(List.of(), List.of()), List.of(new LibraryDeclarationTest.Fixture()));
        Path classes = Path.of(LibraryScanRunTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                LibraryScanRunTest.class.getClassLoader())) {
            Agent.scanLibraries(loader);
        }
    }

    @AfterAll
    static void forget() {
        Libraries.configure(new AgentConfig(List.of(), List.of()), List.of());
    }

    @Test
    void everySelectedWindowIsErrorWithTheScansReasonAndEveryVerdictIsRecorded() throws Exception {
        RunRecord record = new RunRecord(null);
        Result r = Launcher.run(new Launcher.Config("fixture-event-means-completion", Set.of("CQ-1", "HS-1"), Set.of(),
                1, "mvn fabric-tck:run", Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(30)),
                new Launcher.Listener() {
                    @Override
                    public void header(Result header) {
                        assertNull(record.accept(RunRecord.headerMessage(header)));
                    }

                    @Override
                    public void started(String label, String running) {
                        assertNull(record.accept(RunRecord.startedMessage(label, running)));
                    }

                    @Override
                    public void verdict(WindowResult run) {
                        record.accept(RunRecord.verdictMessage(run));
                    }
                });
        record.end();
        Result received = record.snapshot();
        assertTrue(received.complete());
        assertEquals(r.windows().size(), received.windows().size());
        assertTrue(received.windows().stream().anyMatch(w -> w.id().equals("HS-1")), "a family the driver lacks");
        for (WindowResult w : received.windows()) {
            assertEquals(Outcome.ERROR, w.outcome(), w.label() + ": " + w.reason());
            assertTrue(w.reason().startsWith("before any window, the agent's scan of fixture:library:1 ("), w.reason());
            assertTrue(w.reason().contains(LIBRARY + "$FieldReader"), w.reason());
        }
        assertTrue(received.rewrittenCallSites().stream().anyMatch(c -> c.kind().equals("boundary")
                && c.className().equals(LIBRARY + "$Loop")), received.rewrittenCallSites().toString());
        // the adapter's declaration and the directory its library was read from, hashed, reach Maven's side
        assertEquals(r.adapters(), received.adapters());
        assertEquals(1, received.adapters().size(), received.adapters().toString());
        Result.AdapterDeclaration a = received.adapters().get(0);
        assertEquals(LibraryDeclarationTest.Fixture.class.getName(), a.adapterClass());
        assertEquals("fixture:library:1", a.library());
        assertEquals(List.of("io.github.fabrictck.fixtures.library."), a.packages());
        assertEquals(List.of(LIBRARY + "$Natives.pin"), a.stubs());
        Path classes = Path.of(LibraryScanRunTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertEquals(List.of(new Result.Source(classes.toAbsolutePath().normalize().toString(),
                io.github.fabrictck.report.DriverArtifact.directorySha256(classes))), a.sources());
    }
}
