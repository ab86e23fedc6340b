import groovy.json.JsonSlurper
import groovy.xml.XmlSlurper
import java.nio.file.Files
import java.nio.file.StandardCopyOption
import java.util.concurrent.TimeUnit

// The vendor path of issue #29: a project outside the kit's reactor, made of the guide's snippets as written,
// reaches a certificate with a local repository that starts empty, the kit's artifacts taken from a staged
// repository alone.

def kitVersion = new XmlSlurper().parse(new File(basedir, 'pom.xml')).properties.'kit.version'.text()
// plugin/target/it/vendor-path -> the kit's root
def root = basedir.toPath().resolve('../../../..').normalize()

// 1. the guide's snippets, as written
def guide = root.resolve('site/src/site/markdown/guide.md').toFile().text
def snippet = { String marker ->
    def m = guide =~ /(?s)<!-- vendor-path: ${marker}\b[^>]*-->\s*```xml\n(.*?)```/
    assert m.find() : "guide.md has no ```xml block right after <!-- vendor-path: ${marker} ... -->"
    m.group(1)
}
def plugin = snippet('plugin')
def dependency = snippet('dependency')
assert plugin.contains("<version>${kitVersion}</version>") : "the guide's plugin is not at the kit's version ${kitVersion}:\n${plugin}"
assert dependency.contains("<version>${kitVersion}</version>") && dependency.contains('<scope>provided</scope>') :
        "the guide's SPI dependency names no version ${kitVersion} or no provided scope:\n${dependency}"

// 2. the staged repository: a repository a `mvn deploy -DaltDeploymentRepository=staged::file:DIR` of the kit wrote
// (-DvendorPath.staged=DIR), else the artifacts of this build (what invoker:install put into the ITs' local
// repository from the reactor) laid out as a deploy lays them, without a local repository's bookkeeping
def published = ['fabric-tck-parent', 'fabric-tck-spi', 'fabric-tck', 'fabric-tck-maven-plugin']
def staged = new File(basedir, 'staged')
if (System.getProperty('vendorPath.staged')) {
    staged = new File(System.getProperty('vendorPath.staged'))
} else {
    published.each { a ->
        def from = new File(localRepositoryPath, "io/github/fabrictck/${a}/${kitVersion}")
        assert from.isDirectory() : "invoker:install did not install ${a} into ${localRepositoryPath}"
        def to = new File(staged, "io/github/fabrictck/${a}/${kitVersion}")
        to.mkdirs()
        from.eachFile { f ->
            if (f.isFile() && (f.name.endsWith('.jar') || f.name.endsWith('.pom'))) {
                Files.copy(f.toPath(), new File(to, f.name).toPath(), StandardCopyOption.REPLACE_EXISTING)
            }
        }
    }
}
published.each { a ->
    assert new File(staged, "io/github/fabrictck/${a}/${kitVersion}/${a}-${kitVersion}.pom").isFile() : "${a} is not staged in ${staged}"
}

// 3. the vendor's Maven: the staged repository first; the build's own local repository, a cache of Maven Central,
// then Maven Central itself, for the third-party artifacts (the kit's libraries, Maven's plugins)
def repository = { String id, File dir -> """
        <repository><id>${id}</id><url>${dir.toURI()}</url>
          <releases><enabled>true</enabled></releases><snapshots><enabled>false</enabled></snapshots></repository>""" }
def repositories = repository('staged', staged) + repository('build-cache', new File(buildLocalRepository))
def settings = new File(basedir, 'vendor-settings.xml')
settings.text = """<settings>
  <profiles>
    <profile>
      <id>vendor-path</id>
      <repositories>${repositories}
      </repositories>
      <pluginRepositories>${repositories.replace('repository>', 'pluginRepository>')}
      </pluginRepositories>
    </profile>
  </profiles>
  <activeProfiles>
    <activeProfile>vendor-path</activeProfile>
  </activeProfiles>
</settings>
"""

