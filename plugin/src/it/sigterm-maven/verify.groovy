// SIGTERM to Maven's process (Ctrl-C, a cancelled CI job) must leave no fork alive 5 s later.
def marker = new File(basedir, 'target/fork.pid')
def log = new File(basedir, 'nested-build.log')
marker.delete()
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn')
assert mvn.canExecute() : "no mvn script in maven.home ${System.getProperty('maven.home')}"
// the IT builds' own settings and local repository (the settings' mirror is the build's local repository)
def settings = new File(basedir.parentFile, 'interpolated-settings.xml')
assert settings.isFile() : "no ${settings}"
// the services file into target/classes, then the run goal alone: no compiling, testing or packaging to wait for
def version = new groovy.xml.XmlSlurper().parse(new File(basedir, 'pom.xml')).parent.version.text()
def command = [mvn.path, '-B', '-s', settings.path, "-Dmaven.repo.local=${localRepositoryPath}", 'process-resources',
               "io.github.fabrictck:fabric-tck-maven-plugin:${version}:run"].collect { it.toString() }
def builder = new ProcessBuilder(command).directory(basedir).redirectErrorStream(true).redirectOutput(log)
// this build's own MAVEN_ARGS (another local repository, say) must not reach the nested Maven
builder.environment().remove('MAVEN_ARGS')
def maven = builder.start()
def tail = { log.isFile() ? log.readLines().takeRight(30).join('\n') : '(no log)' }
try {
    // the hanging driver writes the fork's pid once its window runs
    long deadline = System.nanoTime() + 120_000_000_000L
    while (!marker.isFile() && maven.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(100)
    }
    assert marker.isFile() : "the fork never ran the hanging driver; the nested build's log ends:\n${tail()}"
    long forkPid = marker.text.trim() as long
    def fork = ProcessHandle.of(forkPid).orElse(null)
    assert fork != null && fork.isAlive() : "the fork ${forkPid} is not running"
    assert fork.info().commandLine().map { it.contains('io.github.fabrictck.launcher.Main') }.orElse(true) :
            "process ${forkPid} is not the kit's launcher: ${fork.info().commandLine()}"
    assert maven.pid() != forkPid

    // SIGTERM, as Ctrl-C or a cancelled CI job sends it (the mvn script execs Maven's JVM: same pid)
    maven.destroy()
    long sent = System.nanoTime()
    while (fork.isAlive() && System.nanoTime() - sent < 5_000_000_000L) {
        Thread.sleep(50)
    }
    long millis = (System.nanoTime() - sent) / 1_000_000
    assert !fork.isAlive() : "the fork ${forkPid} is still alive ${millis} ms after SIGTERM to Maven; the nested build's log ends:\n${tail()}"
    println "sigterm-maven: the fork ${forkPid} ended ${millis} ms after SIGTERM to Maven (pid ${maven.pid()})"
    assert maven.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) : 'Maven itself did not end after SIGTERM'
} finally {
    // whatever failed above, nothing of this test outlives it
    maven.descendants().forEach { it.destroyForcibly() }
    maven.destroyForcibly()
    if (marker.isFile()) {
        ProcessHandle.of(marker.text.trim() as long)
                .filter { it.info().commandLine().map { c -> c.contains('io.github.fabrictck.launcher.Main') }.orElse(false) }
                .ifPresent { it.destroyForcibly() }
    }
}
return true
