#ifndef NOVEL_NCURSES_SHIM_H
#define NOVEL_NCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so wide-character support is switched on here.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Attribute and mouse macros are not imported by Swift: expose them as functions.
static inline attr_t novel_attr_normal(void) { return A_NORMAL; }
static inline attr_t novel_attr_reverse(void) { return A_REVERSE; }
static inline attr_t novel_attr_bold(void) { return A_BOLD; }
static inline attr_t novel_attr_dim(void) { return A_DIM; }
static inline attr_t novel_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t novel_attr_italic(void) { return A_ITALIC; }
// Whether the terminal has an italic mode: terminfo's `sitm` (enter italics) is present.
static inline bool novel_has_italics(void) {
    char *sitm = tigetstr("sitm");
    return sitm != NULL && sitm != (char *)-1 && sitm[0] != '\0';
}
static inline attr_t novel_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

static inline mmask_t novel_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t novel_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t novel_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t novel_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }

// Globals are not concurrency-safe in Swift 6: read them through getters.
static inline WINDOW *novel_stdscr(void) { return stdscr; }
static inline int novel_lines(void) { return LINES; }
static inline int novel_cols(void) { return COLS; }
static inline int novel_colors(void) { return COLORS; }
static inline int novel_escdelay_set(int ms) { return set_escdelay(ms); }

static inline int novel_key_resize(void) { return KEY_RESIZE; }
static inline int novel_key_mouse(void) { return KEY_MOUSE; }
static inline int novel_ok(void) { return OK; }
static inline int novel_err(void) { return ERR; }
static inline int novel_key_code_yes(void) { return KEY_CODE_YES; }

// Draws one grapheme cluster (up to CCHARW_MAX - 1 combining characters) at a cell.
static inline int novel_put_cluster(int y, int x, const wchar_t *wcs, int count, attr_t attrs, short pair) {
    cchar_t cell;
    wchar_t buffer[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) buffer[i] = wcs[i];
    buffer[n] = L'\0';
    if (setcchar(&cell, buffer, attrs, pair, NULL) == ERR) return ERR;
    return mvadd_wch(y, x, &cell);
}

#endif
