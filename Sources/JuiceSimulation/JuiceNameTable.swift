import JuiceCore
import JuiceFileReading

/// Resolves juice names from raw bytes quickly: names seen before are found in a `NameTable` (a cheap hash and a few
/// word comparisons, no allocation); anything new goes through `JuiceFinder` (id, name or alias, did-you-mean).
package struct JuiceNameTable: Sendable {
    /// The juice index of every name seen before.
    private var table = NameTable()
    private let menu: CompiledMenu
    private let finder: JuiceFinder

    package init(menu: CompiledMenu) {
        self.menu = menu
        self.finder = JuiceFinder(book: menu.book)
    }

    /// A read-only view of the cached names through raw pointers, for a run of lookups with no call in between.
    typealias Probe = NameTable.Probe

    /// Calls `body` with a probe of the cached names; the table must not change meanwhile.
    @inline(__always)
    func withProbe<Result>(_ body: (Probe) -> Result) -> Result {
        table.withProbe(body)
    }

    /// The juice index for `name`: a name seen before costs a hash and a probe; a new one goes through `JuiceFinder`.
    package mutating func resolve(_ name: UnsafeBufferPointer<UInt8>) throws(JuiceLookupError) -> Int32 {
        if let value = known(name) { return value }
        return try learn(name)
    }

    /// The index of `name` if it was seen before; nil for a name to `resolve`.
    @inline(__always)
    func known(_ name: UnsafeBufferPointer<UInt8>) -> Int32? {
        table.value(of: name)
    }

    /// Resolves a name not seen before and caches it.
    @inline(never)
    private mutating func learn(_ name: UnsafeBufferPointer<UInt8>) throws(JuiceLookupError) -> Int32 {
        let value = Int32(try menu.juiceIndex(named: String(decoding: name, as: UTF8.self), finder: finder))
        // A huge name is resolved each time rather than cached (`NameTable.add`). A cached name never holds a line
        // feed, which lets a CSV line be read up to its first comma without looking for line feeds.
        if !name.contains(0x0A) { table.add(name, value: value) }
        return value
    }
}
