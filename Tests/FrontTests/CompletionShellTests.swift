import BountyTestSupport
import Foundation
import Testing

/// The completion scripts run in their own shells: bash's function driven through `COMP_WORDS`,
/// fish's `complete -C` (its own hook for what Tab offers), and zsh in a real terminal (tmux), where
/// the first Tab of a new shell must already work.
@Suite(.onTestThreads) struct CompletionShellTests {
  /// A folder with a roster holding fugitives 4242 and 4343, and files of several kinds.
  final class Setting {
    let folder: TemporaryFolder
    let bounty: BinaryRunner
    let binFolder = URL(fileURLWithPath: BinaryRunner.executable).deletingLastPathComponent().path

    init() throws {
      folder = try TemporaryFolder()
      bounty = BinaryRunner(database: folder.file("db.sqlite"))
      for id in ["4242", "4343"] {
        let added = try bounty.run([
          "fugitives", "add", "--name", "F\(id)", "--bounty", "1", "--id", id,
        ])
        #expect(added.status == 0, "\(added.stderr)")
      }
      let files = folder.file("files")
      try FileManager.default.createDirectory(
        atPath: files + "/sub", withIntermediateDirectories: true)
      for name in ["mug.png", "notes.txt", "roster.csv"] {
        _ = FileManager.default.createFile(atPath: files + "/" + name, contents: Data())
      }
    }

    /// The script `bounty completions SHELL` prints, written to a file.
    func script(_ shell: String) throws -> String {
      let printed = try bounty.run(["completions", shell])
      #expect(printed.status == 0, "\(printed.stderr)")
      let path = folder.file("bounty.\(shell)")
      try printed.stdout.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }

    /// Runs `program` in `shell` in the files folder, with bounty on PATH and the home, data and
    /// config folders inside the test's folder (fish makes its own there).
    func run(_ shell: String, _ arguments: [String]) throws -> BinaryRunner.Outcome {
      var runner = bounty
      runner.environment["PATH"] = binFolder + ":" + (runner.environment["PATH"] ?? "/usr/bin:/bin")
      runner.environment["HOME"] = folder.file("home")
      runner.environment["XDG_CONFIG_HOME"] = folder.file("home/.config")
      runner.environment["XDG_DATA_HOME"] = folder.file("home/.local/share")
      runner.workingDirectory = folder.file("files")
      return try runner.run(arguments, executable: shell)
    }
  }

