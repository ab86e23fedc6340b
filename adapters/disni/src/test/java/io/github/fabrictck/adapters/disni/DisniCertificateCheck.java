package io.github.fabrictck.adapters.disni;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.fabrictck.report.DriverArtifact;
import io.github.fabrictck.report.Json;
import io.github.fabrictck.report.Result;
import io.github.fabrictck.report.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Run by the module's build after the certification (a surefire execution in phase verify, named in
 * pom.xml; not a unit test): the certificate of unmodified DiSNI must say what its verdicts are of,
 * DiSNI's adapter as it declared itself and the DiSNI jar the agent's scan read, with that jar's
 * digest as it is on disk.
 */
class DisniCertificateCheck {

    @Test
    void theCertificateNamesTheAdapterItsDeclarationAndTheDisniJar() throws Exception {
        Path certificate = Path.of(System.getProperty("fabric-tck.certificate"));
        String version = System.getProperty("disni.version");
        List<Result.AdapterDeclaration> adapters = ResultJson.adaptersFromJson(
                (Map<?, ?>) Json.parse(Files.readString(certificate)));
        assertEquals(1, adapters.size(), certificate + ": " + adapters);
        Result.AdapterDeclaration a = adapters.get(0);
        DisniAdapter declared = new DisniAdapter();
        assertEquals(DisniAdapter.class.getName(), a.adapterClass());
        assertEquals("com.ibm.disni:disni:" + version, a.library());
        assertEquals(declared.library(), a.library());
        assertEquals(List.of("com.ibm.disni."), a.packages());
        assertEquals(declared.boundaryTypes(), a.boundaryTypes());
        assertEquals(List.of("com.ibm.disni.verbs.impl."), a.replacedPackages());
        assertEquals(declared.stubs(), a.stubs());
        assertEquals(1, a.sources().size(), a.sources().toString());
        Result.Source jar = a.sources().get(0);
        assertEquals("disni-" + version + ".jar", jar.fileName());
        assertEquals(DriverArtifact.fileSha256(Path.of(jar.path())), jar.sha256(), "the jar's digest as it is on disk");
    }
}
