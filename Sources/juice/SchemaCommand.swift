import ArgumentParser
import JuiceRecipes

/// `juice schema`: prints the JSON Schema of the recipe format.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of recipe files, for editors (yaml-language-server) and other tools."
    )

    func run() throws {
        Terminal.write(RecipeSchema.json)
    }
}
