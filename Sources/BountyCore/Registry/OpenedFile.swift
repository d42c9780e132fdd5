import Glibc

/// A file a front has already opened for a command: what `bounty rpc --files DIR` hands the
/// command for a path it names, so that the file read is the one judged (no name is looked up
/// twice). `name` is the path as the request gave it (an import guesses its format from it). The
/// descriptor is closed when the last reference goes.
public final class OpenedFile: Sendable, Equatable {
  public let descriptor: Int32
  public let name: String

  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  deinit { close(descriptor) }

  public static func == (lhs: OpenedFile, rhs: OpenedFile) -> Bool { lhs === rhs }
}
