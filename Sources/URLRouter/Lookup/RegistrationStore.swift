/// What a ``CompiledTable`` keeps of its registrations for the answer step, flat: each
/// registration by handle, each route's untagged target's handle, and the parameter names, so
/// that a lookup reads them through pointers without retaining anything.
///
/// Owns every buffer below; they are allocated in `init`, never written afterwards, and freed
/// once in `deinit`. Lookups lend pointers into them only for the duration of a `withLookup` call.
// @unchecked: the buffers are immutable after init.
final class RegistrationStore: @unchecked Sendable {
    /// Per handle, its registration, or `nil` for a handle no route of the table has (a route
    /// that a later one replaced).
    let registrations: UnsafeMutableBufferPointer<RouteRegistration?>
    /// Per route (precedence order), the handle of its target for a lookup without variants, or -1.
    let untaggedHandles: UnsafeMutableBufferPointer<Int32>
    /// Per handle, where its names start in ``nameSpans`` (one more entry at the end).
    let nameStarts: UnsafeMutableBufferPointer<Int32>
    /// Every parameter name, as a span of ``nameBytes``.
    let nameSpans: UnsafeMutableBufferPointer<(Int32, Int32)>
    let nameBytes: UnsafeMutableBufferPointer<UInt8>

    /// The store of `routes` (in precedence order).
    init(routes: [CompiledRoute]) {
        var handleCount = 0
        var spanCount = 0
        var byteCount = 0
        for route in routes {
            route.forEachTarget { target in
                handleCount = max(handleCount, target.handle + 1)
                spanCount += target.parameterNames.count
                for name in target.parameterNames { byteCount += name.utf8.count }
            }
        }
        let registrations = UnsafeMutableBufferPointer<RouteRegistration?>.allocate(capacity: max(1, handleCount))
        registrations.initialize(repeating: nil)
        for route in routes { route.forEachTarget { registrations[$0.handle] = $0 } }
        self.registrations = registrations
        untaggedHandles = .allocate(capacity: max(1, routes.count))
        for (index, route) in routes.enumerated() {
            untaggedHandles[index] = Int32(route.target(for: [] as [String]).map(\.handle) ?? -1)
        }
        nameStarts = .allocate(capacity: handleCount + 1)
        nameSpans = .allocate(capacity: max(1, spanCount))
        nameBytes = .allocate(capacity: max(1, byteCount))
        var span = 0
        var byte = 0
        for handle in 0..<handleCount {
            nameStarts[handle] = Int32(span)
            for name in registrations[handle]?.parameterNames ?? [] {
                nameSpans[span] = (Int32(byte), Int32(byte + name.utf8.count))
                for character in name.utf8 {
                    nameBytes[byte] = character
                    byte += 1
                }
                span += 1
            }
        }
        nameStarts[handleCount] = Int32(span)
    }

    deinit {
        registrations.deinitialize()
        registrations.deallocate()
        untaggedHandles.deallocate()
        nameStarts.deallocate()
        nameSpans.deallocate()
        nameBytes.deallocate()
    }

    /// The number of handles (one more than the largest).
    var handleCount: Int { nameStarts.count - 1 }
}
