/** Peer-handshake designs of the zoo: a tie-break by address, fixed roles by id, a hello timeout checked lazily, and an endpoint of synchronized methods. */
package io.github.fabrictck.zoo.hs;
