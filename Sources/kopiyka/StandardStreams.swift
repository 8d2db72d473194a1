import Glibc

/// Writes straight to a file descriptor (`STDERR_FILENO`, `STDOUT_FILENO`), unbuffered, so a
/// log line or a prompt shows at once: what `FileHandle.write` did, without full Foundation.
func writeUnbuffered(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
