/** Peer-handshake designs of the zoo: a tie-break by address, fixed roles by id, a hello timeout checked lazily, an endpoint of synchronized methods, per-peer sessions whose early data a worker replays, one control thread fed through a SynchronousQueue, a single-thread executor per peer, and a lock-free fast path for data with a second look under the lock. */
package io.github.fabrictck.zoo.hs;
