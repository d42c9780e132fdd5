/// "1 fugitive", "2 fugitives": a number with its noun in the right number.
public func counted(_ number: some BinaryInteger, _ singular: String, _ plural: String) -> String {
  "\(number) \(number == 1 ? singular : plural)"
}
