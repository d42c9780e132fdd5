import BountyApp
import BountyCore
import BountyTestSupport
import Foundation
import Testing

@testable import TerminalFront

/// The mugshot in the terminal: PNG and JPEG decoded by Debian's libraries, drawn by libchafa
/// (loaded at run time) above `fugitives show`'s card and in the workspace card's right part, in
/// symbols through curses there; nothing on a pipe or with `--no-photo`.
@Suite(.onTestThreads) struct TerminalPhotoTests {
  /// The sample mugshot, 120 × 150, as PNG and JPEG (Tests/Photos).
  static func sample(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: GeneratedFile.root.appending(path: "Tests/Photos/\(name)")))
  }

  static func pixel(_ photo: DecodedPhoto, x: Int, y: Int) -> [Int] {
    let start = (y * photo.width + x) * 4
    return photo.pixels[start..<start + 4].map { Int($0) }
  }

  @Test func pngAndJPEGAreDecodedByTheirLibraries() throws {
    let png = try DecodedPhoto(Self.sample("mugshot.png"))
    #expect(png.width == 120 && png.height == 150 && png.pixels.count == 120 * 150 * 4)
    #expect(Self.pixel(png, x: 5, y: 5) == [200, 210, 220, 255], "the wall behind")
    #expect(Self.pixel(png, x: 25, y: 140) == [230, 120, 40, 255], "the jumpsuit")
    let jpeg = try DecodedPhoto(Self.sample("mugshot.jpg"))
    #expect(jpeg.width == 120 && jpeg.height == 150)
    let wall = Self.pixel(jpeg, x: 5, y: 5)
    #expect(zip(wall, [200, 210, 220, 255]).allSatisfy { abs($0 - $1) <= 12 }, "\(wall)")
    // A damaged file says so in one line rather than crashing.
    let cut = Array(try Self.sample("mugshot.jpg").prefix(300))
    #expect(throws: (any Error).self) { try DecodedPhoto(cut) }
    #expect(throws: (any Error).self) { try DecodedPhoto(Array("GIF89a".utf8)) }
    #expect(throws: (any Error).self) {
      try DecodedPhoto(Array(try Self.sample("mugshot.png").prefix(60)))
    }
  }

  /// bounty names two of chafa's `ChafaTermSeq` values by number (its header needs GLib's);
  /// they are where the installed header puts them.
  @Test func chafasSequenceNumbersMatchItsHeader() throws {
    let header = try String(
      contentsOfFile: "/usr/include/chafa/chafa-term-seq-def.h", encoding: .utf8)
    let names = header.split(separator: "\n").filter { $0.hasPrefix("CHAFA_TERM_SEQ_DEF(") }.map {
      $0.split(separator: ",")[1].trimmingCharacters(in: .whitespaces)
    }
    #expect(names.firstIndex(of: "BEGIN_SIXELS") == Int(LibChafa.beginSixels))
    #expect(names.firstIndex(of: "BEGIN_KITTY_IMMEDIATE_IMAGE_V1") == Int(LibChafa.beginKittyImage))
  }

  /// chafa's terminal database decides: kitty's own protocol in kitty, symbols in xterm.
  @Test func theTerminalSaysHowPicturesAreDrawn() throws {
    #expect(try TerminalPicture.mode(environment: ["TERM": "xterm-kitty"]) == .kitty)
    #expect(try TerminalPicture.mode(environment: ["TERM": "xterm-256color"]) == .symbols)
    #expect(try TerminalPicture.mode(environment: ["TERM": "mlterm"]) == .sixels)
  }

  /// A database with the sample roster and the mugshot on Émile Fournier (57750).
  static func roster() throws -> (TemporaryFolder, BinaryRunner) {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["sample"])
    let path = GeneratedFile.root.appending(path: "Tests/Photos/mugshot.png").path
    let saved = try bounty.run(["fugitives", "photo", "57750", path])
    #expect(saved.status == 0, "\(saved.stderr)")
    return (folder, bounty)
  }

  /// What is left of chafa's printed picture without its escapes, line by line, as tmux shows
  /// it (no trailing spaces).
  static func visible(_ printed: String) -> [String] {
    printed.replacing(/\x1B\[[0-9;?]*[A-Za-z]/, with: "").components(separatedBy: "\n").map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// `fugitives show` in a real terminal (tmux, through the binary): chafa's symbols for the
  /// sample photo, at most 40 columns wide, above the card.
  @Test func showDrawsChafasSymbolsAboveTheCard() throws {
    let (folder, bounty) = try Self.roster()
    let environment = ["TERM": "xterm-256color"]
    let expected = Self.visible(
      try TerminalPicture.printed(
        try DecodedPhoto(Self.sample("mugshot.png")), columns: 40, rows: 20, mode: .symbols,
        colours: .indexed240, cellPixels: (10, 20), environment: environment))
    #expect(expected.count == 20 && expected.allSatisfy { $0.count <= 40 })
    #expect(expected.joined().contains("▇"), "block symbols")
    let screen = try ShellTerminalTests.Screen(
      command:
        "env -u COLORTERM -u NO_COLOR BOUNTY_DB=\(bounty.database) TERM=xterm-256color "
        + "XDG_STATE_HOME=\(folder.file("state")) \(BinaryRunner.executable) fugitives show 57750;"
        + " echo EXITED $?; sleep 30")
    let shown = screen.waitFor("EXITED").components(separatedBy: "\n")
    try #require(shown.count > 21, "\(shown)")
    #expect(Array(shown.prefix(20)) == expected, "\(shown.prefix(22).joined(separator: "\n"))")
    #expect(shown[20] == "Émile Fournier")
    #expect(shown.contains("EXITED 0"))
  }

  /// On a pipe and with `--no-photo` the card comes alone.
  @Test func nothingOnAPipeOrWithNoPhoto() throws {
    let (folder, bounty) = try Self.roster()
    let piped = try bounty.run(["fugitives", "show", "57750"])
    #expect(piped.status == 0)
    #expect(piped.stdout.hasPrefix("Émile Fournier\n"), "\(piped.stdout)")
    #expect(!piped.stdout.contains("\u{1B}") && !piped.stdout.contains("▇"))
    let screen = try ShellTerminalTests.Screen(
      command:
        "env BOUNTY_DB=\(bounty.database) TERM=xterm-256color "
        + "XDG_STATE_HOME=\(folder.file("state")) \(BinaryRunner.executable) --no-photo "
        + "fugitives show 57750; echo EXITED $?; sleep 30")
    let shown = screen.waitFor("EXITED")
    #expect(shown.hasPrefix("Émile Fournier\n"), "\(shown)")
    #expect(!shown.contains("▇") && shown.contains("EXITED 0"))
  }

  /// The workspace's card: the photo in the card's right part (40 columns of 110), chafa's
  /// symbols cell for cell, in curses' colours; the facts on the left.
  @Test func theWorkspaceCardDrawsThePhoto() throws {
    let (folder, bounty) = try Self.roster()
    let cells = try TerminalPicture.cells(
      try DecodedPhoto(Self.sample("mugshot.png")), columns: 40, rows: 20, colours: .indexed240)
    let command =
      "env -u COLORTERM -u NO_COLOR BOUNTY_DB=\(bounty.database) BOUNTY_NOW=2026-11-30T10:00:00Z "
      + "TERM=xterm-256color XDG_STATE_HOME=\(folder.file("state")) \(BinaryRunner.executable)"
    let screen = try ShellTerminalTests.Screen(command: command + "; echo EXITED $?; sleep 30")
    _ = screen.waitFor("1 of 28")
    try screen.type(":", "show 57750", "Enter")
    let card = screen.waitUntil { $0.contains("ID#          57750") && $0.contains("▇") }
    let rows = card.components(separatedBy: "\n")
    try #require(rows.count > 21)
    #expect(rows[2].hasPrefix("  ID#          57750"))
    for (offset, line) in cells.enumerated() {
      let drawn = String(rows[1 + offset].dropFirst(70))
      let expected = String(String(line.map(\.character)).reversed().drop { $0 == " " }.reversed())
      #expect(drawn == expected, "row \(offset): \(drawn)")
    }
    let coloured = try screen.tmux(["capture-pane", "-p", "-e", "-t", "main"])
    #expect(coloured.contains("[48;5;"), "the cells' colours, as curses drew them")
    try screen.type("Escape")
    _ = screen.waitFor(" of 6")
    try screen.type("q")
    #expect(screen.waitFor("EXITED").contains("EXITED 0"))
    // --no-photo: the card alone.
    let plain = try ShellTerminalTests.Screen(
      command: command + " --no-photo; echo EXITED $?; sleep 30")
    // The workspace reopens where it was left (the Captured tab).
    _ = plain.waitUntil { $0.contains(" of 6") || $0.contains(" of 28") }
    try plain.type(":", "show 57750", "Enter")
    let alone = plain.waitFor("ID#          57750")
    #expect(alone.contains("Photo        yes") && !alone.contains("▇"), "\(alone)")
  }

  /// The workspace's hook draws through the screen (`drawPicture`, curses' cells on a terminal),
  /// never raw escapes: on a test's screen the picture is its characters, in the card's right
  /// 40 columns, and the facts keep to the left of it.
  @Test func theCardsPhotoGoesThroughTheScreen() throws {
    let folder = try TemporaryFolder()
    let dispatcher = try Dispatcher.open(path: folder.file("db.sqlite"))
    _ = dispatcher.call("sample.load")
    let png = try Self.sample("mugshot.png")
    _ = dispatcher.call(
      "fugitives.photo", params: ["id": 15156, "image": .string(Base64.encode(png))])
    let cells = try TerminalPicture.cells(
      try DecodedPhoto(png), columns: 40, rows: 20, colours: .foregroundBackground)
    var frame = ""
    let workspace = Workspace(dispatcher: dispatcher, environment: [:], colour: .never)
    _ = workspace.run(
      on: TestScreen([.key(.character("2")), .key(.enter), .look { frame = $0.frame }]))
    let rows = frame.components(separatedBy: "\n")
    try #require(rows.count > 21, "\(frame)")
    #expect(rows[2].hasPrefix("  ID#          15156"))
    for (offset, line) in cells.enumerated() {
      let expected = String(String(line.map(\.character)).reversed().drop { $0 == " " }.reversed())
      #expect(String(rows[1 + offset].dropFirst(60)) == expected, "row \(offset)")
    }
    #expect(!frame.contains("\u{1B}"))
    #expect(
      rows.allSatisfy { $0.prefix(60).allSatisfy { !"▇█▀▄".contains($0) } }, "facts on the left")
  }
}
