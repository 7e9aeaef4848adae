// SyscallFunnelTests: no libc file call is made outside PeachSystem (the funnel) and PeachALSA (the device edge).

import Foundation
import Testing

@Suite("The syscall funnel")
struct SyscallFunnelTests {
    /// The repository's `Sources` folder.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources").path

    /// The C library's calls on files, folders, descriptors and pipes.
    static let fileCalls = [
        "open", "openat", "creat", "close", "read", "write", "pread", "pwrite", "readv", "writev", "stat",
        "lstat", "fstat", "fstatat", "mkdir", "mkfifo", "rmdir", "rename", "renameat", "unlink", "unlinkat",
        "link", "linkat", "symlink", "readlink", "opendir", "fdopendir", "readdir", "closedir", "pipe",
        "pipe2",
        "dup", "dup2", "fsync", "fdatasync", "ftruncate", "truncate", "lseek", "poll", "select", "fcntl",
        "ioctl",
        "flock", "access", "chmod", "fchmod", "chown", "fchown", "realpath", "isatty", "mkstemp", "mkdtemp",
        "fopen", "fdopen", "fclose", "fread", "fwrite", "fflush", "remove",
    ]

    /// `file:line: call` for each call of ``fileCalls`` in `text`: a name called as a free function, outside
    /// comments. A name the file declares as a function of its own (`func write(`) or as a closure (a parameter
    /// or property `write: (String) -> Void`) is that when called bare (the C call would need `Glibc.` there).
    static func calls(in text: String, file: String) throws -> [String] {
        let functions = text.matches(of: /func ([a-z]+)\(/).map { String($0.output.1) }
        let closures = text.matches(of: /([a-z]+): (?:@escaping )?(?:@Sendable )?\(/).map {
            String($0.output.1)
        }
        let declared = Set(functions + closures)
        let all = fileCalls.joined(separator: "|")
        let bare = fileCalls.filter { !declared.contains($0) }.joined(separator: "|")
        // Swift's regexes have no lookbehind: the character before the name is matched and left out.
        let call = try Regex("(?:^|[^.\\w])(Glibc\\.(?:\(all))|(?:\(bare)))\\(")
        var found: [String] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let code = line.components(separatedBy: "//")[0]
            for match in code.matches(of: call) {
                guard let range = match.output[1].range else { continue }
                let name = String(code[range])
                found.append("\(file):\(index + 1): \(name)")
            }
        }
        return found
    }

    @Test("no Swift source outside PeachSystem and PeachALSA calls libc's file functions")
    func funnel() throws {
        var found: [String] = []
        var scanned = 0
        let enumerator = FileManager.default.enumerator(atPath: Self.sources)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift"), !file.hasPrefix("PeachSystem/"), !file.hasPrefix("PeachALSA/")
            else {
                continue
            }
            scanned += 1
            found += try Self.calls(
                in: try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8), file: file)
        }
        #expect(scanned > 100, "the sources were found (\(scanned) files)")
        #expect(found.isEmpty, "libc file calls outside the funnel:\n\(found.joined(separator: "\n"))")
    }

    @Test("the scan finds a call and passes methods, declarations and comments")
    func scanner() throws {
        let text = """
            let fd = open(path, O_RDONLY)
            _ = Glibc.write(fd, p, 1)
            file.read(into: buffer)
            func close() {}
            func read(x: Int) {}
            read(x: 1)
            init(write: @escaping (String) -> Void) { write("") }
            // unlink(path) in a comment
            """
        #expect(try Self.calls(in: text, file: "x.swift") == ["x.swift:1: open", "x.swift:2: Glibc.write"])
    }
}
