package io.github.fabrictck.engine;

/**
 * The script could not force its window: a point was never reached, a thread never became idle,
 * the injected event fell outside the hold. The verdict is ERROR with this message, never PASS.
 */
public class WindowNotOpened extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public WindowNotOpened(String message) {
        super(message);
    }
}
