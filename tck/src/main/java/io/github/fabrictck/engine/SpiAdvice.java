package io.github.fabrictck.engine;

import net.bytebuddy.asm.Advice;

/** Advice inlined into the driver's SPI methods: it reports entry and exit to {@link Points}. */
public final class SpiAdvice {

    private SpiAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Origin("#t.#m") String method, @Advice.AllArguments Object[] arguments) {
        Points.enter(method, arguments);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Origin("#t.#m") String method, @Advice.Thrown Throwable thrown) {
        Points.exit(method, thrown);
    }
}
