import Testing
@testable import URLRouterPCRE2

@Suite struct PCRE2AvailabilityTests {
    @Test func theBackendIsBuiltWithTheTrait() {
        #expect(PCRE2Backend.isAvailable)
        #expect(PCRE2Backend.libraryVersion?.hasPrefix("10.") == true)
    }
}
