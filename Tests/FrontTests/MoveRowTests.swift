import BountyTestSupport
import Foundation
import Testing

/// `move --to N` means row N of the list being looked at: the Fugitives tab's manual order counts
/// only fugitives at large, the Captured tab's only captured ones.
@Suite(.onTestThreads) struct MoveRowTests {
  @Test func rowNIsTheNthRowOfTheFugitivesOwnList() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    for id in 1...6 {
      try bounty.run(["fugitives", "add", "--id", "\(id)", "--name", "F\(id)", "--bounty", "10"])
    }
    // Captured ones sit between those at large in the one manual order: 1 2 [3] 4 [5] 6.
    try bounty.run(["fugitives", "capture", "3"])
    try bounty.run(["fugitives", "capture", "5"])
    func rows(_ tab: String) throws -> [String] {
      let listed = try bounty.run([tab, "list", "--sort", "manual", "--json"]).stdout
      return listed.matches(of: /"id":(\d+),"name"/).map { String($0.1) }
    }
    #expect(try rows("fugitives") == ["1", "2", "4", "6"])
    // The answer names the row asked for (the stored position of 6 is 4, past captured 3).
    let moved = try bounty.run(["fugitives", "move", "6", "--to", "3"])
    #expect(moved.stdout == "Moved fugitive 6 (F6) to position 3.\n")
    #expect(try rows("fugitives") == ["1", "2", "6", "4"])
    let clamped = try bounty.run(["fugitives", "move", "1", "--to", "99"])
    #expect(clamped.stdout == "Moved fugitive 1 (F1) to position 4.\n")
    #expect(try rows("fugitives") == ["2", "6", "4", "1"])
    try bounty.run(["fugitives", "move", "5", "--to", "1"])
    #expect(try rows("captured") == ["5", "3"])
    #expect(try rows("fugitives") == ["2", "6", "4", "1"])
    // The shell's `move` is the same command, on the card on screen.
    let shell = try bounty.run([], input: "show 4\nmove --to 1\nquit\n")
    #expect(shell.status == 0, "\(shell.stderr)")
    #expect(try rows("fugitives") == ["4", "2", "6", "1"])
  }
}
