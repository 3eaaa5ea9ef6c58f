import NovelCore
import NovelTUI

/// The terminal key decoder and the reader behind it: the input is a stream of what curses' `wget_wch`
/// returns (a kind byte, then a 32-bit value), decoded and handed to a reader of the sample book.
enum KeyFuzzTarget {
    static let target = FuzzTarget(
        name: "keys", summary: "terminal key decoder (KeyDecoder) and the reader's response to the keys",
        run: { bytes in
            var input = FuzzInput(bytes)
            let columns = input.int(in: 0...120)
            let rows = input.int(in: 0...40)
            let home = FuzzHome.shared
            var reader = Reader(
                book: FuzzBooks.book(home.bookText), settings: Settings(), state: nil, columns: columns, rows: rows,
                start: ReaderStart())
            var now = 0.0
            while !input.isAtEnd {
                let kind = input.byte()
                let value = input.uint32()
                let event: InputEvent? =
                    switch kind % 4 {
                    case 0: KeyDecoder.decode(character: value)
                    case 1: KeyDecoder.decode(keyCode: Int32(bitPattern: value))
                    case 2: .resize(columns: Int(value >> 16 & 0xFF), rows: Int(value & 0x7F))
                    default: KeyDecoder.decode(character: value & 0x7F)
                    }
                now += Double(kind) / 16
                if let event { _ = reader.handle(event, now: now) }
                reader.tick(now: now)
            }
            _ = reader.screen()
        },
        seeds: { file in
            // Printable keys and some navigation: the seed's first bytes as characters.
            [file.prefix(256).flatMap { [3, 0, 0, 0, $0] } + [1, 0, 0, 1, 82, 0, 0, 0, 0x71]]
        })
}
