import BountyCore
import Glibc

/// A person's own preferences (`SettingKey.Scope.personal`): the file
/// `$XDG_CONFIG_HOME/bounty/config` (`~/.config/bounty/config` when that is unset), one
/// `key = value` a line, `#` comments and blank lines kept as they are (docs/contract.md).
///
/// A line bounty cannot read (no `=`, an unknown key, a roster setting, a value the key does not
/// take, a key set twice) is one error naming the file and the line, and the file is then never
/// rewritten: nothing in it is lost. A change re-reads the file and replaces it whole (a temporary
/// file beside it, renamed over it), so it is never left half-written.
public final class PreferenceFile {
  public let path: String
  /// The values the file sets, as of the last read or change.
  public private(set) var values: [SettingKey: String]

  /// Where the file lives for `environment`, or nil when neither `XDG_CONFIG_HOME` (absolute, as
  /// the XDG specification wants) nor `HOME` says.
  public static func location(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/bounty/config"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/bounty/config"
  }

  /// Reads the file at `path`; a missing file sets nothing.
  public init(path: String) throws(BountyError) {
    self.path = path
    values = try Self.parse(Self.lines(of: path, reading: true), path: path).values
  }

  /// The value the file sets for `key`, or nil.
  public func value(_ key: SettingKey) -> String? { values[key] }

  /// Sets `key` to `value` (already validated), or with nil removes its line, and rewrites the
  /// file: the key's line is replaced in place, a new key is added at the end.
  public func set(_ key: SettingKey, _ value: String?) throws(BountyError) {
    var lines = try Self.lines(of: path)
    let parsed = try Self.parse(lines, path: path)
    if let index = parsed.lineOf[key] {
      if let value { lines[index] = "\(key.rawValue) = \(value)" } else { lines.remove(at: index) }
    } else if let value {
      if lines.isEmpty {
        lines.append("# bounty's preferences (bounty settings set KEY VALUE writes them)")
      }
      lines.append("\(key.rawValue) = \(value)")
    }
    var updated = parsed.values
    updated[key] = value
    try write(lines)
    values = updated
  }

  /// The file's lines (without their line feeds); none when it does not exist, or, `reading`
  /// only, when this user may not reach it (a command run as another user who kept the first's
  /// `HOME`; git reads on too). Before a rewrite only a missing file is empty: a file that cannot
  /// be read is never replaced.
  private static func lines(of path: String, reading: Bool = false) throws(BountyError)
    -> [String]
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT || (reading && [ENOTDIR, EACCES].contains(errno)) { return [] }
      throw BountyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw BountyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
      guard bytes.count <= 1 << 20 else {
        throw BountyError.refused("\(path) is larger than 1 MiB; it is not a bounty config file")
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw BountyError.refused("\(path) is not UTF-8 text; fix it (nothing was read from it)")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The values `lines` set and the line each is on, or the first line's error.
  private static func parse(_ lines: [String], path: String) throws(BountyError) -> (
    values: [SettingKey: String], lineOf: [SettingKey: Int]
  ) {
    var values: [SettingKey: String] = [:]
    var lineOf: [SettingKey: Int] = [:]
    for (index, line) in lines.enumerated() {
      func bad(_ reason: String) -> BountyError {
        .refused(
          "\(path) line \(index + 1): \(reason); fix or remove that line "
            + "(bounty changes nothing in the file until then)")
      }
      let text = line.trimmingASCIIWhitespace()
      if text.isEmpty || text.hasPrefix("#") { continue }
      guard let equals = text.firstIndex(of: "=") else {
        throw bad("expected key = value, got \(SafeText.quoted(SafeText.excerpt(text)))")
      }
      let name = String(text[..<equals]).trimmingASCIIWhitespace()
      let value = String(text[text.index(after: equals)...]).trimmingASCIIWhitespace()
      guard let key = SettingKey(rawValue: name) else {
        throw bad("\(SafeText.quoted(SafeText.excerpt(name))) is not a preference (\(names))")
      }
      guard key.scope == .personal else {
        throw bad(
          "\(name) is the roster's setting, not a preference: bounty settings set \(name) … "
            + "changes it in the roster")
      }
      if let first = lineOf[key] {
        throw bad("\(name) is already set on line \(first + 1)")
      }
      do {
        values[key] = try key.validate(.string(value))
      } catch {
        throw bad(error.message)
      }
      lineOf[key] = index
    }
    return (values, lineOf)
  }

  /// The keys the file takes.
  private static var names: String {
    SettingKey.allCases.filter { $0.scope == .personal }.map(\.rawValue).joined(separator: ", ")
  }

  /// Replaces the file with `lines`: written beside it, synced, renamed over it.
  private func write(_ lines: [String]) throws(BountyError) {
    let folder = DatabaseLocation.parentFolder(of: path)
    try DatabaseLocation.createFolders(folder, for: path)
    let temporary = "\(path).\(getpid()).tmp"
    unlink(temporary)  // one a process of the same number left behind
    let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw BountyError.io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    var bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    var offset = 0
    var failed: Int32 = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        failed = errno
        break
      }
      offset += written
    }
    if failed == 0, fsync(descriptor) != 0 { failed = errno }
    close(descriptor)
    if failed == 0, rename(temporary, path) != 0 { failed = errno }
    guard failed == 0 else {
      unlink(temporary)
      throw BountyError.io("cannot write \(path): \(String(cString: strerror(failed)))")
    }
  }
}
