import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))

assert log.contains('BUILD FAILURE')
assert log.contains('called System.exit(3)')
assert !result.windows.isEmpty()
// the fixture implements the completion-queue family only; the other families are not applicable, and so are CQ-5
// (the fixture has no completion callback) and CQ-6 (it never shares a completion queue between queue pairs): design
// properties, judged before the driver runs
def noCallback = { w -> w.outcome == 'NOT_APPLICABLE' && (w.reason?.startsWith('the driver has no completion callback')
        || w.reason?.startsWith('the driver never shares one completion queue')) }
def cq = result.windows.findAll { it.family == 'completion-queue' && !noCallback(it) }
assert !cq.isEmpty() && cq.every { it.outcome == 'ERROR' } :
        "every completion-queue window must be ERROR: ${result.windows.collect { "${it.id}/${it.variant} ${it.outcome}" }}"
assert (result.windows - cq).every { it.outcome == 'NOT_APPLICABLE' }
// most completion-queue windows reach the driver's code (where System.exit is caught), whatever the catalog holds
assert result.windows.count { noCallback(it) } < cq.size()
def exits = result.windows.findAll { it.reason?.contains('called System.exit(3)') }
assert !exits.isEmpty() : "no window's reason names System.exit(3): ${result.windows*.reason}"

return true
