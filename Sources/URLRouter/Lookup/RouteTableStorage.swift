/// What a ``RouteTable`` keeps beside its compiled routes for the borrowed lookup, whatever its
/// value type: flat copies of what a lookup reads (the winner's handle, its registration, its
/// parameter names), so that it reads them through pointers, without retaining anything.
///
/// Owns every buffer below; they are allocated in `init`, never written afterwards, and freed
/// once in `deinit`. Lookups lend pointers into them only for the duration of a `withMatch` call.
// @unchecked: the buffers are immutable after init.
@usableFromInline
final class RouteTableStorage: @unchecked Sendable {
    /// Room for at least one registration (an empty table still has a base address); the first
    /// ``registrationCount`` are initialized.
    let registrations: UnsafeMutableBufferPointer<RouteRegistration>
    let registrationCount: Int
    /// Per route (precedence order), the handle of its target for a lookup without variants, or -1.
    let untaggedHandles: UnsafeMutableBufferPointer<Int32>
    /// Per handle, where its names start in ``nameSpans`` (one more entry at the end).
    let nameStarts: UnsafeMutableBufferPointer<Int32>
    /// Every parameter name, as a span of ``nameBytes``.
    let nameSpans: UnsafeMutableBufferPointer<(Int32, Int32)>
    let nameBytes: UnsafeMutableBufferPointer<UInt8>

    init(table: RoutingTable, registrations: [RouteRegistration]) {
        self.registrations = .allocate(capacity: max(1, registrations.count))
        _ = self.registrations.initialize(from: registrations)
        self.registrationCount = registrations.count
        untaggedHandles = .allocate(capacity: max(1, table.routes.count))
        for index in table.routes.indices {
            untaggedHandles[index] = Int32(table.target(of: index, for: [])?.handle ?? -1)
        }
        let names = registrations.map(\.parameterNames)
        nameStarts = .allocate(capacity: names.count + 1)
        nameSpans = .allocate(capacity: max(1, names.reduce(0) { $0 + $1.count }))
        nameBytes = .allocate(capacity: max(1, names.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count } }))
        var span = 0
        var byte = 0
        for (handle, list) in names.enumerated() {
            nameStarts[handle] = Int32(span)
            for name in list {
                nameSpans[span] = (Int32(byte), Int32(byte + name.utf8.count))
                for character in name.utf8 {
                    nameBytes[byte] = character
                    byte += 1
                }
                span += 1
            }
        }
        nameStarts[names.count] = Int32(span)
    }

    deinit {
        UnsafeMutableBufferPointer(rebasing: registrations[..<registrationCount]).deinitialize()
        registrations.deallocate()
        untaggedHandles.deallocate()
        nameStarts.deallocate()
        nameSpans.deallocate()
        nameBytes.deallocate()
    }

    /// Looks `url` up on `table` and lends `body` the answer.
    @usableFromInline
    func withLookup(
        _ table: RoutingTable, method: String?, url: String, variants: [String],
        _ body: (borrowing ResolvedLookup) -> Void
    ) {
        table.resolve(url, method: method, variants: variants) { resolution in
            guard resolution.reason == nil else {
                return body(.miss(resolution.reason ?? .noMatch, allowedMethods: resolution.allowedMethods))
            }
            let handle: Int
            if variants.isEmpty {
                handle = Int(untaggedHandles[resolution.routeIndex])
            } else {
                handle = table.target(of: resolution.routeIndex, for: variants)?.handle ?? -1
            }
            // A backend that returned a route that does not answer the lookup: reported as no match.
            guard handle >= 0 else { return body(.miss(.noMatch, allowedMethods: [])) }
            let first = Int(nameStarts[handle])
            var view = MatchView(
                handle: handle, registration: registrations.baseAddress! + handle,
                names: UnsafeBufferPointer(rebasing: nameSpans[first..<Int(nameStarts[handle + 1])]),
                nameBytes: UnsafePointer(nameBytes.baseAddress!), resolution: resolution, decodePlus: table.decodePlus)
            withUnsafePointer(to: &view) { body(.match($0)) }
        }
    }
}

/// The answer of a borrowed lookup before the value is attached (see ``RouteTable/Lookup``).
@usableFromInline
enum ResolvedLookup {
    /// The winner's view, lent for the call.
    case match(UnsafePointer<MatchView>)
    case miss(RouteMiss.Reason, allowedMethods: [String])
}

/// The values of a ``RouteTable``, by handle: owns the buffer, allocated and filled in `init`,
/// never written afterwards, freed once in `deinit`.
// @unchecked: the buffer is immutable after init, and `Value` is Sendable.
@usableFromInline
final class RouteValues<Value: Sendable>: @unchecked Sendable {
    /// Room for at least one value (an empty table still has a base address); the first
    /// ``count`` are initialized.
    @usableFromInline let values: UnsafeMutableBufferPointer<Value>
    let count: Int

    init(_ values: [Value]) {
        self.values = .allocate(capacity: max(1, values.count))
        _ = self.values.initialize(from: values)
        self.count = values.count
    }

    deinit {
        UnsafeMutableBufferPointer(rebasing: values[..<count]).deinitialize()
        values.deallocate()
    }

    /// The value of `handle`, lent for as long as the table lives.
    @inlinable
    func pointer(_ handle: Int) -> UnsafePointer<Value> {
        UnsafePointer(values.baseAddress.unsafelyUnwrapped + handle)
    }
}

@available(*, unavailable, message: "lends pointers for one call")
extension ResolvedLookup: Sendable {}
