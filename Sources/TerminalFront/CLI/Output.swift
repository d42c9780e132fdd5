import Glibc

/// Standard output and error, written whole and unbuffered by line, ignoring a closed pipe.
public enum Output {
  public static func out(_ text: String) { write(STDOUT_FILENO, text + "\n") }
  public static func err(_ text: String) { write(STDERR_FILENO, text + "\n") }
  public static func outRaw(_ text: String) { write(STDOUT_FILENO, text) }

  public static func write(_ descriptor: Int32, _ text: String) {
    var copy = text
    copy.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
