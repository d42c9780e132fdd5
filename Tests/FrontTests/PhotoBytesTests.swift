import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// A photo is PNG or JPEG by its bytes on every way in, whatever it is labelled: an SVG or a shell
/// script labelled `application/octet-stream` (which a JSON import took before, and an export then
/// carried out again) is refused naming the row, and nothing is imported.
@Suite(.onTestThreads) struct PhotoBytesTests {
  let folder: TemporaryFolder
  var bounty: BinaryRunner

  /// Bytes that are no image: an SVG that runs a script, and a shell script.
  static let notImages: [[UInt8]] = [
    Array(#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#.utf8),
    Array("#!/bin/sh\nrm -rf \"$HOME\"\n".utf8),
  ]
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]

  init() throws {
    folder = try TemporaryFolder()
    bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["fugitives", "add", "--id", "1", "--name", "Face", "--bounty", "1"])
  }

  func importFile(_ bytes: [UInt8], label: String) -> String {
    #"[{"id":2,"name":"Ok","bounty":"5"},"#
      + #"{"id":3,"name":"X","bounty":"5","photo":{"mediaType":"\#(label)","data":""#
      + Base64.encode(bytes) + #""}}]"#
  }

  func total() throws -> String {
    try bounty.run(["--jq", ".total", "fugitives", "list"]).stdout
  }

  @Test(arguments: ["application/octet-stream", "image/svg+xml", "image/png", "text/plain"])
  func aJSONImportRefusesOtherBytesWhateverTheLabel(label: String) throws {
    for bytes in Self.notImages {
      let file = folder.file("in.json")
      try Data(importFile(bytes, label: label).utf8).write(to: URL(fileURLWithPath: file))
      let outcome = try bounty.run(["import", file])
      #expect(outcome.status == 1)
      #expect(
        outcome.stderr.contains("item 1, photo.mediaType: the data is not a PNG or JPEG image"),
        "\(outcome.stderr)")
      #expect(try total() == "1\n")
    }
  }

  @Test func aJSONImportStoresTheTypeTheBytesAre() throws {
    let file = folder.file("in.json")
    try Data(importFile(Self.png, label: "image/png").utf8).write(to: URL(fileURLWithPath: file))
    #expect(try bounty.run(["import", file]).status == 0)
    #expect(try bounty.sqlite3("SELECT media_type FROM photo WHERE fugitive_id = 3") == "image/png")
    let mislabelled = folder.file("jpeg.json")
    try Data(
      importFile(Self.png, label: "image/jpeg").replacingOccurrences(
        of: "\"id\":2", with: "\"id\":4"
      )
      .replacingOccurrences(of: "\"id\":3", with: "\"id\":5").utf8
    ).write(to: URL(fileURLWithPath: mislabelled))
    let refused = try bounty.run(["import", mislabelled])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("photo.mediaType: must be image/png, what the data is"))
  }

  @Test func theCommandLineRefusesOtherBytes() throws {
    for (index, bytes) in Self.notImages.enumerated() {
      let file = folder.file("photo\(index).png")
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      let outcome = try bounty.run(["fugitives", "photo", "1", file])
      #expect(outcome.status == 1)
      #expect(outcome.stderr == "Error: IMAGE is not a PNG or JPEG image.\n")
    }
    #expect(try bounty.sqlite3("SELECT count(*) FROM photo") == "0")
  }

  @Test func jsonRPCRefusesOtherBytesOnEveryMethod() throws {
    var lines: [String] = []
    for (index, bytes) in Self.notImages.enumerated() {
      lines.append(
        #"{"jsonrpc":"2.0","method":"fugitives.photo","params":{"id":1,"image":""#
          + Base64.encode(bytes) + #""},"id":\#(index)}"#)
      let content = importFile(bytes, label: "application/octet-stream")
      let quoted = JSON.string(content).serialized
      lines.append(
        #"{"jsonrpc":"2.0","method":"data.import","params":{"content":\#(quoted),"format":"json"},"id":\#(index + 10)}"#
      )
    }
    let outcome = try bounty.run(["rpc"], input: lines.joined(separator: "\n") + "\n")
    let answers = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(answers.count == lines.count, "\(outcome.stdout) \(outcome.stderr)")
    for answer in answers {
      #expect(answer.contains(#""code":-32003"#), "\(answer)")
      #expect(answer.contains("not a PNG or JPEG image"), "\(answer)")
    }
    #expect(try total() == "1\n")
    #expect(try bounty.sqlite3("SELECT count(*) FROM photo") == "0")
  }
}
