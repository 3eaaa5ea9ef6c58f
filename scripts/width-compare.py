#!/usr/bin/env python3
"""Compare novel's cell widths with Python's wcwidth package over every assigned code point.

Usage: scripts/width-compare.py [--novel PATH] [--markdown]

Runs the hidden `novel widths` command (every code point assigned in ICU's Unicode version, with its
General_Category, East_Asian_Width and novel's width under both ambiguous-width settings), asks
wcwidth.wcwidth() for the same code point with ambiguous_width=1 and 2, and prints each class of
disagreement with its count, examples and the reason novel differs. Needs `pip install wcwidth`.
"""
import argparse
import collections
import ctypes
import ctypes.util
import locale
import os
import signal
import subprocess
import sys

try:
    import wcwidth
except ImportError:
    sys.exit("width-compare: the wcwidth package is missing; run: pip install wcwidth")

def glibc_wcwidth():
    """The C library's wcwidth() in a UTF-8 locale (what ncurses and most terminals use), or None."""
    try:
        locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        libc.wcwidth.argtypes = [ctypes.c_wchar]
        libc.wcwidth.restype = ctypes.c_int
        return lambda character: libc.wcwidth(character)
    except (OSError, AttributeError, locale.Error):
        return None


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Unicode 16.0 made these East Asian Wide (they were Neutral in 15.0, ICU 72's version).
UNICODE_16_WIDE = [(0x2630, 0x2637), (0x268A, 0x268F), (0x4DC0, 0x4DFF), (0x1D300, 0x1D356), (0x1D360, 0x1D376)]


def classify(code, category, eaw, ours, theirs):
    """A name and a reason for one disagreement."""
    if category == "Cc":
        return ("C0/C1 controls", "wcwidth and glibc return -1 (not printable). novel never shows them: the "
                "loader turns them into Control Pictures (␛, ␀ …) or U+FFFD, so 0 is only a placeholder")
    if category == "Mc":
        return ("spacing combining marks (Mc)", "wcwidth 0.7 gives 0; glibc agrees with novel. Width is "
                "measured per cluster: after its base letter a spacing mark joins the cluster and adds nothing "
                "in both; only a mark with no base (a degenerate cluster, drawn on a dotted circle) gets the "
                "cell it advances")
    if 0x1160 <= code <= 0x11FF or 0xD7B0 <= code <= 0xD7FF:
        return ("Hangul vowel and trailing jamo (V, T)", "wcwidth and glibc give 0 because they cannot see "
                "clusters. novel measures clusters: L+V+T is one cluster of width 2 in all three; only a V or T "
                "with no leading jamo (no syllable to join) is drawn as a one-cell letter of its own")
    if any(low <= code <= high for low, high in UNICODE_16_WIDE):
        return ("East_Asian_Width changed in Unicode 16.0 (N → W)", "wcwidth 0.7 ships only Unicode 17 "
                "tables; novel follows ICU 72 (Unicode 15.0), and for most of these glibc 2.36 also draws one "
                "cell. Rare symbols (Yijing trigrams and hexagrams, counting rods); the reader places each "
                "cluster at the column it computed, so a terminal that draws two cells cannot shift the line")
    if category == "Cf" and code == 0xAD:
        return ("soft hyphen U+00AD", "Default_Ignorable_Code_Point: invisible unless a line is hyphenated "
                "there (novel does not hyphenate). wcwidth and glibc count one cell (ambiguous in wcwidth)")
    if category == "Cf":
        return ("prepended concatenation marks shown by wcwidth", "")
    if code == 0x115F:
        return ("Hangul leading filler U+115F", "")
    if category in ("Zl", "Zp"):
        return ("LINE / PARAGRAPH SEPARATOR", "wcwidth gives 0; novel does not break lines at them (only LF "
                "ends a line) and keeps one visible cell so that a terminal that draws a glyph cannot shift "
                "the rest of the line")
    return ("other: %s %s" % (category, eaw), "")


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--novel", help="the novel binary (default: the newer of .build/release/novel and .build/debug/novel)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table for docs/width.md")
    arguments = parser.parse_args()
    binary = arguments.novel
    if binary is None:
        candidates = [os.path.join(ROOT, ".build", configuration, "novel") for configuration in ("release", "debug")]
        built = [candidate for candidate in candidates if os.access(candidate, os.X_OK)]
        binary = max(built, key=os.path.getmtime) if built else None  # the most recent build
    if binary is None:
        sys.exit("width-compare: build novel first (swift build -c release) or pass --novel PATH")
    dump = subprocess.run([binary, "widths"], check=True, capture_output=True, text=True).stdout

    system = glibc_wcwidth()
    icu_unicode = "?"
    total = 0
    same = 0
    classes = collections.OrderedDict()
    for line in dump.splitlines():
        if line.startswith("# unicode "):
            icu_unicode = line.split()[-1]
        if line.startswith("#"):
            continue
        code_hex, category, eaw, narrow, wide = line.split("\t")
        code = int(code_hex, 16)
        ours = (int(narrow), int(wide))
        character = chr(code)
        theirs = (wcwidth.wcwidth(character, ambiguous_width=1), wcwidth.wcwidth(character, ambiguous_width=2))
        total += 1
        if ours == theirs:
            same += 1
            continue
        name, reason = classify(code, category, eaw, ours, theirs)
        entry = classes.setdefault(name, {"count": 0, "pairs": collections.Counter(), "examples": [], "reason": reason})
        entry["count"] += 1
        pair = "novel %d/%d, wcwidth %d/%d" % (ours + theirs)
        if system:
            pair += ", glibc %d" % system(character)
        entry["pairs"][pair] += 1
        if len(entry["examples"]) < 4:
            entry["examples"].append("U+%04X" % code)

    versions = getattr(wcwidth, "list_versions", lambda: ["?"])()
    print("novel (ICU Unicode %s) vs wcwidth %s (tables up to Unicode %s)" % (
        icu_unicode, getattr(wcwidth, "__version__", "?"), versions[-1]))
    print("assigned code points compared: %d; same width under both settings: %d; different: %d" % (
        total, same, total - same))
    rows = sorted(classes.items(), key=lambda item: -item[1]["count"])
    sequences = compare_sequences(binary)
    if arguments.markdown:
        print()
        print("| class | code points | widths (narrow/wide) | examples | why novel's width is right |")
        print("|---|---:|---|---|---|")
        for name, entry in rows:
            pairs = "; ".join("%s ×%d" % pair for pair in entry["pairs"].most_common())
            print("| %s | %d | %s | %s | %s |" % (name, entry["count"], pairs, ", ".join(entry["examples"]),
                                               entry["reason"]))
    else:
        for name, entry in rows:
            print("\n%s: %d" % (name, entry["count"]))
            for pair, count in entry["pairs"].most_common():
                print("    %s: %d" % (pair, count))
            print("    e.g. %s" % ", ".join(entry["examples"]))
            if entry["reason"]:
                print("    why: %s" % entry["reason"])

    if sequences:
        print()
        print("whole strings (grapheme-aware wcwidth.width()): %d compared, %d differ" % (
            sequences["total"], len(sequences["differ"])))
        groups = collections.OrderedDict()
        for text, ours, theirs, source in sequences["differ"]:
            groups.setdefault(sequence_class(text, ours, theirs), []).append((text, ours, theirs))
        for name, members in groups.items():
            print("\n%s: %d" % (name, len(members)))
            for text, ours, theirs in members[:3]:
                codes = " ".join("%04X" % ord(character) for character in text)
                print("    %s [%s] novel %d/%d, wcwidth %d/%d" % (text, codes, ours[0], ours[1], theirs[0], theirs[1]))


def sequence_class(text, ours, theirs):
    """A name and reason for a string whose width differs."""
    if any(0x1F3FB <= ord(character) <= 0x1F3FF for character in text) and theirs[0] == 1:
        return ("emoji modifier (skin tone) on a text-default base, e.g. ✌🏻: wcwidth 1, novel 2. UTS #51 "
                "draws every emoji modifier sequence as an emoji picture, two cells, like the other "
                "fully-qualified emoji")
    if "\ufe0f" in text and ours == (2, 2) and theirs == (2, 3):
        return ("ambiguous-width base + VS16 under the wide setting, e.g. ♠️ ™️: wcwidth 3, novel 2. "
                "An emoji picture is two cells whatever the ambiguous setting; three cells is not a width "
                "any terminal draws")
    return "other"

def compare_sequences(binary):
    """Widths of whole strings: every emoji sequence of emoji-test.txt and every line of width-cases."""
    corpus = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
    if not os.path.isdir(corpus) or not hasattr(wcwidth, "width"):
        return None
    texts = []
    with open(os.path.join(corpus, "unicode", "emoji-test.txt"), encoding="utf-8") as emoji:
        for line in emoji:
            if "; fully-qualified" in line or "; component" in line:
                codes = line.split(";")[0].split()
                texts.append(("".join(chr(int(code, 16)) for code in codes), "emoji-test"))
    with open(os.path.join(corpus, "synthetic", "width-cases.utf8.txt"), encoding="utf-8") as cases:
        texts.extend((line.rstrip("\n"), "width-cases") for line in cases)
    output = subprocess.run([binary, "widths", "--lines"], input="\n".join(text for text, _ in texts) + "\n",
                            check=True, capture_output=True, text=True).stdout.splitlines()
    differ = []
    for (text, source), row in zip(texts, output):
        ours = tuple(int(value) for value in row.split("\t"))
        theirs = (wcwidth.width(text, ambiguous_width=1), wcwidth.width(text, ambiguous_width=2))
        if ours != theirs:
            differ.append((text, ours, theirs, source))
    return {"total": len(texts), "differ": differ}


if __name__ == "__main__":
    main()
