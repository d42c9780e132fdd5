import BountyCommands
import BountyCore
import BountyStore

/// `bounty deadlines`: the fugitives at large whose bond forfeits soonest, overdue ones first.
enum DeadlineCommands {
  static let commands = [deadlines]

  static let within = Param.integer(
    "within", 0...36_500, help: "Only deadlines at most this many days away (overdue included)")

  static let deadlines = Command(
    CommandSpec(
      name: "fugitives.deadlines", words: ["deadlines"], tab: .fugitives,
      summary: "List fugitives at large by forfeiture deadline, most urgent (or overdue) first",
      params: [within], effect: .read,
      result: "{items: [fugitive], total}; each item's bond.daysLeft is negative when overdue",
      schema: .component(.deadlinePage),
      view: .fugitiveList(
        captured: false, footer: Headline { $0.counted("total", "deadline", "deadlines") }))
  ) { store, arguments in
    let last = arguments[within].map {
      CalendarDate(daysSinceEpoch: store.localToday.daysSinceEpoch + $0)
    }
    let items = try store.deadlines(through: last)
    return FugitivePage(items: items, total: Int64(items.count))
  }
}