// 4. the fresh project: the vendor's sources and a pom.xml with the guide's two snippets where the guide puts them
def project = new File(basedir, 'vendor')
// a project root of its own: Maven does not take the kit's .mvn/ above it for the build's
new File(project, '.mvn').mkdirs()
new File(project, 'pom.xml').text = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>acme-verbs</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
${dependency}  </dependencies>
  <build>
    <plugins>
${plugin}    </plugins>
  </build>
</project>
"""
def empty = new File(basedir, 'empty-repository')
empty.deleteDir()
empty.mkdirs()
def log = new File(basedir, 'vendor-build.log')
def mvn = new File(System.getProperty('maven.home'), 'bin/mvn').path
def maven = { File logFile, String... args ->
    def builder = new ProcessBuilder([mvn, '-B', '-s', settings.path, "-Dmaven.repo.local=${empty.path}".toString()] + args.toList())
            .directory(project).redirectErrorStream(true).redirectOutput(logFile)
    builder.environment().put('MAVEN_OPTS', '-XX:TieredStopAtLevel=1')
    builder.environment().remove('MAVEN_ARGS')
    def started = System.nanoTime()
    def process = builder.start()
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
        process.destroyForcibly()
        assert false : "the vendor's mvn ${args.join(' ')} did not end in 10 minutes: ${logFile}"
    }
    println "vendor-path: the vendor's mvn ${args.join(' ')} took ${(System.nanoTime() - started).intdiv(1_000_000)} ms"
    assert process.exitValue() == 0 : "the vendor's mvn ${args.join(' ')} failed (${logFile}):\n" + logFile.readLines().takeRight(60).join('\n')
}
maven(log, 'verify')

// 5. every kit artifact the vendor's build used came from the staged repository
published.each { a ->
    def dir = new File(empty, "io/github/fabrictck/${a}/${kitVersion}")
    assert dir.isDirectory() : "the vendor's build did not resolve ${a}"
}
new File(empty, 'io/github/fabrictck').eachFileRecurse { f ->
    if (f.name == '_remote.repositories') {
        f.readLines().findAll { it.contains('>') }.each { line ->
            assert line.endsWith('>staged=') : "${f.parentFile}: not from the staged repository: ${line}"
        }
    }
}

// 6. the certificate: the driver's one family, every window, certified; the provided SPI is not the driver's code
def out = new File(project, 'target/fabric-tck')
def certificate = new JsonSlurper().parse(new File(out, 'fabric-tck-certificate.json'))
assert certificate.certified == true : certificate.notCertifiedBecause
assert certificate.driver.name == 'acme'
assert certificate.driver.families == ['completion-queue']
assert certificate.artifacts[0].id == 'com.acme:acme-verbs:1.0' && certificate.artifacts[0].kind == 'jar'
assert !certificate.artifacts.any { it.id.contains('fabric-tck-spi') } : certificate.artifacts
def result = new JsonSlurper().parse(new File(out, 'fabric-tck-result.json'))
assert result.complete == true
// the completion-queue windows judged (CQ-6 NOT_APPLICABLE: no shared completion queue), the other families' not
assert result.windows.every { it.outcome == (it.family == 'completion-queue' && it.id != 'CQ-6' ? 'PASS' : 'NOT_APPLICABLE') } :
        result.windows.collect { "${it.id}/${it.variant} ${it.outcome}" }
assert log.text.contains('BUILD SUCCESS')

// 7. the run goal alone (no compile in the build, so Maven resolves only what the goal asks for) still sees the
// provided SPI: its SPI check passes and the fork runs
def alone = new File(basedir, 'vendor-run-alone.log')
maven(alone, 'fabric-tck:run', '-Dfabric-tck.windows=CQ-2', "-Dfabric-tck.outputDirectory=${new File(project, 'target/run-alone')}".toString())
def quick = new JsonSlurper().parse(new File(project, 'target/run-alone/fabric-tck-result.json'))
assert quick.windows.find { it.id == 'CQ-2' }?.outcome == 'PASS' : quick.windows.collect { "${it.id} ${it.outcome}" }
