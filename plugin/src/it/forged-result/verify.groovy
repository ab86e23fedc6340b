import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))

assert log.contains('BUILD FAILURE')
// the kit's report writers cannot be named from driver code; the forger took them from the system class loader
assert log.contains("it-forge: by name, io.github.fabrictck.report.ReportFiles belongs to the Fabric TCK and is not visible to the driver's code") :
        'the log does not show that ReportFiles was refused by name'
// the fork's exit 0 without the launcher's end is no complete run, whatever the driver wrote
assert log.contains("exit code 0 without the launcher's end") : 'the log does not say the run was cut short'
assert log.contains('fabric-tck-certificate.json was not written by Maven\'s process') : 'the forged certificate is not named'
assert !result.complete
assert result.tck.version != 'forged' : 'the forged result survived'
def a = result.windows.find { it.id == 'CQ-1' && it.variant == 'a' }
assert a != null && a.outcome == 'ERROR' : "CQ-1/a must be ERROR: ${result.windows}"

return true
