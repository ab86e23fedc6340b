package io.github.fabrictck.zoo.cs;

import io.github.fabrictck.zoo.ZooDriver;

/** {@code zoo-cs-in-band-broken}: as zoo-cs-in-band, but on a fallback the client hands the application the verdict header with the bytes after it. */
public final class InBandBrokenDriver extends ZooDriver {

    public InBandBrokenDriver() {
        super("zoo-cs-in-band-broken", connectionSetup((context, link) -> new InBandSetup(context, link, false)));
    }
}
