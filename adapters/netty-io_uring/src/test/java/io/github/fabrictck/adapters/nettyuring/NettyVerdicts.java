package io.github.fabrictck.adapters.nettyuring;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Netty io_uring's verdicts per release, written once: {@link NettyVerdictCheck} holds the module's certification to
 * them and {@link NettyDocsTableTest} holds the table of the site's "Certify an existing library" page to them.
 */
final class NettyVerdicts {

    /** The window variants of the table, in its columns' order. */
    static final List<String> VARIANTS = List.of("EL-1/first-wait", "EL-1/after-wakeup", "EL-2/loop-held",
            "EL-2/waker-held", "EL-3/second-wakeup", "EL-3/shutdown-wakeup");

    /** Per release, the verdict of each of {@link #VARIANTS}, in every one of 20 repeats. */
    static final Map<String, List<String>> TABLE = new LinkedHashMap<>();

    static {
        TABLE.put("0.0.23.Final", List.of("FAIL", "FAIL", "PASS", "PASS", "FAIL", "FAIL"));
        TABLE.put("0.0.24.Final", List.of("PASS", "FAIL", "PASS", "PASS", "FAIL", "FAIL"));
        TABLE.put("0.0.25.Final", List.of("PASS", "FAIL", "PASS", "PASS", "FAIL", "FAIL"));
        TABLE.put("0.0.26.Final", List.of("PASS", "FAIL", "PASS", "PASS", "FAIL", "FAIL"));
    }

    private NettyVerdicts() {
    }
}
