#ifndef PODLINE_CEDIT_FUNCTIONS_H
#define PODLINE_CEDIT_FUNCTIONS_H
/* The libedit functions Podline calls, named once: CLazyLibraries resolves them all when it loads the library and
   defines each as podline_<name> (R: resolved for CLazyLibraries' own use only). */
#define PODLINE_EDIT_FUNCTIONS(F, V, R) \
    F(EditLine *, el_init, (const char *program, FILE *in, FILE *out, FILE *err), (program, in, out, err)) \
    V(el_end, (EditLine *editor), (editor)) \
    F(const wchar_t *, el_wgets, (EditLine *editor, int *count), (editor, count)) \
    F(const LineInfoW *, el_wline, (EditLine *editor), (editor)) \
    F(int, el_winsertstr, (EditLine *editor, const wchar_t *text), (editor, text)) \
    V(el_deletestr, (EditLine *editor, int count), (editor, count)) \
    V(el_resize, (EditLine *editor), (editor)) \
    F(HistoryW *, history_winit, (void), ()) \
    V(history_wend, (HistoryW *history), (history)) \
    R(el_wset) \
    R(el_wget) \
    R(history_w)
#endif
