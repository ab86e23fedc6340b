def log = new File(basedir, 'build.log').text

assert log.contains('BUILD SUCCESS')
assert log.contains('Fabric TCK: skipped (pom packaging: no driver classes here).') : 'the parent is not skipped with its line'
assert log.contains('Fabric TCK: skipped (skipITs).') : 'the module does not honour -DskipITs'
assert !log.contains('No Fabric TCK driver found')
assert !new File(basedir, 'module/target/fabric-tck/fabric-tck-result.json').exists() : 'a skipped run wrote a result'

return true
