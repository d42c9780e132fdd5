import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// A `bounty rpc` session gives memory back after large requests: after two 10 MiB photos and a
/// 14 MB HTML dossier its resident size is back near where it started, where it stayed at 62–68
/// MiB before (glibc kept the freed memory; the server now calls malloc_trim after large groups).
@Suite(.onTestThreads) struct SessionMemoryTests {
  @Test func aSessionGivesMemoryBackAfterPhotosAndADossier() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    #expect(
      try bounty.run(["fugitives", "add", "--id", "5", "--name", "P", "--bounty", "1"]).status == 0)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BinaryRunner.executable)
    process.arguments = ["rpc"]
    process.environment = bounty.environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    var pending = Data()
    /// Sends one request and waits for its answer line.
    func call(_ method: String, _ params: String, id: Int) throws -> Int {
      let line = #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params),"id":\#(id)}"# + "\n"
      try input.fileHandleForWriting.write(contentsOf: Data(line.utf8))
      // Only the newest piece is searched for the line's end (a 14 MB answer comes in many).
      var searched = 0
      while !pending[(pending.startIndex + searched)...].contains(0x0A) {
        searched = pending.count
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { break }
        pending.append(more)
      }
      let end = pending.firstIndex(of: 0x0A) ?? pending.endIndex
      let answer = pending[..<end]
      pending = Data(pending[min(end + 1, pending.endIndex)...])
      #expect(String(decoding: answer, as: UTF8.self).contains(#""result""#), "\(method)")
      return answer.count
    }
    func residentMebibytes() throws -> Int {
      let status = try String(
        contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
      return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? .max) / 1024
    }
    for seed in 1...2 {
      // A 10 MiB PNG (its signature, then one byte over and over: made fast in a debug build).
      let bytes =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + [UInt8](repeating: UInt8(seed), count: Limits.photoBytes - 8)
      let photo = Data(bytes).base64EncodedString()
      _ = try call("fugitives.photo", #"{"id":5,"image":"\#(photo)"}"#, id: seed)
    }
    let dossier = try call("dossier.generate", #"{"id":5,"format":"html"}"#, id: 9)
    #expect(dossier > 10_000_000)
    let resident = try residentMebibytes()
    #expect(resident <= 32, "the idle session holds \(resident) MiB")
  }
}
