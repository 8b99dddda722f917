/// One `name=value` item of a query string, percent-decoded.
struct QueryItem: Sendable, Hashable {
    /// The decoded key (`""` for `=x`).
    var name: String
    /// The decoded value (`""` for `b=`).
    var value: String

    /// Splits a query on `&`; items without `=` are dropped.
    static func items(of query: Substring, decodePlus: Bool) -> [QueryItem] {
        var items: [QueryItem] = []
        for rawItem in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let item = Substring(rawItem)
            guard let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            // The whole query was checked when the URL was normalized.
            let name = PercentCoding.decoded(item[..<equals], plusAsSpace: decodePlus) ?? String(item[..<equals])
            let rest = item[item.index(after: equals)...]
            items.append(
                QueryItem(name: name, value: PercentCoding.decoded(rest, plusAsSpace: decodePlus) ?? String(rest)))
        }
        return items
    }
}
