// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "JuiceMaker",
    products: [
        .executable(name: "juice", targets: ["juice"]),
        .library(name: "JuiceRecipes", targets: ["JuiceRecipes"]),
        .library(name: "JuiceCore", targets: ["JuiceCore"]),
        .library(name: "JuiceYAML", targets: ["JuiceYAML"]),
        .library(name: "JuiceShop", targets: ["JuiceShop"]),
    ],
    // PostgreSQL support (postgres-nio, and with it two copies of BoringSSL that take most of a cold build here) is
    // opt-in, so `swift run juice lint` stays quick: `swift build --traits PostgreSQL`. CI and the install steps use it.
    traits: [
        .trait(name: "PostgreSQL", description: "The PostgreSQL store (--state postgres://…), through postgres-nio.")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // libyaml through pkg-config: the YAML layer's only C.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // YAML layer: libyaml events -> a node tree with exact source positions. No domain knowledge.
        .target(name: "JuiceYAML", dependencies: ["CYAML"]),
        // Model and engine: pure value types, no I/O (and SHA-256, which menu versions, staff tokens and menu edits share).
        .target(name: "JuiceCore"),
        // Reading large files fast: lines in blocks (LineReader), byte ranges read side by side (FileChunks, FileBytes),
        // and a byte-keyed name table (NameTable); shared by the order files' and the sales histories' readers.
        .target(name: "JuiceFileReading", dependencies: ["JuiceCore"]),
        // Recipe book: YAML nodes -> model + diagnostics (the lint rules).
        .target(name: "JuiceRecipes", dependencies: ["JuiceYAML", "JuiceCore"]),
        // The shop: the store protocol (the seam for its state), the SQLite (GRDB), PostgreSQL (postgres-nio) and
        // in-memory stores, the operations on top.
        .target(
            name: "JuiceShop",
            dependencies: [
                "JuiceCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        // The live menu: validated hot reload of a recipe directory (used by the server).
        .target(name: "JuiceReload", dependencies: ["JuiceRecipes", "JuiceCore"]),
        // The live shop over HTTP (Hummingbird): JSON API, server-sent events, the two screens, metrics.
        .target(
            name: "JuiceServer",
            dependencies: [
                "JuiceShop", "JuiceReload", "JuiceMenuEditing", "JuiceRecipes", "JuiceCore", "JuiceYAML", "JuicePlanning", "JuiceUseCases",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The page and the OpenAPI document, compiled into the binary (`PackageResources.index_html` …).
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/api.js"), .embedInCode("Page/app.js"), .embedInCode("Page/menu.js"),
                .embedInCode("Page/stockroom.js"),
                .embedInCode("Page/style.css"),
                .embedInCode("OpenAPI/openapi.yaml"),
            ]
        ),
        // Batch order simulation and planning over a compiled menu; never touches the shop's live state.
        .target(name: "JuiceSimulation", dependencies: ["JuiceCore", "JuiceYAML", "JuiceRecipes", "JuiceFileReading"]),
        // `juice lsp`: the Language Server Protocol over stdin/stdout (Protocol, Server) and what it knows of a recipe
        // set (Analysis): diagnostics as lint gives them, symbols, hover, completion, rename, quick fixes.
        .target(name: "JuiceLSP", dependencies: ["JuiceRecipeText", "JuiceRecipes", "JuiceYAML", "JuiceCore"]),
        // Recipe files as text: byte offsets and lines (LineIndex), where each id and field is written (RecipeOutline),
        // byte-exact edits of mapping entries; shared by the editor server and menu editing.
        .target(name: "JuiceRecipeText", dependencies: ["JuiceRecipes", "JuiceYAML", "JuiceCore"]),
        // Menu edits from the shop's page: each change as the smallest text edit of its file, checked as `juice lint`
        // checks, written atomically, recorded and undoable.
        .target(
            name: "JuiceMenuEditing",
            dependencies: ["JuiceRecipeText", "JuiceReload", "JuiceRecipes", "JuiceCore", "CFileExchange"]),
        // One C function Swift's Glibc module does not declare: renameat2(2)'s atomic swap of two files, with which a
        // menu edit checks what it replaced.
        .target(name: "CFileExchange"),
        // Planning from the shop's own history: sales histories, forecasts of daily demand, backtests; the shop's
        // journal and refused orders as sales records, and the plan from a shop.
        .target(name: "JuicePlanning", dependencies: ["JuiceCore", "JuiceRecipes", "JuiceSimulation", "JuiceShop", "JuiceFileReading"]),
        // Use cases: one method for each thing staff do, over the shop and its clock (`ShopActions`); the commands and
        // the routes parse, call one and show what it answers.
        .target(name: "JuiceUseCases", dependencies: ["JuiceShop", "JuicePlanning", "JuiceCore"]),
        // The run of a command line shared by every command: usage errors, help in Korean, the error style, reporters of
        // diagnostics. ArgumentParser and the recipe layer only, no Foundation, no database, no server.
        .target(
            name: "JuiceCommandLine",
            dependencies: ["JuiceRecipes", "JuiceCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The command-line tool: every command, a file per command; `run()` parses and calls the libraries.
        .executableTarget(
            name: "juice",
            dependencies: [
                "JuiceCommandLine", "JuiceRecipes", "JuiceCore", "JuiceShop", "JuiceSimulation", "JuiceServer", "JuiceReload",
                "JuiceMenuEditing", "JuiceLSP", "JuicePlanning", "JuiceUseCases", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        // What the test targets share: running the built binary, temporary directories with the built-in recipes,
        // golden files, fresh PostgreSQL databases.
        .target(
            name: "JuiceTestSupport", dependencies: ["JuiceRecipes", .product(name: "Logging", package: "swift-log")],
            path: "Tests/JuiceTestSupport"),
        .testTarget(name: "JuiceYAMLTests", dependencies: ["JuiceYAML"], resources: [.copy("Fixtures")]),
        .testTarget(name: "JuiceCoreTests", dependencies: ["JuiceCore"]),
        .testTarget(name: "JuiceFileReadingTests", dependencies: ["JuiceFileReading", "JuiceCore"]),
        .testTarget(
            name: "JuiceRecipesTests",
            dependencies: ["JuiceRecipes", "JuiceYAML", "JuiceCore", "JuiceTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "JuiceShopTests",
            dependencies: [
                "JuiceShop", "JuiceCore", "JuiceTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(
            name: "JuiceLSPTests", dependencies: ["JuiceLSP", "JuiceRecipeText", "JuiceRecipes", "JuiceCore", "JuiceTestSupport"]),
        .testTarget(
            name: "JuiceMenuEditingTests",
            dependencies: ["JuiceMenuEditing", "JuiceRecipes", "JuiceCore", "JuiceTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "JuicePlanningTests",
            dependencies: ["JuicePlanning", "JuiceCore", "JuiceRecipes", "JuiceShop", "JuiceSimulation", "JuiceTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "JuiceReloadTests", dependencies: ["JuiceReload", "JuiceCore", "JuiceRecipes"]),
        .testTarget(name: "JuiceUseCasesTests", dependencies: ["JuiceUseCases", "JuiceShop", "JuicePlanning", "JuiceCore"]),
        .testTarget(
            name: "JuiceServerTests",
            dependencies: [
                "JuiceServer", "JuiceShop", "JuiceReload", "JuiceMenuEditing", "JuiceRecipes", "JuiceCore", "JuiceYAML", "JuicePlanning",
                "JuiceTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "JuiceSimulationTests", dependencies: ["JuiceSimulation", "JuiceRecipes", "JuiceYAML", "JuiceCore", "JuiceTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "JuiceCLITests",
            dependencies: [
                "juice", "JuiceCommandLine", "JuiceRecipes", "JuiceCore", "JuiceShop", "JuicePlanning", "JuiceMenuEditing", "JuiceTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"]
        ),
    ]
)

// Benchmarks only when asked (`JUICE_BENCHMARKS=1 swift build -c release --product juice-bench`), as Hummingbird does
// it: a build or test run of the package never compiles them.
if Context.environment["JUICE_BENCHMARKS"] != nil {
    package.targets += [
        // The C baselines the simulation benchmark measures against (benchmark only).
        .target(name: "CSimulationBaseline", path: "Benchmarks/CSimulationBaseline"),
        // The bare libyaml event loop the load benchmark measures against (benchmark only).
        .target(name: "CLoadBaseline", path: "Benchmarks/CLoadBaseline", linkerSettings: [.linkedLibrary("yaml")]),
        // The start-up baseline: a Swift hello-world built with ArgumentParser, like `juice` (benchmark only).
        .executableTarget(
            name: "hello-argument-parser",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/HelloArgumentParser"
        ),
        // Benchmarks: ratios against baselines measured in the same run.
        .executableTarget(
            name: "juice-bench",
            dependencies: [
                "JuiceRecipes", "JuiceYAML", "JuiceCore", "JuiceSimulation", "JuiceShop", "JuiceServer", "CSimulationBaseline",
                "CLoadBaseline", "JuiceLSP", "JuicePlanning", .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
    ]
}
