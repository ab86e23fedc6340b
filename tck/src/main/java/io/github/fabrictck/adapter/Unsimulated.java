package io.github.fabrictck.adapter;

import io.github.fabrictck.engine.Points;

/**
 * For an adapter's environment that meets something of the library it does not simulate (an io_uring op its
 * simulated kernel does not model, a call outside the scenario it was written for): the window is ERROR, naming
 * it and where the library reached it, never a verdict on code that ran past an answer the environment made up.
 */
public final class Unsimulated {

    private Unsimulated() {
    }

    /**
     * Records that the library reached what the environment does not simulate, and returns the error to throw.
     *
     * @param what what was reached, in words: {@code io_uring op 12 on fd 5}
     * @param at   where the library reached it, {@code Class.method(File.java:LINE)}, or {@code null} for the library
     *             frame the kit finds on the stack
     * @return the error for the environment to throw
     */
    public static UnsatisfiedLinkError reached(String what, String at) {
        return Points.unsimulatedReached(what, at);
    }
}
