import BountyCore

/// The photo on the workspace's card: drawn by libchafa in symbols, cell by cell through curses,
/// in the card's right part (the facts keep the left). Its cells are read with the frame's
/// snapshot (`photo(of:in:on:)`) and placed by the frame like any text.
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
  func photoRect(of fugitive: Fugitive, in card: CardRect) -> CardRect? {
    guard photos, fugitive.hasPhoto else { return nil }
    let columns = min(TerminalPicture.maxColumns, card.columns - Self.cardTextColumns - 1)
    guard columns >= 8, card.rows >= 4 else { return nil }
    return CardRect(
      row: card.row, column: card.column + card.columns - columns,
      rows: min(TerminalPicture.maxRows, card.rows),
      columns: columns)
  }

  /// The cells of `fugitive`'s photo for `rect`, in `screen`'s colours (kept while the fugitive
  /// and the size stay the same); a photo that cannot be drawn (no libchafa, a damaged file)
  /// says why on the status line instead, and has no cells.
  func photoCells(of fugitive: Fugitive, in rect: CardRect, on screen: any Screen)
    -> [[TerminalPicture.Cell]]
  {
    let key = "\(fugitive.id) \(fugitive.updatedAt.iso8601) \(rect)"
    if photoCells?.key != key {
      do throws(BountyError) {
        guard let photo = try CardPhoto.read(fugitive, dispatcher) else { return [] }
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
    return photoCells?.cells ?? []
  }

  /// The photo of the card of `fugitive` on `screen`: where it goes and its cells; nil when it
  /// has none, photos are off, or there is no room beside the facts.
  func photo(of fugitive: Fugitive, on screen: any Screen) -> WorkspaceSnapshot.Photo? {
    let card = CardRect(
      row: 1, column: 0, rows: WorkspaceFrame.contentRows(onScreenOf: screen.rows),
      columns: screen.columns)
    guard let rect = photoRect(of: fugitive, in: card) else { return nil }
    return WorkspaceSnapshot.Photo(
      rect: rect, cells: photoCells(of: fugitive, in: rect, on: screen))
  }
}
