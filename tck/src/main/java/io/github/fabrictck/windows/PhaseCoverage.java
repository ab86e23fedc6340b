package io.github.fabrictck.windows;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether a connection-setup sweep reached the timer phases it documents. The phase of a trial is
 * measured, not assumed, on the protocol: from the moment the server's last control-stream write
 * before its fast-path answer to the client (a fast-path message sent after a control-stream message of
 * the client reached it) reached the client (the client has all it needs to take its next step and
 * start waiting for the fast path) to the server's fast-path answer (where the server starts waiting for the client's), whatever timers either side arms, when and
 * how (one per wait, one at connect, a timer wheel), and whatever the server sent on the fast path before
 * the client said anything. A setup whose server sends no fast-path answer to the client has no such point:
 * its phase is measured between the two sides' first timer arms (the first {@code schedule*} call on
 * each side's scheduler), the server's minus the client's. Plain Java, so that tests reach the rules
 * without an agent.
 */
final class PhaseCoverage {

    private PhaseCoverage() {
    }

    /**
     * The two points of one trial whose distance is its phase, and whether each side armed a timer.
     *
     * @param client      virtual nanoseconds of the client's point, or -1 if the trial did not reach it
     * @param server      the same for the server
     * @param clientTimer whether the client armed any timer in the trial
     * @param serverTimer whether the server did
     * @param clientPoint the client's point in words ({@code its 1st control-stream write reached the client}),
     *                    or {@code null} for the first timer arms
     * @param unmoved     why the trial has no phase though both points were reached (the server ended setup
     *                    on a timeout the stall did not move), or {@code null}
     * @param timedOut    virtual nanoseconds at which the server ended setup on its own (a timer fired and no
     *                    message of the client had reached it since its point), or -1: it ended on the
     *                    client's word, on the fast path, or not at all, or the stall moved the whole server
     * @param quantum     how coarsely the timers that fired as it timed out keep time, in nanoseconds: a periodic
     *                    timer's period, or the delay of a tick armed by the tick before; 0 for a timer armed once
     */
    record Arms(long client, long server, boolean clientTimer, boolean serverTimer, String clientPoint, String unmoved,
            long timedOut, long quantum) {

        /** The first timer arms of one trial (-1: the side armed none). */
        Arms(long client, long server) {
            this(client, server, client >= 0, server >= 0, null, null, -1, 0);
        }

        /** This trial with no phase, for the reason given. */
        Arms unmoved(String why) {
            return new Arms(client, server, clientTimer, serverTimer, clientPoint, why, timedOut, quantum);
        }

        /** Whether the phase is measured on the protocol rather than between the first timer arms. */
        boolean onProtocol() {
            return clientPoint != null;
        }

        /** Whether both points were reached (and the server's timers moved with them), so that the trial has a phase. */
        boolean measured() {
            return client >= 0 && server >= 0 && unmoved == null;
        }

        /** The measured phase in nanoseconds: how far the server's point follows the client's. */
        long phase() {
            return server - client;
        }

        /** The phase in words, as a trial's conditions name it. */
        String describe() {
            if (onProtocol()) {
                if (unmoved != null) {
                    return "no measured phase (" + unmoved + ")";
                }
                if (!measured()) {
                    return "no measured phase (" + (server < 0 ? "the server sent no fast-path answer to the client"
                            : "the client was never reached: " + clientPoint) + ")";
                }
                long p = phase();
                return "measured phase " + ms(p) + " ms (the server sent its fast-path answer " + ms(Math.abs(p))
                        + " ms " + (p >= 0 ? "after" : "before") + " " + clientPoint + ")";
            }
            if (!measured()) {
                String none = client < 0 && server < 0 ? "neither side" : client < 0 ? "the client" : "the server";
                return "no measured phase (" + none + " armed no timer)";
            }
            long p = phase();
            return "measured phase " + ms(p) + " ms (the server's first timer armed " + ms(Math.abs(p)) + " ms "
                    + (p >= 0 ? "after" : "before") + " the client's)";
        }
    }

