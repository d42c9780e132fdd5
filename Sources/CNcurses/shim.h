// ncursesw for the full-screen workspace. Wide-character calls need _XOPEN_SOURCE_EXTENDED before
// curses.h; macros (attributes, colour pairs, stdscr) are wrapped as functions Swift can call.
#ifndef BOUNTY_CNCURSES_SHIM_H
#define BOUNTY_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <locale.h>
#include <wchar.h>

#include <term.h>

/// 1 when terminfo knows terminal `name`: initscr would print an error and exit the process for
/// one it does not know. The probe's terminal is freed, and the current one kept.
static inline int bounty_terminal_known(const char *name) {
  int error = 0;
  TERMINAL *before = cur_term;
  if (setupterm(name, 1, &error) != OK) return 0;
  del_curterm(set_curterm(before));
  return 1;
}

static inline WINDOW *bounty_stdscr(void) { return stdscr; }
static inline int bounty_lines(void) { return LINES; }
static inline int bounty_cols(void) { return COLS; }

static inline attr_t bounty_a_normal(void) { return A_NORMAL; }
static inline attr_t bounty_a_bold(void) { return A_BOLD; }
static inline attr_t bounty_a_dim(void) { return A_DIM; }
static inline attr_t bounty_a_reverse(void) { return A_REVERSE; }
static inline attr_t bounty_a_underline(void) { return A_UNDERLINE; }
static inline attr_t bounty_color_pair(short pair) { return COLOR_PAIR(pair); }

/// Draws at most `n` wide characters of `text` at row `y`, column `x`, with attributes `attrs`.
static inline int bounty_put(int y, int x, const wchar_t *text, int n, attr_t attrs) {
  attr_t old_attrs;
  short old_pair;
  attr_get(&old_attrs, &old_pair, NULL);
  attrset(attrs);
  int result = mvaddnwstr(y, x, text, n);
  attr_set(old_attrs, old_pair, NULL);
  return result;
}
/// Clears from (y, x) to the end of that row.
static inline int bounty_clear_to_eol(int y, int x) {
  move(y, x);
  return clrtoeol();
}
/// Reads one key: the character or KEY_* code in `*key`; KEY_CODE_YES when it is a KEY_* code.
static inline int bounty_get_key(wint_t *key) { return get_wch(key); }
static inline int bounty_move(int y, int x) { return move(y, x); }
static inline int bounty_curs_set(int visibility) { return curs_set(visibility); }
static inline int bounty_keypad(int on) { return keypad(stdscr, on); }
static inline int bounty_timeout(int milliseconds) {
  timeout(milliseconds);
  return 0;
}
static inline int bounty_erase(void) { return erase(); }

static inline int bounty_colors(void) { return COLORS; }
static inline int bounty_color_pairs(void) { return COLOR_PAIRS; }
/// Defines colour pair `pair` (any number below COLOR_PAIRS, past the 255 an attr_t can hold).
static inline int bounty_init_pair(int pair, int foreground, int background) {
  return init_extended_pair(pair, foreground, background);
}
/// Draws one one-column character `ch` at row `y`, column `x` in colour pair `pair`.
static inline int bounty_put_cell(int y, int x, wchar_t ch, int pair) {
  cchar_t cell;
  wchar_t text[2] = {ch, 0};
  if (setcchar(&cell, text, A_NORMAL, 0, &pair) != OK) return ERR;
  return mvadd_wch(y, x, &cell);
}
static inline int bounty_refresh(void) { return refresh(); }

#endif
