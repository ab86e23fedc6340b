package io.github.fabrictck.bench.scale;

import io.github.fabrictck.launcher.Catalog;
import io.github.fabrictck.spi.Family;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scale row for peers in all-to-all first contact (8 to 64 peers). The peer-handshake family
 * (HS) is not measured yet: this row says whether the build has it.
 *
 * <p>To fill it in once the HS family exists: for each peer count in {@link #PEERS}, run the
 * family's all-to-all first-contact window through the launcher (as {@code Directed.launch} does
 * for CQ windows, with the HS driver and {@code --windows HS}) or drive the HS SPI directly on a
 * simulated fabric, time it, and return one map per count with {@code peers} and {@code millis},
 * as {@link Scale#completions} returns one per size; the report prints whatever rows come back.
 */
public final class PeerScale {

    /** The peer counts the row is to cover. */
    public static final List<Integer> PEERS = List.of(8, 16, 32, 64);

    private PeerScale() {
    }

    /** The HS windows of this build's catalog, by id. */
    public static List<String> handshakeWindows() {
        return Catalog.discover().windows().values().stream()
                .filter(w -> w.family() == Family.PEER_HANDSHAKE)
                .map(w -> w.id())
                .toList();
    }

    /** The row: not available, and why. */
    public static Map<String, Object> measure() {
        List<String> hs = handshakeWindows();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("peers", PEERS);
        r.put("handshakeWindows", hs);
        r.put("rows", List.of());
        r.put("status", hs.isEmpty() ? "not available: the HS family is not in this build"
                : "not measured yet: the build has the HS family (" + String.join(", ", hs)
                + "), but the all-to-all measurement is still to be written (bench PeerScale.measure)");
        return r;
    }
}
