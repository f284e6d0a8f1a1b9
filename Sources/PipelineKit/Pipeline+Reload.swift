import Foundation
import JSON
import PluginRegistry

extension Pipeline {
    /// The pipeline's file read again as it is now, with the options it was opened with (its
    /// props and `set` changes as they were read then), its plugins running where they ran. This
    /// pipeline stays open and as it was, whatever happens: a file that no longer reads is
    /// thrown, every problem with its place, and this one can go on rendering.
    ///
    /// The plugins it was opened with are kept, shared by the two; with `rescanningPlugins`
    /// (a plugin file was added, removed or changed: StudioSupport's `WatchedFiles`) the
    /// plugin folders are searched again and the new pipeline has plugins of its own.
    /// `pluginWarning` hears each plugin problem met then (nil: the open options' one). Plugins
    /// shared are shut down when the last pipeline using them closes.
    public func reloaded(
        rescanningPlugins: Bool = false, pluginWarning: (@Sendable (String) -> Void)? = nil
    ) throws(PipelineError) -> Pipeline {
        try sharingPlugins { () throws(PipelineError) in
            guard rescanningPlugins else {
                return try Self.open(
                    source: .file(file), options: options, decoder: decoding.options, registry: registry,
                    isolation: isolation)
            }
            return try Self.open(
                source: .file(file), options: options, isolation: isolation,
                pluginWarning: pluginWarning ?? options.pluginWarning
            ) { () throws(PipelineError) in decoding.options }
        }
    }

    /// The pipeline as its file would be with the JSON Patch (RFC 6902) `patch` applied to its
    /// text (as StudioSupport's `PipelineFileEditor` applies one), read with this pipeline's plugins and
    /// options, nothing written: a draft to render before the change is made. Its problems are
    /// thrown with their places in the patched text.
    public func drafted(patch: [UInt8]) throws(PipelineError) -> Pipeline {
        try sharingPlugins { () throws(PipelineError) in
            let text: [UInt8]
            do {
                text = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw PipelineError(.input, "cannot read \(file): \(error.localizedDescription)")
            }
            let patched = try JSONTextPatch.apply(patch, to: text) {
                PipelineError(.argument, "the draft's patch: \($0)")
            }
            return try Self.open(
                source: .bytes(patched, name: file), options: options, decoder: decoding.options, registry: registry,
                isolation: isolation)
        }
    }

    /// The pipeline `open` returns, sharing this one's plugins unless it has its own; this one
    /// must be open, and read from a file.
    private func sharingPlugins(_ open: () throws(PipelineError) -> Pipeline) throws(PipelineError) -> Pipeline {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw PipelineError(.argument, "the pipeline is closed") }
        guard isReadFromFile else {
            throw PipelineError(.argument, "\(file) was not read from a file: there is no file to read again")
        }
        let pipeline = try open()
        if pipeline.sharedPlugins == nil { pipeline.sharedPlugins = sharedPlugins?.share() }
        return pipeline
    }
}

/// Plugins shared by the pipelines reloaded or drafted from one another: shut down when the
/// last of them closes.
final class SharedPlugins: @unchecked Sendable {
    let registry: Registry
    private let lock = NSLock()
    private var users = 1

    init(_ registry: Registry) { self.registry = registry }

    /// One more pipeline uses the plugins.
    func share() -> SharedPlugins {
        lock.withLock { users += 1 }
        return self
    }

    /// One pipeline no longer uses them; the last one shuts them down.
    func release() {
        let last = lock.withLock {
            users -= 1
            return users == 0
        }
        if last { registry.shutdown() }
    }
}
