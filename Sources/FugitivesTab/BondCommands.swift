import BountyCommands
import BountyCore
import BountyStore

/// The bond a fugitive skipped and the court that set it (`fugitives bond`), and who they are
/// (`fugitives describe`): the parts of a bail-enforcement case that are one value per fugitive.
enum BondCommands {
  static let commands = [bond, describe]

  static let court = CaseFileParams.caseText("court", help: "The court that set the bond")
  static let caseNumber = CaseFileParams.caseText("case", help: "The court's case number")
    .labelled("Case number")
  static let bondAmount = Param.money("amount", help: "The bond amount, e.g. 50000").labelled(
    "Bond")
  static let fta = Param.time("fta", help: "The failure-to-appear date, YYYY-MM-DD").labelled(
    "FTA date", hint: "YYYY-MM-DD")
  static let forfeiture = Param.time(
    "forfeiture", help: "The forfeiture deadline, YYYY-MM-DD: surrender the fugitive by then"
  ).labelled("Forfeiture date", hint: "YYYY-MM-DD")
  static let clearBond = Param.flag("clear", help: "Remove the bond and court")

  static let bond = Command(
    CommandSpec(
      name: "fugitives.bond", words: ["fugitives", "bond"], tab: .fugitives,
      summary: "Set a fugitive's bond, court, case number, FTA date and forfeiture deadline",
      params: [FugitiveParams.id, bondAmount, court, caseNumber, fta, forfeiture, clearBond],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: CaseFileHeadlines.saved("bond")),
      locksOnClosedCase: [FugitiveParams.id.name], role: .setBond,
      form: [
        FormField("amount", current: "bond.amount"), FormField("court", current: "bond.court"),
        FormField("case", current: "bond.caseNumber"),
        FormField("fta", current: "bond.ftaDate"),
        FormField("forfeiture", current: "bond.forfeitureDate"),
      ])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    let fugitive = try store.existingFugitive(id: id)
    if arguments.isSet(clearBond) {
      if [bondAmount.name, court.name, caseNumber.name, fta.name, forfeiture.name].contains(where: {
        arguments.value(named: $0) != nil
      }) {
        throw BountyError.invalidParameter(field: "clear", reason: "cannot be given with a value")
      }
      try store.writeBond(fugitiveID: id, nil)
      return try store.existingFugitive(id: id).json
    }
    var bond = fugitive.caseFile.bond ?? Bond()
    if let amount = arguments[bondAmount] { bond.amount = amount }
    if let text = arguments[court] { bond.court = text.isEmpty ? nil : text }
    if let text = arguments[caseNumber] { bond.caseNumber = text.isEmpty ? nil : text }
    if let date = try arguments.calendarDate(fta) { bond.ftaDate = date }
    if let date = try arguments.calendarDate(forfeiture) { bond.forfeitureDate = date }
    if let failed = bond.ftaDate, let deadline = bond.forfeitureDate, deadline < failed {
      throw BountyError.invalid(field: "forfeiture", reason: "is before the FTA date \(failed)")
    }
    try store.writeBond(fugitiveID: id, bond.isEmpty ? nil : bond)
    return try store.existingFugitive(id: id).json
  }

  static let dob = Param.time("dob", help: "Date of birth, YYYY-MM-DD (in the past)").labelled(
    "Date of birth", hint: "YYYY-MM-DD")
  static let height = CaseFileParams.caseText(
    "height", help: "Height with its unit: 5 ft 10 in, 5'10\", 178 cm, 1.78 m")
  static let weight = CaseFileParams.caseText("weight", help: "Weight with its unit: 82 kg, 180 lb")
  static let eyes = CaseFileParams.caseText("eyes", help: "Eye colour")
  static let hair = CaseFileParams.caseText("hair", help: "Hair colour")
  static let marks = CaseFileParams.caseText("marks", help: "Scars, marks and tattoos")
  static let clearDescriptors = Param.flag("clear", help: "Remove every descriptor")

  static let describe = Command(
    CommandSpec(
      name: "fugitives.describe", words: ["fugitives", "describe"], tab: .fugitives,
      summary: "Set a fugitive's descriptors: date of birth, height, weight, eyes, hair, marks",
      params: [FugitiveParams.id, dob, height, weight, eyes, hair, marks, clearDescriptors],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: CaseFileHeadlines.saved("descriptors")),
      locksOnClosedCase: [FugitiveParams.id.name], role: .describeFugitive,
      form: [
        FormField("dob", current: "descriptors.dob"),
        FormField("height", current: "descriptors.height"),
        FormField("weight", current: "descriptors.weight"),
        FormField("eyes", current: "descriptors.eyes"),
        FormField("hair", current: "descriptors.hair"),
        FormField("marks", current: "descriptors.marks"),
      ])
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    let fugitive = try store.existingFugitive(id: id)
    if arguments.isSet(clearDescriptors) {
      try store.writeDescriptors(fugitiveID: id, nil)
      return try store.existingFugitive(id: id).json
    }
    var descriptors = fugitive.caseFile.descriptors ?? Descriptors()
    if let born = try arguments.calendarDate(dob) {
      guard born < store.localToday else {
        throw BountyError.invalid(field: "dob", reason: "must be in the past")
      }
      descriptors.dob = born
    }
    if let text = arguments[height] {
      guard let checked = text.isEmpty ? "" : Descriptors.checkedHeight(text) else {
        throw BountyError.invalid(
          field: "height",
          reason: "\(SafeText.quoted(text)) needs a number and a unit (ft/in, cm or m)")
      }
      descriptors.height = checked.isEmpty ? nil : checked
    }
    if let text = arguments[weight] {
      guard let checked = text.isEmpty ? "" : Descriptors.checkedWeight(text) else {
        throw BountyError.invalid(
          field: "weight", reason: "\(SafeText.quoted(text)) needs a number and a unit (kg or lb)")
      }
      descriptors.weight = checked.isEmpty ? nil : checked
    }
    if let text = arguments[eyes] { descriptors.eyes = text.isEmpty ? nil : text }
    if let text = arguments[hair] { descriptors.hair = text.isEmpty ? nil : text }
    if let text = arguments[marks] { descriptors.marks = text.isEmpty ? nil : text }
    try store.writeDescriptors(fugitiveID: id, descriptors.isEmpty ? nil : descriptors)
    return try store.existingFugitive(id: id).json
  }
}
