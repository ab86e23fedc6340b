/**
 * The zoo: drivers of many designs, written the way different vendors would, so the build proves
 * that the kit judges a driver's behaviour and not its shape. Completion-queue designs live in
 * {@code zoo.cq}, peer-handshake designs in {@code zoo.hs}, connection-setup designs in
 * {@code zoo.cs}, event-loop designs in {@code zoo.el}. A correct design is named
 * {@code zoo-<family>-<design>}; its broken twin, with the bug where that design would have it,
 * {@code zoo-<family>-<design>-broken}.
 */
package io.github.fabrictck.zoo;
