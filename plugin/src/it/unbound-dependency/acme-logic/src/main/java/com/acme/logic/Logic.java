package com.acme.logic;

/** What the thin driver forwards to: here, whether it implements any family (it does not, so the run is quick). */
public final class Logic {

    private Logic() {
    }

    public static boolean implementsAnyFamily() {
        return false;
    }
}
