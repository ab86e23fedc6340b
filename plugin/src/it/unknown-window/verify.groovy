def log = new File(basedir, 'build.log').text

assert log.contains('BUILD FAILURE')
['Unknown window id CQ-0'].each { assert log.contains(it) : "build.log does not contain: ${it}" }

return true
