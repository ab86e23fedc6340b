// 0.0.23.Final: both variants of EL-1 FAIL in each of the 20 repeats; first-wait at Netty's cleanup wait (PR #227's
// interleaving); the certificate binds the 0.0.23 jar
import groovy.json.JsonSlurper

def out = new File(basedir, 'target/fabric-tck')
def result = new JsonSlurper().parse(new File(out, 'fabric-tck-result.json'))
['first-wait', 'after-wakeup'].each { variant ->
    def w = result.windows.find { it.id == 'EL-1' && it.variant == variant }
    assert w != null : "no EL-1/${variant} verdict"
    assert w.outcome == 'FAIL' : "EL-1/${variant} is ${w.outcome}: ${w.reason}"
    assert w.repeat.runs == 20 && w.repeat.fail == 20 : "EL-1/${variant} FAILed in ${w.repeat.fail} of ${w.repeat.runs} (${w.repeat.error} ERROR)"
    assert w.reason.contains('io.netty.incubator.channel.uring.IOUringCompletionQueue.ioUringWaitCqe') : w.reason
}
def first = result.windows.find { it.id == 'EL-1' && it.variant == 'first-wait' }
assert first.reason.contains('IOUringEventLoop.cleanup(IOUringEventLoop.java:338)') : first.reason
def certificate = new File(out, 'fabric-tck-certificate.json').text
assert certificate.contains('netty-incubator-transport-classes-io_uring-0.0.23.Final.jar')
assert certificate.contains('2261ae1896188818f5f897b9973128bf1ffbd473f27043fde2297c236dca6ef0')
return true
