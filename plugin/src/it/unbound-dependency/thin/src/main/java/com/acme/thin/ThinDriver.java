package com.acme.thin;

import com.acme.logic.Logic;
import io.github.fabrictck.spi.Driver;
import io.github.fabrictck.spi.Family;
import java.util.EnumSet;
import java.util.Set;

/** Driver {@code acme-thin}: whatever it does is decided in com.acme:acme-logic, a dependency the agent does not rewrite. */
public final class ThinDriver implements Driver {

    @Override
    public String name() {
        return "acme-thin";
    }

    @Override
    public String version() {
        return "1.0";
    }

    @Override
    public Set<Family> families() {
        return Logic.implementsAnyFamily() ? EnumSet.allOf(Family.class) : EnumSet.noneOf(Family.class);
    }
}
