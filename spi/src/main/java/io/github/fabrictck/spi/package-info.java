/**
 * The Fabric TCK service-provider interface: the contract a transport driver implements and the
 * environment the kit gives it.
 *
 * <p><b>Stability:</b> public API. Types in this package and its sub-packages change only with a
 * new SPI version ({@link io.github.fabrictck.spi.Driver#SPI_VERSION}). This module has no
 * dependencies; a driver depends on it alone.
 *
 * <p>A driver is found with {@link java.util.ServiceLoader}: list the implementation class in
 * {@code META-INF/services/io.github.fabrictck.spi.Driver}. Everything that involves time or
 * threads comes from the {@link io.github.fabrictck.spi.DriverContext}; the kit holds and
 * releases driver threads at exact points of the driver's own code, so a driver must not start
 * threads of its own.
 */
package io.github.fabrictck.spi;
