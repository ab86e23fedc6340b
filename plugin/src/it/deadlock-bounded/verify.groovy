import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def total = (log =~ /Total time:\s*(.+)/)
println "deadlock-bounded: the IT build took ${total ? total[0][1].trim() : '(no Total time line in build.log)'}"

assert log.contains('BUILD FAILURE')
assert log.contains('deadlock')
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))
assert !result.windows.isEmpty()
// the fixture implements the completion-queue family only; the other families are not applicable, and so are CQ-5
// (the fixture has no completion callback) and CQ-6 (it never shares a completion queue between queue pairs): design
// properties, judged before the driver runs
def noCallback = { w -> w.outcome == 'NOT_APPLICABLE' && (w.reason?.startsWith('the driver has no completion callback')
        || w.reason?.startsWith('the driver never shares one completion queue')) }
result.windows.findAll { !noCallback(it) }.each { w ->
    def expected = w.family == 'completion-queue' ? ['ERROR', 'FAIL'] : ['NOT_APPLICABLE']
    assert w.outcome in expected : "${w.id}/${w.variant} is ${w.outcome} with a deadlocked driver: ${w.reason}"
}
assert result.windows.any { it.threadDump } : 'no window has a threadDump'

return true
