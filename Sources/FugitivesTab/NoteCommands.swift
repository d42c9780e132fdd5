import BountyCommands
import BountyCore
import BountyStore

/// Case notes: an ordered list per fugitive, as Core Data Recipes kept its ingredients.
enum NoteCommands {
  static let commands = [list, add, update, delete, move]

  static let list = Command(
    CommandSpec(
      name: "notes.list", words: ["fugitives", "note", "list"], tab: .fugitives,
      summary: "List a fugitive's case notes", params: [FugitiveParams.id], effect: .read,
      result: "{id, notes: [note]}", schema: .component(.noteList),
      view: .notes)
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    _ = try store.existingFugitive(id: id)
    return NoteList(id: id, notes: try store.notes(fugitiveID: id))
  }

  static let add = Command(
    CommandSpec(
      name: "notes.add", words: ["fugitives", "note", "add"], tab: .fugitives,
      summary: "Add a case note at the end",
      params: [FugitiveParams.id, FugitiveParams.noteText.writtenInEditor()],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: FugitiveHeadlines.saved),
      locksOnClosedCase: [FugitiveParams.id.name], role: .addNote)
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    _ = try store.existingFugitive(id: id)
    try store.insertNote(fugitiveID: id, text: arguments.required(FugitiveParams.noteText))
    return try store.existingFugitive(id: id).json
  }

  static let update = Command(
    CommandSpec(
      name: "notes.update", words: ["fugitives", "note", "edit"], tab: .fugitives,
      summary: "Rewrite a case note",
      params: [FugitiveParams.id, FugitiveParams.note, FugitiveParams.noteText],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: FugitiveHeadlines.saved),
      locksOnClosedCase: [FugitiveParams.id.name], role: .editNote)
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    try store.updateNote(
      fugitiveID: id, noteID: arguments.required(FugitiveParams.note),
      text: arguments.required(FugitiveParams.noteText))
    return try store.existingFugitive(id: id).json
  }

  static let delete = Command(
    CommandSpec(
      name: "notes.delete", words: ["fugitives", "note", "delete"], tab: .fugitives,
      summary: "Delete a case note", params: [FugitiveParams.id, FugitiveParams.note],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: FugitiveHeadlines.saved),
      locksOnClosedCase: [FugitiveParams.id.name], role: .deleteNote)
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    try store.deleteNote(fugitiveID: id, noteID: arguments.required(FugitiveParams.note))
    return try store.existingFugitive(id: id).json
  }

  static let move = Command(
    CommandSpec(
      name: "notes.move", words: ["fugitives", "note", "move"], tab: .fugitives,
      summary: "Move a case note to a new position",
      params: [FugitiveParams.id, FugitiveParams.note, FugitiveParams.to],
      effect: .change(undoable: true), result: "the fugitive",
      schema: .component(.fugitive),
      view: .fugitiveCard(headline: FugitiveHeadlines.saved),
      locksOnClosedCase: [FugitiveParams.id.name], role: .moveNote)
  ) { store, arguments in
    let id = try arguments.required(FugitiveParams.id)
    try store.moveNote(
      fugitiveID: id, noteID: arguments.required(FugitiveParams.note),
      to: arguments.required(FugitiveParams.to))
    return try store.existingFugitive(id: id).json
  }
}
