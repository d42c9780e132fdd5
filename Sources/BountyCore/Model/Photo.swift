/// A fugitive's photo: its bytes and their media type.
public struct Photo: Sendable, Equatable {
  public let mediaType: String
  public let bytes: [UInt8]

  public init(mediaType: String, bytes: [UInt8]) {
    self.mediaType = mediaType
    self.bytes = bytes
  }
}

/// A fugitive's photo as `fugitives.photo` answers a read of it: `{id, mediaType, size, data}`,
/// the bytes in base64, or `{id, mediaType, size, output}` once they were written to `output`
/// (`-` for standard output). A front that shows the photo takes its bytes as they are.
public struct FugitivePhoto: Sendable, Equatable {
  /// The fugitive's ID#.
  public var id: Int64
  public var photo: Photo
  /// Where the bytes were written; nil when the answer carries them.
  public var output: String?

  public init(id: Int64, photo: Photo, output: String? = nil) {
    self.id = id
    self.photo = photo
    self.output = output
  }
}

extension FugitivePhoto: Answer {
  public var json: JSON {
    var object: JSONObject = [
      "id": .int(id), "mediaType": .string(photo.mediaType), "size": .int(photo.bytes.count),
    ]
    if let output {
      object["output"] = .string(output)
    } else {
      object["data"] = .string(Base64.encode(photo.bytes))
    }
    return .object(object)
  }
}
