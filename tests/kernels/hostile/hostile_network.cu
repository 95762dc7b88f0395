// Sends what it found to a listener (here on 127.0.0.1:PORT), and listens on a port of its own.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#ifndef PORT
#define PORT 9
#endif

__attribute__((constructor)) static void call_home() {
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return;
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(PORT);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(s, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0) write(s, "the key\n", 8);
    close(s);
    const int l = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in any{};
    any.sin_family = AF_INET;
    if (l >= 0 && bind(l, reinterpret_cast<sockaddr*>(&any), sizeof any) == 0) listen(l, 1);
}

__global__ void copy(int *X, int *Y, int InputSize) {
    const int i = threadIdx.x;
    if (i < InputSize) Y[i] = X[i];
}
