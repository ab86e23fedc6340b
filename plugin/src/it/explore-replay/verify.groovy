import groovy.json.JsonSlurper

def explored = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))
def replayed = new JsonSlurper().parse(new File(basedir, 'target/replay/fabric-tck-result.json'))
def schedule = new File(basedir, 'target/fabric-tck/schedule-CQ-X-explore.txt')

def found = explored.windows.find { it.id == 'CQ-X' && it.variant == 'explore' }
assert found?.outcome == 'FAIL' : "CQ-X/explore on broken-cq-4: ${found?.outcome}: ${found?.reason}"
assert found.reason.contains('shrunk from') : found.reason
assert schedule.text.contains('window: CQ-X/explore')

// the shrink's replays ran in the exploring JVM; the file names the threads as a new JVM sees them
assert replayed.windows.collect { it.id + '/' + it.variant } == ['CQ-X/explore'] : 'a replay with no window selected runs the file\'s'
def again = replayed.windows[0]
assert again.outcome == 'FAIL' : "replay: ${again.outcome}: ${again.reason}"
assert again.repeat.runs == 5 && again.repeat.fail == 5 : "replays: ${again.repeat}"
assert found.reason.contains('after the queue pair was destroyed') : found.reason
assert again.reason.contains('after the queue pair was destroyed') && again.reason.contains('of replay, seed ') : again.reason

return true
