/// "Did you mean …?": the known word nearest to a mistyped one.
enum Suggestion {
  /// The candidate within a small edit distance of `word` (two edits, one for words of four
  /// letters or fewer; a swap of neighbours counts as one), the nearest first; nil when none is.
  static func nearest(to word: String, among candidates: [String]) -> String? {
    let limit = word.count <= 4 ? 1 : 2
    var best: (word: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let distance = editDistance(Array(word.lowercased()), Array(candidate))
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.word
  }

  /// "; did you mean 'list'?", or "" when nothing is near.
  static func hint(for word: String, among candidates: [String]) -> String {
    nearest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// neighbouring characters each cost one.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, table[i - 2][j - 2] + 1)
        }
        table[i][j] = value
      }
    }
    return table[a.count][b.count]
  }
}
