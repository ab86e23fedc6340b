def log = new File(basedir, 'build.log').text
def stolen = new File(basedir, 'driver/stolen-keys.txt')

assert !stolen.exists() : "the dependency's adapter read the fork's standard input: '${stolen.text}'"
assert log.contains('declares the adapter com.forge.ForgeAdapter outside the module under test') : 'the ignored adapter service is not named'
assert log.contains('forge-lib') : 'the jar that declared it is not named'
assert log.contains('BUILD SUCCESS')
assert log.contains('fabric-tck: CQ-2 PASS') : 'the correct driver did not run its window to a PASS'
return true
