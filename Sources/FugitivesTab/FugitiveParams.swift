import BountyCore

/// Parameter declarations the Fugitives tab's commands share.
enum FugitiveParams {
  static let id = Param.integer(
    "id", Limits.fugitiveIDs, required: true, positional: true, help: "The Fugitive ID#")
  static let name = Param.text(
    "name", maxLength: Limits.nameLength, allowBlank: false, help: "Full name")
  static let requiredName = Param.text(
    "name", maxLength: Limits.nameLength, allowBlank: false, required: true, help: "Full name")
  static let bounty = Param.money("bounty", help: "Bounty, e.g. 12500 or $12,500.50")
  static let requiredBounty = Param.money(
    "bounty", required: true, help: "Bounty, e.g. 12500 or $12,500.50")
  static let description = Param.text(
    "description", maxLength: Limits.descriptionLength, help: "What they are wanted for")
  static let note = Param.integer(
    "note", 1...Int64.max, required: true, positional: true, help: "The note's id")
  static let noteText = Param.text(
    "text", maxLength: Limits.noteLength, allowBlank: false, required: true, positional: true,
    help: "The note's text")
  static let to = Param.integer(
    "to", 1...Int64.max, required: true, help: "The new position, 1 = first")
  static let lat = Param.latitude("lat", help: "Latitude in degrees").labelled("Latitude")
  static let lon = Param.longitude("lon", help: "Longitude in degrees").labelled("Longitude")
  static let at = Param.time("at", help: "When (default: now)").labelled(
    "When", hint: "now, or 2026-11-30T10:00:00Z, or 2 hours ago")
}

/// How an error names another parameter (see `BountyError.parameter`).
private func parameter<Value>(_ param: Param<Value>) -> String {
  BountyError.parameter(param.name)
}

extension Arguments {
  /// A capture or sighting location: both of lat and lon, or neither.
  func location() throws -> GeoPoint? {
    switch (self[FugitiveParams.lat], self[FugitiveParams.lon]) {
    case (nil, nil): return nil
    case (let lat?, let lon?): return GeoPoint(lat: lat, lon: lon)
    case (nil, _):
      throw BountyError.invalidParameter(
        field: FugitiveParams.lat.name, reason: "is required with \(parameter(FugitiveParams.lon))")
    case (_, nil):
      throw BountyError.invalidParameter(
        field: FugitiveParams.lon.name, reason: "is required with \(parameter(FugitiveParams.lat))")
    }
  }
}

/// The sentences the Fugitives tab's views open with.
enum FugitiveHeadlines {
  static let saved = Headline { "Saved fugitive \($0["id"]) (\($0["name"]))." }
}
