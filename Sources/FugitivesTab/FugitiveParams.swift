import BountyCore

/// Parameter declarations the Fugitives tab's commands share.
enum FugitiveParams {
  static let id = ParamSpec(
    "id", .integer(Limits.fugitiveIDs), required: true, positional: true,
    help: "The Fugitive ID#")
  static let name = ParamSpec(
    "name", .text(maxLength: Limits.nameLength, allowBlank: false), help: "Full name")
  static let bounty = ParamSpec("bounty", .money, help: "Bounty, e.g. 12500 or $12,500.50")
  static let description = ParamSpec(
    "description", .text(maxLength: Limits.descriptionLength, allowBlank: true),
    help: "What they are wanted for")
  static let note = ParamSpec(
    "note", .integer(1...Int64.max), required: true, positional: true, help: "The note's id")
  static let noteText = ParamSpec(
    "text", .text(maxLength: Limits.noteLength, allowBlank: false), required: true,
    positional: true, help: "The note's text")
  static let to = ParamSpec(
    "to", .integer(1...Int64.max), required: true, help: "The new position, 1 = first")
  static let lat = ParamSpec("lat", .latitude, help: "Latitude in degrees")
  static let lon = ParamSpec("lon", .longitude, help: "Longitude in degrees")
}

extension Arguments {
  /// A capture or sighting location: both of lat and lon, or neither.
  func location() throws -> GeoPoint? {
    switch (degrees("lat"), degrees("lon")) {
    case (nil, nil): return nil
    case (let lat?, let lon?): return GeoPoint(lat: lat, lon: lon)
    case (nil, _): throw BountyError.invalid(field: "lat", reason: "is required with lon")
    case (_, nil): throw BountyError.invalid(field: "lon", reason: "is required with lat")
    }
  }
}
