#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry under a watched path, with what `stat` says about it (symbolic links followed).
struct TreeEntry: Hashable, Sendable {
    /// The path, through any symbolic links on the way.
    var path: String
    /// Whether it is a directory.
    var isDirectory: Bool
    /// The device and inode, and for a file its size, modification and status-change times: a change to any is an edit.
    var identity: [Int]
}

/// Walks a recipe directory the way a watcher must see it: symbolic links followed and hidden entries included
/// (a ConfigMap's files live under `..data`), each directory once; only directories and recipe files count, so an
/// editor's swap and backup files are not edits.
enum DirectoryTree {
    /// Every directory and recipe file at and under `root`, root first; entries that vanish while walking are left out.
    static func entries(under root: String) -> [TreeEntry] {
        var result: [TreeEntry] = []
        var visited: Set<[Int]> = []
        visit(root, into: &result, visited: &visited)
        return result
    }

    private static func visit(_ path: String, into result: inout [TreeEntry], visited: inout Set<[Int]>) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        guard isDirectory || result.isEmpty || isRecipeFile(path) else { return }
        // A directory's own times change with any entry (a swap file too); what matters in it is its recipe entries.
        let identity =
            isDirectory
            ? [Int(info.st_dev), Int(info.st_ino)]
            : [
                Int(info.st_dev), Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
                Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec),
            ]
        result.append(TreeEntry(path: path, isDirectory: isDirectory, identity: identity))
        guard isDirectory, visited.insert([Int(info.st_dev), Int(info.st_ino)]).inserted else { return }
        for name in names(in: path) {
            visit(path.hasSuffix("/") ? path + name : path + "/" + name, into: &result, visited: &visited)
        }
    }

    private static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether `name` is a recipe file's name (`*.yaml`, `*.yml`), as the loader counts them.
    static func isRecipeFile(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    /// Whether `path` is now a directory or a symbolic link (not following it).
    static func isDirectoryOrLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT == S_IFDIR || info.st_mode & S_IFMT == S_IFLNK)
    }

    /// The canonical path of `path` (symbolic links resolved), if it exists.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `path`'s directory and last component (`.` for a bare name).
    static func split(_ path: String) -> (directory: String, name: String) {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", trimmed) }
        let directory = String(trimmed[..<slash])
        return (directory.isEmpty ? "/" : directory, String(trimmed[trimmed.index(after: slash)...]))
    }
}
