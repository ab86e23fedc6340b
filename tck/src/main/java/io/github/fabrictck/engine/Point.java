package io.github.fabrictck.engine;

/**
 * A place in driver code where a thread can be held.
 *
 * @param kind   what sort of point
 * @param target what is called or entered, {@code CompletionQueue.requestNotify}
 * @param at     the driver source location, {@code Class.method(File.java:LINE)}
 */
public record Point(Kind kind, String target, String at) {

    /** The sorts of point the agent makes. */
    public enum Kind {
        /** A driver call site to an environment method (the SPI's environment interfaces). */
        ENVIRONMENT_CALL("call"),
        /** A driver call site to JDK synchronisation: atomics, locks, wait/notify, park, sleep, queues, latches. */
        SYNC_CALL("sync"),
        /** Entry into one of the driver's SPI methods. */
        SPI_ENTRY("enter"),
        /** Exit from one of the driver's SPI methods. */
        SPI_EXIT("exit"),
        /**
         * A driver's write of a {@code volatile} field ({@code EventLoop.sleeping}), before the write: the flags a
         * design announces a state with ("I am about to sleep") are often plain volatile fields.
         */
        VOLATILE_WRITE("write");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        /** The word traces use for this kind. */
        public String word() {
            return word;
        }
    }

    /** The point as reports describe it: {@code call CompletionQueue.requestNotify}. */
    public String describe() {
        return kind.word() + " " + target;
    }
}
