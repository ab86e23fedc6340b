import groovy.json.JsonSlurper

// the five builds' logs, in order (showVersion prints Maven's banner first in each)
def builds = new File(basedir, 'build.log').text.split(/(?m)^Apache Maven /).findAll { !it.isBlank() }
assert builds.size() == 5 : builds.size()
def buyer = new File(basedir, 'buyer')
def certificate = new JsonSlurper().parse(new File(buyer, 'vendor-certificate.json'))

// 1: the module is recorded with its version, so a third party can resolve it; both jars are bound
assert certificate.artifacts.size() == 2 : certificate.artifacts
def module = certificate.artifacts[0]
assert module.role == 'module' && module.id ==~ /io\.github\.fabrictck\.it:acme-adapter:[^:]+/ && module.kind == 'jar'
assert certificate.artifacts[1].id ==~ /io\.github\.fabrictck\.it:acme-core:[^:]+/
// HS-3 alone, for a quick run: its standing is 'passed 1 of the selected windows', not a certification
assert certificate.windows.selected == ['HS-3'] && certificate.verdicts.size() == 1

// 2: reproduced from the certificate alone, in a new directory of the buyer's, with the jars resolved by coordinates
def second = builds[1]
assert second.contains(' as a third party in ')
// JAVA_TOOL_OPTIONS reached Maven's JVM (which says so before its banner), not the fork (whose stderr lines the log
// prefixes with [WARNING])
def log = new File(basedir, 'build.log').text
assert log.contains('Picked up JAVA_TOOL_OPTIONS: -Dit.marker=set')
assert !log.contains('] Picked up JAVA_TOOL_OPTIONS')
def last = second.readLines().findAll { it.startsWith('[INFO] Fabric TCK recheck: ') }.last()
assert last.contains('fabric-tck-certificate.json reproduced: sample ') && last.endsWith('; ' + certificate.standing + '.') : last
def dirs = new File(buyer, 'fabric-tck-recheck').listFiles()
assert dirs.size() == 1 && dirs[0].name ==~ /[0-9a-f]{12}/
def again = new JsonSlurper().parse(new File(dirs[0], 'fabric-tck/fabric-tck-certificate.json'))
assert again.verdicts == certificate.verdicts
assert again.settings == certificate.settings
assert again.artifacts*.sha256 == certificate.artifacts*.sha256
assert again.artifacts*.path == ['artifacts/' + new File(module.path).name, 'artifacts/' + new File(certificate.artifacts[1].path).name]
assert new File(dirs[0], again.artifacts[0].path).isFile()

// 4: the module's jar in the repository is another: refused in one sentence naming it, before any fork
def fourth = builds[3]
assert fourth.contains('failed: its artifacts are not the ones it certifies:')
assert fourth.contains('The module ' + module.id + ' (' + new File(module.path).name + ') from ')
assert fourth.contains(', not the certified ' + module.sha256 + '.')
assert !fourth.contains('running the catalog in a forked JVM')

// 5: the certified jars, a forged verdict: the re-run refuses it, naming the verdict
def fifth = builds[4]
def forged = new JsonSlurper().parse(new File(buyer, 'forged-certificate.json')).verdicts[0]
assert fifth.contains('running the catalog in a forked JVM')
assert fifth.contains('failed: the re-run does not reproduce it:')
assert fifth.contains(' was ' + forged.outcome + ' and is ' + certificate.verdicts[0].outcome + ' in the re-run') : fifth

return true
