import groovy.json.JsonSlurper
import java.time.Duration
import java.time.Instant

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

// no process the driver started is alive 5 s after the build ended: neither the one named nor any other `sleep 150`
// started since (one started earlier than 150 s ago would have ended by itself)
def since = Instant.now().minus(Duration.ofSeconds(150))
def alive = {
    ProcessHandle.allProcesses().filter { p ->
        p.pid() == pid || p.info().commandLine().map { it.endsWith('sleep 150') }.orElse(false)
                && p.info().startInstant().map { it.isAfter(since) }.orElse(true)
    }.map { p -> "${p.pid()} ${p.info().commandLine().orElse('?')}".toString() }.toList()
}
def deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos()
while (!alive().isEmpty() && System.nanoTime() < deadline) {
    Thread.sleep(100)
}
assert alive().isEmpty() : "still alive after the build: ${alive()}"

return true
