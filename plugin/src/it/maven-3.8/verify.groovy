import groovy.json.JsonSlurper

// The plugin runs on the Maven 3.8 of this machine: the build certifies the sample driver as on 3.9
// (compliant-passes checks the reports in detail).
def log = new File(basedir, 'build.log').text
assert log.contains('Apache Maven 3.8.') : 'build.log does not show Apache Maven 3.8 (invoker passes --show-version)'
assert log.contains('BUILD SUCCESS')
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))
assert result.complete == true
assert result.driver.name == 'sample'
assert !result.windows.isEmpty()
result.windows.each { w -> assert w.outcome == 'PASS' && w.evidence.windowOpened : "${w.id}/${w.variant} is ${w.outcome}" }
return true
