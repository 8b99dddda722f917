#if PCRE2
internal import CURLRouterPCRE2

/// What the callouts of a route match can see.
struct CalloutContext {
    let matcher: PCRE2RouteMatcher
    let variants: UnsafeBufferPointer<String>
    /// The last segment an in-segment callout looked at (its end, then its start), so that the
    /// callouts of sibling patterns find the segment's start once.
    var segmentEnd = -1
    var segmentStart = 0
}

/// Callouts of route patterns: `c<n>` checks in-segment pattern n against the segment that just
/// matched `/[^/]++`; `v<n>` checks that route n has a target for the lookup's variants.
/// Returning 1 fails that path, so PCRE2 backtracks to the next alternative.
let routeCallout: @convention(c) (UnsafeMutablePointer<pcre2_callout_block_8>?, UnsafeMutableRawPointer?) -> Int32 = {
    block, data in
    guard let block, let data, let text = block.pointee.callout_string, block.pointee.callout_string_length > 1 else {
        return 0
    }
    let context = data.assumingMemoryBound(to: CalloutContext.self)  // lent by `runOne` for this match
    var number = 0
    for offset in 1..<Int(block.pointee.callout_string_length) {
        number = number * 10 + Int(text[offset] &- UInt8(ascii: "0"))
    }
    switch text[0] {
    case UInt8(ascii: "c"):
        let subject = block.pointee.subject!
        let end = Int(block.pointee.current_position)
        var start = end
        if context.pointee.segmentEnd == end {
            start = context.pointee.segmentStart
        } else {
            while start > 0, subject[start - 1] != UInt8(ascii: "/") { start -= 1 }
            context.pointee.segmentEnd = end
            context.pointee.segmentStart = start
        }
        let matched = context.pointee.matcher.composites[number].match(
            UnsafeBufferPointer(start: subject + start, count: end - start))
        return matched == nil ? 1 : 0
    case UInt8(ascii: "v"):
        return context.pointee.matcher.routes[number].target(for: context.pointee.variants) == nil ? 1 : 0
    default:
        return 0
    }
}
#endif