    /**
     * The trials of one loss case again, each in which the server timed out ({@link Arms#timedOut}) marked as
     * having no phase when, against the measured trial of the lowest phase in which it timed out, it ended
     * more than {@code tolerance} sooner after its point, or at the same time after the client's point (within
     * {@code step} and the timers' quantum) though its phase was more than twice that larger. Judged by the outcome,
     * whatever the server's timers are: a server whose timeout moves with the stall ends the same time after
     * its point in every trial (give or take a timer wheel's tick, or a random jitter of its timeout); one
     * whose deadline was fixed before the stall began (armed then, or computed then and armed later, or
     * checked on a periodic tick) ends at the same instant whatever the stall, ever sooner after its point as
     * the phase grows, so the stall did not put its timers behind the client's.
     *
     * @param trials    the points of every trial of one loss case
     * @param tolerance how much sooner is still a timeout that moved (a wheel's tick), in nanoseconds
     * @param step      the step of the sweep, in nanoseconds
     */
    static List<Arms> movedWithTheStall(List<Arms> trials, long tolerance, long step) {
        Arms lowest = trials.stream().filter(a -> a.measured() && a.timedOut() >= 0)
                .min(java.util.Comparator.comparingLong(Arms::phase)).orElse(null);
        if (lowest == null) {
            return trials;
        }
        long after = lowest.timedOut() - lowest.server();
        long fromClient = lowest.timedOut() - lowest.client();
        String unmoved = ": its timeout did not move with the stall (a deadline fixed before the stall began), so its "
                + "timers did not run behind the client's";
        return trials.stream().map(a -> {
            if (!a.measured() || a.timedOut() < 0) {
                return a;
            }
            if (after - (a.timedOut() - a.server()) > tolerance) {
                return a.unmoved("the server ended setup on a timer " + ms(a.timedOut() - a.server()) + " ms after its "
                        + "fast-path answer, where in the trial of the lowest measured phase (" + ms(lowest.phase())
                        + " ms) it ended " + ms(after) + " ms after" + unmoved);
            }
            long within = step + Math.max(a.quantum(), lowest.quantum());
            if (Math.abs(a.timedOut() - a.client() - fromClient) <= within && a.phase() - lowest.phase() > 2 * within) {
                return a.unmoved("the server ended setup on a timer " + ms(a.timedOut() - a.client()) + " ms after "
                        + a.clientPoint() + " (measured phase " + ms(a.phase()) + " ms), as it did in the trial of the lowest "
                        + "measured phase (" + ms(lowest.phase()) + " ms, " + ms(fromClient) + " ms after)" + unmoved);
            }
            return a;
        }).toList();
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
     * @param trials the points of every trial of the sweep
     * @param lo     the lowest documented phase, in nanoseconds
     * @param hi     the highest documented phase, in nanoseconds
     * @param step   the step of the sweep, in nanoseconds
     */
    static Judgement judge(List<Arms> trials, long lo, long hi, long step) {
        boolean clientNone = trials.stream().noneMatch(Arms::clientTimer);
        boolean serverNone = trials.stream().noneMatch(Arms::serverTimer);
        if (!trials.isEmpty() && (clientNone || serverNone)) {
            String who = clientNone && serverNone ? "neither side armed a timer" : clientNone ? "the client armed no timer"
                    : "the server armed no timer";
            return new Judgement(Kind.NO_TIMER, who + " in any of the " + trials.size() + " trials: a side with no timer "
                    + "has no timer phase, so there is no phase between the two sides' timers to sweep");
        }
        long[] phases = trials.stream().filter(Arms::measured).mapToLong(Arms::phase).sorted().toArray();
        String range = ms(lo) + "–" + ms(hi) + " ms";
        boolean protocol = trials.stream().anyMatch(Arms::onProtocol);
        String unmoved = trials.stream().map(Arms::unmoved).filter(java.util.Objects::nonNull).findFirst()
                .map(u -> "; in " + trials.stream().filter(a -> a.unmoved() != null).count() + " trial(s) " + u).orElse("");
        if (phases.length == 0) {
            return new Judgement(Kind.GAP, "no trial of " + trials.size() + (protocol ? " reached both points of its phase"
                    : " had a timer on both sides") + ", so no phase of the documented range " + range + " was measured"
                    + unmoved);
        }
        String measured = "measured phases " + ms(phases[0]) + " to " + ms(phases[phases.length - 1]) + " ms over "
                + phases.length + " trial(s)" + (phases.length < trials.size()
                ? " (" + (trials.size() - phases.length) + (protocol ? " trial(s) with no measured phase)"
                : " trial(s) with a timer on one side only)") : "");
        long previous = lo;
        for (long p : phases) {
            if (p < lo - step || p > hi + step) {
                continue; // outside the range: no evidence for any phase in it
            }
            long at = Math.min(hi, Math.max(lo, p));
            if (at - previous > step) {
                return gap(measured, previous, at, range, step, unmoved);
            }
            previous = Math.max(previous, at);
        }
        if (hi - previous > step) {
            return gap(measured, previous, hi, range, step, unmoved);
        }
        return new Judgement(Kind.COVERED, measured + ", covering " + range + " with no gap wider than the step of "
                + ms(step) + " ms" + unmoved);
    }

    private static Judgement gap(String measured, long from, long to, String range, long step, String unmoved) {
        return new Judgement(Kind.GAP, measured + " leave " + ms(from) + "–" + ms(to) + " ms of the documented range "
                + range + " unreached, more than the step of " + ms(step) + " ms" + unmoved, from, to);
    }

    /** Nanoseconds as milliseconds, exact: {@code 980}, {@code 12.5}, {@code -30}. */
    static String ms(long nanos) {
        if (nanos % TimeUnit.MILLISECONDS.toNanos(1) == 0) {
            return Long.toString(TimeUnit.NANOSECONDS.toMillis(nanos));
        }
        return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString();
    }
}
