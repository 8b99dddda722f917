import URLRouter
import URLRouterConformance

#if canImport(Glibc)
import Glibc
#endif

/// Runs the owning or the borrowed lookup of a route set's requests a given number of passes,
/// reading every parameter, for `Benchmarks/instructions` to count under callgrind: the count of
/// a run of 3 passes less that of 1 pass, over twice the requests, is the cost of one lookup,
/// with the set-up (reading the files, compiling the table) taken out.
///
/// A module of its own, as a server's code calls the library: what the library's inlining
/// annotations do across modules is in the count.
///
///     LookupCost ROUTES REQUESTS owning|borrowed PASSES
@main
enum LookupCost {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, let passes = Int(arguments[4]), ["owning", "borrowed"].contains(arguments[3]) else {
            print("usage: LookupCost ROUTES REQUESTS owning|borrowed PASSES")
            exit(2)
        }
        let set = try RouteSet(routesFile: arguments[1], requestsFile: arguments[2])
        let table = try set.typedTable(backend: .default)
        let requests = set.requests.map { (method: $0.method, url: $0.path) }
        var read = 0
        if arguments[3] == "owning" {
            for _ in 0..<passes { read &+= owning(table, requests) }
        } else {
            for _ in 0..<passes { read &+= borrowed(table, requests) }
        }
        // What was read is printed, so that no pass can be optimized away.
        print("\(requests.count) requests, \(passes) passes, \(read) bytes read")
    }

    /// One pass of owning lookups: the value and every parameter as a `Substring`.
    @inline(never)
    static func owning(_ table: RouteTable<Int>, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            guard case .success(let match) = table.lookup(method: request.method, url: request.url) else { continue }
            read &+= match.value
            for index in 0..<match.details.parameterCount { read &+= match.details.parameter(at: index).utf8.count }
        }
        return read
    }

    /// One pass of borrowed lookups: the value and every parameter's bytes.
    @inline(never)
    static func borrowed(_ table: RouteTable<Int>, _ requests: [(method: String, url: String)]) -> Int {
        var read = 0
        for request in requests {
            read &+= table.withMatch(method: request.method, url: request.url) { lookup in
                guard case .match(let match) = lookup else { return 0 }
                var read = match.value
                for index in 0..<match.parameterCount { read &+= match.parameter(at: index).bytes.count }
                return read
            }
        }
        return read
    }
}
