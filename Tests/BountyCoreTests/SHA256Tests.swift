import Foundation
import Testing

@testable import BountyCore

@Suite struct SHA256Tests {
  /// FIPS 180-4's examples (NIST's "SHA-256" example file) and the million-`a` vector.
  @Test func nistVectors() {
    let vectors: [(String, String)] = [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
    ]
    for (message, digest) in vectors {
      #expect(SHA256.hex(Array(message.utf8)) == digest, "\(message)")
    }
    #expect(
      SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Every length from 0 to 300 (each block boundary and padding case), fed whole and in uneven
  /// pieces, against the system's `sha256sum`.
  @Test func matchesSha256sumOnEveryLengthAndPieceSize() throws {
    var bytes: [UInt8] = []
    var expected: [String] = []
    var script = ""
    for length in 0...300 {
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("sha-\(getpid())-\(length)")
      try Data(bytes).write(to: file)
      script += "sha256sum '\(file.path)'; rm '\(file.path)'\n"
      var whole = SHA256()
      whole.update(bytes)
      var pieces = SHA256()
      var start = 0
      var size = 1
      while start < bytes.count {
        let end = min(bytes.count, start + size)
        pieces.update(bytes[start..<end])
        start = end
        size = size * 3 % 71 + 1
      }
      let digest = SHA256.hexString(whole.finish())
      #expect(SHA256.hexString(pieces.finish()) == digest, "length \(length)")
      expected.append(digest)
      bytes.append(UInt8(truncatingIfNeeded: length &* 151 &+ 7))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let sums = String(decoding: output, as: UTF8.self).split(separator: "\n").map {
      String($0.prefix(64))
    }
    #expect(sums == expected)
  }

  /// The canonical encoding is the bytes docs/history.md lists, so another engine (the agency
  /// server) computes the same digests.
  @Test func canonicalEncodingIsTheDocumentedBytes() {
    var hasher = CanonicalHasher()
    hasher.null()
    hasher.integer(-42)
    hasher.real(1.5)
    hasher.text("Émile")
    hasher.blob([0, 255])
    hasher.list(count: 2)
    let bytes =
      Array("ni-42;r3ff8000000000000t6:".utf8) + Array("Émile".utf8) + Array("b2:".utf8)
      + [0, 255] + Array("l2:".utf8)
    #expect(hasher.finishHex() == SHA256.hex(bytes))
  }
}
