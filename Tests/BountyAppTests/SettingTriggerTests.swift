import BountyCore
import BountyStore
import BountyTestSupport
import Testing

/// The SQLite file's own checks of `setting` (migrations 0017 and 0023) take exactly what bounty stores:
/// a value is accepted by the triggers if and only if `SettingKey.validate` answers that same
/// text, and the file's list of currencies is BountyCore's.
@Suite(.onTestThreads) struct SettingTriggerTests {
  /// Texts tried for every key: canonical values of each key, near misses and junk.
  static let candidates: [String] =
    [
      "", " ", "a", "Ana Ruiz", " Ana", "Ana ", "Ana\t", "Ana\nRuiz", "\u{00A0}Ana",
      "0", "00", "1", "01", "5", "9", "10", "12", "12.5", "12.50", "12.", ".5", "0.5", "0.05",
      "00.5", "99.999999999", "99.9999999999", "100", "100.0", "100.5", "101", "1000", "-1",
      "1e2", "1.2.3", "9999", "10000", "10001", "010000", "abc",
      "true", "false", "TRUE", "yes", "no", "on", "off",
      "auto", "always", "never", "Auto",
      "half-even", "half-up", "HALF-UP", "sideways",
    ] + SettingKey.sortKeys + SettingKey.sortKeys.map { $0.uppercased() }
    + Currency.all.map(\.code) + Currency.all.map { $0.code.lowercased() } + ["XXX", "US D"]
    + invisibleEdges

  /// `a`, a code point and `b`, for the first and last code point of each run of code points
  /// `NameIdentity` calls invisible and the visible ones beside them (NUL aside: no text holds
  /// it): hunter.name refuses exactly the invisible ones (migration 0023).
  static let invisibleEdges: [String] = {
    var edges: [UInt32] = []
    var previous = false
    for code in UInt32(1)...0x10FFFF {
      let invisible = Unicode.Scalar(code).map(NameIdentity.isInvisible) ?? false
      if invisible != previous { edges += [code - 1, code] }
      previous = invisible
    }
    return edges.compactMap { Unicode.Scalar($0) }.filter { $0.value != 0 }.map { "a\($0)b" }
  }()

  @Test func theFileAcceptsExactlyWhatBountyStores() throws {
    #expect(Self.invisibleEdges.count > 40, "the runs of invisible code points were found")
    let app = try TestApp()
    let database = app.store.database
    for key in SettingKey.allCases where key.rosterMayHold {
      for text in Self.candidates {
        let bounty = (try? key.validate(.string(text))) == text
        var file = true
        do {
          try database.run(
            "INSERT INTO setting (key, value) VALUES (?, ?)", .text(key.rawValue), .text(text))
        } catch {
          file = false
        }
        #expect(file == bounty, "\(key.rawValue) = \(SafeText.quoted(text))")
        try database.run("DELETE FROM setting WHERE key = ?", .text(key.rawValue))
        // UPDATE is checked the same way.
        try database.run(
          "INSERT INTO setting (key, value) VALUES (?, ?)", .text(key.rawValue),
          .text(key.defaultValue == "" ? "x" : key.defaultValue))
        var updated = true
        do {
          try database.run(
            "UPDATE setting SET value = ? WHERE key = ?", .text(text), .text(key.rawValue))
        } catch {
          updated = false
        }
        #expect(updated == bounty, "UPDATE \(key.rawValue) = \(SafeText.quoted(text))")
        try database.run("DELETE FROM setting WHERE key = ?", .text(key.rawValue))
      }
    }
    // `pager` is a preference only a config file ever held.
    for key in ["", "Currency", "no.such.key", SettingKey.pager.rawValue] {
      #expect(throws: (any Error).self) {
        try database.run("INSERT INTO setting (key, value) VALUES (?, 'x')", .text(key))
      }
    }
  }

  @Test func theFileKnowsBountysCurrencies() throws {
    let app = try TestApp()
    let listed = try app.store.database.query(
      "SELECT code, scale FROM currency_scale ORDER BY code"
    ) {
      "\($0.text(0)):\($0.int(1))"
    }
    #expect(listed == Currency.all.map { "\($0.code):\($0.scale)" }.sorted())
  }
}
