def log = new File(basedir, 'build.log').text

assert log.contains('BUILD FAILURE')
['Runtime.halt(7)'].each { assert log.contains(it) : "build.log does not contain: ${it}" }

return true
