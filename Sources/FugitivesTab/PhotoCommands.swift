import BountyCore
import BountyStore

/// `fugitives.photo`: set a fugitive's photo from PNG or JPEG bytes, read it back, or clear it.
enum PhotoCommands {
  static let commands = [photo]

  static let photo = Command(
    CommandSpec(
      name: "fugitives.photo", words: ["fugitives", "photo"], tab: .fugitives,
      summary: "Set a fugitive's photo (PNG or JPEG), read it, or clear it",
      params: [
        FugitiveParams.id,
        ParamSpec(
          "image", .file, positional: true,
          help: "The photo: a file on the command line, base64 in JSON-RPC (at most 10 MiB)"),
        ParamSpec(
          "export", .text(maxLength: 4096, allowBlank: false), fronts: .terminal,
          help: "Write the photo to this file"),
        ParamSpec("clear", .boolean, help: "Remove the photo"),
      ],
      effect: .change(undoable: true),
      result: "with image or clear: the fugitive; otherwise {id, mediaType, size, data (base64)}")
  ) { store, arguments in
    let id = arguments.int("id") ?? 0
    _ = try store.existingFugitive(id: id)
    if let bytes = arguments.bytes("image") {
      guard bytes.count <= Limits.photoBytes else {
        throw BountyError.invalid(field: "image", reason: "is larger than 10 MiB")
      }
      guard let type = ImageSignature.mediaType(of: bytes) else {
        throw BountyError.invalid(field: "image", reason: "is not a PNG or JPEG image")
      }
      // The same photo again changes nothing, and so records no undo step.
      if try store.photo(fugitiveID: id)?.bytes != bytes {
        try store.storePhoto(fugitiveID: id, Photo(mediaType: type, bytes: bytes))
      }
      return try store.existingFugitive(id: id).json
    }
    if arguments.bool("clear") == true {
      guard try store.deletePhoto(fugitiveID: id) else {
        throw BountyError.notFound("fugitive \(id) has no photo")
      }
      return try store.existingFugitive(id: id).json
    }
    guard let photo = try store.photo(fugitiveID: id) else {
      throw BountyError.notFound("fugitive \(id) has no photo")
    }
    return .object([
      "id": .int(id), "mediaType": .string(photo.mediaType), "size": .int(photo.bytes.count),
      "data": .string(Base64.encode(photo.bytes)),
    ])
  }
}
