import java.util.jar.JarFile

def jars = new File(basedir, 'target').listFiles().findAll { it.name ==~ /it-drivers-.*\.jar/ }
assert jars.size() == 1 : "expected one it-drivers jar in target, found ${jars*.name}"
def jar = jars[0]
def names = new JarFile(jar).withCloseable { j -> j.entries().collect { it.name } }
assert !names.any { it.startsWith('META-INF/services/') } : "it-drivers must list no driver: ${names.findAll { it.startsWith('META-INF/services/') }}"
['io/github/fabrictck/sample/SampleDriver.class',
 'io/github/fabrictck/sample/BrokenCq1Driver.class',
 'io/github/fabrictck/sample/sample-driver.properties',
 'io/github/fabrictck/it/DeadlockDriver.class',
 'io/github/fabrictck/it/ExitDriver.class',
 'io/github/fabrictck/it/StaticInitDriver.class',
 'io/github/fabrictck/it/SpinDriver.class',
 'io/github/fabrictck/it/HaltDriver.class'].each { assert names.contains(it) : "${it} missing from ${jar}" }

return true
