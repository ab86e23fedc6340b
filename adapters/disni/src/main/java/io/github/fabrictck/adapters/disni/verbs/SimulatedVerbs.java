package io.github.fabrictck.adapters.disni.verbs;

import com.ibm.disni.verbs.IbvCQ;
import com.ibm.disni.verbs.IbvCompChannel;
import com.ibm.disni.verbs.IbvContext;
import com.ibm.disni.verbs.IbvMr;
import com.ibm.disni.verbs.IbvPd;
import com.ibm.disni.verbs.IbvQP;
import com.ibm.disni.verbs.IbvQPInitAttr;
import com.ibm.disni.verbs.IbvRecvWR;
import com.ibm.disni.verbs.IbvSendWR;
import com.ibm.disni.verbs.IbvWC;
import com.ibm.disni.verbs.RdmaCm;
import com.ibm.disni.verbs.RdmaCmEvent;
import com.ibm.disni.verbs.RdmaCmId;
import com.ibm.disni.verbs.RdmaConnParam;
import com.ibm.disni.verbs.RdmaEventChannel;
import com.ibm.disni.verbs.RdmaProvider;
import com.ibm.disni.verbs.RdmaVerbs;
import com.ibm.disni.verbs.SVCDeregMr;
import com.ibm.disni.verbs.SVCPollCq;
import com.ibm.disni.verbs.SVCPostRecv;
import com.ibm.disni.verbs.SVCPostSend;
import com.ibm.disni.verbs.SVCRegMr;
import com.ibm.disni.verbs.SVCReqNotify;
import io.github.fabrictck.sim.CompletionChannel;
import io.github.fabrictck.spi.cq.Completion;
import io.github.fabrictck.spi.cq.CompletionQueue;
import io.github.fabrictck.spi.cq.QueuePair;
import io.github.fabrictck.spi.cs.cm.CmEvent;
import io.github.fabrictck.spi.cs.cm.CmLink;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * DiSNI's provider, served by the kit's simulated device instead of libibverbs through JNI: what
 * {@code RdmaProvider.provider()} returns once {@link #install} put it in DiSNI's own slot. DiSNI's
 * one CQ (send and receive, shared by its QPs) is the device's two completion queues together, or
 * the shared queue of {@code sim.SharedQueueDevice}: a
 * re-arm arms both, a poll drains both, and an event of either is queued in the CQ's
 * {@link CompletionChannel}, where DiSNI's CQ thread takes it with {@code getCqEvent}. A poll lays
 * each completion out as libibverbs does ({@code struct ibv_wc}) and DiSNI's own decoder
 * ({@code NatPollCqCall.update}) reads it into DiSNI's {@code IbvWC}. DiSNI's CM ({@code RdmaCm})
 * is the kit's simulated rdma_cm ({@link CmLink}) when the provider is made with one: a client's
 * {@code rdma_resolve_addr}, {@code rdma_resolve_route}, {@code rdma_connect} and
 * {@code rdma_disconnect}, and its events taken on DiSNI's CM thread ({@code getCmEvent}) and
 * acknowledged; without one, only as far as {@code RdmaActiveEndpointGroup}'s constructor needs (an
 * event channel). Every verb neither path uses throws {@link UnsupportedOperationException}.
 */
public final class SimulatedVerbs extends RdmaProvider {

    /** The QP number DiSNI routes the device's completions by ({@code RdmaCqProcessor.dispatchCqEvent}). */
    public static final int QP_NUM = 1;

    /** The device's queues behind DiSNI's one CQ: send then receive of a {@link QueuePair}, or one shared queue. */
    private final List<CompletionQueue> queues;
    private final Decoder decoder;
    private final BiConsumer<Completion, String> notes;
    /** The kit's connection manager behind DiSNI's {@code RdmaCm}, or {@code null}. */
    private final CmLink link;
    private final Verbs verbs = new Verbs();
    private final Cm cm = new Cm();
    /** The device queues whose events wait in the channel or were taken, in order, until DiSNI acks them. */
    private final ArrayDeque<CompletionQueue> unacknowledged = new ArrayDeque<>();
    private final Map<Long, byte[]> received = new ConcurrentHashMap<>();
    private volatile Cq cq;

