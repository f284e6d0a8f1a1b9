import CommandTestSupport
import Foundation
import Testing

/// A plugin file or folder that someone else could write is refused, naming it and the fix; one
/// writable only by its owner's private group (Debian's user private groups, umask 002) loads.
@Suite struct PluginPermissionTests {
    /// The running user's primary group, when it is a private group by name: the group the
    /// user's own files get, and the one the host allows to write a plugin.
    static let privateGroup: gid_t? = {
        guard let user = getpwuid(getuid()), let group = getgrgid(user.pointee.pw_gid),
            String(cString: user.pointee.pw_name) == String(cString: group.pointee.gr_name)
        else { return nil }
        return user.pointee.pw_gid
    }()

    /// A group the running user may give a file that is not the user's private group (root may give any).
    static let otherGroup: String? = getuid() == 0 && getgrnam("daemon") != nil ? "daemon" : nil

    private func setUp(fileMode: Int, folderMode: Int, group: String?) throws -> PluginScanWorkspace {
        let workspace = try PluginScanWorkspace()
        let file = workspace.plugins.appendingPathComponent("steady.so").path
        var attributes: [FileAttributeKey: Any] = [:]
        if let group { attributes[.groupOwnerAccountName] = group }
        for (path, mode) in [(file, fileMode), (workspace.plugins.path, folderMode)] {
            attributes[.posixPermissions] = mode
            try FileManager.default.setAttributes(attributes, ofItemAtPath: path)
        }
        return workspace
    }

    @Test(.enabled(if: privateGroup != nil, "the user's primary group is not a private group"))
    func writableByTheOwnersPrivateGroupLoads() throws {
        let workspace = try setUp(fileMode: 0o664, folderMode: 0o775, group: nil)
        defer { workspace.remove() }
        let info = try FileManager.default.attributesOfItem(atPath: workspace.plugins.path)
        #expect((info[.groupOwnerAccountID] as? NSNumber)?.uint32Value == Self.privateGroup)
        let result = try workspace.run(["run", "steady.json", "--out", "out", "--format", "png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("refusing"), "\(result.stderr)")
        #expect(workspace.initCount >= 1)
    }

    @Test(
        .enabled(if: otherGroup != nil, "giving a file another group needs root"),
        arguments: [(0o664, 0o755, "the file", "steady.so"), (0o644, 0o775, "the folder", "")])
    func writableByAnotherGroupIsRefused(fileMode: Int, folderMode: Int, what: String, name: String) throws {
        let workspace = try setUp(fileMode: fileMode, folderMode: folderMode, group: Self.otherGroup)
        defer { workspace.remove() }
        let target = name.isEmpty ? workspace.plugins.path : workspace.plugins.appendingPathComponent(name).path
        let result = try workspace.run(["run", "steady.json", "--out", "out", "--format", "png"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "\(what) \(target) is writable by its group daemon, which is not its owner's private group; "
                    + "refusing to load it (fix: chmod g-w \(target))"), "\(result.stderr)")
        #expect(workspace.initCount == 0)
    }
}
