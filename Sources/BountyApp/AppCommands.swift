internal import BountyCommands
import BountyCore
internal import BountyStore

/// Commands that belong to no single tab: history, the sample roster, and the database itself.
enum AppCommands {
  static let commands: [Command] =
    [historyList, undo, redo, sample] + DataCommands.commands + [
      dbInfo, DatabaseCheckCommand.command, dbMigrate, dbBackup, DatabaseCopyCommand.command,
    ] + AgencyCommands.commands

  static let historyList = Command(
    CommandSpec(
      name: "history.list", words: ["history"], tab: .history,
      summary: "List the steps undo and redo would take, newest first", params: [custodyOf],
      effect: .read, result: "{undo: [step], redo: [step]}", schema: .component(.history),
      view: .history)
  ) { store, arguments in
    guard let fugitive = arguments[custodyOf] else { return History(try store.historySteps()) }
    return try store.custody(fugitive: fugitive)
  }

  /// `history --fugitive ID`: the case's chain of custody.
  static let custodyOf = Param.integer(
    "fugitive", Limits.fugitiveIDs,
    help: "Only the steps that changed this fugitive or its records (notes, photo, case file, "
      + "expenses, aliases), with who made each and from which client, and the changes made to "
      + "them outside bounty; the chain is verified first")

  static let undo = Command(
    CommandSpec(
      name: "history.undo", words: ["undo"], tab: .history, summary: "Undo the last change",
      params: [], effect: .change(undoable: false), result: "the step undone",
      schema: .component(.historyStep),
      view: .message(Headline { "Undid: \($0["label"])" }), role: .undo)
  ) { store, _ in try store.undo() }

  static let redo = Command(
    CommandSpec(
      name: "history.redo", words: ["redo"], tab: .history, summary: "Redo the last undone change",
      params: [], effect: .change(undoable: false), result: "the step redone",
      schema: .component(.historyStep),
      view: .message(Headline { "Redid: \($0["label"])" }), role: .redo)
  ) { store, _ in try store.redo() }

  static let sample = Command(
    CommandSpec(
      name: "sample.load", words: ["sample"], tab: .data,
      summary: "Load the bundled sample roster (refused over existing IDs)", params: [],
      effect: .change(undoable: true), result: "{loaded: number of fugitives}",
      schema: .component(.sampleResult),
      view: .message(
        Headline {
          "Loaded \($0.counted("loaded", "fugitive", "fugitives")) from the sample roster."
        }), agencyAdminOnly: true)
  ) { store, _ in
    guard let file = EmbeddedSample.files.first(where: { $0.name == "roster.json" }) else {
      throw BountyError.io("this binary carries no sample roster")
    }
    let roster: JSON
    do {
      roster = try JSONParser.parse(file.text)
    } catch {
      throw BountyError.io("the sample roster is damaged: \(error)")
    }
    let currency = try store.currency()
    var entries: [RosterEntry] = []
    for (index, item) in (roster.arrayValue ?? []).enumerated() {
      do {
        entries.append(try RosterEntry(item, currency: currency))
      } catch BountyError.invalid(field: "bounty", reason: _) {
        throw BountyError.refused(
          "the sample roster's bounties are in dollars and cents, which \(currency.code) cannot "
            + "hold; nothing was loaded (load it into a database whose currency has cents)")
      } catch {
        throw BountyError.io("the sample roster is damaged at entry \(index): \(error)")
      }
    }
    let taken = try entries.map(\.fields.id).filter { try store.fugitiveExists(id: $0) }
    if !taken.isEmpty {
      let shown = taken.prefix(5).map(String.init).joined(separator: ", ")
      throw BountyError.conflict(
        "the sample roster uses ID#s that already exist (\(shown)\(taken.count > 5 ? ", …" : "")); "
          + "nothing was loaded")
    }
    for entry in entries { try entry.insert(into: store) }
    return .object(["loaded": .int(entries.count)])
  }

  static let dbInfo = Command(
    CommandSpec(
      name: "db.info", words: ["db", "info"], tab: .database,
      summary: "Show the database's path, schema version and counts", params: [], effect: .read,
      result:
        "{path, schemaVersion, latestSchemaVersion, sqliteVersion (a SQLite file) or serverVersion "
        + "(PostgreSQL), journalMode, sizeBytes, counts…}",
      schema: .component(.databaseInfo),
      view: .facts([
        Fact("path", "Database"), Fact("schemaVersion", "Schema version"),
        Fact("latestSchemaVersion", "Newest schema"), Fact("sqliteVersion", "SQLite"),
        Fact("serverVersion", "PostgreSQL"),
        Fact("journalMode", "Journal"), Fact("sizeBytes", "Size", .bytes),
        Fact("currency", "Currency"),
        Fact("fugitives", "Fugitives"),
        Fact("atLarge", "At large"),
        Fact("captured", "Captured"),
        Fact("notes", "Case notes"),
        Fact("photos", "Photos"),
        Fact("undoSteps", "Undo steps"),
      ]))
  ) { store, _ in
    let storage = try store.storageFacts()
    // The engine's own version: the SQLite library inside bounty, or the agency's server.
    let engine = try store.engineVersion()
    let counts = try store.rosterCounts()
    return .object([
      "path": .string(store.path),
      "schemaVersion": .int(try store.schemaVersion()),
      "latestSchemaVersion": .int(store.latestSchemaVersion),
      engine.engine == .postgresql ? "serverVersion" : "sqliteVersion": .string(engine.version),
      "journalMode": .optional(storage.journalMode),
      "sizeBytes": .int(storage.sizeBytes),
      "currency": .string(try store.currency().code),
      "fugitives": .int(counts.fugitives),
      "atLarge": .int(counts.atLarge),
      "captured": .int(counts.captured),
      "notes": .int(counts.notes),
      "photos": .int(counts.photos),
      "undoSteps": .int(counts.undoSteps),
    ])
  }

  static let dbMigrate = Command(
    CommandSpec(
      name: "db.migrate", words: ["db", "migrate"], tab: .database,
      summary:
        "Bring the database to the newest schema, after a backup when it holds fugitives (a "
        + "change does this too; a read never does)", params: [],
      effect: .change(undoable: false), fronts: .terminal,
      result: "{schemaVersion, repaired: [message]}", schema: .component(.schemaVersion),
      view: .message(
        Headline {
          let repaired = $0.strings("repaired")
          return "The database is at schema version \($0["schemaVersion"]), the newest."
            + (repaired.isEmpty ? "" : " Repaired: " + repaired.joined(separator: "; ") + ".")
        }))
  ) { store, _ in
    // Brings back what another program removed of the newest schema, as `db check --repair` does,
    // and says what it did.
    let repaired = try store.repairSchema()
    return .object([
      "schemaVersion": .int(try store.schemaVersion()),
      "repaired": .array(repaired.map(JSON.string)),
    ])
  }

  static let backupFile = Param.path(
    "file", required: true, positional: true, help: "Where to write the copy")

  static let dbBackup = Command(
    CommandSpec(
      name: "db.backup", words: ["db", "backup"], tab: .database,
      summary: "Write a consistent copy of the database to FILE (mode 0600; must not exist)",
      params: [backupFile],
      effect: .outsideTransaction(changes: false), fronts: .terminal, result: "{path}",
      schema: .component(.backup),
      view: .message(Headline { "Wrote a backup to \($0["path"])." }))
  ) { store, arguments in
    let file = try arguments.required(backupFile)
    try store.backup(to: file)
    return .object(["path": .string(file)])
  }
}
