/// The parts of a Swift effect project that differ from an animator's (`NewAnimatorSwiftTemplate`
/// writes the package, with the same Package.swift and header): the C entry's declarations, the
/// blur in Swift and the README.
enum NewEffectSwiftTemplate {
    static let entry = #"""
        /*
         * {{name}} — an effect plugin for pipeline: blurs a layer by `radius` pixels (a box blur). The
         * filter is in Swift (Sources/{{Type}}/{{Type}}.swift); this file tells the host about it.
         */
        #include "{{Type}}Entry.h"

        /* Defined in Swift with @_cdecl("{{identifier}}_reach") and @_cdecl("{{identifier}}_apply"). */
        bool {{identifier}}_reach(const anim_effect_args_t *args, anim_reach_t *reach, char *error,
                          uint32_t error_size);
        bool {{identifier}}_apply(const anim_effect_args_t *args, char *error, uint32_t error_size);


        """#

    static let logic = #"""
        import {{Type}}Entry

        /// The radius in image pixels. Parameters are in the layer's own pixels; the images have
        /// `render_scale` image pixels to each (the render's --scale times the layer's scale), so a
        /// radius of 4 on a layer drawn twice as large spreads 8. `reach` and `apply` agree on it. The
        /// host passes values within the parameter's range; anything else (`pipeline check-plugin`
        /// tries it) is 0, or the largest reach, rather than a trap.
        func radius(_ args: anim_effect_args_t) -> UInt32 {
            let pixels = args.params[0].v.0 * args.render_scale + 0.5
            guard pixels >= 0 else { return 0 }  // NaN too
            return pixels < Double(ANIM_REACH_MAX) ? UInt32(pixels) : UInt32(ANIM_REACH_MAX)
        }

        /// How far the blur reaches: the host adds that many transparent pixels around the layer before
        /// `apply` (the blur spreads past the layer's edges), and an output pixel reads input pixels at
        /// most that far away. Pure and cheap: the host asks before every `apply`.
        @_cdecl("{{identifier}}_reach")
        public func reach(_ args: UnsafePointer<anim_effect_args_t>, _ reach: UnsafeMutablePointer<anim_reach_t>,
                          _ error: UnsafeMutablePointer<CChar>?, _ errorSize: UInt32) -> Bool {
            let r = radius(args.pointee)
            reach.pointee = anim_reach_t(left: r, top: r, right: r, bottom: r, read: r, reserved: 0)
            return true
        }

        /// Adds row `y` of `input` to the four-channel column sums (`sign` 1) or takes it away (-1); a
        /// row outside `input` adds nothing.
        func addRow(_ column: inout [UInt32], _ input: anim_image_t, _ y: Int, sign: Int32) {
            guard y >= 0, y < Int(input.height) else { return }
            let row = input.pixels + y * Int(input.stride)
            for i in column.indices { column[i] &+= UInt32(bitPattern: sign * Int32(row[i])) }
        }

        /// Writes rows `row_begin..<row_end` of `out`: each pixel the mean of the (2r + 1)² pixels of `in`
        /// around it, those outside `in` counting as transparent. The host splits an image into row
        /// ranges and runs them on several threads at once: read any row of `in`, write only your rows
        /// of `out`, keep no state. A mean keeps premultiplied pixels valid, and treating the four
        /// channels alike makes their byte order irrelevant. Sums that slide down the columns (a row in,
        /// a row out) and along each row (a column in, a column out) make the cost of a pixel the same
        /// whatever r is. On failure write a reason into `error` and return false.
        @_cdecl("{{identifier}}_apply")
        public func apply(_ args: UnsafePointer<anim_effect_args_t>, _ error: UnsafeMutablePointer<CChar>?,
                          _ errorSize: UInt32) -> Bool {
            let input = args.pointee.`in`.pointee, output = args.pointee.out.pointee
            let r = Int(radius(args.pointee)), w = Int(input.width)
            let begin = Int(args.pointee.row_begin), end = Int(args.pointee.row_end)
            let area = UInt64((2 * r + 1) * (2 * r + 1))
            guard w > 0, begin < end else { return true }
            var column = [UInt32](repeating: 0, count: 4 * w)  // each column summed over rows y - r to y + r
            for from in (begin - r)...(begin + r) { addRow(&column, input, from, sign: 1) }
            for y in begin..<end {
                if y > begin {
                    addRow(&column, input, y + r, sign: 1)
                    addRow(&column, input, y - r - 1, sign: -1)
                }
                let out = output.pixels + y * Int(output.stride)
                for c in 0..<4 {
                    var sum: UInt64 = 0  // columns x - r to x + r of this channel
                    for from in 0...min(r, w - 1) { sum += UInt64(column[4 * from + c]) }
                    for x in 0..<w {
                        out[4 * x + c] = UInt8((sum + area / 2) / area)
                        if x + r + 1 < w { sum += UInt64(column[4 * (x + r + 1) + c]) }
                        if x >= r { sum -= UInt64(column[4 * (x - r) + c]) }
                    }
                }
            }
            return true
        }

        """#

    static let readme = #"""
        # {{name}}

        An effect plugin for pipeline, in Swift. `Sources/{{Type}}/{{Type}}.swift` blurs the layer by
        the `radius` parameter; `Sources/{{Type}}Entry/entry.c` declares the effect `{{name}}` and its
        parameter to the host, lists the "effects" service among the plugin's requirements and exports
        the entry constant `anim_entry_v1`, which must be a C global. Only C types cross between the
        two. `animator_images.h` ("Effects (ABI 1.2)"), which `animator.h` includes, documents every
        field.

        \#(ReadmeBuildSections.swift)

        ## Use

        ```sh
        pipeline plugins --plugins plugins    # lists {{name}} with its parameter
        ```

        \#(NewEffectUsage.readmeSection)

        """#
}
