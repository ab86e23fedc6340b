import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def builds = log.split(/(?m)^\[INFO\] Scanning for projects\.\.\.$/).findAll { it.contains('BUILD') }
assert builds.size() == 2 : "expected 2 builds, found ${builds.size()}"
def (refused, attachable) = builds

// 1: -XX:+DisableAttachMechanism: the driver could not attach, and the run is judged as usual (one window: passed, not a
// certification only because the selection leaves the rest out; no word of an attach)
def first = new File(basedir, 'attach-outcome-1.txt').text
assert first.startsWith('refused: ') : first
assert refused.contains('BUILD SUCCESS')
assert refused.contains('passed 1 of the selected windows')
assert !refused.contains('accepts the attach mechanism') && !refused.contains("attached to Maven's JVM")

// 2: a Maven JVM that accepts the mechanism: warned before the fork, the attach is seen, no certification, and
// verify fails on it (the result alone would pass)
def second = new File(basedir, 'attach-outcome.txt').text
assert second.startsWith('attached to ') : second
assert attachable.contains("Maven's JVM accepts the attach mechanism")
assert attachable.contains("a process attached to Maven's JVM while the fork ran") : 'the attach is not named'
def certificate = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-certificate.json'))
assert !certificate.certified
assert certificate.fork.mavenAttachable == true
assert certificate.notCertifiedBecause.any { it.startsWith("a process attached to Maven's JVM while the fork ran") }
assert certificate.fork.runProblems.size() == 1
assert attachable.contains('BUILD FAILURE')
assert attachable.contains("The Fabric TCK run is no certification: a process attached to Maven's JVM while the fork ran")
return true
