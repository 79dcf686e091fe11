// swift-tools-version:6.0
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
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The only place C is imported: libyaml through pkg-config.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // YAML layer: libyaml events -> a node tree with exact source positions. No domain knowledge.
        .target(name: "JuiceYAML", dependencies: ["CYAML"]),
        // Model and engine: pure value types, no I/O.
        .target(name: "JuiceCore"),
        // Recipe book: YAML nodes -> model + diagnostics (the lint rules).
        .target(name: "JuiceRecipes", dependencies: ["JuiceYAML", "JuiceCore"]),
        // The shop: the store protocol (the seam for its state), the SQLite (GRDB), PostgreSQL (postgres-nio) and
        // in-memory stores, the operations on top.
        .target(
            name: "JuiceShop",
            dependencies: [
                "JuiceCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // The live menu: validated hot reload of a recipe directory (used by the server).
        .target(name: "JuiceReload", dependencies: ["JuiceRecipes", "JuiceCore"]),
        // Batch order simulation and planning over a compiled menu; never touches the shop's live state.
        .target(name: "JuiceSimulation", dependencies: ["JuiceCore", "JuiceYAML", "JuiceRecipes"]),
        // The command-line tool.
        .executableTarget(
            name: "juice",
            dependencies: [
                "JuiceRecipes", "JuiceCore", "JuiceShop", "JuiceSimulation", "JuiceReload",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
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
            dependencies: ["JuiceRecipes", "JuiceYAML", "JuiceCore", "JuiceSimulation", "JuiceShop", "CSimulationBaseline", "CLoadBaseline"]
        ),
        .testTarget(name: "JuiceYAMLTests", dependencies: ["JuiceYAML"], resources: [.copy("Fixtures")]),
        .testTarget(name: "JuiceCoreTests", dependencies: ["JuiceCore"]),
        .testTarget(
            name: "JuiceRecipesTests",
            dependencies: ["JuiceRecipes", "JuiceYAML", "JuiceCore"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "JuiceShopTests",
            dependencies: [
                "JuiceShop", "JuiceCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(name: "JuiceReloadTests", dependencies: ["JuiceReload", "JuiceCore", "JuiceRecipes"]),
        .testTarget(name: "JuiceSimulationTests", dependencies: ["JuiceSimulation"], resources: [.copy("Fixtures")]),
        .testTarget(name: "JuiceCLITests", dependencies: ["juice", "JuiceRecipes"], exclude: ["Fixtures"]),
    ]
)
