import Foundation

/// Reads the money test vectors (copied from shared/vectors, computed independently with Python's
/// decimal module) as rows of fields. Handles RFC 4180 quoting, which the parse vectors use.
enum VectorFiles {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Vectors")

  static func rows(_ name: String) throws -> [[String]] {
    let text = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
    var rows: [[String]] = []
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for line in lines.dropFirst()
    where !line.isEmpty {
      var fields: [String] = []
      var field = ""
      var quoted = false
      var index = line.startIndex
      while index < line.endIndex {
        let character = line[index]
        if quoted {
          if character == "\"" {
            let next = line.index(after: index)
            if next < line.endIndex && line[next] == "\"" {
              field.append("\"")
              index = next
            } else {
              quoted = false
            }
          } else {
            field.append(character)
          }
        } else if character == "\"" {
          quoted = true
        } else if character == "," {
          fields.append(field)
          field = ""
        } else {
          field.append(character)
        }
        index = line.index(after: index)
      }
      fields.append(field)
      rows.append(fields)
    }
    return rows
  }
}
