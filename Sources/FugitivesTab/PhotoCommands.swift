import BountyCommands
import BountyCore
import BountyStore

/// `fugitives.photo`: set a fugitive's photo from PNG or JPEG bytes, read it back, or clear it.
enum PhotoCommands {
  static let commands = [photo]

  static let image = Param.file(
    "image", positional: true,
    help: "The photo: a file on the command line, base64 in JSON-RPC (at most 10 MiB)")
  static let export = Param.path(
    "export", fronts: .terminal, help: "Write the photo to this file ('-' is standard output)")
  static let clear = Param.flag("clear", help: "Remove the photo")

  /// What the terminal says after each of the command's four uses.
  static let headline = Headline { result in
    let id = result["id"]
    if result.has("output") {
      let output = result["output"]
      return output == "-"
        ? ""
        : "Wrote the photo of fugitive \(id) to \(output) (\(result["mediaType"]), "
          + "\(result.counted("size", "byte", "bytes")))."
    }
    if result.has("mediaType") {
      return "Fugitive \(id) has a photo (\(result["mediaType"]), "
        + "\(result.counted("size", "byte", "bytes"))). Save it with --export FILE."
    }
    return result["hasPhoto"] == "true"
      ? "Saved the photo of fugitive \(id)." : "Removed the photo of fugitive \(id)."
  }

  static let photo = Command(
    CommandSpec(
      name: "fugitives.photo", words: ["fugitives", "photo"], tab: .fugitives,
      summary: "Set a fugitive's photo (PNG or JPEG), read it, or clear it",
      params: [FugitiveParams.id, image, export, CommonParams.force, clear],
      effect: .change(undoable: true), changesOnlyWith: [image.name, clear.name],
      result: "with image or clear: the fugitive; otherwise {id, mediaType, size, data (base64)}",
      schema: .oneOf(.component(.fugitive), .component(.photo)),
      view: .message(headline),
      locksOnClosedCase: [FugitiveParams.id.name], role: .readPhoto)
  ) { store, arguments -> any Answer in
    let id = try arguments.required(FugitiveParams.id)
    // One thing at a time: set, clear, or read back (to a file with --export).
    let given = [
      (image.name, arguments.has(image)), (clear.name, arguments.isSet(clear)),
      (export.name, arguments.has(export)),
    ].filter(\.1).map(\.0)
    guard given.count <= 1 else {
      throw BountyError.invalidParameter(
        field: given[1], reason: "cannot be given with \(BountyError.parameter(given[0]))")
    }
    _ = try store.existingFugitive(id: id)
    if let bytes = arguments[image] {
      guard bytes.count <= Limits.photoBytes else {
        throw BountyError.invalid(field: "image", reason: "is larger than 10 MiB")
      }
      guard let type = ImageSignature.mediaType(of: bytes) else {
        throw BountyError.invalid(field: "image", reason: "is not a PNG or JPEG image")
      }
      // The same photo again changes nothing, and so records no undo step.
      let photo = Photo(mediaType: type, bytes: bytes)
      if try !store.hasPhoto(fugitiveID: id, equalTo: photo) {
        try store.storePhoto(fugitiveID: id, photo)
      }
      return try store.existingFugitive(id: id)
    }
    if arguments.isSet(clear) {
      guard try store.deletePhoto(fugitiveID: id) else {
        throw BountyError.notFound("fugitive \(id) has no photo")
      }
      return try store.existingFugitive(id: id)
    }
    guard let photo = try store.photo(fugitiveID: id) else {
      throw BountyError.notFound("fugitive \(id) has no photo")
    }
    guard let path = arguments[export] else { return FugitivePhoto(id: id, photo: photo) }
    let sink = try OutputSink(.init(output: path), replacing: arguments.isSet(CommonParams.force))
    sink.write(photo.bytes)
    _ = try sink.finish()
    return FugitivePhoto(id: id, photo: photo, output: path)
  }
}
