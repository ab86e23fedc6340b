package io.github.fabrictck.adapters.nettyuring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.fabrictck.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Run by the module's build after the certification of the Netty version under test (a surefire execution in phase
 * verify, named in pom.xml; not a unit test): each variant of EL-1 has the verdict of the version table in every one
 * of the 20 repeats, and the certificate names Netty's io_uring jar with its SHA-256. A version outside the table
 * (a user's {@code -Dnetty-io_uring.version}) is only required to have been judged.
 */
class NettyVerdictCheck {

    /** Per release: EL-1/first-wait (PR #227's interleaving), EL-1/after-wakeup (the loop woken once before). */
    private static final Map<String, List<String>> TABLE = Map.of(
            "0.0.23.Final", List.of("FAIL", "FAIL"),
            "0.0.24.Final", List.of("PASS", "FAIL"),
            "0.0.25.Final", List.of("PASS", "FAIL"),
            "0.0.26.Final", List.of("PASS", "FAIL"));

    @Test
    void eachVariantHasTheVersionTablesVerdictAndTheCertificateNamesTheJar() throws Exception {
        Path dir = Path.of(System.getProperty("fabric-tck.results"));
        String version = System.getProperty("netty-io_uring.version");
        Map<?, ?> result = (Map<?, ?>) Json.parse(Files.readString(dir.resolve("fabric-tck-result.json")));
        List<?> windows = (List<?>) result.get("windows");
        List<String> expected = TABLE.get(version);
        String[] variants = {"first-wait", "after-wakeup"};
        for (int i = 0; i < variants.length; i++) {
            Map<?, ?> w = window(windows, variants[i]);
            Map<?, ?> repeat = (Map<?, ?>) w.get("repeat");
            assertTrue(repeat != null && ((Number) repeat.get("runs")).intValue() == 20, "EL-1/" + variants[i] + ": " + repeat);
            if (expected == null) {
                assertTrue(List.of("PASS", "FAIL").contains(w.get("outcome")), "EL-1/" + variants[i] + ": " + w.get("reason"));
                continue;
            }
            assertEquals(expected.get(i), w.get("outcome"), "EL-1/" + variants[i] + " of " + version + ": " + w.get("reason"));
            String each = expected.get(i).equals("PASS") ? "pass" : "fail";
            assertEquals(20, ((Number) repeat.get(each)).intValue(), "EL-1/" + variants[i] + " of " + version + ": " + repeat);
        }
        String certificate = Files.readString(dir.resolve("fabric-tck-certificate.json"));
        assertTrue(certificate.contains("netty-incubator-transport-classes-io_uring-" + version + ".jar"), certificate);
        assertTrue(certificate.contains("\"sha256\""), certificate);
    }

    private static Map<?, ?> window(List<?> windows, String variant) {
        for (Object o : windows) {
            Map<?, ?> w = (Map<?, ?>) o;
            if ("EL-1".equals(w.get("id")) && variant.equals(w.get("variant"))) {
                return w;
            }
        }
        throw new AssertionError("no EL-1/" + variant + " in the result");
    }
}
