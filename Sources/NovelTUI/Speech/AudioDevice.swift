/// Whether sound can be played here at all, asked before espeak-ng opens the audio device for the reader:
/// with no sound card and no sound server, ALSA prints its failures over the reader's screen and espeak-ng
/// goes on "playing" at the speed it synthesizes, its events racing ahead of any voice.
public enum AudioDevice {
    /// Why no audio device can be opened here (one line), or nil when one may be: a sound card
    /// (`/dev/snd`), or a PulseAudio or PipeWire server (`PULSE_SERVER`, or a socket in
    /// `XDG_RUNTIME_DIR`).
    public static func missing(environment: [String: String], exists: (String) -> Bool) -> String? {
        if exists("/dev/snd") { return nil }
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return nil }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
            exists(runtime + "/pulse/native") || exists(runtime + "/pipewire-0")
        {
            return nil
        }
        return "speech: no audio device (no sound card or sound server)"
    }
}