    /** DiSNI's provider over the one queue pair of the SPI: its send and receive queues are DiSNI's one CQ. */
    public SimulatedVerbs(QueuePair device) {
        this(List.of(device.sendCompletionQueue(), device.receiveCompletionQueue()), Decoder.DISNI, null);
    }

    /**
     * DiSNI's provider over the given device queues, with the Java half of {@code ibv_poll_cq} that
     * decodes each {@code struct ibv_wc} into DiSNI's {@code IbvWC}.
     *
     * @param notes where to report a decoded {@code qp_num} that is not the completion's, or {@code null}
     */
    public SimulatedVerbs(List<CompletionQueue> queues, Decoder decoder, BiConsumer<Completion, String> notes) {
        this(queues, decoder, notes, null);
    }

    /**
     * DiSNI's provider for a client that connects through the kit's connection manager: DiSNI's CQ
     * (created when its endpoint allocates resources) has no device queue behind it, since no work
     * is posted.
     */
    public SimulatedVerbs(CmLink link) {
        this(List.of(), Decoder.DISNI, null, link);
    }

    private SimulatedVerbs(List<CompletionQueue> queues, Decoder decoder, BiConsumer<Completion, String> notes,
                           CmLink link) {
        this.queues = List.copyOf(queues);
        this.decoder = decoder;
        this.notes = notes;
        this.link = link;
    }

    /**
     * The Java half of DiSNI's {@code ibv_poll_cq}: what {@code NatPollCqCall.execute} does with each
     * {@code struct ibv_wc} the JNI call wrote into its buffer.
     */
    public interface Decoder {

        /**
         * DiSNI 2.1's own {@code NatPollCqCall.update(IbvWC, ByteBuffer)}, unchanged, called by
         * reflection on an instance made without its constructor (which allocates native memory;
         * {@code update} reads only its arguments).
         */
        Decoder DISNI = disni();

        /** Fills {@code wc} from the {@code struct ibv_wc} at the buffer's position, and moves past it. */
        void update(IbvWC wc, ByteBuffer buffer) throws IOException;

        private static Decoder disni() {
            return (wc, buffer) -> {
                try {
                    NatDecoder.UPDATE.invoke(NatDecoder.INSTANCE, wc, buffer);
                } catch (ReflectiveOperationException e) {
                    throw new IOException("DiSNI's NatPollCqCall.update could not be called", e);
                }
            };
        }
    }

    /** DiSNI's decoder, found once. */
    private static final class NatDecoder {
        static final java.lang.reflect.Method UPDATE;
        static final Object INSTANCE;

        static {
            try {
                Class<?> type = Class.forName("com.ibm.disni.verbs.impl.NatPollCqCall");
                UPDATE = type.getDeclaredMethod("update", IbvWC.class, ByteBuffer.class);
                UPDATE.setAccessible(true);
                Class<?> unsafeType = Class.forName("sun.misc.Unsafe");
                Field theUnsafe = unsafeType.getDeclaredField("theUnsafe");
                theUnsafe.setAccessible(true);
                INSTANCE = unsafeType.getMethod("allocateInstance", Class.class).invoke(theUnsafe.get(null), type);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("DiSNI 2.1's NatPollCqCall.update(IbvWC, ByteBuffer) is not there", e);
            }
        }
    }

    /** {@code sizeof(struct ibv_wc)}, DiSNI's {@code IbvWC.CSIZE}. */
    static final int WC_SIZE = 48;
    /** The vendor syndrome mlx5 reports with a flush ({@code vendor_err}). */
    static final int FLUSH_VENDOR_ERR = 0xf9;

