package io.github.fabrictck.engine;

import static net.bytebuddy.matcher.ElementMatchers.none;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.adapter.Adapter;
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
        AgentConfig config = Libraries.configure(new AgentConfig(List.of(), List.of()), List.of(new Adapter() {
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
        List<String> sites = Libraries.rewrittenSites();
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
