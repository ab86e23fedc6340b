package io.github.fabrictck.adapters.disni.patched;

import com.ibm.disni.verbs.IbvWC;
import java.nio.ByteBuffer;

/**
 * PATCH, NOT DiSNI: DiSNI 2.1's {@code NatPollCqCall.update(IbvWC, ByteBuffer)}
 * ({@code NatPollCqCall.java:79-98}) copied with the one fix the kit's CQ-6 asks for, and nothing
 * else changed. DiSNI decodes every field after {@code opcode} only
 * {@code if (wc.getStatus() == IBV_WC_SUCCESS)} (line 84), so an error completion leaves the
 * reused {@code IbvWC}'s {@code qp_num} (and {@code vendor_err}) of the completion decoded into it
 * before, and {@code RdmaCqProcessor.dispatchCqEvent} routes a flush error to another endpoint.
 * ibv_poll_cq(3): {@code wr_id}, {@code status}, {@code qp_num} and {@code vendor_err} are valid for
 * every completion; the patch reads them always and the rest for a success only. It shows that
 * DiSNI's FAIL of CQ-6 on this adapter is DiSNI's bug: the same adapter and device PASS with it.
 */
public final class PatchedPollCqDecode {

    private PatchedPollCqDecode() {
    }

    /** DiSNI's {@code update}, patched: {@code vendor_err} and {@code qp_num} are decoded for an error completion too. */
    public static void update(IbvWC wc, ByteBuffer buffer) {
        int initialPos = buffer.position();
        wc.setWr_id(buffer.getLong());
        wc.setStatus(buffer.getInt());
        wc.setOpcode(buffer.getInt());
        // PATCH (CQ-6): vendor_err and qp_num are valid for every completion, error or not
        wc.setVendor_err(buffer.getInt());
        int byteLen = buffer.getInt();
        int immData = buffer.getInt();
        wc.setQp_num(buffer.getInt());
        if (wc.getStatus() == IbvWC.IbvWcStatus.IBV_WC_SUCCESS.ordinal()) {
            wc.setByte_len(byteLen);
            wc.setImm_data(immData);
            wc.setSrc_qp(buffer.getInt());
            wc.setWc_flags(buffer.getInt());
            wc.setPkey_index(buffer.getShort());
            wc.setSlid(buffer.getShort());
            wc.setSl(buffer.get());
            wc.setDlid_path_bits(buffer.get());
        }
        buffer.position(initialPos + IbvWC.CSIZE);
    }
}
