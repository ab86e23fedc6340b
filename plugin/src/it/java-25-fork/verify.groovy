import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))

assert log.contains('BUILD SUCCESS')
assert result.jvm.version.startsWith('25') : "the fork ran on ${result.jvm.version}, not on Java 25"
assert result.windows.every { it.outcome == 'PASS' } : "${result.windows.collect { "${it.id}/${it.variant} ${it.outcome}" }}"

return true
