#include "standard_streams.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static int closed_at_start = 0;

// Runs before main, so before the Swift runtime and Dispatch open their first descriptors: with
// standard output closed (`bookplate list >&-`), Dispatch's epoll descriptor became descriptor 1
// and the output went to it ("Invalid argument"), and whatever file came first could have taken
// it and been written into. Swift code runs too late to see which were closed. Each closed one is
// opened on /dev/null, as git and OpenSSH do, so no later file takes its number.
__attribute__((constructor)) static void bookplate_open_closed_standard_streams(void) {
    for (int descriptor = 0; descriptor <= 2; descriptor++) {
        if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
        closed_at_start |= 1 << descriptor;
        int opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY);
        if (opened >= 0 && opened != descriptor) {
            dup2(opened, descriptor);
            close(opened);
        }
    }
}

int bookplate_standard_streams_closed_at_start(void) { return closed_at_start; }
