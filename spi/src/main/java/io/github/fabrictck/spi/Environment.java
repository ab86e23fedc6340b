package io.github.fabrictck.spi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an interface of the environment: implemented by the kit, called by the driver. The kit's
 * agent treats every call the driver makes to such an interface as a point where a driver thread
 * can be held. Driver-side interfaces (implemented by the vendor) are not marked.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Environment {
}
