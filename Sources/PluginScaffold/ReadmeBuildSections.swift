/// The "Build" sections that the READMEs of an animator project and an effect project share, per
/// language; each template interpolates its language's.
enum ReadmeBuildSections {
    static let c = #"""
        ## Build

        ```sh
        make
        ```

        builds `{{name}}.so` with `cc`. The compiler flags for `animator.h` come from
        `pkg-config --cflags uipipeline` when pipeline is installed; otherwise from `PIPELINE_INCLUDE`,
        by default `{{include}}`: `make PIPELINE_INCLUDE=/path/to/pipeline/include`.
        """#

    /// Where an animator `make` builds (in C or C++) goes, and the listing that shows it.
    static let madeAnimatorUse = #"""
        ## Use

        ```sh
        pipeline plugins --plugins .          # lists {{name}} with its parameter
        mkdir -p plugins && cp {{name}}.so plugins/
        ```
        """#

    /// Where an effect `make` builds (in C or C++) goes, and the listing that shows it.
    static let madeEffectUse = #"""
        ## Use

        ```sh
        mkdir -p plugins && cp {{name}}.so plugins/
        pipeline plugins --plugins plugins    # lists {{name}} with its parameter
        ```
        """#

    /// Rust's build, and the use that lists the plugin.
    static let rust = #"""
        ## Build

        ```sh
        cargo build --offline --release
        mkdir -p plugins && cp target/release/lib{{identifier}}.so plugins/{{name}}.so
        ```

        ## Use

        ```sh
        pipeline plugins --plugins plugins    # lists {{name}} with its parameter
        ```
        """#

    static let swift = #"""
        ## Build

        ```sh
        swift build -c release
        mkdir -p plugins && cp .build/release/lib{{Type}}.so plugins/{{name}}.so
        ```

        `animator.h` comes from `{{include}}`; `PIPELINE_INCLUDE=/path/to/include swift build -c release`
        uses another. The library loads the Swift runtime of the toolchain that built it (from the
        path the build records in it), so keep that toolchain where it is.
        """#
}
