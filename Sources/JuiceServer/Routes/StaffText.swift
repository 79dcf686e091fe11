import JuiceCore
import JuiceRecipes

// The one place the server renders a recipe diagnostic as text for staff (the banner's data in `GET /api/reload`).
// Every `Diagnostic` the server shows goes through these two functions, so switching them to the recipe layer's
// `Diagnostic.message(in:)` and `fix(in:)` makes all of it follow the request's language.

/// `diagnostic`'s message for staff, in `language` (English until the recipe layer renders diagnostics in Korean).
func staffText(_ diagnostic: Diagnostic, in language: Language) -> String {
    diagnostic.message
}

/// `diagnostic`'s suggested fix for staff, in `language` (English until the recipe layer renders them in Korean).
func staffFix(_ diagnostic: Diagnostic, in language: Language) -> String? {
    diagnostic.fix
}
