import JuiceYAML
import Testing

/// How a YAML 1.1 reader would read a plain scalar that the 1.2 core schema reads differently.
@Suite struct YAML11ReadingTests {
    @Test(arguments: [
        ("no", YAML11Reading.boolean(false)),
        ("yes", .boolean(true)),
        ("on", .boolean(true)),
        ("off", .boolean(false)),
        ("y", .boolean(true)),
        ("n", .boolean(false)),
        ("Yes", .boolean(true)),
        ("NO", .boolean(false)),
        ("On", .boolean(true)),
        ("OFF", .boolean(false)),
        ("010", .octal(8)),
        ("0755", .octal(493)),
        ("-010", .octal(-8)),
        ("0_17", .octal(15)),
        ("1:30", .sexagesimal(90)),
        ("1:30:00", .sexagesimal(5400)),
        ("-1:30", .sexagesimal(-90)),
        ("190:20:30", .sexagesimal(685_230)),
        ("1_000", .underscoredInteger(1000)),
        ("1_000_000", .underscoredInteger(1_000_000)),
        ("-1_0", .underscoredInteger(-10)),
        ("0b101", .binary(5)),
        ("0b1_0", .binary(2)),
        ("-0b11", .binary(-3)),
    ])
    func differentReadings(text: String, expected: YAML11Reading) {
        #expect(YAML11Reading.reading(of: text) == expected)
    }

    @Test(arguments: [
        "10", "0", "-3", "true", "false", "null", "~", "kiwi", "딸기", "", "1.5", "0x1F",
        "1:60", "1:5:", ":30", "_1", "0b", "0b102", "08", "yess", "nO",
    ])
    func sameReadingOrNotANumber(text: String) {
        #expect(YAML11Reading.reading(of: text) == nil)
    }

    @Test(arguments: [
        (YAML11Reading.boolean(false), "the boolean false"),
        (.octal(8), "octal 8"),
        (.sexagesimal(90), "the base-60 number 90"),
        (.underscoredInteger(1000), "the number 1000"),
        (.binary(5), "binary 5"),
    ])
    func descriptions(reading: YAML11Reading, text: String) {
        #expect(reading.description == text)
    }
}
