import BountyTestSupport
import Foundation
import Testing

/// A fresh Debian machine builds bounty after `scripts/install-build-deps`: every header a system
/// library target of Package.swift includes comes from a package that script installs.
@Suite(.onTestThreads) struct BuildDependencyTests {
  /// The system library targets Package.swift declares (`.systemLibrary(name: "CSQLite", …)`).
  static func systemLibraryTargets() throws -> [String] {
    let manifest = try String(
      contentsOf: GeneratedFile.root.appending(path: "Package.swift"), encoding: .utf8)
    return manifest.matches(of: /\.systemLibrary\(\s*name:\s*"([A-Za-z0-9_]+)"/).map {
      String($0.output.1)
    }
  }

  /// The `#include <…>` lines of a target's headers.
  static func includes(of target: String) throws -> [String] {
    let folder = GeneratedFile.root.appending(path: "Sources/\(target)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    return try names.filter { $0.hasSuffix(".h") }.flatMap { name in
      try String(contentsOf: folder.appending(path: name), encoding: .utf8)
        .matches(of: /#include\s*<([^>]+)>/).map { String($0.output.1) }
    }
  }

  /// The Debian package that holds `header` where the compiler finds it.
  static func owner(of header: String) throws -> String? {
    let places = [
      "/usr/include/", "/usr/include/x86_64-linux-gnu/", "/usr/include/aarch64-linux-gnu/",
    ]
    guard let path = places.map({ $0 + header }).first(where: FileManager.default.fileExists)
    else { return nil }
    let found = try PostgresTestServer.execute("/usr/bin/dpkg", ["-S", path])
    return found.stdout.split(separator: ":").first.map(String.init)
  }

  @Test func everySystemLibraryHeaderComesFromAPackageTheScriptInstalls() throws {
    let script = try String(
      contentsOf: GeneratedFile.root.appending(path: "scripts/install-build-deps"), encoding: .utf8)
    let named = Set(script.matches(of: /[a-z0-9][a-z0-9.+-]+/).map { String($0.output) })
    let targets = try Self.systemLibraryTargets()
    #expect(targets.contains("CLibPQ") && targets.contains("CSQLite"), "\(targets)")
    for target in targets {
      let headers = try Self.includes(of: target)
      #expect(!headers.isEmpty, "\(target) includes no header")
      for header in headers {
        let package = try #require(try Self.owner(of: header), "no package holds <\(header)>")
        // The C library's own headers come with the toolchain's prerequisites: libc6-dev, and the
        // kernel's headers it depends on (linux-libc-dev, for openat2's).
        if package == "libc6-dev" || package == "linux-libc-dev" { continue }
        let installed = named.contains(package)
        #expect(
          installed,
          "\(target) includes <\(header)> from \(package), which scripts/install-build-deps does not install"
        )
      }
    }
  }
}
