import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'thin/target/fabric-tck')
def certificate = new JsonSlurper().parse(new File(out, 'fabric-tck-certificate.json'))

// 1: the certificate binds the module's jar and acme-logic's, which instrumentPackages does not name; not the kit's SPI
assert certificate.settings['fabric-tck.instrument.packages'] == null || certificate.settings['fabric-tck.instrument.packages'] == ''
assert certificate.artifacts.size() == 2 : certificate.artifacts
assert certificate.artifacts[0].role == 'module' && certificate.artifacts[0].id ==~ /io\.github\.fabrictck\.it:thin:[^:]+/
def logic = certificate.artifacts[1]
assert logic.role == 'dependency' && logic.id ==~ /io\.github\.fabrictck\.it:acme-logic:[^:]+/ && logic.sha256 ==~ /[0-9a-f]{64}/
assert logic.path.endsWith('.jar')
def version = logic.id.split(':')[2]
def file = 'acme-logic-' + version + '.jar'

// 3: verify fails naming the dependency by groupId:artifactId:version and file
def builds = log.split('Scanning for projects')
def third = builds[3]
assert third.contains('The dependency ' + logic.id + ' (' + file + ') changed since the Fabric TCK run (sha256 '
        + logic.sha256 + ' at run, ') : third
assert third.contains('BUILD FAILURE')

// 4: recheck names it too, before any fork
def fourth = builds[4]
assert fourth.contains('failed: its artifacts are not the ones it certifies:')
assert fourth.contains('The dependency ' + logic.id + ' (' + file + ') changed since the Fabric TCK run')
assert !fourth.contains('running the catalog in a forked JVM')

return true
