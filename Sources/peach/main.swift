// main: the `peach` executable: the command line of PeachCLI, parsed and run.

import PeachCLI

await PeachCommand.runCommandLine()
