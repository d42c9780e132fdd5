import BountyCore
import BountyStore

/// One fugitive's file, as the original's iPad dossier laid it out: the photo (a silhouette when
/// there is none), the card with name, ID#, bounty and description, status, capture, last seen and
/// the case notes. Text, Markdown or a printable, self-contained HTML page.
enum Dossier {
  enum Format: String, CaseIterable, ImpliedFormat {
    case text, markdown, html

    var fileExtensions: [String] {
      switch self {
      case .text: return ["txt", "text"]
      case .markdown: return ["md", "markdown"]
      case .html: return ["html", "htm"]
      }
    }
  }

  /// The facts, label and value, in order; shared by every format.
  static func facts(_ fugitive: Fugitive, redacted: Bool = false) -> [(String, String)] {
    var facts: [(String, String)] = [
      ("ID#", String(fugitive.id)), ("Bounty", fugitive.bounty.display),
      ("Description", fugitive.description.isEmpty ? "—" : fugitive.description),
    ]
    if fugitive.captured {
      var text = "Captured " + (fugitive.capturedAt?.iso8601 ?? "")
      if let point = fugitive.captureLocation {
        text += " at \(DossierCaseFile.place(point, redacted: redacted))"
      }
      facts.append(("Status", text))
    } else {
      facts.append(("Status", "At large"))
    }
    if let seen = fugitive.lastSeen {
      var parts: [String] = []
      if let lat = seen.lat, let lon = seen.lon {
        parts.append(DossierCaseFile.place(GeoPoint(lat: lat, lon: lon), redacted: redacted))
      }
      if let words = seen.description, !words.isEmpty { parts.append(words) }
      if let at = seen.at { parts.append("(\(at.iso8601))") }
      facts.append(("Last seen", parts.joined(separator: " ")))
    } else {
      facts.append(("Last seen", "No last known location."))
    }
    return facts + DossierCaseFile.facts(fugitive, redacted: redacted)
  }

  /// The dossier in `format`; `redacted` keeps only what may be shared (see
  /// `DossierCaseFile.redacted`) and says REDACTED on the page; `preparedBy` (the hunter and agency
  /// settings, either may be empty) is named among the facts when set; `custody` (the steps of
  /// `history --fugitive`) adds the CHAIN OF CUSTODY section.
  static func render(
    _ fugitive: Fugitive, photo: Photo?, format: Format, generatedAt: Timestamp,
    preparedBy: (hunter: String, agency: String), redacted: Bool = false,
    custody: [HistoryStep]? = nil
  ) throws(BountyError) -> String {
    let fugitive = redacted ? DossierCaseFile.redacted(fugitive) : fugitive
    try DossierCaseFile.refuseUncomputableTotal(fugitive)
    var facts = facts(fugitive, redacted: redacted)
    let names = [preparedBy.hunter, preparedBy.agency].filter { !$0.isEmpty }
    if !names.isEmpty { facts.append(("Prepared by", names.joined(separator: ", "))) }
    switch format {
    case .text:
      var text = "DOSSIER: \(ReportText.plain(fugitive.name))\(redacted ? " (REDACTED)" : "")\n"
      for (label, value) in facts {
        text += ReportText.pad(label + ":", 13) + ReportText.plain(value) + "\n"
      }
      text += "Photo:       \(photo.map { "\($0.mediaType), \($0.bytes.count) bytes" } ?? "none")\n"
      if !fugitive.notes.isEmpty {
        text += "\nCASE NOTES\n"
        for (index, note) in fugitive.notes.enumerated() {
          text += "\(index + 1). \(ReportText.plain(note.text)) (\(note.createdAt.iso8601))\n"
        }
      }
      text += DossierCaseFile.text(fugitive, redacted: redacted)
      text += DossierCustody.text(custody)
      if redacted {
        text +=
          "\nREDACTED: date of birth, exact positions, sighting descriptions, notes and expenses left out\n"
      }
      return text + "\nGenerated \(generatedAt.iso8601)\n"
    case .markdown:
      var text =
        "# Dossier: \(ReportText.markdown(fugitive.name))\(redacted ? " (REDACTED)" : "")\n\n| | |\n|---|---|\n"
      for (label, value) in facts { text += "| \(label) | \(ReportText.markdown(value)) |\n" }
      text += "| Photo | \(photo.map { "\($0.mediaType), \($0.bytes.count) bytes" } ?? "none") |\n"
      if !fugitive.notes.isEmpty {
        text += "\n## Case notes\n\n"
        for (index, note) in fugitive.notes.enumerated() {
          text += "\(index + 1). \(ReportText.markdown(note.text)) _(\(note.createdAt.iso8601))_\n"
        }
      }
      text += DossierCaseFile.markdown(fugitive, redacted: redacted)
      text += DossierCustody.markdown(custody)
      if redacted {
        text +=
          "\n**REDACTED:** date of birth, exact positions, sighting descriptions, notes and expenses left out\n"
      }
      return text + "\n_Generated \(generatedAt.iso8601)_\n"
    case .html:
      return html(
        fugitive, photo: photo, facts: facts, generatedAt: generatedAt, redacted: redacted,
        custody: custody)
    }
  }

