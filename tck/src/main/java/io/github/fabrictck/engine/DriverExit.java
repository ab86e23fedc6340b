package io.github.fabrictck.engine;

/**
 * Thrown in place of a driver's {@code System.exit}, {@code Runtime.exit} or {@code Runtime.halt},
 * whether called directly ({@link Points#terminate}) or reached by reflection or a method handle
 * ({@link ExitGuard}) (a driver must not end the JVM that judges it), and under virtual time in place of a wall-clock
 * wait or of starting a thread the kit does not know. An {@link Error}, so that a driver's
 * {@code catch (Exception e)} does not swallow it; the window is ERROR with the reason.
 */
public final class DriverExit extends Error {

    private static final long serialVersionUID = 1L;

    public DriverExit(String message) {
        super(message);
    }
}
