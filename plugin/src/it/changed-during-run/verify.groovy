def log = new File(basedir, 'build.log').text
def cert = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-certificate.json'))

assert log.contains('BUILD FAILURE')
assert !cert.certified : 'a driver that rewrote its artifacts during the run was certified'
def reasons = cert.notCertifiedBecause.join('\n')
assert reasons =~ /the driver artifact target\/changed-during-run-.*\.jar changed while the fork ran/ : reasons
assert reasons.contains('the driver artifact target/classes changed while the fork ran') : reasons
assert reasons.contains("the build's configuration file .mvn/maven.config changed while the fork ran") : reasons
// the certificate binds the bytes as they were before the fork, and says what ran
assert cert.fork.agents.size() == 1 && cert.fork.agents[0].startsWith('fabric-tck') : cert.fork
assert cert.fork.mavenConfig['.mvn/maven.config'] != null : cert.fork
return true
