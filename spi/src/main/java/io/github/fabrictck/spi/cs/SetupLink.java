package io.github.fabrictck.spi.cs;

import io.github.fabrictck.spi.Environment;

/** What the environment gives one side of the setup (environment side). */
@Environment
public interface SetupLink {

    /** Whether this endpoint is the client or the server. */
    Role role();

    /** The control stream to the peer. */
    ControlStream control();

    /** The fast-path link to the peer. */
    FastPathLink fastPath();

    /** The application above this side's connection. */
    ApplicationSink application();
}
