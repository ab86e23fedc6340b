package io.github.fabrictck.spi.el;

/**
 * One completion queue entry taken from a {@link Ring} ({@code struct io_uring_cqe}).
 *
 * @param userData the value the driver gave when it queued the entry ({@code user_data})
 * @param result   the operation's result ({@code res}): 8 for an eventfd READ, {@code -}{@link #ETIME}
 *                 for a TIMEOUT whose time passed, 0 for a NOP
 * @since SPI 5
 */
public record Cqe(long userData, int result) {

    /** {@code ETIME}: a TIMEOUT's result is its negation when its time passed. */
    public static final int ETIME = 62;
}
