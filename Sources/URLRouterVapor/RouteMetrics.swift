#if Vapor
import Dispatch
import Metrics
import Vapor

/// The request metrics Vapor's own responder reports, with the same labels and dimensions, so that
/// dashboards keep working after the switch.
enum RouteMetrics {
    static func record(request: Request, startTime: UInt64, statusCode: UInt) {
        let path: String
        let method: String
        if let route = request.route {
            path = "/\(route.path.map { "\($0)" }.joined(separator: "/"))"
            method = request.method.rawValue
        } else {
            // A miss is not labelled by its path, so that requests cannot make unlimited series.
            path = "vapor_route_undefined"
            method = "undefined"
        }
        let dimensions = [("method", method), ("path", path), ("status", statusCode.description)]
        Counter(label: "http_requests_total", dimensions: dimensions).increment()
        if statusCode >= 500 {
            Counter(label: "http_request_errors_total", dimensions: dimensions).increment()
        }
        Timer(label: "http_request_duration_seconds", dimensions: dimensions, preferredDisplayUnit: .seconds)
            .recordNanoseconds(DispatchTime.now().uptimeNanoseconds - startTime)
    }
}
#endif
