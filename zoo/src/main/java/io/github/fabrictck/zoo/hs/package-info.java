/** Peer-handshake designs of the zoo: a tie-break by address, and a hello timeout checked lazily. */
package io.github.fabrictck.zoo.hs;
