import BountyCore
import CPhotoDecode

/// A photo's pixels, RGBA with 8 bits a channel, decoded from PNG by libpng or from JPEG by
/// libjpeg (Debian's libraries, built into the binary; `CPhotoDecode`). The pixels stay in the
/// buffer the decoder filled, freed with the photo.
final class DecodedPhoto {
  let width: Int
  let height: Int
  private var photo: bounty_photo

  /// The most pixels decoded (48 MB of RGBA): a larger JPEG is scaled down as it is decoded, a
  /// larger PNG is not drawn.
  static let maxPixels = 12_000_000

  init(_ bytes: [UInt8]) throws(BountyError) {
    var photo = bounty_photo()
    var reason = [CChar](repeating: 0, count: 200)
    let status = bytes.withUnsafeBufferPointer { buffer in
      bounty_photo_decode(
        buffer.baseAddress, buffer.count, Self.maxPixels, &photo, &reason, reason.count)
    }
    guard status == 0, photo.pixels != nil else {
      let text = String(
        decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw BountyError.io("cannot read the photo: \(text)")
    }
    self.photo = photo
    width = Int(photo.width)
    height = Int(photo.height)
  }

  deinit { bounty_photo_free(&photo) }

  /// `width * height * 4` bytes, row by row.
  var pixels: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: photo.pixels, count: width * height * 4)
  }
}
