extension PluginChecker {
    /// What a check calls and reports, the exit status and the JSON report: `pipeline
    /// check-plugin --help` shows it.
    public static let guide = """
        Loads the plugin in a child process (never in pipeline itself) and calls every animator \
        (create, apply, destroy), mixer (create, mix in two row bands, destroy) and timing curve it \
        registers: at progress -0.1, 0, 0.25, 0.5, 0.75, 1 and 1.1 (curves within 0...1), with every \
        parameter at its default, then each in turn at its minimum and maximum, each enum choice, the \
        other boolean, an empty string, a layer (required parameters get a valid value). It makes \
        three passes: forward on one thread, then reversed and shuffled (fixed seed) on four threads, \
        with fresh instances each time.

        Effects (create, reach, apply, destroy) get the same parameter values, plus NaN and ±1e300 in \
        each numeric parameter (the largest and smallest integers in an integer one), which no \
        pipeline can give: with those the plugin must only not crash or hang, and its reach stay \
        within ANIM_REACH_MAX or fail. The others filter layers of 1×1, 7×5 and 37×23 pixels at \
        render scale 0.5, 1 and 2, in the pixel order the effect asks for, padded by the reach's \
        margins (an image of more than 1024×1024 pixels with them gets its reach checked only). Each \
        call applies the whole image twice, then in random row ranges (not for \
        ANIM_EFFECT_WHOLE_IMAGE), which must all give the same bytes, each call writing only its rows \
        and never its input; applies it with 3 more transparent pixels around the margins, beyond \
        which nothing visible may be written; and changes every input pixel farther than the reach's \
        read + 1 from the layer's centre and from its top left pixel, whose output must not change.

        It reports, naming the call (what, at which progress, with which values): a crash or a call \
        that does not return within --timeout (the child is killed and the check goes on in a fresh \
        one, skipping that call); create returning NULL, apply or mix returning false, with the \
        plugin's message; a result that differs between passes (state kept between calls, or \
        dependence on call order or threads); a layer property a render would have to replace (NaN, \
        infinite, a negative size, an opacity below 0 or above 1), a bad mask, or a value of more than a \
        million canvas sizes; a curve value that is NaN or infinite; a mixer writing rows outside its \
        band, or pixels that are not premultiplied; an effect whose reach is over ANIM_REACH_MAX or \
        returns false, whose bytes depend on the row split, that writes outside its rows or into its \
        input, writes visible pixels beyond its margins or reads farther than its read; a call slower \
        than --budget-ms in every pass; a descriptor the host refused; a name a plugin in the \
        built-in folder or a --plugins folder also registers.

        A GLSL transition (FILE.glsl) is compiled first: one that does not compile is one problem \
        (does-not-compile, at its line and column, with the line and the one before it), and nothing \
        is called. One that compiles is called as a mixer is; besides, its shader's \
        results must be numbers (no NaN or infinity, read as floats before they become bytes) for \
        every value short of the limits of a GLSL float or int, and at the file's defaults \
        progress 0 must give its `from` image and progress 1 its `to`.

        Exit status: 0 no problems, 1 problems found (or the command line is wrong), 2 the file \
        cannot be checked (missing, not a plugin, another ABI major, init failed or crashed).

        --json prints {file, status, error (status 2 only), plugin {path, id, version, description}, \
        animators, mixers, effects and curves [{name, parameters, signature (curves)}], calls, \
        problems [{kind, subject, call {function, progress, image {width, height, renderScale, \
        nativePixels, wholeImage} (effects), variant, parameters, description}, message, \
        occurrences}]}; kind is one of crash, hang, exit, error, differs, invalid-value, \
        absurd-value, slow, outside-rows, not-premultiplied, not-opaque, wrote-input, split-differs, \
        reach-too-large, beyond-margins, reads-beyond-reach, edges-not-transparent, wrong-end, does-not-compile, refused, \
        name-clash, \
        incomplete; \
        occurrences counts the calls that show the problem, call being the first.

        Examples:
          pipeline check-plugin plugins/wobble.so
          pipeline check-plugin plugins/wobble.so --json --budget-ms 20 --timeout 2

        A problem reads:
          animator "wobble": apply at progress 1 with angle = 3600 (max): crashed with SIGSEGV (and 6 more calls)
        """
}
