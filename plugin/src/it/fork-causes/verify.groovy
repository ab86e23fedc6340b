import groovy.json.JsonSlurper

// the five builds of invoker.properties, in order, each from its "Scanning for projects"
def builds = new File(basedir, 'build.log').text.split(/(?m)^\[INFO\] Scanning for projects\.\.\.$/).findAll { it.contains('BUILD') }
assert builds.size() == 5 : "expected 5 builds in build.log, found ${builds.size()}"
def (badArgLine, badJvm, noJvm, oom, oomKept) = builds
// no build blames a crash, an exit of the driver or the kit for what was not one
builds.each { build ->
    assert !build.contains('the JVM crashed') && !build.contains('the driver ended it') && !build.contains('the kit failed')
}

// 1: the JVM's own words, and what to check
assert badArgLine.contains("The Fabric TCK fork's JVM did not start (exit code 1): Unrecognized VM option 'FabricTckNoSuchOption'")
assert badArgLine.contains('check fabric-tck.argLine and fabric-tck.jvm.')

// 2: a jvm that is no JDK's java (it would exit at once, saying nothing): refused before any fork (#27)
assert badJvm.contains('fabric-tck.jvm=/bin/false') && badJvm.contains('is not the java of a JDK (no lib/modules beside its bin/)')
assert !badJvm.contains('running the catalog in a forked JVM')

// 3: no fork at all
assert noJvm.contains('fabric-tck.jvm=/no/such/jdk/bin/java is not an executable file')
assert !noJvm.contains('running the catalog in a forked JVM')

// 4: the OutOfMemoryError is named in the window where the driver's handler threw it, and the next window ran
def result = new JsonSlurper().parse(new File(basedir, 'target/fabric-tck/fabric-tck-result.json'))
assert result.complete == true : "the run did not end through the launcher's end: ${oom.readLines().findAll { it.contains('ERROR') }}"
assert result.windows.collect { "${it.id}/${it.variant}" } == ['CQ-1/a', 'CQ-1/b']
result.windows.each { w ->
    assert w.outcome == 'ERROR' : "${w.id}/${w.variant} is ${w.outcome}: ${w.reason}"
    assert w.reason.contains('threw java.lang.OutOfMemoryError') : "${w.id}/${w.variant}: ${w.reason}"
    assert !w.reason.contains('never reached') : "${w.id}/${w.variant}: ${w.reason}"
}

// 5: a heap the driver keeps full: whichever thread of the JVM the error hits, the build names it
def said = oomKept.readLines().findAll { it.startsWith('[ERROR]') || it.contains('fabric-tck: CQ') }
println "fork-causes, heap kept full:\n" + said.join('\n')
assert said.any { it.contains('java.lang.OutOfMemoryError') } : said.join('\n')

return true