    /**
     * What libibverbs writes for one work completion, {@code struct ibv_wc} in the machine's order.
     * For an error completion only {@code wr_id}, {@code status}, {@code qp_num} and {@code vendor_err}
     * are defined (ibv_poll_cq(3)); the rest is written as zero here.
     */
    static void write(ByteBuffer b, Completion c, int qpNum) {
        boolean ok = c.status() == Completion.Status.SUCCESS;
        boolean receive = c.opcode() == Completion.Opcode.RECEIVE;
        int start = b.position();
        b.putLong(c.workRequestId());
        b.putInt(ok ? IbvWC.IbvWcStatus.IBV_WC_SUCCESS.ordinal() : IbvWC.IbvWcStatus.IBV_WC_WR_FLUSH_ERR.ordinal());
        b.putInt(!ok ? 0 : receive ? IbvWC.IbvWcOpcode.IBV_WC_RECV.getOpcode() : IbvWC.IbvWcOpcode.IBV_WC_SEND.getOpcode());
        b.putInt(ok ? 0 : FLUSH_VENDOR_ERR);
        b.putInt(ok ? c.payload().length : 0);
        b.putInt(0);
        b.putInt(qpNum);
        b.putInt(0);
        b.putInt(0);
        b.putShort((short) 0);
        b.putShort((short) 0);
        b.put((byte) 0);
        b.put((byte) 0);
        b.position(start + WC_SIZE);
    }

    /** Puts the provider in DiSNI's slot ({@code RdmaProvider.provider}, private static), which DiSNI reads on every open. */
    public static void install(SimulatedVerbs provider) {
        try {
            Field slot = RdmaProvider.class.getDeclaredField("provider");
            slot.setAccessible(true);
            slot.set(null, provider);
            if (RdmaProvider.provider() != provider) {
                throw new IllegalStateException("DiSNI's RdmaProvider.provider() does not return the kit's verbs");
            }
        } catch (ReflectiveOperationException | IOException e) {
            throw new IllegalStateException("DiSNI's RdmaProvider has no provider slot to install the kit's verbs in", e);
        }
    }

    /** A device context: DiSNI keys its CQ processors and protection domains by its {@code cmd_fd}. */
    public IbvContext context() throws IOException {
        return new Context(3);
    }

    /**
     * The device's interrupt: an event of one of its queues goes into the channel of DiSNI's CQ, to be
     * acknowledged when DiSNI acks the event it takes. When DiSNI's CQ or its channel is destroyed the
     * kernel raises no event: then nothing is queued, and the caller (the adapter's event handler, a
     * point the kit sees) acknowledges the device's event itself.
     *
     * @return whether the event was queued
     */
    public boolean interrupt(CompletionQueue queue) {
        Cq c = cq;
        synchronized (unacknowledged) {
            unacknowledged.add(queue);
        }
        if (c.channel.events.post(c)) {
            return true;
        }
        synchronized (unacknowledged) {
            unacknowledged.removeLastOccurrence(queue);
        }
        return false;
    }

    /** The channel of DiSNI's CQ, for judgements. */
    public CompletionChannel<Cq> channel() {
        return cq.channel.events;
    }

    /** The bytes of a receive completion DiSNI dispatched. */
    public byte[] payload(IbvWC wc) {
        byte[] b = received.remove(wc.getWr_id());
        return b == null ? new byte[0] : b;
    }

    @Override
    public RdmaCm openCm() {
        return cm;
    }

    @Override
    public RdmaVerbs openVerbs() {
        return verbs;
    }

    @Override
    public int getVersion() {
        return 0;
    }

    private static UnsupportedOperationException notModelled(String verb) {
        return new UnsupportedOperationException(verb + " is not modelled by the kit's DiSNI adapter yet");
    }

    static final class Context extends IbvContext {
        Context(int fd) throws IOException {
            super(fd, 1);
        }
    }

    static final class Channel extends IbvCompChannel {
        final CompletionChannel<Cq> events;

        Channel(int fd, IbvContext context, CompletionChannel<Cq> events) throws IOException {
            super(fd, context);
            this.events = events;
        }
    }

    public static final class Cq extends IbvCQ {
        final Channel channel;

