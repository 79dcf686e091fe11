#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        if info.st_mode & S_IFMT == S_IFDIR { throw .unreadable(path, reason: "is a directory") }
        let size = Int(info.st_size)
        if size > maxBytes { return RecipeSourceFile(name: path, tooLarge: size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file may have grown since fstat; keep reading up to the limit.
                if bytes.count > maxBytes { return RecipeSourceFile(name: path, tooLarge: bytes.count) }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + filled, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(for: path)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return RecipeSourceFile(name: path, bytes: bytes)
    }

    private static func error(for path: String) -> RecipeSourceError {
        let code = errno
        if code == ENOENT { return .notFound(path) }
        if code == ENOTDIR { return .notADirectory(path) }
        return .unreadable(path, reason: String(cString: strerror(code)))
    }
}
