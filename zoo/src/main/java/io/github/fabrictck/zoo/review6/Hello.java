package io.github.fabrictck.zoo.review6;

import io.github.fabrictck.spi.hs.Fabric;
import io.github.fabrictck.spi.hs.WireMessage;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** The hello messages the review6 handshakes share: a request lists every version, the response carries the chosen one. */
final class Hello {

    private Hello() {
    }

    /** A hello request: the highest version in the header, all of them (and an optional suffix) in the payload. */
    static WireMessage request(Fabric fabric, String suffix) {
        List<Integer> versions = fabric.versions();
        String all = String.join(",", versions.stream().map(String::valueOf).toList());
        return new WireMessage(WireMessage.Kind.HELLO_REQUEST, versions.get(versions.size() - 1),
                (all + "|" + suffix).getBytes(StandardCharsets.UTF_8));
    }

    static WireMessage request(Fabric fabric) {
        return request(fabric, "");
    }

    /** The suffix of a request's payload (after '|'). */
    static String suffix(WireMessage request) {
        String p = new String(request.payload(), StandardCharsets.UTF_8);
        int bar = p.indexOf('|');
        return bar < 0 ? "" : p.substring(bar + 1);
    }

    /** The highest version both speak. */
    static int choose(Fabric fabric, WireMessage request) {
        String p = new String(request.payload(), StandardCharsets.UTF_8);
        int bar = p.indexOf('|');
        String list = bar < 0 ? p : p.substring(0, bar);
        List<Integer> theirs = Arrays.stream(list.split(",")).filter(s -> !s.isBlank()).map(Integer::parseInt).toList();
        return fabric.versions().stream().filter(theirs::contains).max(Integer::compare).orElse(0);
    }

    static WireMessage response(int version) {
        return new WireMessage(WireMessage.Kind.HELLO_RESPONSE, version, new byte[0]);
    }
}
