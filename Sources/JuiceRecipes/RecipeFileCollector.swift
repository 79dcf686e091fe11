#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JuiceCore

/// Finds and reads recipe files: every `*.yaml`/`*.yml` under a directory, recursively, sorted by path, hidden entries skipped.
enum RecipeFileCollector {
    /// Reads the files at `paths` (each a file or a directory), in order; files over `maxBytes` are not read.
    static func read(paths: [String], maxBytes: Int) throws(RecipeSourceError) -> [RecipeSourceFile] {
        var files: [RecipeSourceFile] = []
        for path in paths {
            let found = try collect(path)
            if found.isEmpty { throw .noRecipeFiles(path) }
            for file in found { files.append(try readFile(file, maxBytes: maxBytes)) }
        }
        return files
    }

    /// The recipe files at `path`: the file itself, or every recipe file under the directory.
    static func collect(_ path: String) throws(RecipeSourceError) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw error(for: path) }
        if info.st_mode & S_IFMT != S_IFDIR { return [path] }
        var visited: Set<[UInt64]> = []
        var result: [String] = []
        try walk(path, info: info, visited: &visited, into: &result)
        return result.sorted()
    }

    private static func walk(_ directory: String, info: stat, visited: inout Set<[UInt64]>, into result: inout [String]) throws(RecipeSourceError) {
        // A directory reached twice (a symlink loop) is walked once.
        guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
        guard let handle = opendir(directory) else { throw error(for: directory) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        for name in names.sorted() {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var child = stat()
            guard stat(path, &child) == 0 else {
                // A dangling or looping symlink is a problem only when it looks like a recipe file.
                if isRecipeFile(name) { throw error(for: path) }
                continue
            }
            if child.st_mode & S_IFMT == S_IFDIR {
                try walk(path, info: child, visited: &visited, into: &result)
            } else if isRecipeFile(name) {
                result.append(path)
            }
        }
    }

    static func isRecipeFile(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    /// Reads one file; a file over `maxBytes` is reported by size without being read.
    static func readFile(_ path: String, maxBytes: Int) throws(RecipeSourceError) -> RecipeSourceFile {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw error(for: path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw error(for: path) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .unreadable(path, reason: SystemReason(english: "is a directory", korean: "디렉터리예요")) }
        let size = Int(info.st_size)
        if size > maxBytes { return RecipeSourceFile(name: path, tooLarge: size) }
        // Read straight into an array of the file's size (no zero fill, no spare copy); a probe read then checks the end.
        var failure: RecipeSourceError?
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < size {
                let count = systemRead(descriptor, base + initialized, size - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = error(for: path)
                    return
                }
                if count == 0 { break }
                initialized += count
            }
        }
        if let failure { throw failure }
        guard bytes.count == size else { return RecipeSourceFile(name: path, bytes: bytes) }
        // The file may have grown since fstat; keep reading up to the limit.
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return systemRead(descriptor, base, raw.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(for: path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maxBytes { return RecipeSourceFile(name: path, tooLarge: bytes.count) }
        }
        return RecipeSourceFile(name: path, bytes: bytes)
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func error(for path: String) -> RecipeSourceError {
        let code = errno
        if code == ENOENT { return .notFound(path) }
        if code == ENOTDIR { return .notADirectory(path) }
        return .unreadable(path, reason: SystemReason(code: code))
    }
}
