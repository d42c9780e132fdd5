import Glibc

/// ncursesw and libedit measure and draw characters by the locale's encoding: the user's locale
/// when it is UTF-8, else glibc's built-in C.UTF-8 (a bare `LANG=C` would make every é two `?`).
enum TerminalLocale {
  static func useUTF8() {
    let chosen = setlocale(LC_CTYPE, "")
    if chosen == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }
}