  /// A neutral head-and-shoulders silhouette, for a fugitive without a photo.
  static let silhouette = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 150" width="180" height="225" role="img"><title>No photo</title><rect width="120" height="150" fill="#d9d4cc"/><circle cx="60" cy="55" r="26" fill="#8e877c"/><path d="M14 150c0-34 20-54 46-54s46 20 46 54z" fill="#8e877c"/></svg>
    """

  static func html(
    _ fugitive: Fugitive, photo: Photo?, facts: [(String, String)], generatedAt: Timestamp,
    redacted: Bool, custody: [HistoryStep]?
  ) -> String {
    var html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Dossier: \(ReportText.html(fugitive.name))</title><style>"
    html += "body{font:15px/1.45 Georgia,serif;background:#b98b5e;margin:0;padding:2rem}"
    html +=
      ".page{background:#fffdf7;max-width:46rem;margin:auto;padding:2rem;box-shadow:0 3px 12px #0005;display:flex;gap:2rem;flex-wrap:wrap}"
    html +=
      ".photo img,.photo svg{width:180px;border:6px solid #fff;box-shadow:0 1px 4px #0006;transform:rotate(-2deg)}"
    html +=
      "h1{margin:0 0 1rem;font-size:1.7rem}th{text-align:left;padding:.2rem 1rem .2rem 0;color:#6b4a2b;vertical-align:top}td{padding:.2rem 0}"
    html +=
      ".card{flex:1;min-width:16rem}ol{padding-left:1.2rem}.small{color:#777;font-size:.8rem}@media print{body{background:none;padding:0}.page{box-shadow:none}}"
    html +=
      ".redacted{color:#b00020;border:3px solid #b00020;display:inline-block;padding:.1rem .6rem;font:700 1.2rem sans-serif;letter-spacing:.2rem;transform:rotate(-3deg)}.map{width:100%;height:auto;border:1px solid #b9ae93}td.n,th.n{text-align:right}"
    html += "</style></head><body><div class=\"page\"><div class=\"photo\">"
    if let photo, photo.mediaType.hasPrefix("image/") {
      html +=
        "<img alt=\"Photo of \(ReportText.html(fugitive.name))\" src=\"data:\(photo.mediaType);base64,\(Base64.encode(photo.bytes))\">"
    } else {
      html += silhouette
    }
    html += "</div><div class=\"card\">"
    if redacted {
      html +=
        "<p class=\"redacted\" title=\"date of birth, exact positions, sighting descriptions, notes and expenses left out\">REDACTED</p>"
    }
    html += "<h1>\(ReportText.htmlIsolated(fugitive.name))</h1><table>"
    for (label, value) in facts {
      html += "<tr><th>\(label)</th><td>\(ReportText.htmlIsolated(value))</td></tr>"
    }
    html += "</table>"
    if !fugitive.notes.isEmpty {
      html += "<h2>Case notes</h2><ol>"
      for note in fugitive.notes {
        html +=
          "<li>\(ReportText.htmlIsolated(note.text)) <span class=\"small\">\(note.createdAt.iso8601)</span></li>"
      }
      html += "</ol>"
    }
    html += DossierCaseFile.html(fugitive)
    html += DossierCustody.html(custody)
    return html
      + "<p class=\"small\">Generated \(generatedAt.iso8601)</p></div></div></body></html>\n"
  }
}
