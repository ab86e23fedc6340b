package io.github.fabrictck.windows;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether a connection-setup sweep reached the timer phases it documents. The phase of a trial is
 * measured, not assumed: the virtual time between the two sides' first timer arms (the first
 * {@code schedule*} call on each side's scheduler), the server's minus the client's. Plain Java, so
 * that tests reach the rules without an agent.
 */
final class PhaseCoverage {

    private PhaseCoverage() {
    }

    /**
     * When each side of one trial armed its first timer.
     *
     * @param client virtual nanoseconds of the client's first timer arm, or -1 if it armed none
     * @param server the same for the server
     */
    record Arms(long client, long server) {
        /** Whether both sides armed a timer, so that the trial has a phase. */
        boolean measured() {
            return client >= 0 && server >= 0;
        }

        /** The measured phase in nanoseconds: how far the server's first timer follows the client's. */
        long phase() {
            return server - client;
        }

        /** The phase in words, as a trial's conditions name it. */
        String describe() {
            if (!measured()) {
                String none = client < 0 && server < 0 ? "neither side" : client < 0 ? "the client" : "the server";
                return "no measured phase (" + none + " armed no timer)";
            }
            long p = phase();
            return "measured phase " + ms(p) + " ms (the server's first timer armed " + ms(Math.abs(p)) + " ms "
                    + (p >= 0 ? "after" : "before") + " the client's)";
        }
    }

    /** What a sweep's measured phases show. */
    enum Kind {
        /** Every phase of the range lies within one step of a measured one. */
        COVERED,
        /** A stretch of the range wider than a step has no measured phase: the sweep did not reach it. */
        GAP,
        /** A side armed no timer in any trial: there is no phase between the two sides' timers. */
        NO_TIMER
    }

    /**
     * The judgement of one sweep.
     *
     * @param kind    what the phases show
     * @param words   the evidence, in words
     * @param gapFrom where the first unreached stretch begins, in nanoseconds (a {@link Kind#GAP} only)
     * @param gapTo   where it ends
     */
    record Judgement(Kind kind, String words, long gapFrom, long gapTo) {
        Judgement(Kind kind, String words) {
            this(kind, words, 0, 0);
        }
    }

    /**
     * Judges the phases measured in a sweep against the documented range {@code lo}–{@code hi}: it
     * is covered when no stretch of it wider than {@code step} lacks a measured phase (the ends of
     * the range count: the lowest measured phase must lie within a step of {@code lo}, the highest
     * within a step of {@code hi}).
     *
     * @param trials the first timer arms of every trial of the sweep
     * @param lo     the lowest documented phase, in nanoseconds
     * @param hi     the highest documented phase, in nanoseconds
     * @param step   the step of the sweep, in nanoseconds
     */
    static Judgement judge(List<Arms> trials, long lo, long hi, long step) {
        boolean clientNone = trials.stream().allMatch(a -> a.client() < 0);
        boolean serverNone = trials.stream().allMatch(a -> a.server() < 0);
        if (!trials.isEmpty() && (clientNone || serverNone)) {
            String who = clientNone && serverNone ? "neither side armed a timer" : clientNone ? "the client armed no timer"
                    : "the server armed no timer";
            return new Judgement(Kind.NO_TIMER, who + " in any of the " + trials.size() + " trials: a side with no timer "
                    + "has no timer phase, so there is no phase between the two sides' timers to sweep");
        }
        long[] phases = trials.stream().filter(Arms::measured).mapToLong(Arms::phase).sorted().toArray();
        String range = ms(lo) + "–" + ms(hi) + " ms";
        if (phases.length == 0) {
            return new Judgement(Kind.GAP, "no trial of " + trials.size() + " had a timer on both sides, so no phase "
                    + "of the documented range " + range + " was measured");
        }
        String measured = "measured phases " + ms(phases[0]) + " to " + ms(phases[phases.length - 1]) + " ms over "
                + phases.length + " trial(s)" + (phases.length < trials.size()
                ? " (" + (trials.size() - phases.length) + " trial(s) with a timer on one side only)" : "");
        long previous = lo;
        for (long p : phases) {
            if (p < lo - step || p > hi + step) {
                continue; // outside the range: no evidence for any phase in it
            }
            long at = Math.min(hi, Math.max(lo, p));
            if (at - previous > step) {
                return gap(measured, previous, at, range, step);
            }
            previous = Math.max(previous, at);
        }
        if (hi - previous > step) {
            return gap(measured, previous, hi, range, step);
        }
        return new Judgement(Kind.COVERED, measured + ", covering " + range + " with no gap wider than the step of "
                + ms(step) + " ms");
    }

    private static Judgement gap(String measured, long from, long to, String range, long step) {
        return new Judgement(Kind.GAP, measured + " leave " + ms(from) + "–" + ms(to) + " ms of the documented range "
                + range + " unreached, more than the step of " + ms(step) + " ms", from, to);
    }

    /** Nanoseconds as milliseconds, exact: {@code 980}, {@code 12.5}, {@code -30}. */
    static String ms(long nanos) {
        if (nanos % TimeUnit.MILLISECONDS.toNanos(1) == 0) {
            return Long.toString(TimeUnit.NANOSECONDS.toMillis(nanos));
        }
        return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString();
    }
}
