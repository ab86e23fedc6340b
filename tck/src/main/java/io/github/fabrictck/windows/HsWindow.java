package io.github.fabrictck.windows;

import static org.awaitility.Awaitility.await;

import io.github.fabrictck.engine.InvariantViolation;
import io.github.fabrictck.engine.WindowNotOpened;
import io.github.fabrictck.engine.WindowRun;
import io.github.fabrictck.sim.KitContext;
import io.github.fabrictck.sim.SimulatedFabric;
import io.github.fabrictck.sim.SimulatedFabric.Peer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The fixture of a peer-handshake window: the simulated fabric with the driver's endpoints of its
 * peers, and the steps and judgements the HS scripts share.
 */
public final class HsWindow extends WindowFixture {

    static final String DELIVERED = "every application message is delivered exactly once within the bound";
    static final String NOT_STUCK = "no driver thread is idle while an application message is neither delivered nor on its way";
    static final String SAME_VERSION = "both peers end up connected on the same version, the highest both speak";
    static final String RULES = "the endpoints throw nothing on the fabric's receive threads";

    private final KitContext context;
    private final SimulatedFabric fabric;

    HsWindow(WindowRun run, Session session) {
        super(run, session);
        this.context = new KitContext(run);
        this.fabric = new SimulatedFabric(run, session.driver(), context);
    }

    /** The simulated fabric. */
    public SimulatedFabric fabric() {
        return fabric;
    }

    /** Adds a peer that speaks these versions. */
    public Peer peer(String name, Integer... versions) {
        try {
            return fabric.peer(name, List.of(versions));
        } catch (RuntimeException e) {
            throw new WindowNotOpened("Driver.openHandshake failed for peer " + name + ": " + e);
        }
    }

    /** Both applications send their first message to each other in the same instant; waits until both sends returned. */
    public void sendAtTheSameInstant(Peer a, String toB, Peer b, String toA) {
        CountDownLatch ready = new CountDownLatch(2);
        CountDownLatch go = new CountDownLatch(1);
        CompletableFuture<Void> sa = a.sendWhen(ready, go, b, toB);
        CompletableFuture<Void> sb = b.sendWhen(ready, go, a, toA);
        awaitScript("both applications are ready to send", () -> ready.getCount() == 0);
        run.trace().add("kit", "both applications send now", null);
        go.countDown();
        returned(sa, "send from " + a.id());
        returned(sb, "send from " + b.id());
    }

    /** Every application sends its first message to every other peer, all in the same instant. */
    public void sendAllToAllAtTheSameInstant(List<Peer> peers) {
        CountDownLatch ready = new CountDownLatch(peers.size());
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<Void>> sends = new ArrayList<>();
        for (Peer p : peers) {
            List<Peer> others = peers.stream().filter(q -> q != p).toList();
            sends.add(p.sendToEachWhen(ready, go, others, q -> "from " + p.id() + " to " + q.id()));
        }
        awaitScript("every application is ready to send", () -> ready.getCount() == 0);
        run.trace().add("kit", "all " + peers.size() + " applications send now", null);
        go.countDown();
        for (int i = 0; i < sends.size(); i++) {
            returned(sends.get(i), "the sends of " + peers.get(i).id());
        }
    }

    /** Waits until an application's send returned; ERROR if it blocks. */
    public void returned(CompletableFuture<?> call, String what) {
        try {
            call.get(session.pointTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new WindowNotOpened(what + " did not return within " + session.pointTimeout().toMillis()
                    + " ms (HandshakeEndpoint.send must not block waiting for the peer)");
        } catch (ExecutionException e) {
            throw new WindowNotOpened(what + " threw " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WindowNotOpened("interrupted during " + what);
        }
    }

    // ---------------------------------------------------------------- judgements

    /**
     * Every application message reaches the other application exactly once within the bound; a
     * driver left idle with an undelivered message and nothing on the wire is reported at once.
     */
    public void judgeEveryMessageDelivered() {
        try {
            await(DELIVERED).atMost(session.bound().multipliedBy(2)).pollInSameThread().pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(1))
                    .failFast(NOT_STUCK, () -> {
                        Optional<String> stuck = run.stuck();
                        if (stuck.isPresent()) {
                            throw new InvariantViolation(NOT_STUCK, stuck.get());
                        }
                    })
                    .until(fabric::everyMessageDeliveredOnce);
        } catch (ConditionTimeoutException e) {
            throw new InvariantViolation(DELIVERED, String.join("; ", fabric.deliveryProblems()));
        }
        List<String> problems = fabric.deliveryProblems();
        if (!problems.isEmpty()) {
            throw new InvariantViolation(DELIVERED, String.join("; ", problems));
        }
    }

    /** Both peers report the same negotiated version, the one expected, within the bound. */
    public void judgeVersions(Peer a, Peer b, int expected) {
        try {
            await(SAME_VERSION).atMost(session.bound()).pollInSameThread().pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(1))
                    .until(() -> version(a, b) == expected && version(b, a) == expected);
        } catch (ConditionTimeoutException e) {
            throw new InvariantViolation(SAME_VERSION, a.id() + " is on version " + version(a, b) + " with " + b.id()
                    + ", " + b.id() + " on version " + version(b, a) + " with " + a.id() + "; both speak " + expected);
        }
    }

    /** Every pair of peers reports the same negotiated version, the one expected. */
    public void judgeVersions(List<Peer> peers, int expected) {
        List<String> wrong = new ArrayList<>();
        for (Peer a : peers) {
            for (Peer b : peers) {
                if (a != b && version(a, b) != expected) {
                    wrong.add(a.id() + " is on version " + version(a, b) + " with " + b.id());
                }
            }
        }
        if (!wrong.isEmpty()) {
            throw new InvariantViolation(SAME_VERSION, wrong.size() + " pair(s) not on version " + expected + ", first: "
                    + String.join("; ", wrong.subList(0, Math.min(5, wrong.size()))));
        }
    }

    private static int version(Peer of, Peer with) {
        return of.call("negotiatedVersion(" + with.id() + ")", () -> of.endpoint().negotiatedVersion(with.id())).join();
    }

    /** No endpoint threw on a receive thread. */
    public void judgeRules() {
        List<String> errors = new ArrayList<>(fabric.handlerErrors());
        if (!errors.isEmpty()) {
            throw new InvariantViolation(RULES, String.join("; ", errors));
        }
    }

    @Override
    List<String> driverClassNames() {
        return fabric.endpointClassNames();
    }

    @Override
    public void close() {
        run.finish();
        fabric.close();
        context.close();
    }
}
