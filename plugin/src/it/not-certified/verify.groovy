import groovy.json.JsonSlurper

// The invocations append to one build log; the last one's result and certificate are in target/.
def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'target/fabric-tck')

// 1 and 2: the sample driver passes HS-3, and says it is not a certification
// (the dash is left out of the log's checks: the log's encoding is the platform's)
assert log.contains('Fabric TCK: sample ') && log.contains(' passed 1 of the selected windows ')
assert log.contains(' not a certification (the selection leaves out CQ-1, CQ-2, CQ-3, CQ-4, CQ-5, CQ-6, CQ-7, CQ-8, CQ-9 of the declared family '
        + 'completion-queue')
assert log.contains('fabric-tck.helloRounds=1000 does not certify (25 or fewer certify')
assert log.contains('(excluded: CQ, CS, HS-1, HS-2, HS-4)')

// 3: a driver declaring no family
assert log.contains('Fabric TCK: it-no-family it passed 0 of the selected windows ')
assert log.contains(' not a certification (the driver declares no family')
def certificate = new JsonSlurper().parse(new File(out, 'fabric-tck-certificate.json'))
assert certificate.schema == 'fabric-tck-certificate/2'
assert certificate.certified == false
assert certificate.driver.name == 'it-no-family'
assert certificate.driver.families == []
assert certificate.notCertifiedBecause.contains('the driver declares no family')
assert new File(out, 'summary.md').readLines()[0] == '## Fabric TCK: it-no-family it: passed 0 of the selected windows — not a certification'
assert new File(out, 'report.html').text.contains('<h1>Fabric TCK report: passed 0 of the selected windows — not a certification</h1>')
// the dependency jar that holds the instrumented classes is bound, by its sha256
assert certificate.artifacts.any { it.role == 'dependency' && it.id.startsWith('io.github.fabrictck.it:it-drivers:') && it.sha256 ==~ /[0-9a-f]{64}/ }

// 4: out of range, before any fork
assert log.contains('fabric-tck.forkTimeout=-1 is outside its range: a whole number of seconds from 1 to 86400 (default 600).')
assert log.contains('fabric-tck.peers=abc is outside its range: a whole number of peers from 2 to 128 (default 8).')
// a setting the fork reads, given to Maven, reaches the fork's argLine and its range check (#29)
assert log.contains('fabric-tck.setupBound=0 is outside its range: a whole number of virtual seconds from 1 to 600 (default 10).')
// 3: -Dfabric-tck.peers=16 given to Maven reached the fork, which recorded it (#29)
assert certificate.settings['fabric-tck.peers'] == '16' : certificate.settings
def builds = log.split('Scanning for projects')
def fourth = builds[builds.length - 2]
assert fourth.contains('fabric-tck.forkTimeout=-1 is outside its range')
assert !fourth.contains('running the catalog in a forked JVM')
// 5: the misspelled property, in one sentence with the nearest name, before any fork
def fifth = builds[builds.length - 1]
assert fifth.contains('fabric-tck.windowz is not a Fabric TCK setting: did you mean fabric-tck.windows?')
assert !fifth.contains('running the catalog in a forked JVM')
assert !log.contains(' certified: ')

return true
