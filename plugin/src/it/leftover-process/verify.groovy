import groovy.json.JsonSlurper
import java.time.Duration

def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'target/fabric-tck')

// a correct run with a leftover process is judged as usual
assert log.contains('BUILD SUCCESS')
def certificate = new JsonSlurper().parse(new File(out, 'fabric-tck-certificate.json'))
assert certificate.certified == true : certificate.notCertifiedBecause

// the process is named, and ended
def named = (log =~ /the driver left process (\d+) `[^`]*sleep 150` running: ended/)
assert named.find() : 'the log does not name the `sleep 150` the driver left'
long pid = Long.parseLong(named.group(1))
// and recorded in the certificate, which is still a certification (#27: "the certificate records it")
assert certificate.fork.leftoverProcesses.any { it.contains('sleep 150') && it.contains(': ended') } : certificate.fork

// no process the driver started is alive 5 s after the build ended: neither the one named nor any other `sleep 150`
// that runs in this project's directory, the fork's (on Linux; other builds on the machine may run their own)
def here = basedir.toPath().toRealPath()
def ours = { ProcessHandle p ->
    if (p.pid() == pid) {
        return true
    }
    if (!p.info().commandLine().map { it.endsWith('sleep 150') }.orElse(false)) {
        return false
    }
    try {
        return java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/${p.pid()}/cwd".toString())) == here
    } catch (Exception notLinux) {
        return false
    }
}
def alive = {
    ProcessHandle.allProcesses().filter { ours(it) }.map { p -> "${p.pid()} ${p.info().commandLine().orElse('?')}".toString() }
            .toList()
}
def deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos()
while (!alive().isEmpty() && System.nanoTime() < deadline) {
    Thread.sleep(100)
}
assert alive().isEmpty() : "still alive after the build: ${alive()}"

return true
