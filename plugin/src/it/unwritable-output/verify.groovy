def log = new File(basedir, 'build.log').text

assert log.contains('BUILD FAILURE')
['cannot be written'].each { assert log.contains(it) : "build.log does not contain: ${it}" }
// refused before any fork: the file is still a file
assert new File(basedir, 'target-file').isFile()
assert !log.contains('running the catalog in a forked JVM') : 'the run forked although its output directory cannot be written'

return true
