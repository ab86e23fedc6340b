import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))

assert log.contains('BUILD FAILURE')
assert log.contains("The Fabric TCK fork ended with exit code 137 without the launcher's end") : 'the kill is not said'
assert !result.complete
assert result.windows.size() >= 2 : "the verdict reached before the kill is lost: ${result.windows}"
def first = result.windows[0]
assert first.reason.contains('the first window\'s verdict, reached before the kill') : "first: ${first}"
def last = result.windows[-1]
assert last.outcome == 'ERROR' && last.reason.contains('exit code 137') : "the window in progress: ${last}"
assert result.running == "${last.id}/${last.variant}"

return true