  @Test func bashCompletesCommandsOptionsIDsFilesAndSettings() throws {
    let setting = try Setting()
    let script = try setting.script("bash")
    func complete(_ words: [String]) throws -> [String] {
      let line = words.map { "'\($0)'" }.joined(separator: " ")
      let program = """
        source '\(script)'
        COMP_WORDS=(\(line)); COMP_CWORD=\(words.count - 1); _bounty; printf '%s\\n' "${COMPREPLY[@]}"
        """
      let outcome = try setting.run("/bin/bash", ["-c", program])
      return outcome.stdout.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try complete(["bounty", "fug"]) == ["fugitives"])
    #expect(try complete(["bounty", "fugitives", "ca"]) == ["capture"])
    #expect(try complete(["bounty", "fugitives", "list", "--so"]) == ["--sort"])
    #expect(try complete(["bounty", "fugitives", "list", "--sort", "b"]) == ["bounty"])
    #expect(try complete(["bounty", "settings", "set", "roun"]) == ["rounding"])
    #expect(try complete(["bounty", "settings", "set", "color", "al"]) == ["always"])
    #expect(try complete(["bounty", "fugitives", "show", "42"]) == ["4242"])
    #expect(try complete(["bounty", "fugitives", "note", "a"]) == ["add"])
    #expect(try complete(["bounty", "help", "fugi"]) == ["fugitives"])
    // Every parameter that takes one or several ID#s, the short forms too.
    #expect(try complete(["bounty", "fugitives", "delete", ""]) == ["4242", "4343"])
    #expect(try complete(["bounty", "fugitives", "capture", "4242", "43"]) == ["4343"])
    #expect(try complete(["bounty", "captured", "release", "4"]) == ["4242", "4343"])
    #expect(try complete(["bounty", "capture", ""]) == ["4242", "4343"])
    #expect(try complete(["bounty", "note", "add", "434"]) == ["4343"])
    #expect(try complete(["bounty", "expenses", "split", "43"]) == ["4343"])
    // Files where a file is asked for: images for a photo, the formats for an import.
    #expect(try complete(["bounty", "fugitives", "photo", "4242", ""]) == ["mug.png", "sub"])
    #expect(try complete(["bounty", "import", ""]) == ["roster.csv", "sub"])
    #expect(try complete(["bounty", "report", "--output", "n"]) == ["notes.txt"])
    #expect(try complete(["bounty", "db", "backup", "m"]) == ["mug.png"])
    // Free text offers nothing (no file names either).
    #expect(try complete(["bounty", "fugitives", "note", "add", "4242", ""]).isEmpty)
    // ID#s come from the database --db names.
    let other = BinaryRunner(database: setting.folder.file("other.sqlite"))
    try other.run(["fugitives", "add", "--name", "B", "--bounty", "1", "--id", "5151"])
    #expect(
      try complete(["bounty", "--db", setting.folder.file("other.sqlite"), "capture", ""]) == [
        "5151"
      ])
  }

  @Test func fishCompletesWithDescriptions() throws {
    let setting = try Setting()
    let script = try setting.script("fish")
    func complete(_ line: String) throws -> [String] {
      let outcome = try setting.run(
        "/usr/bin/fish", ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"])
      #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
      return outcome.stdout.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try complete("bounty fug") == ["fugitives\tfugitives commands: " + Self.fugitivesVerbs])
    #expect(try complete("bounty fugitives sh") == ["show\tShow one fugitive"])
    #expect(try complete("bounty fugitives list --so") == ["--sort\t" + Self.sortHelp])
    #expect(try complete("bounty fugitives list --sort b").map(Self.word) == ["bounty"])
    #expect(try complete("bounty settings set color al") == ["always"])
    #expect(try complete("bounty settings get roun").first?.hasPrefix("rounding\t") == true)
    #expect(try complete("bounty fugitives delete ").map(Self.word) == ["4242", "4343"])
    #expect(try complete("bounty capture 4242 43").map(Self.word) == ["4343"])
    #expect(try complete("bounty captured release ").map(Self.word) == ["4242", "4343"])
    #expect(try complete("bounty fugitives photo 4242 ").map(Self.word) == ["mug.png", "sub/"])
    #expect(try complete("bounty import ").map(Self.word) == ["roster.csv", "sub/"])
    #expect(try complete("bounty fugitives note add 4242 ").isEmpty)
    #expect(try complete("bounty help fugi").map(Self.word) == ["fugitives"])
  }

  @Test func zshCompletesOnTheFirstTabOfANewShell() throws {
    let setting = try Setting()
    let script = try setting.script("zsh")
    let functions = setting.folder.file("zfunc")
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: script, toPath: functions + "/_bounty")
    let rc = """
      fpath=('\(functions)' $fpath)
      autoload -Uz compinit && compinit -u -d '\(setting.folder.file("zcompdump"))'
      export PATH='\(setting.binFolder)':$PATH BOUNTY_DB='\(setting.folder.file("db.sqlite"))'
      zstyle ':completion:*' format '-- %d --'
      PS1='ready%% '
      cd '\(setting.folder.file("files"))'
      """
    try rc.write(toFile: setting.folder.file(".zshrc"), atomically: true, encoding: .utf8)
    let screen = try ShellTerminalTests.Screen(
      command:
        "env ZDOTDIR='\(setting.folder.path)' HOME='\(setting.folder.path)' TERM=xterm zsh -i")
    _ = screen.waitFor("ready%")
    // The very first Tab.
    try screen.type("bounty fugitives sh", "Tab")
    #expect(screen.waitFor("ready% bounty fugitives show").contains("ready% bounty fugitives show"))
    try screen.type("C-u", "bounty capture 4242 43", "Tab")
    #expect(screen.waitFor("bounty capture 4242 4343").contains("bounty capture 4242 4343"))
    try screen.type("C-u", "bounty fugitives photo 4242 m", "Tab")
    #expect(screen.waitFor("photo 4242 mug.png").contains("photo 4242 mug.png"))
    try screen.type("C-u", "bounty settings set color al", "Tab")
    #expect(screen.waitFor("color always").contains("color always"))
    // A list with what each word does.
    try screen.type("C-u", "bounty fugitives ", "Tab")
    let listing = screen.waitFor("Mark one or more fugitives captured")
    #expect(listing.contains("Mark one or more fugitives captured"), "\(listing)")
    try screen.type("C-c", "C-u", "bounty fugitives list --so", "Tab")
    #expect(screen.waitFor("list --sort").contains("list --sort"))
  }

  static let fugitivesVerbs =
    "list, show, add, edit, delete, move, capture, seen, photo, note, bond, describe, alias, close, reopen"
  static let sortHelp =
    "Order: name, bounty, id, manual, captured or deadline (default: the fugitives.sort setting)"

  /// The candidate of a `complete -C` line, without its description.
  static func word(_ line: String) -> String {
    String(line.split(separator: "\t", maxSplits: 1).first ?? "")
  }
}
