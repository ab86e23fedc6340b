import groovy.json.JsonOutput
import groovy.json.JsonSlurper

// Before the vendor's module is swapped: the buyer keeps the vendor's certificate and the certified jars (what a
// vendor delivers), and a copy of the certificate whose first verdict was edited (a forged one).
def buyer = new File(basedir, 'buyer')
def certificate = new File(basedir, 'acme-adapter/target/fabric-tck/fabric-tck-certificate.json')
new File(buyer, 'vendor-certificate.json').bytes = certificate.bytes
def delivery = new File(buyer, 'delivery')
delivery.mkdirs()
def c = new JsonSlurper().parse(certificate)
c.artifacts.each { a ->
    def jar = a.path.startsWith('/') ? new File(a.path) : new File(basedir, 'acme-adapter/' + a.path)
    assert jar.isFile() : jar
    new File(delivery, jar.name).bytes = jar.bytes
}
def v = c.verdicts[0]
v.outcome = v.outcome == 'PASS' ? 'FAIL' : 'PASS'
new File(buyer, 'forged-certificate.json').text = JsonOutput.prettyPrint(JsonOutput.toJson(c))
return true
