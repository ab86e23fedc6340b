/**
 * Connection-setup designs of the zoo: SMC-R-like setups of a fast path with a fallback to the
 * control stream, written differently from the sample's, and a server that signals the mode in band.
 */
package io.github.fabrictck.zoo.cs;
