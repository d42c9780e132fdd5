import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// The fronts see only the app (registry and dispatcher) and the core values: never the store,
/// SQLite, libpq, the command handlers' module or a tab's. The compiler keeps the handlers away
/// from them as long as they do not import those modules (BountyApp imports them internally);
/// this test keeps them from importing them.
@Suite(.onTestThreads) struct LayeringTests {
  static let fronts = ["Sources/TerminalFront", "Sources/RPCFront"]
  /// Modules no front may import, in any form.
  static let forbidden: Set<String> = [
    "BountyStore", "CSQLite", "CLibPQ", "BountyCommands",
    "FugitivesTab", "CapturedTab", "SettingsTab", "BountyReports",
  ]

  @Test func noFrontImportsTheStore() throws {
    var files = 0
    var seen = 0
    for front in Self.fronts {
      let folder = GeneratedFile.root.appending(path: front)
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      for case let name as String in enumerator where name.hasSuffix(".swift") {
        files += 1
        let text = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
        let imports = ImportScanner.imports(in: text)
        seen += imports.count
        for found in imports {
          #expect(
            ImportScanner.violation(found, forbidden: Self.forbidden) == nil,
            "\(front)/\(name):\(found.line): \(found.text)")
        }
      }
    }
    #expect(files >= 10)
    #expect(seen >= 30)
  }

  /// SQL is written in BountyStore only: no other module's source holds a statement (the
  /// dispatcher opens transactions through `Database`, which is `package`, but writes no SQL).
  /// The fronts find a command by the role its declaration gives it, never by its name: no
  /// string in a front spells a registered command's name, and each role has one command.
  @Test func noFrontNamesACommand() throws {
    let names = Set(Registry.standard.specs.map(\.name))
    var literals = 0
    for front in Self.fronts {
      let folder = GeneratedFile.root.appending(path: front)
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      for case let file as String in enumerator where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
        for match in text.matches(of: /"([a-z]+(?:\.[a-zA-Z]+)?)"/) {
          literals += 1
          #expect(!names.contains(String(match.1)), "\(front)/\(file) names \(match.1)")
        }
      }
    }
    #expect(literals > 50)
    // Every field a form declares is a parameter of its command a person may type.
    for spec in Registry.standard.specs {
      for field in spec.form {
        let param = spec.param(named: field.param)
        #expect(param?.fronts.contains(.terminal) == true, "\(spec.name): \(field.param)")
      }
    }
    for role in CommandRole.allCases {
      let players = Registry.standard.specs.filter { $0.role == role }.map(\.name)
      #expect(players.count == 1, "\(role): \(players)")
    }
  }

  @Test func noSQLOutsideTheStore() throws {
    let sources = GeneratedFile.root.appending(path: "Sources")
    let statement = try Regex(
      #"\b(SELECT .*\bFROM\b|INSERT INTO|UPDATE \S+ SET|DELETE FROM|CREATE (TABLE|INDEX|TRIGGER)|PRAGMA \w|BEGIN IMMEDIATE|SAVEPOINT)"#
    )
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    var files = 0
    for case let name as String in enumerator
    where name.hasSuffix(".swift") && !name.hasPrefix("BountyStore/")
      && !name.hasPrefix("EmbedGenerator/")
    {
      files += 1
      let text = try String(contentsOf: sources.appending(path: name), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where !line.drop(while: { $0 == " " }).hasPrefix("//") && line.contains(statement) {
        Issue.record("Sources/\(name):\(number + 1): SQL outside BountyStore: \(line)")
      }
    }
    #expect(files >= 50)
  }

  /// The checker catches each way of writing an import of a forbidden module, and lets the
  /// allowed ones (and text that only looks like an import) pass.
  @Test(arguments: [
    ("import BountyStore", "BountyStore"),
    ("import struct BountyStore.Store", "BountyStore"),
    ("import class BountyStore.Database", "BountyStore"),
    ("import func BountyStore.foo", "BountyStore"),
    ("import BountyStore // x", "BountyStore"),
    ("import BountyStore/* why */", "BountyStore"),
    ("import BountyStore;", "BountyStore"),
    ("import Glibc; import BountyStore", "BountyStore"),
    ("  import   BountyStore  ", "BountyStore"),
    ("\timport\tBountyStore", "BountyStore"),
    ("internal import BountyStore", "BountyStore"),
    ("public import BountyStore", "BountyStore"),
    ("package import BountyStore", "BountyStore"),
    ("private import BountyStore", "BountyStore"),
    ("fileprivate import BountyStore", "BountyStore"),
    ("@_exported import BountyStore", "BountyStore"),
    ("@_implementationOnly import BountyStore", "BountyStore"),
    ("@preconcurrency internal import BountyStore", "BountyStore"),
    ("@_spi(Testing) import BountyStore", "BountyStore"),
    ("@testable import BountyStore", "BountyStore"),
    ("@testable\nimport BountyStore", "BountyStore"),
    ("@testable import BountyApp", "@testable"),
    ("import CSQLite", "CSQLite"),
    ("import CLibPQ", "CLibPQ"),
    ("import CLibPQ.shim", "CLibPQ"),
    ("import BountyCommands", "BountyCommands"),
    ("import FugitivesTab", "FugitivesTab"),
  ])
  func theCheckerCatches(example: (String, String)) {
    let (source, reason) = example
    let found = ImportScanner.imports(in: source)
    let violations = found.compactMap { ImportScanner.violation($0, forbidden: Self.forbidden) }
    #expect(violations == [reason], "\(source.debugDescription): \(found)")
  }

  @Test(arguments: [
    "import BountyApp",
    "import BountyCore",
    "internal import Glibc",
    "import struct BountyCore.Money",
    "import BountyStoreHelpers",
    "// import BountyStore",
    "/* import BountyStore */",
    "/* a /* nested */ import BountyStore */",
    "let text = \"import BountyStore\"",
    "let text = \"\"\"\n  import BountyStore\n  \"\"\"",
    "let text = #\"import \"BountyStore\"\"#",
    "/// `import BountyStore` is forbidden here",
  ])
  func theCheckerLetsPass(source: String) {
    let found = ImportScanner.imports(in: source)
    #expect(found.compactMap { ImportScanner.violation($0, forbidden: Self.forbidden) } == [])
  }

  @Test func theCheckerReadsEachPart() throws {
    let found = ImportScanner.imports(
      in: "import Glibc\n@preconcurrency internal import struct BountyStore.Store // why\n")
    #expect(found.count == 2)
    let store = try #require(found.last)
    #expect(store.attributes == ["preconcurrency"])
    #expect(store.access == "internal")
    #expect(store.kind == "struct")
    #expect(store.path == ["BountyStore", "Store"])
    #expect(store.module == "BountyStore")
    #expect(store.line == 2)
  }
}

