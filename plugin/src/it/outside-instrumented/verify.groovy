import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))
def w = result.windows.find { it.id == 'CQ-2' }
assert w != null && w.outcome in ['ERROR', 'FAIL'] : "CQ-2: ${w}"
def hint = 'com.acme.core.Lockstep is outside the instrumented packages, so the kit cannot see what it waits for: ' +
        'add its package with `-Dfabric-tck.instrumentPackages=io.github.fabrictck.it,com.acme.core`'
assert w.reason.contains(hint) : "no hint in: ${w.reason}"
assert log.contains(hint)
// the reproduce command compiles first, carries the changed settings and names the driver and the window
assert w.reproduce.startsWith('mvn ') && w.reproduce.contains(' package io.github.fabrictck:fabric-tck-maven-plugin:') : w.reproduce
assert w.reproduce.endsWith(':run -Dfabric-tck.instrumentPackages=io.github.fabrictck.it ' +
        '-Dfabric-tck.argLine=-Dfabric-tck.pointTimeout=2 -Dfabric-tck.driver=it-outside -Dfabric-tck.windows=CQ-2') : w.reproduce

return true
