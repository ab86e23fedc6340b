package io.github.fabrictck.spi.cs;

/** Which side of the setup an endpoint is. */
public enum Role {
    /** Starts the setup with {@link SetupEndpoint#connect()}. */
    CLIENT,
    /** Answers it with {@link SetupEndpoint#accept()}. */
    SERVER
}
