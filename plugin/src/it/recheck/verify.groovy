import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'acme-adapter/target/fabric-tck')
def certificate = new JsonSlurper().parse(new File(out, 'fabric-tck-certificate.json'))

// the certificate binds the adapter module and the dependency that holds the driver's classes
assert certificate.artifacts.size() == 2 : certificate.artifacts
assert certificate.artifacts[0].role == 'module' && certificate.artifacts[0].id ==~ /io\.github\.fabrictck\.it:acme-adapter:[^:]+/
def core = certificate.artifacts[1]
assert core.role == 'dependency' && core.id.startsWith('io.github.fabrictck.it:acme-core:') && core.sha256 ==~ /[0-9a-f]{64}/
assert certificate.settings['fabric-tck.instrument.packages'] == 'io.github.fabrictck.sample'
assert certificate.windows.selected == ['HS-3']

// 2: reproduced, with its own result and certificate in recheck/
assert log.contains('Fabric TCK recheck: ') && log.contains('fabric-tck-certificate.json reproduced: sample ')
def again = new JsonSlurper().parse(new File(out, 'recheck/fabric-tck-certificate.json'))
assert again.verdicts == certificate.verdicts
assert again.settings == certificate.settings

// 4: the swapped jar is named, before any fork
def last = log.substring(log.lastIndexOf('Scanning for projects'))
assert last.contains('failed: its artifacts are not the ones it certifies:')
assert last.contains('The dependency ' + core.id + ' (acme-core-')
assert last.contains('.jar) changed since the Fabric TCK run (sha256 ' + core.sha256 + ' at run, ')
assert !last.contains('running the catalog in a forked JVM')

return true
