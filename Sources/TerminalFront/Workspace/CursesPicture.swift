import CNcurses

/// A photo's cells through curses, as curses' own characters and colour pairs (so a redraw, a
/// scroll or a pop-up over the card treats them like any text).
extension Curses {
  /// The terminal's palette: 240 colours where it has 256 and the pairs for them, else 16 or 8;
  /// no colour without colour (then the symbols alone draw the picture).
  var pictureColours: LibChafa.CanvasMode {
    guard colour else { return .foregroundBackground }
    let colours = bounty_colors()
    if colours >= 256 && bounty_color_pairs() > 4096 { return .indexed240 }
    if colours >= 16 { return .indexed16 }
    if colours >= 8 { return .indexed8 }
    return .foregroundBackground
  }

  /// The first colour pair pictures use; the views' own pairs lie below it.
  static let firstPicturePair: Int32 = 16

  func drawPicture(_ cells: [[TerminalPicture.Cell]], row: Int, column: Int) {
    for (y, line) in cells.enumerated() where row + y < rows {
      for (x, cell) in line.enumerated() where column + x < columns {
        let scalar = cell.character.unicodeScalars.first?.value ?? 0x20
        bounty_put_cell(
          Int32(row + y), Int32(column + x), wchar_t(bitPattern: scalar),
          pair(cell.foreground, cell.background))
      }
    }
  }

  /// The colour pair of `foreground` on `background`, made on first use; 0 (the terminal's own
  /// colours) once the terminal's pairs run out.
  private func pair(_ foreground: Int32, _ background: Int32) -> Int32 {
    guard colour, foreground >= 0 || background >= 0 else { return 0 }
    let key = foreground * 512 + background
    if let pair = picturePairs[key] { return pair }
    let next = Self.firstPicturePair + Int32(picturePairs.count)
    guard next < bounty_color_pairs(), bounty_init_pair(next, foreground, background) == OK else {
      return 0
    }
    picturePairs[key] = next
    return next
  }
}
