import BountyCore
import Glibc

/// The libchafa functions bounty calls to draw a photo in the terminal, found in `libchafa.so.0` at
/// run time, as the store loads libpq: chafa needs GLib, which a static binary cannot carry, and
/// only someone looking at a photo in a terminal needs either. Loaded once per process, on first
/// use. chafa's types are opaque pointers here; its enums are C ints (values below).
final class LibChafa: @unchecked Sendable {
  // @unchecked: only immutable C function pointers, set once when the library is loaded.
  typealias Pointer = OpaquePointer

  let termDbGetDefault: @convention(c) () -> Pointer?
  let termDbDetect:
    @convention(c) (Pointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Pointer?
  let termInfoHaveSeq: @convention(c) (Pointer?, Int32) -> Int32
  let termInfoUnref: @convention(c) (Pointer?) -> Void
  let symbolMapNew: @convention(c) () -> Pointer?
  let symbolMapAddByTags: @convention(c) (Pointer?, Int32) -> Void
  let symbolMapRemoveByTags: @convention(c) (Pointer?, Int32) -> Void
  let symbolMapUnref: @convention(c) (Pointer?) -> Void
  let canvasConfigNew: @convention(c) () -> Pointer?
  let canvasConfigSetGeometry: @convention(c) (Pointer?, Int32, Int32) -> Void
  let canvasConfigSetCanvasMode: @convention(c) (Pointer?, Int32) -> Void
  let canvasConfigSetPixelMode: @convention(c) (Pointer?, Int32) -> Void
  let canvasConfigSetSymbolMap: @convention(c) (Pointer?, Pointer?) -> Void
  let canvasConfigSetCellGeometry: @convention(c) (Pointer?, Int32, Int32) -> Void
  let canvasConfigUnref: @convention(c) (Pointer?) -> Void
  let calcCanvasGeometry:
    @convention(c) (
      Int32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, Float, Int32, Int32
    ) -> Void
  let canvasNew: @convention(c) (Pointer?) -> Pointer?
  let canvasDrawAllPixels:
    @convention(c) (Pointer?, Int32, UnsafePointer<UInt8>?, Int32, Int32, Int32) -> Void
  /// Returns a GLib `GString *`: `{ gchar *str; gsize len; gsize allocated_len; }`.
  let canvasPrint: @convention(c) (Pointer?, Pointer?) -> UnsafeMutableRawPointer?
  let canvasGetCharAt: @convention(c) (Pointer?, Int32, Int32) -> UInt32
  /// Palette numbers in the indexed modes (-1: transparent).
  let canvasGetRawColorsAt:
    @convention(c) (
      Pointer?, Int32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
    )
      -> Void
  let canvasUnref: @convention(c) (Pointer?) -> Void
  /// GLib's, found through chafa (which links it).
  let stringFree: @convention(c) (UnsafeMutableRawPointer?, Int32) -> UnsafeMutablePointer<CChar>?

  /// The text of a GLib `GString` (its `str` and `len`), which it then frees.
  func take(_ string: UnsafeMutableRawPointer) -> String {
    defer { _ = stringFree(string, 1) }
    let bytes = string.load(as: UnsafePointer<UInt8>?.self)
    let count = string.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: Int.self)
    guard let bytes else { return "" }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// `ChafaCanvasMode`.
  enum CanvasMode: Int32 {
    case truecolor = 0
    case indexed256 = 1
    case indexed240 = 2
    case indexed16 = 3
    case foregroundBackground = 5
    case indexed8 = 6
  }

  /// `ChafaPixelMode`.
  enum PixelMode: Int32 {
    case symbols = 0
    case sixels = 1
    case kitty = 2
  }

  /// `ChafaSymbolTags` used: space, block and border elements; wide, inverted and ambiguous
  /// ones left out (a cell is one column, drawn in its own colours).
  static let symbolTags: Int32 = (1 << 0) | (1 << 3) | (1 << 4)
  static let leftOutTags: Int32 = (1 << 18) | (1 << 10) | (1 << 19)
  /// `CHAFA_PIXEL_RGBA8_UNASSOCIATED`.
  static let rgbaPixels: Int32 = 4
  /// `ChafaTermSeq` positions (chafa-term-seq-def.h lists them in order and only appends):
  /// `CHAFA_TERM_SEQ_BEGIN_SIXELS`, `CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1`.
  static let beginSixels: Int32 = 40
  static let beginKittyImage: Int32 = 43

  /// The file name asked of the dynamic loader.
  static let libraryName = "libchafa.so.0"

  /// The library, loaded on first use; the error names the Debian package when it is missing.
  static let shared: Result<LibChafa, BountyError> = Result { () throws(BountyError) in
    try LibChafa()
  }

  private init() throws(BountyError) {
    guard let handle = dlopen(Self.libraryName, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "not found"
      throw BountyError.io(
        "drawing a photo in the terminal needs \(Self.libraryName) "
          + "(install the Debian package libchafa0): \(reason)")
    }
    // Never closed: the functions are used until the process ends.
    func symbol<T>(_ name: String) throws(BountyError) -> T {
      guard let address = dlsym(handle, name) else {
        throw BountyError.io(
          "\(Self.libraryName) lacks \(name); install chafa 1.8 or newer (Debian package libchafa0)"
        )
      }
      return unsafeBitCast(address, to: T.self)
    }
    termDbGetDefault = try symbol("chafa_term_db_get_default")
    termDbDetect = try symbol("chafa_term_db_detect")
    termInfoHaveSeq = try symbol("chafa_term_info_have_seq")
    termInfoUnref = try symbol("chafa_term_info_unref")
    symbolMapNew = try symbol("chafa_symbol_map_new")
    symbolMapAddByTags = try symbol("chafa_symbol_map_add_by_tags")
    symbolMapRemoveByTags = try symbol("chafa_symbol_map_remove_by_tags")
    symbolMapUnref = try symbol("chafa_symbol_map_unref")
    canvasConfigNew = try symbol("chafa_canvas_config_new")
    canvasConfigSetGeometry = try symbol("chafa_canvas_config_set_geometry")
    canvasConfigSetCanvasMode = try symbol("chafa_canvas_config_set_canvas_mode")
    canvasConfigSetPixelMode = try symbol("chafa_canvas_config_set_pixel_mode")
    canvasConfigSetSymbolMap = try symbol("chafa_canvas_config_set_symbol_map")
    canvasConfigSetCellGeometry = try symbol("chafa_canvas_config_set_cell_geometry")
    canvasConfigUnref = try symbol("chafa_canvas_config_unref")
    calcCanvasGeometry = try symbol("chafa_calc_canvas_geometry")
    canvasNew = try symbol("chafa_canvas_new")
    canvasDrawAllPixels = try symbol("chafa_canvas_draw_all_pixels")
    canvasPrint = try symbol("chafa_canvas_print")
    canvasGetCharAt = try symbol("chafa_canvas_get_char_at")
    canvasGetRawColorsAt = try symbol("chafa_canvas_get_raw_colors_at")
    canvasUnref = try symbol("chafa_canvas_unref")
    stringFree = try symbol("g_string_free")
    // chafa draws in a GLib thread pool by default; threads started from a library loaded into
    // the static executable crash in glibc (its thread stacks are the executable's own libc's),
    // so it draws on the calling thread: a card's photo is small.
    let setThreads: @convention(c) (Int32) -> Void = try symbol("chafa_set_n_threads")
    setThreads(1)
  }
}