/// Finds the import declarations of a Swift source file: comments (nested block comments too) and
/// string literals (plain, multi-line, raw) are skipped, statements split at `;` and new lines,
/// and each `import` read with its attributes (`@testable`, `@_spi(X)`, possibly on the line
/// before), access modifier (`internal import`), kind (`import struct`) and dotted path.
enum ImportScanner {
  struct Import: Equatable, CustomStringConvertible {
    var attributes: [String] = []
    var access: String?
    var kind: String?
    var path: [String] = []
    var line: Int
    var text: String
    var module: String { path.first ?? "" }
    var description: String { "line \(line): \(text)" }
  }

  static let accessModifiers: Set<String> = [
    "open", "public", "package", "internal", "fileprivate", "private",
  ]
  static let kinds: Set<String> = [
    "typealias", "struct", "class", "enum", "protocol", "let", "var", "func", "actor", "macro",
  ]

  /// Why `found` is not allowed in a front: the forbidden module it names, or `@testable`.
  static func violation(_ found: Import, forbidden: Set<String>) -> String? {
    if forbidden.contains(found.module) { return found.module }
    if found.attributes.contains("testable") { return "@testable" }
    return nil
  }

  /// A token of code: a word, an attribute, punctuation; `statementEnd` at `;` and new lines.
  enum Token: Equatable {
    case word(String, line: Int)
    case attribute(String, line: Int)
    case symbol(Character, line: Int)
    case statementEnd
  }

