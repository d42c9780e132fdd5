import BountyCore
import CPhotoDecode

/// A photo's pixels, RGBA with 8 bits a channel, decoded from PNG by libpng or from JPEG by
/// libjpeg (Debian's libraries, built into the binary; `CPhotoDecode`).
struct DecodedPhoto {
  let width: Int
  let height: Int
  /// `width * height * 4` bytes, row by row.
  let pixels: [UInt8]

  /// The most pixels decoded: a 10 MiB photo's worth of a large camera image, no more.
  static let maxPixels = 50_000_000

  init(_ bytes: [UInt8]) throws(BountyError) {
    var photo = bounty_photo()
    var reason = [CChar](repeating: 0, count: 200)
    let status = bytes.withUnsafeBufferPointer { buffer in
      bounty_photo_decode(
        buffer.baseAddress, buffer.count, Self.maxPixels, &photo, &reason, reason.count)
    }
    guard status == 0, let pixels = photo.pixels else {
      let text = String(
        decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw BountyError.io("cannot read the photo: \(text)")
    }
    defer { bounty_photo_free(&photo) }
    width = Int(photo.width)
    height = Int(photo.height)
    self.pixels = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
  }
}
