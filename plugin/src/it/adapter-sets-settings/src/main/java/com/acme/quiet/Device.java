package com.acme.quiet;

/** The declared library's boundary. */
public interface Device {
    int poke(int value);
}
