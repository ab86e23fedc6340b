package io.github.fabrictck.engine;

/**
 * Which point a hold stops a thread at: the kind and target of the point, optionally the thread,
 * the receiver of the call, before or after the call, and whether it returned {@code null}.
 *
 * @param kind          the kind of point
 * @param target        {@code CompletionQueue.requestNotify} for a call; the method name for an SPI entry
 * @param thread        only this thread, or {@code null} for any
 * @param receiver      only calls on this object, or {@code null} for any
 * @param after         after the call returned (else before it is made)
 * @param returningNull only when the call returned {@code null} (with {@code after})
 * @param where         only when the point's arguments satisfy this, or {@code null}
 */
public record Match(Point.Kind kind, String target, Thread thread, Object receiver, boolean after,
                    boolean returningNull, java.util.function.Predicate<Object[]> where) implements PointMatcher {

    /** Before the driver calls an environment method, {@code SimpleInterface.method}; {@code null} for any. */
    public static Match call(String target) {
        return new Match(Point.Kind.ENVIRONMENT_CALL, target, null, null, false, false, null);
    }

    /** On entry into the driver's SPI method of this name. */
    public static Match entry(String method) {
        return new Match(Point.Kind.SPI_ENTRY, method, null, null, false, false, null);
    }

    /** On exit from the driver's SPI method of this name (before it returns). */
    public static Match exit(String method) {
        return new Match(Point.Kind.SPI_EXIT, method, null, null, false, false, null);
    }

    /** Only on this thread. */
    public Match on(Thread t) {
        return new Match(kind, target, t, receiver, after, returningNull, where);
    }

    /** Only for calls on this object. */
    public Match receiver(Object r) {
        return new Match(kind, target, thread, r, after, returningNull, where);
    }

    /** After the call returned {@code null}, instead of before the call. */
    public Match afterReturningNull() {
        return new Match(kind, target, thread, receiver, true, true, where);
    }

    /** Only when the arguments (of an SPI entry: the method's; of a call: receiver first) satisfy this. */
    public Match where(java.util.function.Predicate<Object[]> condition) {
        return new Match(kind, target, thread, receiver, after, returningNull, condition);
    }

    @Override
    public boolean matches(Thread t, Point p, boolean isAfter, Object[] args, Object result) {
        if (p.kind() != kind || isAfter != after || thread != null && thread != t) {
            return false;
        }
        if (target != null) {
            boolean sameTarget = kind == Point.Kind.ENVIRONMENT_CALL || kind == Point.Kind.SYNC_CALL
                    ? p.target().equals(target) : p.target().endsWith("." + target);
            if (!sameTarget) {
                return false;
            }
        }
        if (receiver != null && (args.length == 0 || args[0] != receiver)) {
            return false;
        }
        return (!returningNull || result == null) && (where == null || where.test(args));
    }

    @Override
    public String describe() {
        return (after ? "after " : "before ") + kind.word() + " " + (target == null ? "any" : target)
                + (returningNull ? " returning null" : "") + (thread == null ? "" : " on " + thread.getName());
    }
}
