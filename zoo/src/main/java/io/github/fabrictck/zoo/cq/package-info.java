/**
 * Completion-queue designs of the zoo: one driver class and one endpoint class per design, each
 * written as its vendor would, and broken twins that carry one bug where that design would have it.
 *
 * <p>Every endpoint tears down the same way, through {@link io.github.fabrictck.zoo.cq.EventLedger}:
 * the handler counts each event in when it takes it and out when it has acknowledged and handled it,
 * and {@code close()} waits until every event counted in is counted out, then destroys the queue pair
 * under the ledger's lock, so a handler entering later sees the pair destroyed and touches nothing.
 */
package io.github.fabrictck.zoo.cq;
