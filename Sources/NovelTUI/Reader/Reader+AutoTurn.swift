import NovelCore

extension Reader {
    /// The unit auto page turn steps by in the current mode: lines in scroll mode and in the compact
    /// reader (a line at a time), else pages.
    var autoTurnUnit: AutoTurn.Unit { followsLines ? .line : .page }

    /// The auto page turn key: starts it at the pace kept in settings, or stops it.
    mutating func toggleAutoTurn(now: Double) {
        if autoTurn != nil {
            autoTurn = nil
            message = "Auto page turn off"
        } else if readAloud != nil {
            // The voice turns the pages while it reads; a clock turning them too would take it away.
            message = "Reading aloud turns the pages: no auto page turn"
        } else if canLayout {
            autoTurn = AutoTurn(unit: autoTurnUnit, settings: settings, now: now)
        }
    }

    /// A key while auto page turn runs: its own key stops it, the pace keys change its pace, any other key
    /// pauses it and then does what it always does. Returns the actions when the key was taken here.
    mutating func handleWhileAutoTurning(_ event: InputEvent, now: Double) -> [ReaderAction]? {
        guard var running = autoTurn else { return nil }
        switch keymap.command(for: event) {
        case .autoTurn:
            toggleAutoTurn(now: now)
            return []
        case .fontLarger, .fontSmaller:
            let paced = running.paced(settings, faster: keymap.command(for: event) == .fontLarger)
            running.repace(paced, now: now)
            autoTurn = running
            guard paced != settings else { return [] }
            settings = paced
            return [.saveSettings(paced)]
        default:
            autoTurn = nil
            return nil
        }
    }

    /// Takes the auto page turn's step when it is due; at the end of the book it stops there.
    mutating func tickAutoTurn(now: Double) {
        guard var running = autoTurn, running.takeStep(now: now) else { return }
        autoTurn = running
        // The mode can change under it (the settings overlay): step in the unit the screen shows now.
        let before = firstVisibleOffset
        if isCompact {
            moveCompact(by: 1)
        } else if isScrollMode {
            scroll(by: 1, now: now)
        } else {
            turnPage(forward: true, now: now)
        }
        if firstVisibleOffset == before {
            autoTurn = nil
            message = "End of the book: auto page turn stopped"
        }
    }
}
