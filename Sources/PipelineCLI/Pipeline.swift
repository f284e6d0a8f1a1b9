import ArgumentParser

@main
struct Pipeline: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render UI transition animations.")
}
