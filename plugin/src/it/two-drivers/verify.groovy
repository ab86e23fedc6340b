def log = new File(basedir, 'build.log').text

assert log.contains('BUILD FAILURE')
['drivers found', '-Dfabric-tck.driver=NAME'].each { assert log.contains(it) : "build.log does not contain: ${it}" }

return true
