import Foundation

/// Ctrl-C (SIGINT) heard by a command that has something to say first (a progress bar to take
/// off the line, what was kept): `say` runs, then the program ends by the signal itself, so that
/// a shell's loop stops as it does for any program (it ended with exit(130), and bash went on
/// with the loop: found by a review). A SIGINT the program was started with ignored (`cmd &`
/// from a script) stays ignored.
struct Interrupt {
    private let source: (any DispatchSourceSignal)?
    private let previous: sighandler_t?

    static func onSIGINT(_ say: @escaping @Sendable () -> Void) -> Interrupt {
        var current = sigaction()
        sigaction(SIGINT, nil, &current)
        let previous = current.__sigaction_handler.sa_handler
        guard !isIgnoring(previous) else { return Interrupt(source: nil, previous: nil) }
        let source = heard(SIGINT) {
            say()
            signal(SIGINT, SIG_DFL)
            // To this thread, once it stops blocking the signal as libdispatch's threads do: sent
            // to the process, it waited for a thread that does not block it, and when there was
            // none (the main thread parked in dispatch_main), the program ended by exit(130).
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            raise(SIGINT)
            // Should the signal not end it in a moment, it ends as one would.
            usleep(500_000)
            Foundation.exit(130)
        }
        return Interrupt(source: source, previous: previous)
    }

    /// A source that runs `handler` for `signalNumber`, once the signal is heard: ignored first,
    /// as libdispatch asks, and returned once libdispatch put its own handler in place (on Linux
    /// it does so a moment after the source resumes; a signal in between was lost, and `serve`
    /// never stopped for a SIGTERM sent as it began).
    static func heard(_ signalNumber: Int32, handler: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
        for _ in 0..<200 {
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            if !isIgnoring(current.__sigaction_handler.sa_handler) { break }
            usleep(1000)
        }
        return source
    }

    private static func isIgnoring(_ handler: sighandler_t?) -> Bool {
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Hears Ctrl-C no more, as before.
    func restore() {
        source?.cancel()
        if let previous { signal(SIGINT, previous) }
    }
}
