import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// A fugitive's chain of custody on an agency roster (docs/history.md, section 3): `history
/// --fugitive ID`, JSON-RPC `history.list` with `fugitive` and `dossier ID --custody` list every
/// step that touched the fugitive or its records, whoever made it and from whichever client (a
/// hunter's `psql` too, which the server records as a step of its own), after the server verified
/// the chain (`bounty_chain_problem()`); a chain the table's owner edited by hand is refused in
/// one line naming the problem.
@Suite(.onTestThreads) struct AgencyCustodyTests {
  /// A fresh agency database: the owner (the test server's superuser) and two hunters, ana (whose
  /// display name is Ana Reyes) and ben (none: shown by his role). Ana adds fugitives 1 and 2 and a
  /// note on 1; ben edits the bounty of both; ben's `psql` changes 1's description outside bounty.
  final class Roster {
    let server: PostgresTestServer
    let url: String
    let owner: BinaryRunner
    let ana: String
    let ben: String

    init() throws {
      server = try PostgresTestServer.shared
      url = try server.freshDatabase()
      owner = BinaryRunner(database: url)
      let suffix = String(UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(12))
      (ana, ben) = ("ana_" + suffix, "ben_" + suffix)
      try Self.succeed(owner, ["db", "init-agency"])
      try Self.succeed(owner, ["db", "add-hunter", ana])
      try Self.succeed(owner, ["db", "add-hunter", ben])
      let (ana, ben) = (try bounty(as: ana), try bounty(as: ben))
      try Self.succeed(ana, ["settings", "set", "hunter.name", "Ana Reyes"])
      try Self.succeed(
        ana, ["fugitives", "add", "--id", "1", "--name", "Frank Dunmore", "--bounty", "100"])
      try Self.succeed(
        ana, ["fugitives", "add", "--id", "2", "--name", "Ada Byron", "--bounty", "100"])
      try Self.succeed(ana, ["fugitives", "note", "add", "1", "Seen in Reno"])
      try Self.succeed(ben, ["fugitives", "edit", "1", "--bounty", "200"])
      try Self.succeed(ben, ["fugitives", "edit", "2", "--bounty", "300"])
      _ = try server.psql(
        url, "UPDATE fugitive SET description = 'seen at the dock' WHERE id = 1", role: self.ben)
    }

    deinit {
      _ = try? server.psql(url, "DROP OWNED BY \(ana), \(ben); DROP ROLE \(ana); DROP ROLE \(ben)")
    }

    func bounty(as role: String) throws -> BinaryRunner {
      BinaryRunner(database: try PostgresTestServer.url(url, as: role))
    }

    @discardableResult
    static func succeed(_ runner: BinaryRunner, _ arguments: [String]) throws -> String {
      let outcome = try runner.run(arguments)
      #expect(outcome.status == 0, "bounty \(arguments): \(outcome.stderr)")
      return outcome.stdout
    }

    /// `--json history --fugitive ID` as `role`: each stack's steps as (label, hunter, client).
    func custody(of id: Int, as role: String) throws -> (
      undo: [[String]], redo: [[String]], json: JSON
    ) {
      let json = try JSONParser.parse(
        try Self.succeed(bounty(as: role), ["--json", "history", "--fugitive", String(id)]))
      func rows(_ stack: String) -> [[String]] {
        (json[stack]?.arrayValue ?? []).map { step in
          ["label", "hunter", "client"].map { step[$0]?.stringValue ?? "-" }
        }
      }
      return (rows("undo"), rows("redo"), json)
    }
  }

