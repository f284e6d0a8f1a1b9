import CAnimatorABI
import CPipelineAPI
import CProductVersion

/// The three versions a user may need: pipeline's own (one string for the command, the C
/// library and the Python package, written in `product_version.h`), and the two interfaces'
/// that change only when those interfaces do: the C API's (`uipipeline.h`) and the animator
/// plugin ABI's (`animator.h`).
public enum Versions {
    /// pipeline's version, e.g. `0.2.0`.
    public static let product = PIPELINE_PRODUCT_VERSION
    /// The C API's version, `major.minor`.
    public static let cAPI = "\(PIPELINE_API_VERSION_MAJOR).\(PIPELINE_API_VERSION_MINOR)"
    /// The animator plugin ABI's version, `major.minor`.
    public static let pluginABI = "\(ANIM_ABI_MAJOR).\(ANIM_ABI_MINOR)"

    /// What `pipeline --version` prints: the product's version on the first line, then each
    /// interface's with the file that declares it.
    public static let text = """
        pipeline \(product)
        C API \(cAPI) (uipipeline.h, libuipipeline.so)
        animator plugin ABI \(pluginABI) (animator.h)
        """
}
