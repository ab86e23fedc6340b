def log = new File(basedir, 'build.log').text

assert log.contains('BUILD FAILURE')
assert log.contains('wrapper/java is a script, not a java executable') : 'the wrapper script is not refused by name'
assert !new File(basedir, 'wrapper/wrapper-ran').exists() : 'the wrapper ran'
return true
