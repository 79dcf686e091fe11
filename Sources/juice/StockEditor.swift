import ArgumentParser
import JuiceCommandLine
import Foundation
import JuiceCore
import JuiceShop

/// The stock screen on a terminal: ↑/↓ choose a fruit, -/+ change it within 0…capacity,
/// Enter applies every change in one transaction, Esc (or q) cancels and changes nothing.
struct StockEditor {
    let session: ShopSession
    private var shop: Shop { session.shop }
    private var text: ShopText { session.text }

    func run() async throws {
        let snapshot = try await session.snapshot()
        let fruits = shop.book.fruits.map(\.id)
        guard !fruits.isEmpty else { return }
        var staged = snapshot.inventory
        var selected = 0
        let terminal = RawTerminal()
        defer { terminal.restore() }
        while true {
            draw(staged: staged, original: snapshot.inventory, fruits: fruits, selected: selected)
            let fruit = fruits[selected]
            switch terminal.readKey() {
            case .up: selected = max(0, selected - 1)
            case .down: selected = min(fruits.count - 1, selected + 1)
            case .minus: try? staged.remove(1, of: fruit)
            case .plus: try? staged.add(1, of: fruit)
            case .cancel:
                terminal.restore()
                Terminal.write(text(.editorCancelled) + "\n")
                return
            case .apply:
                terminal.restore()
                try await apply(staged: staged, original: snapshot.inventory)
                return
            case .other: continue
            }
        }
    }

    private func apply(staged: Inventory, original: Inventory) async throws {
        let actions = session.actions
        let receipt = try await session.change { _ throws(ShopError) in
            try await actions.editStock(from: original, to: staged, command: "juice stock edit")
        }
        guard receipt.entry != nil else {
            Terminal.write(text(.nothingChanged) + "\n")
            return
        }
        Terminal.write(StockTable.render(receipt.snapshot, text: text))
    }

    private func draw(staged: Inventory, original: Inventory, fruits: [FruitID], selected: Int) {
        var screen = "\u{1B}[2J\u{1B}[H"
        screen += text(.editorTitle) + "\r\n"
        screen += text(.editorKeys) + "\r\n\r\n"
        for (index, fruit) in fruits.enumerated() {
            let marker = index == selected ? "▶" : " "
            let changed = staged[fruit] != original[fruit] ? "  (\(original[fruit]) → \(staged[fruit]))" : ""
            screen += "\(marker) \(text.label(of: fruit))  [-] \(staged[fruit]) [+]  / \(staged.capacity(of: fruit))\(changed)\r\n"
        }
        Terminal.write(screen)
    }
}

/// Puts the terminal in raw mode for key-by-key input, and back.
final class RawTerminal {
    private var original = termios()
    private var active = false

    init() {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        active = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0
    }

    func restore() {
        guard active else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        active = false
    }

    deinit { restore() }

    fileprivate func readKey() -> StockEditorKey {
        guard let byte = readByte(timeout: -1) else { return .cancel }
        switch byte {
        case 0x1B:
            // A lone Esc cancels; Esc [ A/B/C/D are arrow keys.
            guard let next = readByte(timeout: 50) else { return .cancel }
            guard next == 0x5B || next == 0x4F, let code = readByte(timeout: 50) else { return .other }
            switch code {
            case 0x41: return .up
            case 0x42: return .down
            case 0x43: return .plus
            case 0x44: return .minus
            default: return .other
            }
        case 0x0D, 0x0A: return .apply
        case 0x2D, 0x5F: return .minus
        case 0x2B, 0x3D: return .plus
        case 0x6B: return .up
        case 0x6A: return .down
        case 0x71, 0x03, 0x04: return .cancel
        default: return .other
        }
    }

    private func readByte(timeout milliseconds: Int32) -> UInt8? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return nil }
        var byte: UInt8 = 0
        return read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
    }
}

/// A key the stock screen understands.
enum StockEditorKey {
    case up, down, minus, plus, apply, cancel, other
}
