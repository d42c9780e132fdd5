/// What a `--db` value (or `$BOUNTY_DB`) names, judged from its text alone (docs/architecture.md,
/// "The database"; docs/security.md): a value that starts with a keyword and `=` (`host=/run/postgresql
/// dbname=agency`) is a libpq connection string; a value that starts with a URL scheme (RFC 3986: a
/// letter, then letters, digits, `+`, `-` or `.`, at least two characters, then `:`) is a URL, and
/// bounty knows one kind, PostgreSQL's; everything else is a file path. A one-letter scheme (`C:\x`)
/// and anything that starts otherwise (`./x:y.sqlite`, `./port=1.sqlite`, `/tmp/postgresql://x`) are
/// file paths.
///
/// In BountyCore because two places judge the same text: the store, when it opens a database, and
/// the line shell, which keeps no line holding a password in its history.
public enum DatabaseURL {
  /// What a location is.
  public enum Kind: Equatable, Sendable {
    /// A file path, used as given.
    case file(String)
    /// A PostgreSQL server, as libpq takes it: a URL with its scheme written in lower case
    /// (`postgresql://…`, `postgres://…`, or `postgresql:`, which leaves the connection to libpq's
    /// environment), or a keyword/value connection string as given.
    case server(String)
  }

  /// The location that leaves the whole connection to libpq's `PG*` environment.
  public static let serverFromEnvironment = "postgresql:"

  /// What `location` names. Refuses, without repeating the value, a URL of any scheme or spelling
  /// or a connection string that holds a password, a connection string libpq could not read, a
  /// scheme other than PostgreSQL's, and a PostgreSQL scheme not followed by `//` or by nothing
  /// (`postgresql:/agency`, `postgres:x`): none of them is ever a file name.
  public static func classify(_ location: String) throws(BountyError) -> Kind {
    if startsAsConnectionString(location) {
      if holdsPassword(location) { throw passwordRefusal }
      guard connectionKeywords(location) != nil else {
        throw BountyError.usage(
          "the database location reads as a libpq connection string (keyword=value …) but is not "
            + "one: a value with spaces is quoted as 'like this' (a file whose name starts with "
            + "WORD= can be written ./NAME)")
      }
      return .server(location)
    }
    guard let scheme = scheme(of: location) else { return .file(location) }
    if holdsPassword(location) { throw passwordRefusal }
    let lower = scheme.lowercased()
    guard lower == "postgresql" || lower == "postgres" else {
      throw BountyError.usage(
        "the database location has the URL scheme '\(SafeText.excerpt(String(scheme))):', "
          + "which is not a file path, a postgresql:// URL or a libpq keyword=value string (a file "
          + "whose name has a colon can be written ./NAME)")
    }
    let rest = location.dropFirst(scheme.count + 1)
    if rest.isEmpty { return .server(serverFromEnvironment) }
    guard rest.hasPrefix("//") else {
      throw BountyError.usage(
        "the database location is not a file path, a postgresql:// URL or a libpq keyword=value "
          + "string: a PostgreSQL URL is postgresql://HOST/DB or postgresql:///DB (or exactly "
          + "postgresql:, for libpq's PG* environment)")
    }
    return .server(lower + ":" + rest)
  }

  /// True when `text` is a URL (of any scheme, in any case) that holds a password: `user:secret@`
  /// in its authority, or a `password` key in its query (percent-escapes decoded), wherever the
  /// query starts (`postgresql:?password=x`); or a connection string with a `password` keyword,
  /// read as far as it can be read.
  public static func holdsPassword(_ text: String) -> Bool {
    if startsAsConnectionString(text) {
      return connectionKeywords(text, lenient: true)?.contains { $0.keyword == "password" } == true
    }
    guard let scheme = scheme(of: text) else { return false }
    let rest = text.dropFirst(scheme.count + 1)
    if rest.hasPrefix("//") {
      let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      if let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") { return true }
    }
    let query = rest.drop { $0 != "?" }.dropFirst().prefix { $0 != "#" }
    return query.split(separator: "&").contains {
      percentDecoded($0.prefix { $0 != "=" }).lowercased() == "password"
    }
  }

