def jar = new File(localRepositoryPath, 'io/github/fabrictck/fabric-tck-spi/0.0.1/fabric-tck-spi-0.0.1.jar')
assert jar.isFile() : "the old SPI stand-in was not installed at ${jar}"

return true
