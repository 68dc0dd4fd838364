import Foundation

/// Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal closed) heard by a command that has
/// something to say first (a progress bar to take off the line, what was kept): `say` runs, then
/// the program ends by the signal itself, so that a shell's loop stops as it does for any program
/// (it ended with exit(130), and bash went on with the loop: found by a review). A signal the
/// program was started with ignored (`cmd &` from a script, `nohup`) stays ignored.
struct Interrupt {
    /// The signals that ask a command to end: Ctrl-C, `kill` and `timeout`, a terminal closed.
    static let endings = [SIGINT, SIGTERM, SIGHUP]

    private let sources: [any DispatchSourceSignal]
    private let previous: [(Int32, sighandler_t?)]

    /// Hears each of ``endings`` the program does not ignore. SIGTERM and SIGHUP left the bar
    /// drawn with no line break after it, as Ctrl-C did once (found by an exploratory session).
    static func onInterrupt(_ say: @escaping @Sendable () -> Void) -> Interrupt {
        var sources: [any DispatchSourceSignal] = []
        var previous: [(Int32, sighandler_t?)] = []
        for signalNumber in endings {
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            let handler = current.__sigaction_handler.sa_handler
            guard !isIgnoring(handler) else { continue }
            previous.append((signalNumber, handler))
            sources.append(
                heard(signalNumber) {
                    say()
                    end(by: signalNumber)
                })
        }
        return Interrupt(sources: sources, previous: previous)
    }

    /// Ends the program by `signalNumber`, as it would have ended without a handler.
    static func end(by signalNumber: Int32) -> Never {
        signal(signalNumber, SIG_DFL)
        // To this thread, once it stops blocking the signal as libdispatch's threads do: sent
        // to the process, it waited for a thread that does not block it, and when there was
        // none (the main thread parked in dispatch_main), the program ended by exit(130).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signalNumber)
        // Should the signal not end it in a moment, it ends as one would.
        usleep(500_000)
        Foundation.exit(128 + signalNumber)
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

    static func isIgnoring(_ handler: sighandler_t?) -> Bool {
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Hears the signals no more, as before.
    func restore() {
        for source in sources { source.cancel() }
        for (signalNumber, handler) in previous { signal(signalNumber, handler) }
    }
}