  /// True when any word of a line typed to the shell (or the value after `=` in `--opt=VALUE`) is a
  /// URL holding a password: such a line is never kept in the history.
  public static func anyHoldsPassword(_ words: [String]) -> Bool {
    words.contains { word in
      holdsPassword(word)
        || word.firstIndex(of: "=").map { holdsPassword(String(word[$0...].dropFirst())) } == true
    }
  }

  /// The refusal of a URL holding a password; it never repeats the URL.
  private static let passwordRefusal = BountyError.refused(
    "the database URL holds a password, which bounty never takes (it would show in your shell "
      + "history and the process list): put it in ~/.pgpass, in the file PGPASSFILE names, or "
      + "in a service PGSERVICE names; nothing was opened")

  /// True when `text` starts (after any whitespace) with a keyword, as libpq spells its keywords
  /// (letters, digits and `_`, a letter or `_` first), and then `=`: libpq's keyword/value form.
  private static func startsAsConnectionString(_ text: String) -> Bool {
    let scalars = text.unicodeScalars.drop(while: isConnectionSpace)
    let letter = { (scalar: Unicode.Scalar) in
      scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
    guard let first = scalars.first, letter(first) else { return false }
    let rest = scalars.drop { letter($0) || ("0"..."9").contains($0) }
    return rest.drop(while: isConnectionSpace).first == "="
  }

  /// The keywords (lower-cased) and values of a keyword/value connection string, read as libpq
  /// reads one (`conninfo_parse`): a keyword, `=`, and a value that is either quoted in `'`s or
  /// runs to the next space, `\` escaping the character after it in both; spaces may stand around
  /// the `=`. Nil when it cannot be read, unless `lenient`, which keeps the pairs read so far.
  private static func connectionKeywords(
    _ text: String, lenient: Bool = false
  ) -> [(keyword: String, value: String)]? {
    var pairs: [(keyword: String, value: String)] = []
    var scalars = Substring(text).unicodeScalars[...]
    func skipSpaces() { scalars = scalars.drop(while: isConnectionSpace) }
    skipSpaces()
    while !scalars.isEmpty {
      let keyword = scalars.prefix { !isConnectionSpace($0) && $0 != "=" }
      scalars = scalars.dropFirst(keyword.count)
      skipSpaces()
      guard scalars.first == "=" else { return lenient ? pairs : nil }
      scalars = scalars.dropFirst()
      skipSpaces()
      let quoted = scalars.first == "'"
      if quoted { scalars = scalars.dropFirst() }
      var value = String.UnicodeScalarView()
      var closed = !quoted
      while let scalar = scalars.popFirst() {
        if scalar == "\\", let escaped = scalars.popFirst() {
          value.append(escaped)
        } else if quoted ? scalar == "'" : isConnectionSpace(scalar) {
          closed = true
          break
        } else {
          value.append(scalar)
        }
      }
      pairs.append((String(String.UnicodeScalarView(keyword)).lowercased(), String(value)))
      guard closed else { return lenient ? pairs : nil }
      skipSpaces()
    }
    return pairs
  }

  /// The spaces libpq skips between a connection string's pairs (`isspace` in the C locale).
  private static func isConnectionSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || ("\t"..."\r").contains(scalar)
  }

  /// The scheme `text` starts with (before its first `:`), or nil when it has none of at least two
  /// characters.
  private static func scheme(of text: String) -> Substring? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let scheme = text[..<colon]
    guard scheme.count >= 2, let first = scheme.unicodeScalars.first,
      first.isASCII, first.properties.isAlphabetic
    else { return nil }
    let allowed = scheme.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "+-.".unicodeScalars.contains($0))
    }
    return allowed ? scheme : nil
  }

  /// `text` with its `%XX` escapes decoded (an invalid one is kept as it is).
  private static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
        let decoded = UInt8(String(decoding: utf8[index + 1...index + 2], as: UTF8.self), radix: 16)
      {
        bytes.append(decoded)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
