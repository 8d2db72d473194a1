import Foundation

#if canImport(Glibc)
import Glibc
#endif

enum ServerReply {
    case respond(status: Int, contentType: String, body: Data)
    /// Read the request, then close without a byte of answer (curl: "Empty reply from server").
    case dropConnection
}

/// A plain HTTP/1.1 server on 127.0.0.1 with a thread per connection (keep-alive: curl reuses
/// its connections). Threads block freely: a held long poll blocks only its own connection.
final class LoopbackHTTPServer: @unchecked Sendable {
    // @unchecked: mutable state is guarded by `lock`; `handler` is immutable.
    private let handler: @Sendable (ParsedHTTPRequest) -> ServerReply
    private let lock = NSLock()
    private var listenFD: Int32 = -1
    private var clients: Set<Int32> = []
    private var stopped = false
    private(set) var port: UInt16 = 0

    init(handler: @escaping @Sendable (ParsedHTTPRequest) -> ServerReply) {
        self.handler = handler
    }

    func start() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // the OS picks a free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 128) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw ServerError.socket(errno)
        }
        port = UInt16(bigEndian: address.sin_port)
        lock.withLock { listenFD = fd }
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "fake-bot-api-accept"
        thread.start()
    }

    /// Shuts the listening socket and every connection; blocked reads return at once. The
    /// accept thread closes the listening socket itself, on its way out: closed here, its
    /// number could be given to another test's server before the thread's next `accept`,
    /// which would then take (and drop) that server's connections.
    func stop() {
        lock.withLock {
            stopped = true
            if listenFD >= 0 {
                shutdown(listenFD, Int32(SHUT_RDWR))
                listenFD = -1
            }
            for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop(_ fd: Int32) {
        defer {
            lock.withLock { if listenFD == fd { listenFD = -1 } }
            close(fd)
        }
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let accepted = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                clients.insert(client)
                return true
            }
            guard accepted else {
                close(client)
                return
            }
            var yes: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let thread = Thread { [self] in serve(client) }
            thread.name = "fake-bot-api-connection"
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            lock.withLock { _ = clients.remove(fd) }
            close(fd)
        }
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let request: ParsedHTTPRequest
            do {
                guard let parsed = try HTTPMessageParsing.takeRequest(from: &buffer) else {
                    let count = recv(fd, &chunk, chunk.count, 0)
                    if count <= 0 { return }
                    buffer.append(contentsOf: chunk[0..<count])
                    continue
                }
                request = parsed
            } catch {
                return
            }
            switch handler(request) {
            case .dropConnection:
                return
            case .respond(let status, let contentType, let body):
                let bytes = HTTPMessageParsing.response(status: status, contentType: contentType, body: body)
                guard writeAll(fd, bytes), !request.wantsClose else { return }
            }
        }
    }

    private func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    enum ServerError: Error { case socket(Int32) }
}