        Cq(IbvContext context, Channel channel) throws IOException {
            super(context, channel, 1);
            this.channel = channel;
        }

        @Override
        public String toString() {
            return "DiSNI's CQ";
        }
    }

    /**
     * {@code ibv_poll_cq}: up to {@code ne} work completions, from the device's queues in order (send
     * then receive), laid out as libibverbs writes them and decoded by {@link Decoder}.
     */
    final class Poll extends SVCPollCq {
        private final IbvWC[] wcs;
        private final int ne;
        private int polls;

        Poll(IbvWC[] wcs, int ne) {
            this.wcs = wcs;
            this.ne = ne;
        }

        @Override
        public SVCPollCq execute() throws IOException {
            polls = 0;
            List<Completion> batch = new java.util.ArrayList<>();
            while (batch.size() < ne) {
                Completion c = null;
                for (CompletionQueue q : queues) {
                    c = q.poll();
                    if (c != null) {
                        break;
                    }
                }
                if (c == null) {
                    break;
                }
                batch.add(c);
            }
            // the JNI half: libibverbs fills an array of struct ibv_wc; DiSNI's decoder reads it into its IbvWC slots
            ByteBuffer buffer = ByteBuffer.allocate(WC_SIZE * Math.max(1, batch.size())).order(ByteOrder.nativeOrder());
            for (Completion c : batch) {
                write(buffer, c, c.queuePairNumber() == 0 ? QP_NUM : c.queuePairNumber());
            }
            buffer.clear();
            for (Completion c : batch) {
                IbvWC wc = wcs[polls++];
                decoder.update(wc, buffer);
                if (c.opcode() == Completion.Opcode.RECEIVE) {
                    received.put(c.workRequestId(), c.payload());
                }
                int qpNum = c.queuePairNumber() == 0 ? QP_NUM : c.queuePairNumber();
                if (notes != null && wc.getQp_num() != qpNum) {
                    notes.accept(c, decoder == Decoder.DISNI
                            ? "DiSNI's NatPollCqCall.update (NatPollCqCall.java:84) decodes qp_num, with every field after "
                            + "opcode, only if status == IBV_WC_SUCCESS, so for this " + c.status() + " completion, whose "
                            + "struct ibv_wc carried qp_num " + qpNum + ", the reused IbvWC wcList[" + (polls - 1) + "] kept "
                            + "qp_num " + wc.getQp_num() + " from the completion decoded into it before"
                            : "the decoder left qp_num " + wc.getQp_num() + " in IbvWC wcList[" + (polls - 1)
                            + "] for this completion of QP " + qpNum);
                }
            }
            return this;
        }

        @Override
        public int getPolls() {
            return polls;
        }

        @Override
        public boolean isValid() {
            return true;
        }

        @Override
        public SVCPollCq free() {
            return this;
        }
    }

    /** {@code ibv_req_notify_cq}: arms both device queues behind DiSNI's CQ for their next completion. */
    final class Notify extends SVCReqNotify {
        @Override
        public SVCReqNotify execute() {
            for (CompletionQueue q : queues) {
                q.requestNotify(false);
            }
            return this;
        }

        @Override
        public boolean isValid() {
            return true;
        }

        @Override
        public SVCReqNotify free() {
            return this;
        }
    }

    final class Verbs extends RdmaVerbs {
        @Override
        public IbvCompChannel createCompChannel(IbvContext context) throws IOException {
            return new Channel(4, context, CompletionChannel.inThisWindow("DiSNI's completion channel"));
        }

        @Override
        public IbvCQ createCQ(IbvContext context, IbvCompChannel compChannel, int ncqe, int compVector)
                throws IOException {
            Channel channel = (Channel) compChannel;
            Cq created = new Cq(context, channel);
            channel.events.attach(created);
            cq = created;
            return created;
        }

        @Override
        public boolean getCqEvent(IbvCompChannel compChannel, IbvCQ cq, int timeout) throws IOException {
            try {
                return ((Channel) compChannel).events.await(timeout) != null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("getCqEvent interrupted", e);
            }
        }

