import Foundation

/// A user private group (Debian's default): the group of one user's own name with no other
/// members. Write access for such a group is write access for its owner only, so a plugin file
/// or folder that is group-writable is safe to load when its group is its owner's private group.
enum PrivateGroup {
    /// Whether `group` is the private group of the user `owner`: it bears the user's name, it
    /// is the user's primary group, and it lists no other member.
    static func isPrivate(_ group: gid_t, of owner: uid_t) -> Bool {
        guard let user = user(owner), user.group == group, let entry = entry(group) else { return false }
        return entry.name == user.name && entry.members.allSatisfy { $0 == user.name }
    }

    /// The group's name, for messages.
    static func name(of group: gid_t) -> String? { entry(group)?.name }

    private static func user(_ id: uid_t) -> (name: String, group: gid_t)? {
        var record = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwuid_r(id, &record, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return (String(cString: record.pw_name), record.pw_gid)
    }

    private static func entry(_ id: gid_t) -> (name: String, members: [String])? {
        var record = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 65536)
        guard getgrgid_r(id, &record, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        var members: [String] = []
        var cursor = record.gr_mem
        while let member = cursor?.pointee {
            members.append(String(cString: member))
            cursor = cursor?.successor()
        }
        return (String(cString: record.gr_name), members)
    }
}
