/**
 * The simulated fabric: a device with verbs completion-queue semantics, deterministic and driven
 * by the window's script ({@link io.github.fabrictck.sim.SimulatedDevice}), the kit's
 * {@link io.github.fabrictck.spi.DriverContext}, and the application thread that calls the driver.
 */
package io.github.fabrictck.sim;
