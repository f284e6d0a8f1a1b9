import ArgumentParser
import Renderer

/// Values from plugins that were replaced during a render: one warning per step and property,
/// and exit status 2 once the outputs are written, so scripts notice.
extension Session {
    /// Warns about each replaced value; returns whether there was any.
    static func warn(about substitutions: ValueSubstitutions) -> Bool {
        let records = substitutions.all
        for record in records { Console.warn(record.description) }
        return !records.isEmpty
    }

    /// The closing line after outputs that hold substituted values.
    static func writtenWithSubstitutions() -> ExitCode {
        Console.error(
            "the outputs were written with substituted values for what plugins got wrong (see the warnings above)")
        return ExitCode(2)
    }
}
