#if Vapor
import Foundation
import Vapor

#if canImport(Glibc)
import Glibc
#endif

/// One request written as bytes on a loopback socket, so that a target no HTTP client would
/// send (an escape that is not UTF-8) reaches the server as written.
struct RawHTTP {
    let port: Int

    /// The server's answer to `method target`, with `Host: host` and `Connection: close`.
    func send(_ method: String, _ target: String, host: String = "127.0.0.1") throws -> (
        status: Int, headers: [String: String], body: String
    ) {
        let handle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard handle >= 0 else { throw Abort(.internalServerError, reason: "socket: \(errno)") }
        defer { close(handle) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(handle, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(handle, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Abort(.internalServerError, reason: "connect: \(errno)") }
        let request = Array("\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard write(handle, request, request.count) == request.count else {
            throw Abort(.internalServerError, reason: "write: \(errno)")
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(handle, &buffer, buffer.count)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        var lines = parts[0].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { throw Abort(.internalServerError, reason: "no status line in \(text.debugDescription)") }
        lines.removeFirst()
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return (status, headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}

extension Application {
    /// Starts the server on a free loopback port, runs `body` with a raw client for it, stops it.
    func withRunningServer<T>(_ body: (RawHTTP) async throws -> T) async throws -> T {
        try await server.start(address: .hostname("127.0.0.1", port: 0))
        do {
            guard let port = http.server.shared.localAddress?.port else {
                throw Abort(.internalServerError, reason: "no port")
            }
            let result = try await body(RawHTTP(port: port))
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }
}
#endif
