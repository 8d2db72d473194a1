import KopiykaCore
import Testing

@Suite struct FixedDecimalsTests {
    @Test func writesAFixedNumberOfDecimals() {
        #expect(3.14159.fixed(2) == "3.14")
        #expect(1234.5.fixed(1) == "1234.5")
        #expect(7.0.fixed(3) == "7.000")
        #expect(0.001.fixed(3) == "0.001")
        #expect(270737.4.fixed(0) == "270737")
        #expect((-3.14159).fixed(2) == "-3.14")
        #expect((-0.0001).fixed(2) == "0.00")
    }

    @Test func roundsHalfAwayFromZero() {
        #expect(2.5.fixed(0) == "3")
        #expect((-1.25).fixed(1) == "-1.3")
    }
}
