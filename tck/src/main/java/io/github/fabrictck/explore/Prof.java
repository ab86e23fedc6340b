package io.github.fabrictck.explore;

/** TEMP profiling. */
public final class Prof {
    public static final long[] T = new long[16];
    public static final long[] N = new long[16];
    public static final String[] NAMES = {"setup", "start", "dev+ctx", "appthread", "open", "attach", "teardown", "run", "choose", "retire", "self", "other", "handback", "ctlclaim", "notsettled", "claimfail"};
    public static long t() { return System.nanoTime(); }
    public static void add(int i, long since) { T[i] += System.nanoTime() - since; N[i]++; }
    public static String dump() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < NAMES.length; i++) b.append(NAMES[i]).append('=').append(T[i] / 1_000_000).append("ms/").append(N[i]).append(' ');
        return b.toString();
    }
}
