package io.github.fabrictck.windows;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Names one variant of a window (a test method); windows with a single variant leave it out. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Variant {

    /** The variant id, {@code a}. */
    String id();

    /** What the variant holds, in a few words. */
    String title();
}
