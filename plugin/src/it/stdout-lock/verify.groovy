import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def total = (log =~ /Total time:\s*(.+)/)
println "stdout-lock: the IT build took ${total ? total[0][1].trim() : '(no Total time line in build.log)'}"

assert log.contains('BUILD SUCCESS')
// the fork's end needed neither System.out's nor System.err's monitor: no time-out, no thread dump
assert !log.contains('Full thread dump')
assert !log.contains('longer than its time limit')
// the build took well under the fork's time limit (120 s); Maven says "Total time:  42.1 s" or "01:02 min"
assert total : 'no Total time line in build.log'
def took = total[0][1].trim()
def seconds = took.endsWith(' s') ? Double.parseDouble(took - ' s')
        : took.endsWith(' min') ? took.split(' ')[0].split(':').with { Integer.parseInt(it[0]) * 60 + Integer.parseInt(it[1]) }
        : Double.MAX_VALUE
assert seconds < 100 : "the build took ${took}: it waited for the fork's time limit"

// the verdicts are kept, and the run is complete
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))
assert result.complete == true
assert !result.windows.isEmpty()
result.windows.each { w -> assert w.outcome == 'PASS' : "${w.id}/${w.variant} is ${w.outcome}: ${w.reason}" }

return true