  static func imports(in text: String) -> [Import] {
    let tokens = tokenize(text)
    var found: [Import] = []
    var index = 0
    var statementStart = 0
    while index < tokens.count {
      defer { index += 1 }
      switch tokens[index] {
      case .statementEnd:
        // Attributes alone on a line belong to the declaration on the next one.
        let onlyAttributes = tokens[statementStart..<index].allSatisfy {
          if case .attribute = $0 { return true }
          return false
        }
        if !onlyAttributes || statementStart == index { statementStart = index + 1 }
      case .word("import", let line):
        var declaration = Import(line: line, text: "")
        for token in tokens[statementStart..<index] {
          switch token {
          case .attribute(let name, _): declaration.attributes.append(name)
          case .word(let word, _) where accessModifiers.contains(word): declaration.access = word
          default: break
          }
        }
        var next = index + 1
        while next < tokens.count, case .statementEnd = tokens[next] { next += 1 }
        if next < tokens.count, case .word(let word, _) = tokens[next], kinds.contains(word),
          next + 1 < tokens.count, case .word = tokens[next + 1]
        {
          declaration.kind = word
          next += 1
        }
        while next < tokens.count, case .word(let component, _) = tokens[next] {
          declaration.path.append(component)
          guard next + 1 < tokens.count, case .symbol(".", _) = tokens[next + 1] else { break }
          next += 2
        }
        declaration.text = describe(declaration)
        found.append(declaration)
      default: break
      }
    }
    return found
  }

  private static func describe(_ found: Import) -> String {
    (found.attributes.map { "@" + $0 } + [found.access, "import", found.kind].compactMap { $0 }
      + [found.path.joined(separator: ".")]).joined(separator: " ")
  }

  /// Splits `text` into tokens, dropping comments and string literals.
  static func tokenize(_ text: String) -> [Token] {
    let characters = Array(text.unicodeScalars)
    var tokens: [Token] = []
    var line = 1
    var index = 0
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
      index + offset < characters.count ? characters[index + offset] : nil
    }
    func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
    while index < characters.count {
      let scalar = characters[index]
      if scalar == "\n" {
        tokens.append(.statementEnd)
        line += 1
        index += 1
      } else if scalar == ";" {
        tokens.append(.statementEnd)
        index += 1
      } else if scalar == "/", peek(1) == "/" {
        while index < characters.count, characters[index] != "\n" { index += 1 }
      } else if scalar == "/", peek(1) == "*" {
        var depth = 0
        while index < characters.count {
          if characters[index] == "/", peek(1) == "*" {
            depth += 1
            index += 2
          } else if characters[index] == "*", peek(1) == "/" {
            depth -= 1
            index += 2
            if depth == 0 { break }
          } else {
            if characters[index] == "\n" { line += 1 }
            index += 1
          }
        }
      } else if scalar == "#" || scalar == "\"" {
        // A string literal: `#` * n, then `"` or `"""`, closed by the same quotes and `#` * n.
        var hashes = 0
        while peek(hashes) == "#" { hashes += 1 }
        guard peek(hashes) == "\"" else {
          // `#if`, `#available`: a directive, read as a word.
          index += max(hashes, 1)
          continue
        }
        index += hashes
        let quotes = peek(1) == "\"" && peek(2) == "\"" ? 3 : 1
        index += quotes
        let closing =
          Array(repeating: Unicode.Scalar("\""), count: quotes)
          + Array(repeating: Unicode.Scalar("#"), count: hashes)
        while index < characters.count {
          if characters[index] == "\\", hashes == 0 {
            index += 2
            continue
          }
          if characters[index] == "\n" { line += 1 }
          if characters[index...].starts(with: closing) {
            index += closing.count
            break
          }
          index += 1
        }
      } else if scalar == "@" {
        index += 1
        var name = ""
        while let next = peek(), isWordScalar(next) {
          name.unicodeScalars.append(next)
          index += 1
        }
        if peek() == "(" {
          var depth = 0
          while let next = peek() {
            index += 1
            if next == "(" { depth += 1 }
            if next == ")" {
              depth -= 1
              if depth == 0 { break }
            }
          }
        }
        tokens.append(.attribute(name, line: line))
      } else if isWordScalar(scalar) {
        var word = ""
        while let next = peek(), isWordScalar(next) {
          word.unicodeScalars.append(next)
          index += 1
        }
        tokens.append(.word(word, line: line))
      } else if scalar == "`" {
        // An escaped identifier: `import` here is a name, never the keyword.
        index += 1
        var word = ""
        while let next = peek(), next != "`", next != "\n" {
          word.unicodeScalars.append(next)
          index += 1
        }
        index += 1
        tokens.append(.word(word == "import" ? "`import`" : word, line: line))
      } else if scalar == " " || scalar == "\t" || scalar == "\r" {
        index += 1
      } else {
        tokens.append(.symbol(Character(scalar), line: line))
        index += 1
      }
    }
    return tokens
  }
}
