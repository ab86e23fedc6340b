package io.github.fabrictck.engine;

/** Which point a hold stops a thread at; {@link Match} is the usual one. */
public interface PointMatcher {

    /** Whether a thread passing a point matches. */
    boolean matches(Thread t, Point p, boolean isAfter, Object[] args, Object result);

    /** The matcher in words, for errors. */
    String describe();

    /** The test of a matcher made with {@link #of}. */
    @FunctionalInterface
    interface Condition {
        /** Whether a thread passing a point matches. */
        boolean matches(Thread t, Point p, boolean isAfter, Object[] args, Object result);
    }

    /** A matcher from its words and its test. */
    static PointMatcher of(String description, Condition condition) {
        return new PointMatcher() {
            @Override
            public boolean matches(Thread t, Point p, boolean isAfter, Object[] args, Object result) {
                return condition.matches(t, p, isAfter, args, result);
            }

            @Override
            public String describe() {
                return description;
            }
        };
    }
}
