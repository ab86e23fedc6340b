package io.github.fabrictck.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BenchConfigTest {

    @Test
    void emptyOrAbsentPropertiesMeanTheDefaults() {
        Properties p = new Properties();
        p.setProperty("bench.runs", "");
        p.setProperty("bench.stressSeconds", " ");
        assertEquals(BenchConfig.defaults(), BenchConfig.fromProperties(p));
        assertEquals(List.of(), BenchConfig.defaults().nonDefaultFlags());
    }

    @Test
    void setPropertiesOverrideTheDefaultsAndAreRepeatedInTheCommand() {
        Properties p = new Properties();
        p.setProperty("bench.runs", "20");
        p.setProperty("bench.drivers", "broken-cq-1, broken-cq-3");
        p.setProperty("bench.stressSeconds", "2.5");
        p.setProperty("bench.scaleSizes", "1000,5000");
        BenchConfig c = BenchConfig.fromProperties(p);
        assertEquals(20, c.runs());
        assertEquals(List.of("broken-cq-1", "broken-cq-3"), c.drivers());
        assertEquals(2.5, c.stressSeconds());
        assertEquals(List.of(1000, 5000), c.scaleSizes());
        assertEquals(List.of("-Dbench.runs=20", "-Dbench.drivers=broken-cq-1,broken-cq-3", "-Dbench.stressSeconds=2.5",
                "-Dbench.scaleSizes=1000,5000"), c.nonDefaultFlags());
    }

    @Test
    void aBadNumberIsSaidInOneSentence() {
        Properties p = new Properties();
        p.setProperty("bench.runs", "many");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BenchConfig.fromProperties(p));
        assertEquals("-Dbench.runs=many is not a whole number", e.getMessage());
    }

    @Test
    void aKnownBrokenDriverIsJudgedOnTheWindowItsNameGives() {
        assertEquals("CQ-1", BenchConfig.windowOf("broken-cq-1"));
        assertEquals("HS-12", BenchConfig.windowOf("broken-hs-12"));
        assertThrows(IllegalArgumentException.class, () -> BenchConfig.windowOf("sample"));
    }
}
