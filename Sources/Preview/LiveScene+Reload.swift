import Foundation
import PipelineKit
import StudioSupport

/// Reloading: a changed pipeline file is read again with the current plugins; changed plugin
/// files are found again (scanned in a child, as at start) and the new pipeline's children open
/// the files as they are now. A reload that fails keeps the last good pipeline and records why,
/// for the page to show.
extension LiveScene {
    func reloadIfChanged() {
        guard let current = pipeline else { return }
        let now = current.watchedFiles()
        guard now != watched else { return }
        let pluginsChanged = now.pluginsDiffer(from: watched)
        watched = now
        do throws(PipelineError) {
            let next = try current.reloaded(rescanningPlugins: pluginsChanged) { [self] in note("warning: \($0)") }
            // The new pipeline starts its child and creates every step's instance there before
            // it replaces the old one, whose children then end.
            do throws(PipelineError) { try next.prepareFrames() } catch {
                next.close()
                throw error
            }
            // The draft's children end before the plugins it ran with.
            keptDraft = nil
            current.close()
            pipeline = next
            problem = nil
            version += 1
            note("reloaded \(file) (version \(version))")
        } catch {
            problem = error.description
            note("\(error.description) (still showing version \(version))")
        }
    }
}
