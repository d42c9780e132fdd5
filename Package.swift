// swift-tools-version: 6.0
import PackageDescription

/// bounty: a terminal case tracker for bounty hunters (see README.md and docs/architecture.md).
///
/// The target graph mirrors docs/architecture.md: core values at the bottom, the store above them,
/// one module per tab, the app (registry + dispatcher) that assembles the tabs, and two thin fronts.
let package = Package(
  name: "bounty",
  products: [
    .executable(name: "bounty", targets: ["bounty"])
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // libpq's header only, no `link`: BountyStore loads libpq.so.5 at run time (agency mode).
    .systemLibrary(
      name: "CLibPQ",
      providers: [.apt(["libpq-dev"])]
    ),
    // libjq's header only, no `link`: the terminal front loads libjq.so.1 at run time (--jq).
    .systemLibrary(
      name: "CLibJQ",
      providers: [.apt(["libjq-dev"])]
    ),
    .systemLibrary(
      name: "CNcurses",
      providers: [.apt(["libncurses-dev"])]
    ),
    .systemLibrary(
      name: "CEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // openat2(2) and malloc_trim(3) for `bounty rpc` (a header only: Swift's Glibc lacks them).
    .systemLibrary(name: "CLinux"),
    // A photo's pixels for the terminal, decoded by Debian's libpng and libjpeg (static libraries
    // in the static binary). libchafa, which draws them, is loaded at run time (LibChafa.swift).
    .target(
      name: "CPhotoDecode",
      linkerSettings: [
        .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("jpeg"), .linkedLibrary("m"),
      ]
    ),
    .executableTarget(name: "EmbedGenerator", dependencies: ["BountyCore", "CSQLite"]),
    .plugin(
      name: "EmbedPlugin",
      capability: .buildTool(),
      dependencies: ["EmbedGenerator"],
      path: "Sources/EmbedPlugin"
    ),
    .target(name: "BountyCore"),
    .target(
      name: "BountyStore",
      dependencies: ["CSQLite", "CLibPQ", "BountyCore"],
      // A symlink to Migrations/: inside the target, so adding a migration re-plans the build and
      // EmbedPlugin sees it; excluded, so SwiftPM does not treat the .sql files as resources.
      exclude: ["Migration/SQL"],
      plugins: ["EmbedPlugin"]
    ),
    .target(name: "BountyCommands", dependencies: ["BountyCore", "BountyStore"]),
    .target(name: "FugitivesTab", dependencies: ["BountyCore", "BountyStore", "BountyCommands"]),
    .target(name: "CapturedTab", dependencies: ["BountyCore", "BountyStore", "BountyCommands"]),
    .target(name: "SettingsTab", dependencies: ["BountyCore", "BountyStore", "BountyCommands"]),
    .target(
      name: "BountyReports", dependencies: ["BountyCore", "BountyStore", "BountyCommands"],
      plugins: ["EmbedPlugin"]),
    .target(
      name: "BountyApp",
      dependencies: [
        "BountyCore", "BountyStore", "BountyCommands", "FugitivesTab", "CapturedTab", "SettingsTab",
        "BountyReports",
      ],
      plugins: ["EmbedPlugin"]
    ),
    .target(
      name: "TerminalFront",
      dependencies: ["BountyCore", "BountyApp", "CNcurses", "CEdit", "CLibJQ", "CPhotoDecode"]),
    .target(name: "RPCFront", dependencies: ["BountyCore", "BountyApp", "CLinux"]),
    .target(name: "CFuzzSupport"),
    .executableTarget(
      name: "bounty-fuzz",
      dependencies: [
        "BountyCore", "BountyStore", "BountyApp", "RPCFront", "TerminalFront", "CFuzzSupport",
      ]
    ),
    .executableTarget(
      name: "bounty",
      dependencies: ["BountyCore", "BountyApp", "TerminalFront", "RPCFront"]
    ),
    .testTarget(
      name: "BountyCoreTests", dependencies: ["BountyCore", "BountyTestSupport"],
      exclude: ["Vectors"]),
    .target(
      name: "BountyTestSupport",
      dependencies: ["BountyCore", "BountyStore", "BountyCommands", "BountyApp"],
      path: "Tests/BountyTestSupport"
    ),
    .testTarget(
      name: "BountyStoreTests", dependencies: ["BountyCore", "BountyStore", "BountyTestSupport"]),
    .testTarget(
      name: "BountyAppTests",
      dependencies: [
        "BountyCore", "BountyStore", "BountyCommands", "BountyApp", "BountyTestSupport",
      ]
    ),
    .testTarget(
      name: "BountyReportsTests",
      dependencies: [
        "BountyCore", "BountyStore", "BountyApp", "BountyReports", "BountyTestSupport",
      ],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "FrontTests",
      dependencies: [
        "BountyCore", "BountyApp", "RPCFront", "TerminalFront", "BountyTestSupport", "bounty",
        "bounty-fuzz",
      ]
    ),
  ]
)
