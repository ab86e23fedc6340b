package io.github.fabrictck.windows;

import io.github.fabrictck.spi.Family;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Describes a race window of the catalog: the metadata reports and the documentation site are
 * generated from, so they cannot drift from the code. The class must also carry {@code @Tag} with
 * the same id, which is how the launcher selects windows.
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

    /** The public bug report the window comes from (a link). */
    String source();

    /** The source bug in a sentence: project, symptom, fix. */
    String bug();

    /** The interleaving the window forces, one step per element, in order. */
    String[] interleaving();

    /** The invariants the window judges, by the names its verdicts use. */
    String[] invariants();

    /** What a vendor should check in their driver when the window fails. */
    String onFailure();
}