        @Override
        public SVCPollCq pollCQ(IbvCQ cq, IbvWC[] wcList, int ne) {
            return new Poll(wcList, ne);
        }

        @Override
        public SVCReqNotify reqNotifyCQ(IbvCQ cq, boolean solicitedOnly) {
            return new Notify();
        }

        @Override
        public int ackCqEvents(IbvCQ cq, int nevents) {
            ((Cq) cq).channel.events.acknowledge((Cq) cq, nevents);
            for (int i = 0; i < nevents; i++) {
                CompletionQueue q;
                synchronized (unacknowledged) {
                    q = unacknowledged.poll();
                }
                if (q != null) {
                    q.acknowledgeEvents(1);
                }
            }
            return 0;
        }

        @Override
        public int destroyCompChannel(IbvCompChannel compChannel) {
            return ((Channel) compChannel).events.destroy();
        }

        @Override
        public int destroyCQ(IbvCQ cq) {
            ((Cq) cq).channel.events.detach((Cq) cq);
            // as the kernel does: an event still in the channel, never taken, goes with the CQ and needs no
            // ibv_ack_cq_events; the device's queue it stands for is acknowledged here (the events are taken in
            // the order they were queued, so the dropped ones are the last not acknowledged)
            int dropped = ((Cq) cq).channel.events.dropQueued((Cq) cq);
            for (int i = 0; i < dropped; i++) {
                CompletionQueue q;
                synchronized (unacknowledged) {
                    q = unacknowledged.pollLast();
                }
                if (q != null) {
                    q.acknowledgeEvents(1);
                }
            }
            return 0;
        }

        @Override
        public IbvPd allocPd(IbvContext context) throws IOException {
            if (link == null) {
                throw notModelled("allocPd");
            }
            return new Pd(context);
        }

        @Override
        public SVCRegMr regMr(IbvPd pd, ByteBuffer buffer, int access) {
            throw notModelled("regMr");
        }

        @Override
        public SVCRegMr regMr(IbvPd pd, long address, int length, int access) {
            throw notModelled("regMr");
        }

        @Override
        public int queryOdpSupport(IbvContext context) {
            return -1;
        }

        @Override
        public int expPrefetchMr(IbvMr ibvMr, long address, int length) {
            throw notModelled("expPrefetchMr");
        }

        @Override
        public SVCDeregMr deregMr(IbvMr mr) {
            throw notModelled("deregMr");
        }

        @Override
        public SVCPostSend postSend(IbvQP qp, List<IbvSendWR> wrList, List<IbvSendWR> badwrList) {
            throw notModelled("postSend");
        }

        @Override
        public SVCPostRecv postRecv(IbvQP qp, List<IbvRecvWR> wrList, List<IbvRecvWR> badwrList) {
            throw notModelled("postRecv");
        }

        @Override
        public int deallocPd(IbvPd pd) {
            throw notModelled("deallocPd");
        }
    }

    /**
     * The connection manager: the kit's {@link CmLink} when there is one (a client's calls, and its
     * events as DiSNI's {@code RdmaCmEvent}s for the one id the client created); otherwise only the
     * event channel {@code RdmaActiveEndpointGroup}'s constructor needs.
     */
    final class Cm extends RdmaCm {
        /** The client's id: each event is for it ({@code RdmaCmEvent.getConnIdPriv}), as DiSNI's group routes them. */
        private volatile CmId client;

        private CmLink link(String call) {
            if (link == null) {
                throw notModelled(call);
            }
            return link;
        }

        @Override
        public RdmaEventChannel createEventChannel() throws IOException {
            return new EventChannel(5);
        }

        @Override
        public int destroyEventChannel(RdmaEventChannel cmChannel) {
            return 0;
        }

        @Override
        public RdmaCmId createId(RdmaEventChannel cmChannel, short rdmaPs) throws IOException {
            link("rdma_create_id");
            CmId id = new CmId(cmChannel, context());
            client = id;
            return id;
        }

