import BountyCore

/// The photo on the workspace's card: drawn by libchafa in symbols, cell by cell through curses,
/// in the card's right part (the facts keep the left). One hook, `drawPhoto(_:of:in:)`, called
/// with the card's rectangle.
extension Workspace {
  /// A part of the screen, in cells.
  struct CardRect: Equatable {
    var row: Int
    var column: Int
    var rows: Int
    var columns: Int
  }

  /// The least room the facts keep beside a photo.
  static let cardTextColumns = 56

  /// Where the photo of `fugitive` goes on a card occupying `card`: its right part, at most
  /// 40 columns and 20 rows; nil when it has no photo, photos are off, or there is no room.
  func photoRect(of fugitive: JSON, in card: CardRect) -> CardRect? {
    guard photos, fugitive["hasPhoto"] == .bool(true) else { return nil }
    let columns = min(TerminalPicture.maxColumns, card.columns - Self.cardTextColumns - 1)
    guard columns >= 8, card.rows >= 4 else { return nil }
    return CardRect(
      row: card.row, column: card.column + card.columns - columns,
      rows: min(TerminalPicture.maxRows, card.rows),
      columns: columns)
  }

  /// Draws `fugitive`'s photo into `rect`, in the screen's colours; a photo that cannot be drawn
  /// (no libchafa, a damaged file) says why on the status line instead.
  func drawPhoto(_ screen: any Screen, of fugitive: JSON, in rect: CardRect) {
    let key = "\(fugitive["id"]?.int64 ?? 0) \(fugitive["updatedAt"]?.stringValue ?? "") \(rect)"
    if photoCells?.key != key {
      do throws(BountyError) {
        guard let photo = try CardPhoto.read(fugitive, dispatcher) else { return }
        let cells = try TerminalPicture.cells(
          photo, columns: rect.columns, rows: rect.rows, colours: screen.pictureColours)
        photoCells = (key, cells)
      } catch {
        photoCells = (key, [])
        if status == nil {
          status = Status(text: "Photo not shown: \(error.message)", kind: .error)
        }
      }
    }
    screen.drawPicture(photoCells?.cells ?? [], row: rect.row, column: rect.column)
  }
}
