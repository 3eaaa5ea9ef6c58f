import Testing

@testable import NovelTUI

/// Where no audio device can be opened the reader says so before espeak-ng tries (and ALSA writes over
/// the screen): a sound card or a sound server's socket is a device that may be opened.
@Suite struct AudioDeviceTests {
    @Test func aSoundCardOrAServerIsADevice() {
        #expect(AudioDevice.missing(environment: [:], exists: { $0 == "/dev/snd" }) == nil)
        #expect(AudioDevice.missing(environment: ["PULSE_SERVER": "tcp:host"], exists: { _ in false }) == nil)
        let runtime = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(AudioDevice.missing(environment: runtime, exists: { $0 == "/run/user/1000/pulse/native" }) == nil)
        #expect(AudioDevice.missing(environment: runtime, exists: { $0 == "/run/user/1000/pipewire-0" }) == nil)
    }

    @Test func noneIsOneLineNamingWhatIsMissing() throws {
        let message = try #require(
            AudioDevice.missing(environment: ["XDG_RUNTIME_DIR": "/run/user/1000", "PULSE_SERVER": ""]) { _ in false })
        #expect(message.hasPrefix("speech: no audio device") && !message.contains("\n"))
    }
}
