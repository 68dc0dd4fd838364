#ifndef BOOKPLATE_STANDARD_STREAMS_H
#define BOOKPLATE_STANDARD_STREAMS_H

/// The standard streams (bit 0 input, 1 output, 2 error) that were closed when the program
/// started, before any library or runtime could open a file: each is open on /dev/null now.
int bookplate_standard_streams_closed_at_start(void);

#endif
