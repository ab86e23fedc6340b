import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))

assert log.contains('BUILD FAILURE')
assert log.contains('CQ-1')
assert log.contains('broken-cq-1')
assert log.contains('-Dfabric-tck.windows=CQ-1') : 'the failure does not give the reproduce command'
def cq1a = result.windows.find { it.id == 'CQ-1' && it.variant == 'a' }
assert cq1a != null : "no CQ-1/a in ${result.windows.collect { it.id + '/' + it.variant }}"
assert cq1a.outcome == 'FAIL' : "CQ-1/a is ${cq1a.outcome}: ${cq1a.reason}"

return true
