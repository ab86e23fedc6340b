package io.github.fabrictck.engine;

import net.bytebuddy.asm.Advice;

/** Advice inlined into the driver's SPI methods: it reports entry and exit to {@link Points}. */
public final class SpiAdvice {

    private SpiAdvice() {
    }

    @Advice.OnMethodEnter
    static void enter(@Advice.Origin("#t.#m") String method, @Advice.Origin("#t.#m#d") String key,
                      @Advice.AllArguments Object[] arguments) {
        Points.enter(method, key, arguments);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class)
    static void exit(@Advice.Origin("#t.#m") String method, @Advice.Origin("#t.#m#d") String key,
                     @Advice.Thrown Throwable thrown) {
        Points.exit(method, key, thrown);
    }
}
