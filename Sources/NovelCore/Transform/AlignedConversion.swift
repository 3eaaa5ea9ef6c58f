/// What a conversion shows for a run of source bytes, aligned with them: the converted bytes and the
/// steps that walk both from their start, each ending at `sourceEnd` and `shownEnd`. A *same* step
/// shows its source bytes' slot byte for byte (as many bytes, each mapping where the source byte in its
/// place does); a *replaced* step shows its bytes for the whole of its source range. It depends only on
/// the source bytes and the configuration, not on where they came from, so it can be kept
/// (`RecentConversions`) and replayed over any display text with those bytes.
struct AlignedConversion: Sendable, Equatable {
    struct Step: Sendable, Equatable {
        var sourceEnd: Int
        var shownEnd: Int
        var replaced: Bool
    }

    private(set) var shown: [UInt8] = []
    private(set) var steps: [Step] = []
    /// Whether the shown bytes differ from the source's.
    private(set) var changes = false
    init(capacity: Int = 0) {
        shown.reserveCapacity(capacity)
    }

    var sourceEnd: Int { steps.last?.sourceEnd ?? 0 }

    /// `shown` (as long as the source bytes `source`) stands for them byte for byte. Same steps that
    /// follow each other are one step.
    mutating func same(_ source: Range<Int>, _ shown: some Collection<UInt8>, sourceBytes: some Collection<UInt8>) {
        guard !source.isEmpty else { return }
        if !changes, !shown.elementsEqual(sourceBytes) { changes = true }
        self.shown.append(contentsOf: shown)
        if let last = steps.last, !last.replaced {
            steps[steps.count - 1] = Step(sourceEnd: source.upperBound, shownEnd: self.shown.count, replaced: false)
        } else {
            steps.append(Step(sourceEnd: source.upperBound, shownEnd: self.shown.count, replaced: false))
        }
    }

    /// `shown` stands for the whole of source bytes `source`.
    mutating func replace(_ source: Range<Int>, _ shown: some Collection<UInt8>) {
        guard !source.isEmpty || !shown.isEmpty else { return }
        changes = true
        self.shown.append(contentsOf: shown)
        steps.append(Step(sourceEnd: source.upperBound, shownEnd: self.shown.count, replaced: true))
    }
}

extension DisplayTextRewriter {
    /// Rebuilds the display text along `aligned`, which was made from these source bytes.
    mutating func replay(_ aligned: AlignedConversion) {
        var source = 0
        var shown = 0
        for step in aligned.steps {
            let bytes = aligned.shown[shown..<step.shownEnd]
            if step.replaced {
                replace(source..<step.sourceEnd, bytes)
            } else {
                same(source..<step.sourceEnd, bytes)
            }
            source = step.sourceEnd
            shown = step.shownEnd
        }
    }
}
