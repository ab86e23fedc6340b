new File(basedir, 'wrapper/java').setExecutable(true)
