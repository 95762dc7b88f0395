// A stand-in for nvcc's program in the device check's box, where there is no GPU: `probe INPUT
// OUTPUT` does what INPUT's first word says and writes what came of it to OUTPUT.
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static void* thread_body(void* out) {
    fputs("a thread ran", (FILE*)out);
    return NULL;
}

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    char what[4096] = {0};
    FILE* in = fopen(argv[1], "r");
    if (!in || !fgets(what, sizeof what, in)) return 3;
    what[strcspn(what, "\n")] = 0;
    FILE* out = fopen(argv[2], "w");
    if (!out) return 4;
    if (strncmp(what, "read ", 5) == 0) {  // read a file outside the box: "read PATH"
        FILE* f = fopen(what + 5, "r");
        fputs(f ? "read it" : "could not read it", out);
    } else if (strcmp(what, "socket") == 0) {
        fputs(socket(AF_INET, SOCK_STREAM, 0) >= 0 ? "made a socket" : "no socket", out);
    } else if (strcmp(what, "thread") == 0) {
        pthread_t t;
        if (pthread_create(&t, NULL, thread_body, out) == 0) pthread_join(t, NULL);
    } else if (strcmp(what, "fork") == 0) {
        fflush(out);
        fprintf(out, "forked: %ld", (long)syscall(SYS_fork));
    } else if (strcmp(what, "kill") == 0) {
        fprintf(out, "kill(1): %d", kill(1, SIGKILL));
    } else if (strcmp(what, "home") == 0) {
        const char* home = getenv("HOME");
        fputs(home ? home : "(none)", out);
    }
    fclose(out);
    return 0;
}
