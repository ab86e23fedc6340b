package io.github.fabrictck.engine;

/**
 * An invariant of a window was broken: the verdict is FAIL. The message starts with the
 * invariant's name; {@link #invariant()} is the name alone.
 */
public class InvariantViolation extends AssertionError {

    private static final long serialVersionUID = 1L;

    private final String invariant;

    public InvariantViolation(String invariant, String details) {
        super(invariant + ": " + details);
        this.invariant = invariant;
    }

    /** The invariant's name, as the catalog words it. */
    public String invariant() {
        return invariant;
    }
}
