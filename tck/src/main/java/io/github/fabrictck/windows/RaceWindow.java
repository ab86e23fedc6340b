package io.github.fabrictck.windows;

import io.github.fabrictck.spi.Family;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Describes a race window of the catalog. The class must also carry {@code @Tag} with the same id,
 * which is how the launcher selects windows.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(WindowExtension.class)
public @interface RaceWindow {

    /** The stable id, {@code CQ-1}. */
    String id();

    /** The title, {@code lost final completion}. */
    String title();

    /** The family whose SPI the window exercises. */
    Family family();

    /** The public bug report the window comes from. */
    String source();
}
