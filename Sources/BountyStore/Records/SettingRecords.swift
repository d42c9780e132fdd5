import BountyCore

extension Store {
  /// The stored text of `key`, or its default when it was never set.
  /// On an agency database `hunter.name` is the current hunter's own display name (table
  /// `hunter`), not a value the agency shares.
  /// Inside a transaction every setting is read at the first ask, in one query, and kept until the
  /// transaction ends: nothing but `storeSetting` (which forgets what was read) changes them there,
  /// and a command reads several (a list asks its sort and the currency, a round trip each on a
  /// server).
  ///
  /// A personal preference (`SettingKey.Scope.personal`) is read from `preferences` first; a
  /// roster row for it (rosters kept preferences before the config file) is the fallback.
  public func settingText(_ key: SettingKey) throws -> String {
    if key.scope == .personal, let preferences {
      if let mine = preferences.value(key) { return mine }
      if !key.rosterMayHold { return key.defaultValue }
    }
    guard database.inTransaction else { return try readSetting(key) }
    if settingsRead?.serial != database.transactionSerial {
      settingsRead = (database.transactionSerial, try readSharedSettings())
    }
    if let known = settingsRead?.values[key] { return known }
    let value = try readSetting(key)
    settingsRead?.values[key] = value
    return value
  }

  /// One setting, read on its own.
  private func readSetting(_ key: SettingKey) throws -> String {
    if key == .hunterName, database.dialect == .postgresql {
      return try hunterName() ?? key.defaultValue
    }
    return try database.scalarText("SELECT value FROM setting WHERE key = ?", .text(key.rawValue))
      ?? key.defaultValue
  }

  /// Every setting the `setting` table answers for, defaults filled in (on an agency database
  /// `hunter.name` is not among them: it is read from `hunter` when asked).
  private func readSharedSettings() throws -> [SettingKey: String] {
    var values: [SettingKey: String] = [:]
    for key in SettingKey.allCases where !(key == .hunterName && database.dialect == .postgresql) {
      values[key] = key.defaultValue
    }
    let stored = try database.query("SELECT key, value FROM setting") { ($0.text(0), $0.text(1)) }
    for (name, value) in stored {
      guard let key = SettingKey(rawValue: name), values[key] != nil else { continue }
      values[key] = value
    }
    return values
  }

  /// Stores `value` (already validated) for `key`; storing the default removes the row.
  /// On an agency database a hunter may set only their own `hunter.name`; the agency's settings
  /// are its admins' (refused here in one line; the server's grants refuse any other client too).
  /// A personal preference goes to `preferences`, whoever opened the roster (`storePreference`).
  public func storeSetting(_ key: SettingKey, _ value: String) throws {
    settingsRead = nil
    if key.scope == .personal, let preferences {
      return try storePreference(key, value, in: preferences)
    }
    guard key.rosterMayHold else {
      throw BountyError.refused(
        "\(key.rawValue) is kept in your config file, and neither XDG_CONFIG_HOME nor HOME says "
          + "where that is; nothing was changed")
    }
    if database.dialect == .postgresql {
      if key == .hunterName {
        return try setHunterName(value == key.defaultValue ? nil : value)
      }
      if let role = try agencyRole(), !role.mayAdminister {
        throw BountyError.refused(
          "only an agency admin may change \(key.rawValue) (you are \(role.name), a hunter); "
            + "nothing was changed")
      }
    }
    // A currency's amounts are rescaled by the database itself (SQLite migration 0017, agency
    // migration 5), for bounty as for every other client.
    try writeSettingRow(key.rawValue, value == key.defaultValue ? nil : value)
  }

  /// Writes a preference to the config file. The default removes the key's line, unless the roster
  /// holds another value for it (from before the config file), which the line then overrides: so
  /// `settings reset` always leaves the default in force.
  private func storePreference(_ key: SettingKey, _ value: String, in file: PreferenceFile) throws {
    var line: String? = value
    if value == key.defaultValue {
      let roster =
        key.rosterMayHold
        ? try database.scalarText("SELECT value FROM setting WHERE key = ?", .text(key.rawValue))
        : nil
      if roster == nil || roster == value { line = nil }
    }
    try file.set(key, line)
  }

  /// Writes (or with nil deletes) one row of `setting`. On SQLite the file checks every value
  /// and rescales the amounts when the currency changes (migration 0017), and a value the file
  /// refuses is `refused` with the file's reason. An existing row is updated, never inserted over (SQLite
  /// fires an INSERT's triggers even when an upsert then updates).
  func writeSettingRow(_ key: String, _ value: String?) throws {
    guard database.dialect == .sqlite else {
      // The server checks the value and rescales the amounts itself (agency migration 5).
      do {
        if let value {
          try database.run(
            "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            .text(key), .text(value))
        } else {
          try database.run("DELETE FROM setting WHERE key = ?", .text(key))
        }
      } catch let error as PostgresError where error.sqlState == "23514" {
        throw BountyError.refused("\(key): \(error.message)")
      }
      return
    }
    do {
      if let value {
        try database.run("UPDATE setting SET value = ? WHERE key = ?", .text(value), .text(key))
        if database.changes == 0 {
          try database.run(
            "INSERT INTO setting (key, value) VALUES (?, ?)", .text(key), .text(value))
        }
      } else {
        try database.run("DELETE FROM setting WHERE key = ?", .text(key))
      }
    } catch let error as SQLiteError where error.isConstraintViolation {
      // RAISE(ABORT, …) in a trigger of the file: its reason is meant for people.
      throw BountyError.refused("\(key): \(error.message)")
    }
  }

  /// The database currency (every amount is in it).
  public func currency() throws -> Currency {
    Currency.named(try settingText(.currency)) ?? .usd
  }

  public func commissionRate() throws -> ExactDecimal {
    ExactDecimal(try settingText(.commissionRate)) ?? ExactDecimal(significand: 10, scale: 0)
  }

  public func rounding() throws -> RoundingMode {
    RoundingMode(rawValue: try settingText(.rounding)) ?? .halfEven
  }

  /// A value of the shell's workspace (last tab, each tab's sort and filter); not undoable.
  public func workspaceValue(_ key: String) throws -> String? {
    try database.scalarText(
      "SELECT value FROM workspace WHERE key = \(workspaceKey)", .text(key))
  }

  /// The stored key of a workspace value: the key itself on a SQLite file (one user); on an
  /// agency database the role's name before it, so each hunter's screen is their own.
  private var workspaceKey: String {
    database.dialect == .sqlite ? "?" : "current_user || ':' || ?"
  }

  /// Stores (or with nil removes) a workspace value.
  public func setWorkspaceValue(_ key: String, _ value: String?) throws {
    if let value {
      try database.run(
        """
        INSERT INTO workspace (key, value) VALUES (\(workspaceKey), ?)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """, .text(key), .text(value))
    } else {
      try database.run("DELETE FROM workspace WHERE key = \(workspaceKey)", .text(key))
    }
  }
}

extension Store {
  /// Parses `text` as an amount in the database currency, or `invalid` naming `field`.
  public func money(_ text: String, field: String) throws -> Money {
    switch Money.parse(text, currency: try currency()) {
    case .success(let money): return money
    case .failure(let error): throw BountyError.invalid(field: field, reason: error.reason)
    }
  }
}
