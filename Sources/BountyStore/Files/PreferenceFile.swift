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
///
/// As git treats its own config: a symbolic link is followed for reading and written through (its
/// target is replaced, keeping the target's mode, and the link stays a link); anything but a
/// regular file (a FIFO, a folder, a device) is refused in one line, found by `fstat` on a
/// descriptor opened without blocking, so a FIFO never holds a command; CR LF ends a line as LF
/// does (and a file written with CR LF is rewritten with CR LF).
public final class PreferenceFile {
  public let path: String
  /// The values the file sets, as of the last read or change.
  public private(set) var values: [SettingKey: String]
  /// Whether the file's lines end in CR LF, as of the last read.
  private var crlf = false

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
    let read = try Self.lines(of: path, reading: true)
    values = try Self.parse(read.lines, path: path).values
    crlf = read.crlf
  }

  /// The value the file sets for `key`, or nil.
  public func value(_ key: SettingKey) -> String? { values[key] }

  /// Sets `key` to `value` (already validated), or with nil removes its line, and rewrites the
  /// file: the key's line is replaced in place, a new key is added at the end.
  public func set(_ key: SettingKey, _ value: String?) throws(BountyError) {
    let read = try Self.lines(of: path)
    var lines = read.lines
    crlf = read.crlf
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

  /// The file's lines (without their line ends, LF or CR LF) and whether the first ends in CR LF;
  /// none when it does not exist, or, `reading` only, when this user may not reach it (a command
  /// run as another user who kept the first's `HOME`; git reads on too). Before a rewrite only a
  /// missing file is empty: a file that cannot be read is never replaced. Anything but a regular
  /// file is refused before a byte is read.
  private static func lines(of path: String, reading: Bool = false) throws(BountyError)
    -> (lines: [String], crlf: Bool)
  {
    // O_NONBLOCK: opening a FIFO for reading waits for a writer otherwise.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT || (reading && [ENOTDIR, EACCES].contains(errno)) { return ([], false) }
      throw BountyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw BountyError.io("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw BountyError.refused(
        "\(path) is \(kind(status.st_mode)), not a regular file; "
          + "bounty reads its preferences only from a regular file (remove or replace it)")
    }
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
    // By Unicode scalars: as Characters, CR LF is one, which no "\n" matches.
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
      String(String.UnicodeScalarView($0.last == "\r" ? $0.dropLast() : $0[...]))
    }
    if lines.last == "" { lines.removeLast() }
    let firstEnd = bytes.firstIndex(of: UInt8(ascii: "\n"))
    return (lines, firstEnd.map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } ?? false)
  }

  /// What a file of `mode` is, for the refusal of anything but a regular file.
  private static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: return "a FIFO"
    case S_IFDIR: return "a folder"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    default: return "a special file"
    }
  }

  /// Where a change is written: `path`, or the file a symbolic link there leads to (through any
  /// chain of links), which is replaced while the link stays; a link to nothing is refused.
  private static func writtenPath(_ path: String) throws(BountyError) -> String {
    var link = stat()
    guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return path }
    guard let resolved = realpath(path, nil) else {
      throw BountyError.refused(
        "\(path) is a symbolic link to nothing; make its target or remove it (nothing was written)")
    }
    defer { free(resolved) }
    return String(cString: resolved)
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

  /// Replaces the file with `lines`: written beside it, synced, renamed over it. A symbolic link
  /// is written through: its target (the end of a chain of links) is replaced, with its mode.
  private func write(_ lines: [String]) throws(BountyError) {
    let target = try Self.writtenPath(path)
    let folder = DatabaseLocation.parentFolder(of: target)
    try DatabaseLocation.createFolders(folder, for: target)
    var existing = stat()
    let mode = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
    let temporary = "\(target).\(getpid()).tmp"
    unlink(temporary)  // one a process of the same number left behind
    let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw BountyError.io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    let end = crlf ? "\r\n" : "\n"
    var bytes = Array(lines.map { $0 + end }.joined().utf8)
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
    if failed == 0, fchmod(descriptor, mode) != 0 { failed = errno }
    if failed == 0, fsync(descriptor) != 0 { failed = errno }
    close(descriptor)
    if failed == 0, rename(temporary, target) != 0 { failed = errno }
    guard failed == 0 else {
      unlink(temporary)
      throw BountyError.io("cannot write \(path): \(String(cString: strerror(failed)))")
    }
  }
}
