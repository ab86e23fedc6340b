package io.github.fabrictck.engine;

import net.bytebuddy.asm.Advice;

/**
 * Inlined at the entry of {@code java.lang.Runtime.exit(int)} and {@code Runtime.halt(int)}, the
 * one way every {@code System.exit} goes, whether called directly, by reflection or through a
 * method handle: asks the {@link ExitGate} first.
 */
final class ExitAdvice {

    private ExitAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Origin("#m") String method, @Advice.Argument(0) int status) {
        ExitGate.enter(method, status);
    }
}
