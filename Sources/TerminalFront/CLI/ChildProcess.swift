import Glibc

/// A program the person chose (`$PAGER`, `$EDITOR`), run as git runs them: through `/bin/sh -c`,
/// so the variable may hold options (`less -FRX`, `code --wait`), with the words in `arguments`
/// passed as `"$@"`. The terminal stays the child's while it runs: bounty ignores Ctrl-C and
/// Ctrl-\ until it ends (the child gets them, as the foreground process group does).
enum ChildProcess {
  /// Starts `command` with standard input `input` (a descriptor the child gets as 0; nil keeps
  /// bounty's), or nil when it cannot be started.
  static func start(_ command: String, arguments: [String] = [], input: Int32? = nil) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
      posix_spawn_file_actions_addclose(&actions, input)
    }
    let words = ["/bin/sh", "-c", command + " \"$@\"", "sh"] + arguments
    var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    guard posix_spawn(&child, "/bin/sh", &actions, nil, &argv, environ) == 0 else { return nil }
    return child
  }

  /// Waits for `child`; its exit status (128 + signal when a signal ended it).
  static func wait(_ child: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { return 127 }
    }
    let signalled = status & 0x7F
    return signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
  }

  /// Runs `body` with SIGINT and SIGQUIT ignored (the child, in the foreground, gets them), and
  /// SIGPIPE too (a pager quit early is not an error).
  static func whileChildRuns<T>(_ body: () -> T) -> T {
    let interrupt = signal(SIGINT, SIG_IGN)
    let quit = signal(SIGQUIT, SIG_IGN)
    let pipe = signal(SIGPIPE, SIG_IGN)
    defer {
      signal(SIGINT, interrupt)
      signal(SIGQUIT, quit)
      signal(SIGPIPE, pipe)
    }
    return body()
  }

  /// True when `program` is an executable file in one of `$PATH`'s folders.
  static func onPath(_ program: String, environment: [String: String]) -> Bool {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.contains { access("\($0)/\(program)", X_OK) == 0 }
  }
}
