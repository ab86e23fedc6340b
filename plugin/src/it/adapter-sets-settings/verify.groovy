def log = new File(basedir, 'build.log').text
def cert = new File(basedir, 'target/fabric-tck/fabric-tck-certificate.json').text

// the adapter was created (the certificate names it) and its constructor changed nothing the windows use: with the
// bound it set (5 s), the waiter's 2 s re-polls would have hidden the lost completion and CQ-1/a would PASS
assert cert.contains('com.acme.sliced.QuietAdapter') : 'the adapter of the module under test was not created'
assert log.contains('fabric-tck: CQ-1/a FAIL') : 'the broken driver was not judged with the settings as given'
assert log.contains('BUILD FAILURE')
return true
