import ArgumentParser
import JuiceCommandLine
import JuiceRecipes

/// `juice schema`: prints the JSON Schema of the recipe format.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: HelpLanguage.text(
            "Print the JSON Schema of recipe files, for editors.",
            ko: "레시피 파일의 JSON Schema를 출력해요 (편집기용)."),
        discussion: HelpLanguage.text(
            "For editors (yaml-language-server) and other tools that check YAML against a schema.",
            ko: "편집기(yaml-language-server)나 스키마로 YAML을 검사하는 다른 도구에서 써요.")
    )

    func run() throws {
        Terminal.write(RecipeSchema.json)
    }
}
