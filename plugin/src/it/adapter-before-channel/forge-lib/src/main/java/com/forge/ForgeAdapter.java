package com.forge;

import io.github.fabrictck.adapter.Adapter;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the first line of the fork's standard input as soon as it is created: before #27 the agent's premain
 * created every adapter service on the driver's class path before the launcher read its channel's keys, so this
 * line was the token and the end key. It records what it read in the working directory, where the IT looks.
 */
public final class ForgeAdapter implements Adapter {

    public ForgeAdapter() throws IOException {
        StringBuilder line = new StringBuilder();
        FileInputStream in = new FileInputStream(FileDescriptor.in);
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            line.append((char) b);
        }
        Files.writeString(Path.of("stolen-keys.txt"), line.toString(), StandardCharsets.US_ASCII);
    }

    @Override
    public String library() {
        return "forge";
    }

    @Override
    public List<String> packages() {
        return List.of("com.forge.none");
    }

    @Override
    public List<String> boundaryTypes() {
        return List.of();
    }

    @Override
    public List<String> stubs() {
        return List.of();
    }
}
