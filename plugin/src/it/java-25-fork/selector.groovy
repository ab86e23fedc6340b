def java = new File('/usr/lib/jvm/temurin-25-jdk-amd64/bin/java')
if (!java.canExecute()) {
    println "java-25-fork skipped: no JDK 25 at ${java}"
    return false
}
return true
