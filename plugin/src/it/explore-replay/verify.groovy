import groovy.json.JsonSlurper

// build 3 replayed in place, so target/fabric-tck holds its result; build 1's exploration is read from the log
def log = new File(basedir, 'build.log').text
def inPlace = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))
def replayed = new JsonSlurper().parse(new File(basedir, 'target/replay/fabric-tck-result.json'))
def schedule = new File(basedir, 'target/fabric-tck/schedule-CQ-X-explore.txt')

def explored = log.readLines().find { it.contains('fabric-tck: CQ-X/explore FAIL') && it.contains('shrunk from') }
assert explored != null : 'CQ-X/explore on broken-cq-4 did not FAIL with a shrunk schedule'
assert explored.contains('after the queue pair was destroyed') : explored

// the shrink's replays ran in the exploring JVM; the file names the threads as a new JVM sees them
assert replayed.windows.collect { it.id + '/' + it.variant } == ['CQ-X/explore'] : 'a replay with no window selected runs the file\'s'
def again = replayed.windows[0]
assert again.outcome == 'FAIL' : "replay: ${again.outcome}: ${again.reason}"
assert again.repeat.runs == 5 && again.repeat.fail == 5 : "replays: ${again.repeat}"
assert again.reason.contains('after the queue pair was destroyed') && again.reason.contains('of replay, seed ') : again.reason

// the README's command replays the file into the directory it was written in (the run's clearing of old reports
// deleted it before the fork read it: "names no file"); the file is then the replay's
assert !log.contains('names no file') : 'the replay in place lost its schedule file'
def there = inPlace.windows.find { it.id == 'CQ-X' && it.variant == 'explore' }
assert there?.outcome == 'FAIL' && there.reason.contains('of replay, seed ') : "in place: ${there?.outcome}: ${there?.reason}"
assert schedule.text.contains('window: CQ-X/explore') && schedule.text.contains('strategy: replay')

return true
