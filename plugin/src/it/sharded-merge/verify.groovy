import groovy.json.JsonSlurper
import java.security.MessageDigest

def log = new File(basedir, 'build.log').text
def json = { String path -> new JsonSlurper().parse(new File(basedir, path)) }
def sha256 = { String path -> MessageDigest.getInstance('SHA-256').digest(new File(basedir, path).bytes).encodeHex().toString() }
def verdicts = { r -> r.windows.collect { w -> [(w.variant == null ? w.id : w.id + '/' + w.variant), w.outcome,
        w.repeat?.runs, w.repeat?.pass, w.repeat?.fail, w.repeat?.error, w.repeat?.notApplicable] } }

def whole = json('target/whole/fabric-tck-result.json')
def merged = json('target/fabric-tck/fabric-tck-result.json')
assert whole.complete && merged.complete
assert whole.windows.size() == 5 : verdicts(whole)
assert whole.windows.every { it.repeat.runs == 2 }

// the shards: disjoint parts that together hold every run once
def units = []
(1..4).each { i ->
    def shard = json("target/fabric-tck-shards/shard-$i/fabric-tck-result.json")
    assert shard.complete
    assert shard.run.shard.index == i && shard.run.shard.count == 4
    assert shard.run.shard.runs.every { it.outcome != null }
    units.addAll(shard.run.shard.runs.collect { it.window + '#' + it.repetition })
    def certificate = json("target/fabric-tck-shards/shard-$i/fabric-tck-certificate.json")
    assert certificate.certified == false
    assert certificate.standing == "shard $i/4: merge the shards"
    assert certificate.shard.index == i && certificate.shard.count == 4
    assert new File(basedir, "target/fabric-tck-shards/shard-$i/summary.md").text.contains(": shard $i/4: merge the shards")
    assert log.contains("shard $i/4 done: merge the shards with fabric-tck:merge")
}
assert units.size() == 10 && units.toSet().size() == 10 : units

// the merged verdicts are the unsharded run's, repetition counts included
assert verdicts(merged) == verdicts(whole)
assert merged.run.shard == null
assert merged.run.selected == whole.run.selected

def certificate = json('target/fabric-tck/fabric-tck-certificate.json')
def wholeCertificate = json('target/whole/fabric-tck-certificate.json')
assert certificate.shard == null
assert certificate.certified == wholeCertificate.certified
assert certificate.verdicts == wholeCertificate.verdicts
assert certificate.settings == wholeCertificate.settings
assert certificate.merged.shards.collect { it.index } == [1, 2, 3, 4]
(1..4).each { i ->
    def s = certificate.merged.shards[i - 1]
    assert s.count == 4
    assert s.result.sha256 == sha256("target/fabric-tck-shards/shard-$i/fabric-tck-result.json")
    assert s.certificate.sha256 == sha256("target/fabric-tck-shards/shard-$i/fabric-tck-certificate.json")
}
assert certificate.result.sha256 == sha256('target/fabric-tck/fabric-tck-result.json')
assert new File(basedir, 'target/fabric-tck/report.html').isFile()
assert new File(basedir, 'target/fabric-tck/summary.md').isFile()
assert new File(basedir, 'target/fabric-tck').listFiles().any { it.name.startsWith('TEST-fabric-tck') }
assert log.contains('Fabric TCK: merged 4 shards (')
assert log.contains(' of the selected windows — not a certification')

// the refusals, one sentence each
assert log.contains('The result is shard 2/4 of a sharded run, which alone certifies nothing: merge the shards first')
assert log.contains('Shard 3/4 is missing: the inputs hold 1/4 (')
assert log.contains('whole/fabric-tck-result.json is not a shard\'s result: it was not run with -Dfabric-tck.shard=i/n')
assert log.contains('fabric-tck.shard=5/4 is outside its range: i/n needs 1 ≤ i ≤ n (for example 1/4 to 4/4).')
assert log.contains('fabric-tck.shard=1/1 splits the run into one part: a sharded run needs n ≥ 2 (for example 1/2); '
        + 'run without fabric-tck.shard for the whole run.')
assert !new File(basedir, 'target/refused/fabric-tck-result.json').exists()

return true
