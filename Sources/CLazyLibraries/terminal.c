// The full-screen view's terminal guard: what puts the terminal back (its saved modes and the bytes that leave the
// alternate screen, mouse reporting and the rest), kept where a crash's signal handler can reach it with only
// async-signal-safe calls.
#include "CLazyLibraries.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static int guard_fd = -1;
static struct termios guard_saved;
static char guard_leave[256];
static size_t guard_leave_length;
static volatile sig_atomic_t guard_armed;

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};

void podline_terminal_restore(void) {
    if (!guard_armed) return;
    guard_armed = 0;
    size_t written = 0;
    while (written < guard_leave_length) {
        ssize_t n = write(guard_fd, guard_leave + written, guard_leave_length - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
    tcsetattr(guard_fd, TCSAFLUSH, &guard_saved);
}

static void crash_handler(int number) {
    podline_terminal_restore();
    // The signal again, with its default action: the crash is reported (and cored) as it would have been.
    signal(number, SIG_DFL);
    raise(number);
}

int podline_terminal_guard(int fd, const char *leave) {
    size_t length = strlen(leave);
    if (length >= sizeof guard_leave) return -1;
    if (tcgetattr(fd, &guard_saved) != 0) return -1;
    memcpy(guard_leave, leave, length);
    guard_leave_length = length;
    guard_fd = fd;
    guard_armed = 1;
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = crash_handler;
        action.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        sigaction(crash_signals[i], &action, NULL);
    }
    static int exit_hook;
    if (!exit_hook) {
        exit_hook = 1;
        atexit(podline_terminal_restore);
    }
    return 0;
}

int podline_terminal_raw(int fd) {
    struct termios raw;
    if (tcgetattr(fd, &raw) != 0) return -1;
    raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_oflag &= ~(tcflag_t)(OPOST);
    raw.c_cflag |= CS8;
    raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    return tcsetattr(fd, TCSAFLUSH, &raw);
}

int podline_terminal_rearm(void) {
    if (guard_fd < 0) return -1;
    guard_armed = 1;
    return 0;
}
