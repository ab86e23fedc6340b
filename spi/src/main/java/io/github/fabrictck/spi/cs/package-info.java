/**
 * The connection-setup family (SMC-R-style fast path with a TCP fallback).
 *
 * <p>Two endpoints, a client and a server, set up one connection. The environment gives each a
 * {@link io.github.fabrictck.spi.cs.SetupLink}: a reliable, in-order control stream (TCP-like;
 * bytes may arrive split or merged differently from how they were written), a fast-path link that
 * may lose messages, and the application's sink for the bytes the peer application wrote. The
 * client's {@link io.github.fabrictck.spi.cs.SetupEndpoint#connect} and the server's
 * {@link io.github.fabrictck.spi.cs.SetupEndpoint#accept} each complete with a
 * {@link io.github.fabrictck.spi.cs.Connection} on the fast path or on the fallback (the control
 * stream itself carries the application's bytes, as TCP does after an SMC fallback).
 *
 * <p>Timeouts must be timers of {@link io.github.fabrictck.spi.DriverContext#scheduler()}: the kit
 * runs them on virtual time, so a protocol with second-long timers is tested in milliseconds.
 */
package io.github.fabrictck.spi.cs;
