import BountyCore
import BountyTestSupport
import Foundation
import Testing

/// `bounty rpc` as a process: limits, and a long pipe answered completely and in order.
@Suite(.onTestThreads) struct RPCProcessTests {
  @Test func aLineOverSixteenMebibytesIsRefusedAndReadingGoesOn() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    let huge =
      #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"name":"x","description":""#
      + String(repeating: "a", count: 16 << 20) + #""},"id":1}"#
    let lines = [
      huge,
      #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"name":"After","bounty":"1"},"id":2}"#,
      "not json at all",
      "",
      #"{"jsonrpc":"2.0","method":"fugitives.list","id":3}"#,
    ]
    let outcome = try bounty.run(["rpc"], input: lines.joined(separator: "\n"))
    #expect(outcome.status == 0)
    let responses = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(responses.count == 4)
    #expect(
      responses[0]
        == #"{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: line longer than 16 MiB"},"id":null}"#
    )
    #expect(responses[1].contains(#""name":"After""#) && responses[1].hasSuffix(#","id":2}"#))
    #expect(responses[2].contains("-32700"))
    #expect(responses[3].contains(#""total":1"#))
  }

  @Test func theLargestValidRequestAPhotoOfTenMebibytesFitsOnOneLine() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let photo = png + [UInt8](repeating: 0x5A, count: (10 << 20) - png.count)
    let lines = [
      #"{"jsonrpc":"2.0","method":"fugitives.add","params":{"id":5,"name":"Big","bounty":"1"},"id":1}"#,
      #"{"jsonrpc":"2.0","method":"fugitives.photo","params":{"id":5,"image":""#
        + Data(photo).base64EncodedString() + #""},"id":2}"#,
      #"{"jsonrpc":"2.0","method":"fugitives.photo","params":{"id":5},"id":3}"#,
    ]
    let outcome = try bounty.run(["rpc"], input: lines.joined(separator: "\n"))
    let responses = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(responses.count == 3)
    #expect(responses.dropFirst().first?.contains(#""result""#) == true)
    #expect(responses.last?.contains(#""size":10485760"#) == true)
  }

  @Test func endOfInputEndsWithStatusZeroAndStdoutCarriesOnlyResponses() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    let outcome = try bounty.run(["rpc"], input: "")
    #expect(outcome.status == 0 && outcome.stdout.isEmpty)
    let invalidUTF8 =
      Data([0x7B, 0xFF, 0xFE, 0x7D, 0x0A])
      + Data(#"{"jsonrpc":"2.0","method":"db.info","id":1}"#.utf8)
    let mixed = try bounty.run(["rpc"], inputData: invalidUTF8)
    let lines = mixed.stdout.split(separator: "\n")
    #expect(
      lines.count == 2 && lines[0].contains("-32700") && lines[1].contains(#""schemaVersion""#))
  }

  /// A fresh database with the sample roster on `engine`, and the ID#s it holds.
  static func sampleDatabase(_ engine: TestEngine, in folder: TemporaryFolder, named name: String)
    throws -> (runner: BinaryRunner, ids: [String])
  {
    let database =
      engine == .sqlite
      ? folder.file("\(name).sqlite") : try PostgresTestServer.shared.freshDatabase()
    let runner = BinaryRunner(database: database)
    try #require(runner.run(["sample"]).status == 0)
    let listed = try runner.run(["--json", "fugitives", "list", "--all", "--limit", "100"]).stdout
    return (runner, listed.matches(of: /"id":(\d+),"name"/).map { String($0.1) })
  }

  /// Piped requests are answered in groups whose reads share one snapshot and read their
  /// fugitives together: each answer is the one the request gets alone, and a change in the middle
  /// is seen by the reads after it.
  @Test(arguments: TestEngine.allCases)
  func pipedRequestsGetTheAnswersEachGetsAlone(engine: TestEngine) throws {
    let folder = try TemporaryFolder()
    let (piped, ids) = try Self.sampleDatabase(engine, in: folder, named: "piped")
    let (alone, sameIDs) = try Self.sampleDatabase(engine, in: folder, named: "alone")
    try #require(ids.count == 34 && sameIDs == ids)
    func request(_ method: String, _ params: String, _ id: Int) -> String {
      #"{"jsonrpc":"2.0","method":"\#(method)","params":{\#(params)},"id":\#(id)}"#
    }
    var requests = ids.enumerated().map { request("fugitives.get", "\"id\":\($1)", $0) }
    requests += [
      request("fugitives.get", #""id":1"#, 100),
      request("captured.get", "\"id\":\(ids[0])", 101),
      request("notes.add", "\"id\":\(ids[0]),\"text\":\"Seen in Elko\"", 102),
      request("fugitives.get", "\"id\":\(ids[0])", 103),
      request("fugitives.get", "\"id\":\(ids[1])", 104),
    ]
    let answers = try piped.run(["rpc"], input: requests.joined(separator: "\n") + "\n")
    #expect(answers.status == 0)
    let one = try requests.map { try alone.run(["rpc"], input: $0 + "\n").stdout }.joined()
    #expect(answers.stdout == one)
    #expect(answers.stdout.split(separator: "\n").last?.contains("Seen in Elko") == false)
    #expect(answers.stdout.split(separator: "\n").dropLast().last?.contains("Seen in Elko") == true)
  }

  @Test func answersOneHundredThousandRequestsInOrder() throws {
    let folder = try TemporaryFolder()
    let bounty = BinaryRunner(database: folder.file("db.sqlite"))
    try bounty.run(["fugitives", "add", "--name", "Target", "--bounty", "1", "--id", "1"])
    var input = ""
    input.reserveCapacity(8_000_000)
    for index in 0..<100_000 {
      if index % 10 == 9 {
        input +=
          #"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":"# + "2},\"id\":\(index)}\n"
      } else {
        input +=
          #"{"jsonrpc":"2.0","method":"fugitives.get","params":{"id":1},"id":"# + "\(index)}\n"
      }
    }
    let outcome = try bounty.run(["rpc"], input: input)
    #expect(outcome.status == 0)
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.count == 100_000)
    var inOrder = true
    for (index, line) in lines.enumerated() {
      let suffix = ",\"id\":\(index)}"
      let expectedKind = index % 10 == 9 ? "-32001" : #""name":"Target""#
      if !line.hasSuffix(suffix) || !line.contains(expectedKind) {
        inOrder = false
        break
      }
    }
    #expect(inOrder)
  }
}
