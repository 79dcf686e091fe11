import JuiceRecipeText
import JuiceRecipes
import Synchronization

/// The outlines of one workspace's files, each read on first use and kept for the workspace's life (it never
/// changes): after a keystroke only the first answer that needs a file's outline reads it.
final class OutlineCache: Sendable {
    private let outlines = Mutex<[String: RecipeOutline]>([:])

    /// The outline of `file`, read now if it has not been.
    func outline(of file: RecipeSourceFile) -> RecipeOutline {
        if let known = outlines.withLock({ $0[file.name] }) { return known }
        // Read outside the lock: two threads may both read a file the first time, and either result is the same.
        let outline = RecipeOutline(file)
        outlines.withLock { $0[file.name] = outline }
        return outline
    }
}
