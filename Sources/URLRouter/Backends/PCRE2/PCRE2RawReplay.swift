#if PCRE2
internal import CURLRouterPCRE2

/// Collects the engine calls of lookups while ``PCRE2RouteMatcher/recordRawMatches(lookups:_:)``
/// runs: each call's compiled pattern, subject and winner, and where each lookup's calls start.
final class PCRE2RawCallRecorder {
    var codes: [OpaquePointer] = []
    var jit: [Bool] = []
    var subjects: [[UInt8]] = []
    var winners: [Int] = []
    /// The index of each lookup's first call.
    var lookupStarts: [Int] = []
    /// Set when a call used callouts or a user regex's match limit, which a bare replay lacks.
    var replayable = true

    /// Records one engine call: the shard it ran, its subject, and its result (the match data holds
    /// the winner's mark).
    func record(
        _ shard: PCRE2RouteMatcher.ShardInfo, subject: UnsafePointer<UInt8>, length: Int, result: Int32,
        matchData: OpaquePointer
    ) {
        if shard.hasCallouts || shard.hasUserRegex { replayable = false }
        codes.append(shard.code)
        jit.append(shard.jit)
        subjects.append(Array(UnsafeBufferPointer(start: subject, count: length)))
        winners.append(result >= 0 ? markNumber(in: matchData) ?? -1 : -1)
    }
}

/// A matcher that answers as a ``PCRE2RouteMatcher`` does and records the engine calls its
/// lookup makes: a decorator, so that the matcher's own code knows nothing of recording.
///
/// It lets the matcher answer, then makes the same subject again
/// (``PCRE2RouteMatcher/withSubject(of:_:)``) and runs the same chain of shards, each call bare,
/// recording each until one matches: what a replay then times. A call with callouts or a user
/// regex's match limit, which a bare call lacks, makes the recording unreplayable.
// @unchecked: used by the one thread that records.
final class PCRE2RecordingMatcher: RouteMatcher, @unchecked Sendable {
    let matcher: PCRE2RouteMatcher
    let recorder = PCRE2RawCallRecorder()

    init(_ matcher: PCRE2RouteMatcher) {
        self.matcher = matcher
    }

    func firstMatch(_ lookup: inout PreparedLookup) -> MatchOutcome {
        let outcome = matcher.firstMatch(&lookup)
        _ = matcher.withSubject(of: &lookup) { first, state, subject, length in
            var shard = first
            while true {
                let result = PCRE2Code.match(
                    shard.code, jit: shard.jit, subject, length, state.pointee.matchData,
                    state.pointee.context)
                recorder.record(
                    shard, subject: subject, length: length, result: result,
                    matchData: state.pointee.matchData)
                guard case .noMatch = PCRE2RouteMatcher.callResult(result, state.pointee.matchData), shard.next >= 0
                else { return .noMatch }
                shard = matcher.methodShards.info[shard.next]
            }
        }
        return outcome
    }
}

/// Recorded PCRE2 calls, replayed bare: `pcre2_jit_match` on the recorded subject, then the
/// winner read from its `(*MARK)`, exactly as a lookup does, and nothing else.
///
/// Ownership: the replay owns its match context, JIT stack and match data and frees each once in
/// `deinit`; it keeps the matcher (which owns the compiled codes) alive.
final class PCRE2RawReplay: RawMatchReplay {
    let matcher: PCRE2RouteMatcher
    let codes: [OpaquePointer]
    let jit: [Bool]
    /// Every subject back to back in one buffer, as `offsets[i]..<offsets[i + 1]`.
    let subjects: UnsafeMutableBufferPointer<UInt8>
    let offsets: [Int]
    let recordedWinners: [Int]
    /// Lookup i made calls `lookupStarts[i]..<lookupStarts[i + 1]`.
    let lookupStarts: [Int]
    let context: OpaquePointer
    let jitStack: OpaquePointer
    let matchData: OpaquePointer

    var callCount: Int { codes.count }
    var lookupCount: Int { lookupStarts.count - 1 }

    init?(matcher: PCRE2RouteMatcher, recorder: PCRE2RawCallRecorder) {
        guard recorder.replayable, let context = pcre2_match_context_create_8(nil) else { return nil }
        guard let jitStack = pcre2_jit_stack_create_8(32 * 1024, matcher.jitStackBytes, nil) else {
            pcre2_match_context_free_8(context)
            return nil
        }
        guard let matchData = pcre2_match_data_create_8(1, nil) else {
            pcre2_jit_stack_free_8(jitStack)
            pcre2_match_context_free_8(context)
            return nil
        }
        pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack))
        self.matcher = matcher
        self.codes = recorder.codes
        self.jit = recorder.jit
        self.recordedWinners = recorder.winners
        self.lookupStarts = recorder.lookupStarts + [recorder.codes.count]
        self.context = context
        self.jitStack = jitStack
        self.matchData = matchData
        var offsets = [0]
        for subject in recorder.subjects { offsets.append(offsets[offsets.count - 1] + subject.count) }
        self.offsets = offsets
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, offsets[offsets.count - 1]))
        for (index, subject) in recorder.subjects.enumerated() {
            _ = UnsafeMutableBufferPointer(rebasing: buffer[offsets[index]..<offsets[index + 1]]).initialize(
                from: subject)
        }
        self.subjects = buffer
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_jit_stack_free_8(jitStack)
        pcre2_match_context_free_8(context)
        subjects.deallocate()
    }

    func replay() -> Int {
        replay(calls: 0..<codes.count)
    }

    func replay(lookup index: Int) -> Int {
        replay(calls: lookupStarts[index]..<lookupStarts[index + 1])
    }

    func replay(calls: Range<Int>) -> Int {
        var sum = 0
        let base = subjects.baseAddress!
        for index in calls {
            let subject = base + offsets[index]
            let length = offsets[index + 1] - offsets[index]
            let result = PCRE2Code.match(codes[index], jit: jit[index], subject, length, matchData, context)
            sum &+= result >= 0 ? markNumber(in: matchData) ?? -1 : -1
        }
        return sum
    }
}

extension PCRE2RouteMatcher: RawMatchRecording {
    func recordRawMatches(lookups count: Int, _ lookup: (any RouteMatcher, Int) -> Void) -> (any RawMatchReplay)? {
        let recording = PCRE2RecordingMatcher(self)
        for index in 0..<count {
            recording.recorder.lookupStarts.append(recording.recorder.codes.count)
            lookup(recording, index)
        }
        return PCRE2RawReplay(matcher: self, recorder: recording.recorder)
    }
}
#endif
