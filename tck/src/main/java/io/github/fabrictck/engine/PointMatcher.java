package io.github.fabrictck.engine;

/** Which point a hold stops a thread at; {@link Match} is the usual one. */
public interface PointMatcher {

    /** Whether a thread passing a point matches. */
    boolean matches(Thread t, Point p, boolean isAfter, Object[] args, Object result);

    /** The matcher in words, for errors. */
    String describe();
}
