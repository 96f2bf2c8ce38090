@testable import SwitchyardService
import Testing

/// The one conversion of a `Duration` to seconds that the service's clocks and expiries use.
@Suite struct DurationTimeIntervalTests {
    @Test(arguments: [(Duration.seconds(90), 90.0), (.milliseconds(1500), 1.5), (.microseconds(250), 0.000_25), (.zero, 0),
                      (.seconds(86_400 * 365), 31_536_000)])
    func aDurationIsItsSeconds(duration: Duration, seconds: Double) {
        #expect(abs(duration.timeInterval - seconds) < 1e-12)
    }
}
