import BountyCore

/// The dossier's CHAIN OF CUSTODY section (`dossier --custody`): every step the history holds
/// that changed the fugitive or its records, oldest first, with who made it, when and from which
/// client, once the history's chain is verified (`history --fugitive`, docs/history.md).
enum DossierCustody {
  /// The steps and the changes made outside bounty, oldest first (by time, then by step id: a
  /// change outside bounty has an id of the log's own), each as its time, label, hunter and
  /// client.
  private static func lines(_ steps: [HistoryStep]) -> [(at: String, label: String, by: String)] {
    steps.sorted {
      ($0.createdAt.iso8601, $0.stack == "outside" ? 1 : 0, $0.id)
        < ($1.createdAt.iso8601, $1.stack == "outside" ? 1 : 0, $1.id)
    }.map { step in
      let by = [step.hunter.map { "by \($0)" }, step.client.map { "from \($0)" }]
        .compactMap { $0 }.joined(separator: ", ")
      let undone = step.stack == "redo" ? " (undone)" : ""
      return (step.createdAt.iso8601, step.label + undone, by)
    }
  }

  static let verified = "the history's chain verified"
  static let none = "No change to this fugitive is in the history."

  static func text(_ steps: [HistoryStep]?) -> String {
    guard let steps else { return "" }
    var text = "\nCHAIN OF CUSTODY (\(verified))\n"
    if steps.isEmpty { text += none + "\n" }
    for line in lines(steps) {
      text += "\(line.at)  \(ReportText.plain(line.label))  \(ReportText.plain(line.by))\n"
    }
    return text
  }

  static func markdown(_ steps: [HistoryStep]?) -> String {
    guard let steps else { return "" }
    var text = "\n## Chain of custody\n\n_\(verified)_\n\n"
    if steps.isEmpty { return text + none + "\n" }
    text += "| When | Change | Who |\n|---|---|---|\n"
    for line in lines(steps) {
      text +=
        "| \(line.at) | \(ReportText.markdown(line.label)) | \(ReportText.markdown(line.by)) |\n"
    }
    return text
  }

  static func html(_ steps: [HistoryStep]?) -> String {
    guard let steps else { return "" }
    var html = "<h2>Chain of custody</h2><p class=\"small\">\(verified)</p>"
    if steps.isEmpty { return html + "<p>\(none)</p>" }
    html += "<table><tr><th>When</th><th>Change</th><th>Who</th></tr>"
    for line in lines(steps) {
      html +=
        "<tr><td>\(line.at)</td><td>\(ReportText.htmlIsolated(line.label))</td>"
        + "<td>\(ReportText.htmlIsolated(line.by))</td></tr>"
    }
    return html + "</table>"
  }
}
