import JuiceRecipes
import JuiceReload
import Testing

/// A menu's version: the SHA-256 of its files' names (relative to the recipe directory) and bytes.
@Suite struct RecipeSetVersionTests {
    @Test func theVersionDependsOnNamesRelativeToTheDirectoryAndBytes() {
        let set = [RecipeSourceFile(name: "/a/recipes/juices.yaml", text: "x"), RecipeSourceFile(name: "/a/recipes/fruits.yaml", text: "y")]
        let moved = [RecipeSourceFile(name: "/b/menu/fruits.yaml", text: "y"), RecipeSourceFile(name: "/b/menu/juices.yaml", text: "x")]
        let version = RecipeSetVersion.of(set, root: "/a/recipes")
        #expect(version.count == 64)
        #expect(version == RecipeSetVersion.of(moved, root: "/b/menu/"), "same files elsewhere, in another order: same version")
        let edited = [RecipeSourceFile(name: "/a/recipes/juices.yaml", text: "z"), set[1]]
        #expect(RecipeSetVersion.of(edited, root: "/a/recipes") != version)
        let renamed = [RecipeSourceFile(name: "/a/recipes/menu.yaml", text: "x"), set[1]]
        #expect(RecipeSetVersion.of(renamed, root: "/a/recipes") != version)
        // Bytes moved from one file's end to the next file's name cannot give the same stream.
        let shifted = [RecipeSourceFile(name: "a", text: "bc"), RecipeSourceFile(name: "d", text: "")]
        let unshifted = [RecipeSourceFile(name: "a", text: "b"), RecipeSourceFile(name: "cd", text: "")]
        #expect(RecipeSetVersion.of(shifted, root: nil) != RecipeSetVersion.of(unshifted, root: nil))
    }
}
