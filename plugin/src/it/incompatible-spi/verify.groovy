def log = new File(basedir, 'build.log').text

assert log.contains('BUILD FAILURE')
['built against fabric-tck-spi 0.0.1'].each { assert log.contains(it) : "build.log does not contain: ${it}" }
// refused before any fork
assert !log.contains('running the catalog in a forked JVM') : 'the run forked with a driver built against another SPI'

return true
