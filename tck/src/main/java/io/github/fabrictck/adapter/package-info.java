/**
 * How a library that was not written against the kit's SPI is certified as it ships: an {@link
 * io.github.fabrictck.adapter.Adapter} names its packages, its boundary (the calls that become
 * points) and the native calls to stub; the adapter's driver installs the kit's environment in the
 * library's own provider slot.
 */
package io.github.fabrictck.adapter;
