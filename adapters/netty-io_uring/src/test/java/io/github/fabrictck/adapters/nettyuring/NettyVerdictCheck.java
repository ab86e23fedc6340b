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
 * verify, named in pom.xml; not a unit test): each event-loop window variant has the verdict of the version table
 * ({@link NettyVerdicts}) in every one of the 20 repeats, and the certificate names Netty's io_uring jar with its
 * SHA-256. A version outside the table (a user's {@code -Dnetty-io_uring.version}) is only required to have been judged.
 */
class NettyVerdictCheck {

    @Test
    void eachVariantHasTheVersionTablesVerdictAndTheCertificateNamesTheJar() throws Exception {
        Path dir = Path.of(System.getProperty("fabric-tck.results"));
        String version = System.getProperty("netty-io_uring.version");
        Map<?, ?> result = (Map<?, ?>) Json.parse(Files.readString(dir.resolve("fabric-tck-result.json")));
        List<?> windows = (List<?>) result.get("windows");
        List<String> expected = NettyVerdicts.TABLE.get(version);
        for (int i = 0; i < NettyVerdicts.VARIANTS.size(); i++) {
            String variant = NettyVerdicts.VARIANTS.get(i);
            Map<?, ?> w = window(windows, variant);
            Map<?, ?> repeat = (Map<?, ?>) w.get("repeat");
            assertTrue(repeat != null && ((Number) repeat.get("runs")).intValue() == 20, variant + ": " + repeat);
            if (expected == null) {
                assertTrue(List.of("PASS", "FAIL").contains(w.get("outcome")), variant + ": " + w.get("reason"));
                continue;
            }
            assertEquals(expected.get(i), w.get("outcome"), variant + " of " + version + ": " + w.get("reason"));
            String each = expected.get(i).equals("PASS") ? "pass" : "fail";
            assertEquals(20, ((Number) repeat.get(each)).intValue(), variant + " of " + version + ": " + repeat);
        }
        String certificate = Files.readString(dir.resolve("fabric-tck-certificate.json"));
        assertTrue(certificate.contains("netty-incubator-transport-classes-io_uring-" + version + ".jar"), certificate);
        assertTrue(certificate.contains("\"sha256\""), certificate);
    }

    private static Map<?, ?> window(List<?> windows, String idAndVariant) {
        String id = idAndVariant.substring(0, idAndVariant.indexOf('/'));
        String variant = idAndVariant.substring(idAndVariant.indexOf('/') + 1);
        for (Object o : windows) {
            Map<?, ?> w = (Map<?, ?>) o;
            if (id.equals(w.get("id")) && variant.equals(w.get("variant"))) {
                return w;
            }
        }
        throw new AssertionError("no " + idAndVariant + " in the result");
    }
}
