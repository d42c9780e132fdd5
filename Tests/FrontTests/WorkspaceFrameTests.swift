import BountyCore
import Testing

@testable import TerminalFront

/// The workspace's frame is a pure function of its state and one snapshot: drawn here from values
/// alone, with no database and no terminal.
@Suite struct WorkspaceFrameTests {
  static let time = Timestamp(secondsSinceEpoch: 1_795_000_000)

  static func fugitive(_ id: Int64, _ name: String, dollars: Int64, captured: Bool = false)
    -> Fugitive
  {
    Fugitive(
      id: id, name: name, bounty: Money(minorUnits: dollars * 100, currency: .usd),
      description: "", captured: captured, capturedAt: captured ? time : nil,
      captureLocation: nil, lastSeen: nil, hasPhoto: false, position: id, notes: [],
      createdAt: time, updatedAt: time)
  }

  static let rows = [
    fugitive(48445, "Ábel Kovács", dollars: 2_500),
    fugitive(15494, "Zoë Lindqvist", dollars: 10_000, captured: true),
    fugitive(82414, "Cormac Byrne", dollars: 750),
  ]

  func frame(
    _ model: ViewModel, _ content: WorkspaceSnapshot.Content,
    status: Workspace.Status? = nil, counts: [TabName: Int64] = [.fugitives: 2, .captured: 1]
  ) -> Frame {
    let snapshot = WorkspaceSnapshot(currency: .usd, counts: counts, content: content)
    return WorkspaceFrame(
      model: model, status: status, carrying: nil, noteCursor: 0, snapshot: snapshot
    ).frame(rows: 12, columns: 80)
  }

  @Test func theListIsDrawnFromTheSnapshotWithTheCursorOnItsRow() {
    var model = ViewModel()
    model.current.cursor = 2
    let frame = frame(model, .list(rows: Self.rows, total: 3))
    #expect(frame.line(0).contains("1 Fugitives (2)") && frame.line(0).contains("3 of 3"))
    #expect(frame.line(1) == "ID# NAME BOUNTY")
    #expect(frame.line(2).contains("48445") && frame.line(2).contains("$2,500.00"))
    let selected = frame.texts.filter { $0.row == 4 && $0.paint == WorkspaceFrame.selected }
    #expect(selected.contains { $0.text == "Cormac Byrne" }, "\(frame.texts)")
    #expect(frame.line(11).contains("c capture"))
  }

  @Test func everyoneAddsAStatusColumnAndSaysSo() {
    var model = ViewModel()
    model.current.everyone = true
    let frame = frame(model, .list(rows: Self.rows, total: 3))
    #expect(frame.line(1) == "ID# NAME BOUNTY STATUS")
    #expect(frame.line(3).contains("Zoë Lindqvist") && frame.line(3).contains("captured"))
    #expect(frame.line(2).contains("at large"))
    #expect(frame.line(0).contains("everyone"))
  }

  @Test func anUnreadCountShowsAQuestionMarkAndTheStatusLineItsText() {
    let frame = frame(
      ViewModel(), .list(rows: [], total: 0),
      status: Workspace.Status(text: "82414 Cormac Byrne left this list", kind: .info),
      counts: [.captured: 1])
    #expect(frame.line(0).contains("Fugitives (?)") && frame.line(0).contains("Captured (1)"))
    #expect(frame.line(2) == "No fugitives at large. a adds one.")
    #expect(frame.line(11) == "82414 Cormac Byrne left this list")
  }

  @Test func theCardShowsTheFugitiveAndTheSettingsTheirValues() {
    var model = ViewModel()
    model.show(48445, in: .fugitives)
    let card = frame(model, .card(Self.rows[0], photo: nil))
    #expect(card.line(1) == "Ábel Kovács")
    #expect(card.texts.contains { $0.text.contains("Bounty       $2,500.00") })
    var settings = ViewModel()
    settings.active = .settings
    let shown = frame(
      settings,
      .settings([
        Setting(key: .currency, value: "USD"), Setting(key: .hunterName, value: ""),
      ]))
    #expect(shown.line(2).hasPrefix("currency USD"))
    #expect(shown.line(3).hasPrefix("hunter.name (not set)"))
  }

  @Test func theSameStateAndSnapshotGiveTheSameFrame() {
    let model = ViewModel()
    #expect(
      frame(model, .list(rows: Self.rows, total: 3))
        == frame(model, .list(rows: Self.rows, total: 3)))
  }
}
