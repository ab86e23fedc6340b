// 0.0.23.Final: EL-1 FAILs in each of the 20 repeats, at Netty's cleanup wait; the certificate binds the 0.0.23 jar
import groovy.json.JsonSlurper

def out = new File(basedir, 'target/fabric-tck')
def result = new JsonSlurper().parse(new File(out, 'fabric-tck-result.json'))
def el1 = result.windows.find { it.id == 'EL-1' }
assert el1 != null : 'no EL-1 verdict'
assert el1.outcome == 'FAIL' : "EL-1 is ${el1.outcome}: ${el1.reason}"
assert el1.repeat.runs == 20 : "EL-1 ran ${el1.repeat.runs} times"
assert el1.repeat.fail == 20 : "EL-1 FAILed in ${el1.repeat.fail} of 20 (${el1.repeat.error} ERROR)"
assert el1.reason.contains('io.netty.incubator.channel.uring.IOUringCompletionQueue.ioUringWaitCqe') : el1.reason
assert el1.reason.contains('IOUringEventLoop.cleanup(IOUringEventLoop.java:338)') : el1.reason
def certificate = new File(out, 'fabric-tck-certificate.json').text
assert certificate.contains('netty-incubator-transport-classes-io_uring-0.0.23.Final.jar')
assert certificate.contains('2261ae1896188818f5f897b9973128bf1ffbd473f27043fde2297c236dca6ef0')
return true
