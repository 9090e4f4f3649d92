// Fixed-argument wrappers around libedit's variadic calls, which Swift cannot call.
// Each stays a one-line static inline function so no C file has to be compiled.
#ifndef PRACTICE_CLIBEDIT_SHIM_H
#define PRACTICE_CLIBEDIT_SHIM_H

#include <histedit.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <locale.h>
#include <langinfo.h>
#include <string.h>
#include <wchar.h>

// wchar.h hides wcwidth unless _XOPEN_SOURCE is set, which would change other headers too.
extern int wcwidth(wchar_t c);

typedef const char *(*practice_prompt_fn)(EditLine *);
typedef unsigned char (*practice_command_fn)(EditLine *, int);

// Refers to stdin/stdout/stderr here so Swift never touches the C globals.
static inline EditLine *practice_el_init(const char *program) {
  return el_init(program, stdin, stdout, stderr);
}

static inline int practice_el_set_prompt(EditLine *el, practice_prompt_fn fn) {
  return el_set(el, EL_PROMPT, fn);
}

static inline int practice_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

static inline int practice_el_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}

static inline int practice_el_add_function(EditLine *el, const char *name, const char *help,
                                           practice_command_fn fn) {
  return el_set(el, EL_ADDFN, name, help, fn);
}

static inline int practice_el_bind(EditLine *el, const char *key, const char *command) {
  return el_set(el, EL_BIND, key, command, NULL);
}

static inline int practice_el_set_clientdata(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}

static inline void *practice_el_get_clientdata(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

// A prompt may carry colour codes: bytes between two `esc` characters are printed but not
// counted, so the cursor lands in the right column.
static inline int practice_el_set_prompt_esc(EditLine *el, practice_prompt_fn fn, char esc) {
  return el_set(el, EL_PROMPT_ESC, fn, (int)esc);
}

// One stty-style setting for edit mode only (e.g. "-isig"), so the shell's own mode is untouched.
static inline int practice_el_setty_edit(EditLine *el, const char *setting) {
  return el_set(el, EL_SETTY, "-d", setting, NULL);
}

// The terminal width libedit works with (kept current by practice_read_char on SIGWINCH).
static inline int practice_el_columns(EditLine *el) {
  int columns = 0;
  if (el_get(el, EL_GETTC, "co", &columns) != 0 || columns <= 0) return 80;
  return columns;
}

// Puts the terminal in libedit's edit mode (1) or back in the mode it found (0).
static inline int practice_el_prep_term(EditLine *el, int edit) {
  return el_set(el, EL_PREP_TERM, edit);
}

// Writes through libedit's own output stream, so its buffered output and ours stay in order.
static inline void practice_el_write(EditLine *el, const char *text) {
  FILE *out = NULL;
  if (el_get(el, EL_GETFP, 1, &out) != 0 || out == NULL) out = stdout;
  fputs(text, out);
  fflush(out);
}

static inline int practice_history_setsize(History *h, int size) {
  HistEvent ev;
  return history(h, &ev, H_SETSIZE, size);
}

static inline int practice_history_setunique(History *h, int unique) {
  HistEvent ev;
  return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int practice_history_enter(History *h, const char *line) {
  HistEvent ev;
  return history(h, &ev, H_ENTER, line);
}

static inline int practice_history_load(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_LOAD, path);
}

static inline int practice_history_save(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_SAVE, path);
}

// Columns a character takes in the current LC_CTYPE (-1 for control characters).
static inline int practice_wcwidth(unsigned int scalar) {
  return wcwidth((wchar_t)scalar);
}

// libedit learns the terminal's width only when a line starts (or in its own SIGWINCH handler,
// which stays off, see LibeditLineReader). A window resized while a line is edited (tmux attaching
// a client, a split, a dragged corner) left it drawing for the old width: with wide characters the
// redraw after a deletion put them in the wrong cells ("应是汽 吧") until Ctrl-L. So while el_gets
// waits, SIGWINCH interrupts the read (a no-op handler without SA_RESTART), and the read function
// below tells libedit the new size and redraws the line for it, as Ctrl-L would.
static inline void practice_on_winch(int signo) { (void)signo; }

// Installs (1) or removes (0) the handler; only around el_gets, so no other call sees EINTR.
static inline void practice_winch_interrupts(int on) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_handler = on ? practice_on_winch : SIG_DFL;
  sigaction(SIGWINCH, &action, NULL);
}

// libedit's own read function, plus the resize: one UTF-8 character from standard input.
static inline int practice_read_char(EditLine *el, wchar_t *cp) {
  char bytes[MB_LEN_MAX];
  size_t count = 0;
  for (;;) {
    ssize_t got = read(STDIN_FILENO, bytes + count, 1);
    if (got == -1 && errno == EINTR) {
      el_resize(el);
      continue;
    }
    if (got <= 0) {
      *cp = L'\0';
      return (int)got;
    }
    count++;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    size_t used = mbrtowc(cp, bytes, count, &state);
    if (used == (size_t)-2) {
      if (count < MB_LEN_MAX) continue;
      errno = EILSEQ;
      *cp = L'\0';
      return -1;
    }
    if (used == (size_t)-1) {
      // An invalid sequence is dropped, as libedit drops it.
      count = 0;
      continue;
    }
    return 1;
  }
}

static inline int practice_el_follow_resizes(EditLine *el) {
  return el_set(el, EL_GETCFN, (el_rfunc_t)practice_read_char);
}

// libedit drops multibyte input in a non-UTF-8 locale: make LC_CTYPE UTF-8 whatever the
// environment says. Returns 1 when the codeset had to be forced.
static inline int practice_ensure_utf8_ctype(void) {
  setlocale(LC_ALL, "");
  const char *codeset = nl_langinfo(CODESET);
  if (codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0)) return 0;
  if (setlocale(LC_CTYPE, "C.UTF-8") || setlocale(LC_CTYPE, "C.utf8") || setlocale(LC_CTYPE, "en_US.UTF-8"))
    return 1;
  return -1;
}

#endif
