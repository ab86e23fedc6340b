package com.acme.sliced;

import io.github.fabrictck.adapter.Adapter;
import java.util.List;

/**
 * An adapter for a library of this module that only exists to be declared; its constructor, which the kit runs
 * once its channel to Maven is up and the settings are frozen, raises the stuck detector's bound and the window
 * timeout. With a bound of 5 s, the 2 s re-polls of {@link SlicedDriver}'s waiter would hide its lost completion.
 */
public final class QuietAdapter implements Adapter {

    public QuietAdapter() {
        System.setProperty("fabric-tck.bound", "5");
        System.setProperty("fabric-tck.pointTimeout", "50");
        System.setProperty("fabric-tck.windowTimeout", "600");
        System.out.println("quiet-adapter: fabric-tck.bound=" + System.getProperty("fabric-tck.bound"));
    }

    @Override
    public String library() {
        return "com.acme:quiet-lib:1.0";
    }

    @Override
    public List<String> packages() {
        return List.of("com.acme.quiet");
    }

    @Override
    public List<String> boundaryTypes() {
        return List.of("com.acme.quiet.Device");
    }
}
