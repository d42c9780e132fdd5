// libedit (BSD licence) for the line shell. el_set and history are variadic, which Swift cannot
// call: the few forms the shell uses are wrapped here as plain functions.
#ifndef BOUNTY_CEDIT_SHIM_H
#define BOUNTY_CEDIT_SHIM_H

#include <histedit.h>
#include <stdio.h>

/// An editor on the standard streams (which Swift 6 cannot name: they are mutable C globals).
static inline EditLine *bounty_el_init(const char *program) {
  return el_init(program, stdin, stdout, stderr);
}
/// Sets the prompt function; `\1` in the prompt brackets escape sequences that take no columns.
static inline int bounty_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
  return el_set(el, EL_PROMPT_ESC, prompt, '\1');
}
static inline int bounty_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}
/// Binds `key` (as `bind` in editrc(5) writes it: "^W", "\\e[1~") to the editor function `name`.
static inline int bounty_el_bind(EditLine *el, const char *key, const char *name) {
  return el_set(el, EL_BIND, key, name, NULL);
}
/// Adds a user function `name` the keys can be bound to.
static inline int bounty_el_add_function(EditLine *el, const char *name, const char *help,
                                         unsigned char (*function)(EditLine *, int)) {
  return el_set(el, EL_ADDFN, name, help, function);
}
/// Uses `h` for the arrow keys and Ctrl-R (forms get an empty one: they do not recall commands).
static inline int bounty_el_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}
static inline int bounty_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int bounty_el_set_client_data(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}
static inline void *bounty_el_client_data(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline int bounty_history_set_size(History *h, int size) {
  HistEvent event;
  return history(h, &event, H_SETSIZE, size);
}
static inline int bounty_history_set_unique(History *h, int unique) {
  HistEvent event;
  return history(h, &event, H_SETUNIQUE, unique);
}
static inline int bounty_history_enter(History *h, const char *line) {
  HistEvent event;
  return history(h, &event, H_ENTER, line);
}
static inline int bounty_history_load(History *h, const char *path) {
  HistEvent event;
  return history(h, &event, H_LOAD, path);
}
static inline int bounty_history_save(History *h, const char *path) {
  HistEvent event;
  return history(h, &event, H_SAVE, path);
}
#endif
