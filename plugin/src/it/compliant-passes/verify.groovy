import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper

def log = new File(basedir, 'build.log').text
def out = new File(basedir, 'target/fabric-tck')
def result = new JsonSlurper().parse(new File(out, 'fabric-tck-result.json'))

assert result.schema == 'fabric-tck-result/1'
assert result.complete == true
assert result.driver.name == 'sample'
// the whole catalog: every family the sample driver implements (CQ-1/a..CQ-4/teardown, HS-...)
assert result.windows.size() >= 8 : "expected the whole catalog, got ${result.windows.collect { it.id + '/' + it.variant }}"
assert result.windows.any { it.family == 'completion-queue' } && result.windows.any { it.family == 'peer-handshake' }
result.windows.each { w ->
    assert w.outcome == 'PASS' : "${w.id}/${w.variant} is ${w.outcome}: ${w.reason}"
    assert w.evidence.windowOpened == true : "${w.id}/${w.variant} passed without evidence that it opened"
}

def reports = out.listFiles().findAll { it.name.startsWith('TEST-') && it.name.endsWith('.xml') }
assert reports.size() == 1 : "expected one TEST-*.xml in ${out}, found ${reports*.name}"
def suite = new XmlSlurper().parse(reports[0])
assert suite.testcase.size() == result.windows.size()
assert suite.@tests.text() == "${result.windows.size()}"
assert suite.@failures.text() == '0'
assert suite.@errors.text() == '0'

assert new File(out, 'summary.md').isFile()

// the whole catalog of every declared family under the defaults: a certification, bound to the
// dependency jar that holds the drivers' classes
def certificate = new JsonSlurper().parse(new File(out, 'fabric-tck-certificate.json'))
assert certificate.certified == true : certificate.notCertifiedBecause
assert certificate.driver.families == ['completion-queue', 'peer-handshake', 'connection-setup', 'event-loop']
assert certificate.artifacts.any { it.role == 'dependency' && it.id.startsWith('io.github.fabrictck.it:it-drivers:') }
assert log.contains('Fabric TCK: sample ') && log.contains(' certified: ')
assert log.contains('BUILD SUCCESS')

return true