  /// Exactly the steps of fugitive 1, newest first, each with its hunter and client: the `psql`
  /// change is ben's, from `psql`; fugitive 2's steps are not among them (and its own list holds
  /// only them). Both stacks: an undone step is listed on the redo stack.
  @Test func historyOfAFugitiveListsEveryHuntersStepsWithWhoAndClient() throws {
    let roster = try Roster()
    let (ana, ben) = (roster.ana, roster.ben)
    let first = try roster.custody(of: 1, as: ben)
    #expect(
      first.undo == [
        ["psql: UPDATE fugitive", ben, "psql"],
        ["fugitives edit 1", ben, "bounty"],
        ["fugitives note add 1", "Ana Reyes", "bounty"],
        ["fugitives add 1", "Ana Reyes", "bounty"],
      ], "\(first.json)")
    #expect(first.redo.isEmpty)
    let ids = (first.json["undo"]?.arrayValue ?? []).compactMap { step -> Int? in
      guard case .number(let digits)? = step["id"] else { return nil }
      return Int(digits)
    }
    #expect(ids.count == 4 && ids == ids.sorted(by: >), "newest first: \(ids)")
    #expect(
      try roster.custody(of: 2, as: ana).undo == [
        ["fugitives edit 2", ben, "bounty"], ["fugitives add 2", "Ana Reyes", "bounty"],
      ])
    #expect(try roster.custody(of: 3, as: ana).undo.isEmpty)

    let text = try Roster.succeed(roster.bounty(as: ana), ["history", "--fugitive", "1"])
    #expect(text.contains("  psql: UPDATE fugitive  "), "\(text)")
    #expect(text.contains("by \(ben)  from psql"), "\(text)")
    #expect(text.contains("fugitives note add 1") && text.contains("by Ana Reyes  from bounty"))
    #expect(!text.contains("fugitives edit 2") && !text.contains("fugitives add 2"), "\(text)")

    // JSON-RPC answers the same list.
    let answer = try roster.bounty(as: ana).rpc([
      #"{"jsonrpc":"2.0","id":1,"method":"history.list","params":{"fugitive":1}}"#
    ])
    let result = try #require(answer.first.map { try JSONParser.parse($0) }?["result"])
    #expect(result == first.json, "\(answer)")

    // Ben undoes his `psql` change: the undo moves it to the redo stack, still his, now from
    // bounty (the reverse step's client). Ana's expense, alias, photo and bond on fugitive 1, and
    // a new note by her `psql` (records whose server entries name no fugitive: their touches do),
    // are listed too; ben's redo stays.
    let undo = try roster.bounty(as: ben).run(["undo"])
    #expect(undo.status == 0 && undo.stdout.contains("psql: UPDATE fugitive"), "\(undo.stderr)")
    let photo = GeneratedFile.root.appending(path: "Tests/Photos/mugshot.png").path
    for arguments in [
      ["expenses", "add", "1", "--amount", "5", "--memo", "Fuel"],
      ["fugitives", "alias", "add", "1", "Frankie"], ["fugitives", "photo", "1", photo],
      ["fugitives", "bond", "1", "--amount", "500"],
    ] {
      try Roster.succeed(roster.bounty(as: ana), arguments)
    }
    _ = try roster.server.psql(
      roster.url,
      """
      INSERT INTO note (fugitive_id, position, text, created_at)
      VALUES (1, 2, 'seen again', '2026-11-30T10:00:00Z')
      """, role: ana)
    let after = try roster.custody(of: 1, as: ana)
    #expect(after.redo == [["psql: UPDATE fugitive", ben, "bounty"]], "\(after.json)")
    #expect(
      after.undo == [
        ["psql: INSERT note", "Ana Reyes", "psql"],
        ["fugitives bond 1", "Ana Reyes", "bounty"],
        ["fugitives photo 1", "Ana Reyes", "bounty"],
        ["fugitives alias add 1", "Ana Reyes", "bounty"],
        ["expenses add 1", "Ana Reyes", "bounty"],
        ["fugitives edit 1", ben, "bounty"],
        ["fugitives note add 1", "Ana Reyes", "bounty"],
        ["fugitives add 1", "Ana Reyes", "bounty"],
      ], "\(after.json)")
    #expect(try roster.custody(of: 2, as: ana).undo.count == 2)

    // A renumbering is a step of both ID#s; the steps before it stay under the ID# they changed,
    // as on SQLite.
    try Roster.succeed(roster.bounty(as: ben), ["fugitives", "edit", "2", "--new-id", "20"])
    #expect(try roster.custody(of: 20, as: ana).undo == [["fugitives edit 2", ben, "bounty"]])
    #expect(
      try roster.custody(of: 2, as: ana).undo.map(\.[0]) == [
        "fugitives edit 2", "fugitives edit 2", "fugitives add 2",
      ])
  }

  /// A chain the table's owner edited by hand (a link's hunter; a step's label, which holds a
  /// line break): `history --fugitive`, its JSON, JSON-RPC and `dossier --custody` refuse in one
  /// line naming the problem, as `db check` names it.
  @Test func aChainEditedByHandIsRefusedInOneLineNamingTheProblem() throws {
    let edits: [(sql: String, named: String)] = [
      (
        """
        UPDATE history_chain SET hunter = 'mallory'
        WHERE seq = (SELECT max(seq) FROM history_chain
          WHERE step_id = (SELECT id FROM history_step WHERE label = 'fugitives note add 1'))
        """,
        "does not follow from the link before it: the chain was edited, or a link inserted or "
          + "removed"
      ),
      (
        "UPDATE history_step SET label = E'fugitives edit 1\\nforged' WHERE label = 'fugitives edit 1'",
        "('fugitives edit 1 forged') differs from its link in the chain: it was edited"
      ),
    ]
    for (sql, named) in edits {
      let roster = try Roster()
      let hunter = try roster.bounty(as: roster.ana)
      #expect(try hunter.run(["history", "--fugitive", "1"]).status == 0)
      _ = try roster.server.psql(roster.url, sql)
      let check = try hunter.run(["db", "check"])
      #expect(check.status != 0 && check.stdout.contains(named), "\(check.stdout)")
      for arguments in [
        ["history", "--fugitive", "1"], ["--json", "history", "--fugitive", "1"],
        ["dossier", "1", "--custody"],
      ] {
        let refused = try hunter.run(arguments)
        #expect(refused.status == 1, "\(arguments): \(refused.stdout)")
        #expect(refused.stdout.isEmpty, "\(arguments): \(refused.stdout)")
        #expect(
          refused.stderr.hasPrefix("Error: the history's chain does not hold (history_")
            && refused.stderr.contains(named)
            && refused.stderr.hasSuffix("); 'bounty db check' names what changed\n")
            && refused.stderr.filter { $0 == "\n" }.count == 1,
          "\(arguments): \(refused.stderr)")
      }
      let answer = try hunter.rpc([
        #"{"jsonrpc":"2.0","id":1,"method":"history.list","params":{"fugitive":1}}"#
      ])
      let error = try #require(answer.first.map { try JSONParser.parse($0) }?["error"])
      #expect(
        error["message"]?.stringValue?.contains("the history's chain does not hold") == true,
        "\(answer)")
      // Without --fugitive the history is listed as before.
      #expect(try hunter.run(["history"]).status == 0)
    }
  }

  /// `dossier ID --custody` on the server: the section, oldest first, in text, Markdown and HTML,
  /// with who and from which client; none of another fugitive's steps.
  @Test func theDossierShowsTheChainOfCustodyOnTheServer() throws {
    let roster = try Roster()
    let ben = try roster.bounty(as: roster.ben)
    let text = try Roster.succeed(ben, ["dossier", "1", "--custody"])
    #expect(text.contains("CHAIN OF CUSTODY (the history's chain verified)"), "\(text)")
    #expect(text.contains("  fugitives note add 1  by Ana Reyes, from bounty"), "\(text)")
    #expect(text.contains("  psql: UPDATE fugitive  by \(roster.ben), from psql"), "\(text)")
    #expect(!text.contains("fugitives edit 2") && !text.contains("fugitives add 2"), "\(text)")
    let order = try ["fugitives add 1", "fugitives note add 1", "fugitives edit 1", "psql: UPDATE"]
      .map { try #require(text.range(of: "  \($0)")).lowerBound }
    #expect(order == order.sorted(), "oldest first: \(text)")
    let markdown = try Roster.succeed(ben, ["dossier", "1", "--custody", "--format", "markdown"])
    #expect(
      markdown.contains("## Chain of custody")
        && markdown.contains("| psql: UPDATE fugitive | by ")
        && markdown.contains(", from psql |"), "\(markdown)")
    let html = try Roster.succeed(ben, ["dossier", "1", "--custody", "--format", "html"])
    #expect(
      html.contains("<h2>Chain of custody</h2>") && html.contains("Ana Reyes, from bounty"),
      "\(html)")
    #expect(try !Roster.succeed(ben, ["dossier", "1"]).contains("CHAIN OF CUSTODY"))
  }
}