        @Override
        public IbvQP createQP(RdmaCmId id, IbvPd pd, IbvQPInitAttr attr) throws IOException {
            link("rdma_create_qp");
            return new IbvQP(QP_NUM);
        }

        @Override
        public void bindAddr(RdmaCmId id, SocketAddress addr) {
            throw notModelled("rdma_bind_addr");
        }

        @Override
        public void listen(RdmaCmId id, int backlog) {
            throw notModelled("rdma_listen");
        }

        @Override
        public void resolveAddr(RdmaCmId id, SocketAddress src, SocketAddress dst, int timeout) {
            link("rdma_resolve_addr").resolveAddress(address(dst), timeout);
        }

        @Override
        public void resolveRoute(RdmaCmId id, int timeout) {
            link("rdma_resolve_route").resolveRoute(timeout);
        }

        /** {@code rdma_get_cm_event}, blocking DiSNI's CM thread; the timeout runs on the connection manager's time. */
        @Override
        public RdmaCmEvent getCmEvent(RdmaEventChannel cmChannel, int timeout) throws IOException {
            CmEvent e;
            try {
                e = link("rdma_get_cm_event").events().take(timeout);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IOException("rdma_get_cm_event interrupted", interrupted);
            }
            return e == null ? null : new Event(e, client);
        }

        @Override
        public void connect(RdmaCmId id, RdmaConnParam connParam) {
            link("rdma_connect").connect();
        }

        @Override
        public void accept(RdmaCmId id, RdmaConnParam connParam) {
            throw notModelled("rdma_accept");
        }

        @Override
        public int ackCmEvent(RdmaCmEvent cmEvent) {
            link("rdma_ack_cm_event").events().ack(((Event) cmEvent).kit);
            return 0;
        }

        @Override
        public int disconnect(RdmaCmId id) {
            link("rdma_disconnect").disconnect();
            return 0;
        }

        @Override
        public int destroyCmId(RdmaCmId id) {
            link("rdma_destroy_id");
            return 0;
        }

        @Override
        public int destroyQP(RdmaCmId id) {
            link("rdma_destroy_qp");
            return 0;
        }

        @Override
        public SocketAddress getSrcAddr(RdmaCmId id) {
            link("rdma_get_local_addr");
            return new InetSocketAddress("192.0.2.2", 0);
        }

        @Override
        public SocketAddress getDstAddr(RdmaCmId id) {
            link("rdma_get_peer_addr");
            return new InetSocketAddress("192.0.2.1", 0);
        }

        @Override
        public int destroyEp(RdmaCmId id) {
            throw notModelled("rdma_destroy_ep");
        }
    }

    /** {@code host:port} of an address, as the kit's connection manager records it. */
    private static String address(SocketAddress a) {
        return a instanceof InetSocketAddress i ? i.getHostString() + ":" + i.getPort() : String.valueOf(a);
    }

    /** A CM event as DiSNI reads it ({@code RdmaCmEvent.EventType} by rdma_cm's name), with the kit's event to ack. */
    static final class Event extends RdmaCmEvent {
        final CmEvent kit;

        Event(CmEvent kit, RdmaCmId client) throws IOException {
            super(RdmaCmEvent.EventType.valueOf(kit.rdmaName()).ordinal(), null, client);
            this.kit = kit;
        }
    }

    static final class Pd extends IbvPd {
        Pd(IbvContext context) throws IOException {
            super(context);
        }
    }

    /** An endpoint's CM id on the device context, as DiSNI's endpoint constructor reads it; never connected. */
    public RdmaCmId cmId(IbvContext context) throws IOException {
        return new CmId(new EventChannel(5), context);
    }

    static final class CmId extends RdmaCmId {
        CmId(RdmaEventChannel channel, IbvContext context) throws IOException {
            super(channel, context);
        }
    }

    static final class EventChannel extends RdmaEventChannel {
        EventChannel(int fd) throws IOException {
            super(fd);
        }
    }
}
