import CFuzzSupport
import Glibc
import TerminalFront

// bounty-fuzz: built by scripts/fuzz with libFuzzer, it fuzzes the target named by
// BOUNTY_FUZZ_TARGET (see FuzzTargets.names); built normally, it replays the files it is given
// through that target (the regression corpus in Tests/FuzzCorpus, run by the test suite).

FuzzTargets.selected = getenv("BOUNTY_FUZZ_TARGET").map { String(cString: $0) } ?? "money"
guard FuzzTargets.names.contains(FuzzTargets.selected) else {
  Output.err("bounty-fuzz: BOUNTY_FUZZ_TARGET must be one of \(FuzzTargets.names)")
  exit(64)
}
// Nothing a fuzzed command line does may wait for the terminal.
let devNull = open("/dev/null", O_RDONLY)
dup2(devNull, STDIN_FILENO)

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = bounty_run_fuzzer(&argc, &argv) { data, size in
  guard let data else { return 0 }
  FuzzTargets.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
if status >= 0 { exit(status) }
var replayed = 0
for path in CommandLine.arguments.dropFirst() {
  guard let file = fopen(path, "rb") else {
    Output.err("bounty-fuzz: cannot read \(path)")
    exit(1)
  }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count == 0 { break }
    bytes += chunk[0..<count]
  }
  fclose(file)
  FuzzTargets.run(bytes)
  replayed += 1
}
print("replayed \(replayed) inputs through \(FuzzTargets.selected)")
