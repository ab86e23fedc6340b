package io.github.fabrictck.adapters.disni;

import io.github.fabrictck.adapter.Adapter;
import java.util.List;

/**
 * DiSNI 2.1 as it ships: its Java code (the {@code com.ibm.disni} packages) is rewritten so that
 * its calls into its provider ({@code RdmaVerbs}, {@code RdmaCm} and the stateful verb calls'
 * {@code execute}) are points; its one native call beside the provider, {@code NativeAffinity.setAffinity}
 * at the top of {@code RdmaCqProcessor.run}, is stubbed. {@link io.github.fabrictck.adapters.disni.verbs.SimulatedVerbs}
 * is the provider, the environment: it is not rewritten.
 */
public final class DisniAdapter implements Adapter {

    @Override
    public String library() {
        return "com.ibm.disni:disni:2.1";
    }

    @Override
    public List<String> packages() {
        return List.of("com.ibm.disni.");
    }

    @Override
    public List<String> boundaryTypes() {
        return List.of("com.ibm.disni.verbs.RdmaVerbs", "com.ibm.disni.verbs.RdmaCm",
                "com.ibm.disni.verbs.StatefulVerbCall");
    }

    @Override
    public List<String> stubs() {
        return List.of("com.ibm.disni.util.NativeAffinity.setAffinity");
    }

    @Override
    public List<String> replacedPackages() {
        // RdmaProviderNat, NativeDispatcher and the Nat* verb calls: the JNI provider SimulatedVerbs replaces
        // (it calls one method of it, NatPollCqCall.update, DiSNI's decoder of struct ibv_wc, unchanged)
        return List.of("com.ibm.disni.verbs.impl.");
    }

    @Override
    public List<String> rearmReceivers() {
        // reqNotify.execute() in RdmaCqProcessor.run is ibv_req_notify_cq on DiSNI's one CQ
        return List.of("com.ibm.disni.verbs.SVCReqNotify");
    }

    @Override
    public List<String> environmentPackages() {
        return List.of("io.github.fabrictck.adapters.disni.verbs.");
    }
}
