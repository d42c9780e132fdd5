import BountyCore
import CLinux
import Glibc

/// Which files a JSON-RPC request may name. By default none: a client sends the text itself
/// (`content`), and the server reads nothing it was not given. `bounty rpc --files DIR` lets
/// requests name regular files beneath DIR, opened in one step relative to a descriptor of DIR
/// (openat2 with `RESOLVE_BENEATH`): a `..`, an absolute path elsewhere or a symbolic link that
/// leads out is refused by the kernel as the name is resolved, and the command reads the file
/// opened, so nothing can be swapped between the check and the read. The open does not block and
/// only a regular file is accepted (checked on the opened descriptor), so a FIFO or a device
/// cannot stall the session. `-` (the server's own standard input, which carries the requests) is
/// never a file.
public struct RPCFileAccess: Sendable {
  /// The folder requests may read from, resolved; nil when files are off.
  public let folder: String?
  /// A descriptor of the folder, which every name is resolved beneath; -1 when off.
  private let descriptor: Int32

  /// Files off.
  public static let none = RPCFileAccess(resolvedFolder: nil, descriptor: -1)

  private init(resolvedFolder: String?, descriptor: Int32) {
    self.folder = resolvedFolder
    self.descriptor = descriptor
  }

  /// Files beneath `folder` (which must exist and be a folder). Its descriptor stays open for the
  /// life of the server.
  public init(folder: String) throws(BountyError) {
    guard let resolved = realpath(folder, nil) else {
      throw BountyError.usage("--files \(folder): \(String(cString: strerror(errno)))")
    }
    let real = String(cString: resolved)
    free(resolved)
    let descriptor = Glibc.open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw BountyError.usage("--files \(folder): not a folder")
    }
    self.folder = real
    self.descriptor = descriptor
  }

  /// The file a request names at `path` (for the parameter `field`), opened beneath the folder;
  /// refused when files are off, for `-`, outside the folder, and for anything but a regular file.
  func open(_ path: String, field: String) throws(BountyError) -> OpenedFile {
    guard let folder else {
      throw BountyError.refused(
        "\(field): files are off over JSON-RPC; send the text as content "
          + "(or start the server with bounty rpc --files DIR)")
    }
    guard path != "-" else {
      throw BountyError.invalid(
        field: field, reason: "'-' would be the request stream; send the text as content")
    }
    var relative = path
    if path.hasPrefix("/") {
      let prefix = folder == "/" ? "/" : folder + "/"
      guard path.hasPrefix(prefix) else {
        throw BountyError.refused("\(field): the file is outside the --files folder")
      }
      relative = String(path.dropFirst(prefix.count))
    }
    let opened = bounty_open_beneath(descriptor, relative)
    guard opened >= 0 else {
      switch errno {
      case EXDEV, ELOOP:
        throw BountyError.refused("\(field): the file is outside the --files folder")
      case ENOENT, ENOTDIR:
        throw BountyError.invalid(field: field, reason: "no such file inside the --files folder")
      case ENOSYS:
        throw BountyError.refused(
          "\(field): reading files needs Linux 5.6 or later (openat2); send the text as content")
      default:
        throw BountyError.io("\(field): cannot read the file: \(String(cString: strerror(errno)))")
      }
    }
    let file = OpenedFile(descriptor: opened, name: path)
    var status = stat()
    guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw BountyError.refused(
        "\(field): not a regular file (a FIFO, a device or a folder); only regular files are read")
    }
    return file
  }
}
