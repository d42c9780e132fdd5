import BountyApp
import Foundation
import RPCFront
import TerminalFront

// The executable: hands the command line to the terminal front; `bounty rpc` to the RPC front.
let app = TerminalApp(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment,
  rpc: { dispatcher in
    RPCServer(dispatcher: dispatcher).serve()
    return 0
  })
exit(app.run())
