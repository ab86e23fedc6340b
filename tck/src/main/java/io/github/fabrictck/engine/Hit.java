package io.github.fabrictck.engine;

/**
 * A point a driver thread passed while the engine recorded (a window's first, unheld run): the
 * places a window may later hold a thread at, found in the driver as it is.
 *
 * @param thread     the thread's name ({@code app}, {@code device-interrupt}, {@code driver-1}), or for a
 *                   thread a library started with a JDK-made name, where it was started ({@link WindowRun#role})
 * @param point      the point
 * @param after      after the call returned (else before it was made)
 * @param occurrence how many times this thread had passed this same point before, since recording began
 */
public record Hit(String thread, Point point, boolean after, int occurrence) {

    /**
     * Matches the same point on a thread of the same name, at the same occurrence: the same place
     * in a fresh run of the same steps. Counts, so one matcher serves one run.
     */
    public PointMatcher again() {
        int[] seen = {0};
        return PointMatcher.of(describe(), (t, p, isAfter, args, result) -> isAfter == after
                && role(t).equals(thread) && p.equals(point) && seen[0]++ == occurrence);
    }

    private static String role(Thread t) {
        WindowRun run = WindowRun.current();
        return run == null ? t.getName() : run.role(t);
    }

    /** The placement in words: thread, point, source line and which time. */
    public String describe() {
        return thread + " " + (after ? "after " : "at ") + point.describe() + " in " + point.at()
                + (occurrence == 0 ? "" : " (" + ordinal(occurrence + 1) + " time)");
    }

    /** {@code n} as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st. */
    public static String ordinal(int n) {
        String suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return n + suffix;
    }
}
