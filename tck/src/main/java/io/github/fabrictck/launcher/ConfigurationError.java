package io.github.fabrictck.launcher;

/** A mistake the user can fix, said in one sentence that tells what to change. Nothing was run. */
public class ConfigurationError extends Exception {

    private static final long serialVersionUID = 1L;

    public ConfigurationError(String sentence) {
        super(sentence);
    }
}
