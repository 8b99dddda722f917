#if Hummingbird
import Foundation
import Hummingbird

/// What every route answers: `{"method":"GET","params":{"owner":"apple"},"pattern":"/repos/:owner"}`.
struct RouteAnswer: ResponseGenerator, Encodable {
    let method: String
    let pattern: String
    let params: [String: String]
    let catchall: String?

    init(method: String, pattern: String, context: some RequestContext) {
        self.method = method
        self.pattern = pattern
        var params: [String: String] = [:]
        for (name, value) in context.parameters where name != Parameters.recursiveCaptureKey {
            params[String(name)] = String(value)
        }
        self.params = params
        let catchall = context.parameters.getCatchAll()
        self.catchall = catchall.isEmpty ? nil : catchall.joined(separator: "/")
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(self)
        return Response(
            status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
#endif
