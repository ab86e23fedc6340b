import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))

assert log.contains('BUILD SUCCESS')
// driver code cannot name the kit's internals, in whichever kit package they are
['io.github.fabrictck.launcher.RunRecord', 'io.github.fabrictck.launcher.ParentLink', 'io.github.fabrictck.report.ReportFiles',
 'io.github.fabrictck.engine.Agent', 'io.github.fabrictck.maven.ForkChannel'].each {
    assert log.contains("it-reach: ${it} is not reachable by name: ${it} belongs to the Fabric TCK and is not visible to the driver's code") :
            "the log does not show that ${it} was refused"
}
assert !log.contains('reachable by name from driver code')
// and the run ends as an honest one: complete, every variant of CQ-1 passed with evidence
assert result.complete == true
assert result.driver.name == 'it-reach'
assert result.windows.size() >= 2
result.windows.each { w ->
    assert w.id == 'CQ-1'
    assert w.outcome == 'PASS' : "${w.id}/${w.variant} is ${w.outcome}: ${w.reason}"
    assert w.evidence.windowOpened == true
}

return true
