import BountyApp
import Glibc
import RPCFront
import TerminalFront

// The executable: hands the command line to the terminal front; `bounty rpc` to the RPC front.
// Foundation is deliberately not linked: it would double start-up time (docs/performance.md).

/// The process environment as a dictionary.
func processEnvironment() -> [String: String] {
  var environment: [String: String] = [:]
  var entry = environ
  while let pointer = entry.pointee {
    let text = String(cString: pointer)
    if let equals = text.firstIndex(of: "=") {
      environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    entry += 1
  }
  return environment
}

// Past a file-size limit (ulimit -f) a write should fail with an error SQLite reports and rolls back,
// not kill the process with SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)

let app = TerminalApp(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: processEnvironment(),
  rpc: { arguments, open in RPCServer.run(arguments: arguments, open: open) })
exit(Output.exitStatus(app.run()))
