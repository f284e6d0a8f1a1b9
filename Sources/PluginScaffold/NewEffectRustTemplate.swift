/// The parts of a Rust effect project that differ from an animator's (`NewAnimatorRustTemplate`
/// writes the crate, with the same Cargo.toml): `src/lib.rs`'s blur and the README.
enum NewEffectRustTemplate {
    static let source = #"""
        //! {{name}}: an effect plugin for pipeline that blurs a layer by `radius` pixels (a box blur).
        //! animator_images.h, "Effects (ABI 1.2)" (animator.h includes it), documents every type and
        //! rule behind these bindings.

        use core::ffi::CStr;
        use pipeline_animator::abi::{ANIM_EFFECT_NATIVE_PIXELS, ANIM_REACH_MAX};
        use pipeline_animator::{animator_plugin, param, Effect, EffectArgs, Image, Reach, RowsMut};

        #[derive(Default)]
        struct {{Type}};

        /// The radius in image pixels. Parameters are in the layer's own pixels; the images have
        /// `render_scale` image pixels to each (the render's --scale times the layer's scale), so a
        /// radius of 4 on a layer drawn twice as large spreads 8. `reach` and `apply` agree on it.
        fn radius(args: &EffectArgs) -> u32 {
            let pixels = args.params.number("radius") * args.render_scale + 0.5;
            if pixels < ANIM_REACH_MAX as f64 {
                pixels as u32
            } else {
                ANIM_REACH_MAX
            }
        }

        impl Effect for {{Type}} {
            {{rustDeclarations}}
            /// The compositor's own pixels, so the host converts nothing: the blur treats the four
            /// channels alike (a host without the "native-pixels" service lends RGBA, which suits it too).
            const FLAGS: u32 = ANIM_EFFECT_NATIVE_PIXELS;

            /// How far the blur reaches: the host adds that many transparent pixels around the layer
            /// before `apply` (the blur spreads past the layer's edges), and an output pixel reads input
            /// pixels at most that far away. Pure and cheap: the host asks before every `apply`.
            fn reach(&self, args: &EffectArgs) -> Result<Reach, String> {
                Ok(Reach::around(radius(args)))
            }

            /// Writes `out.rows()`: each pixel the mean of the (2r + 1)² pixels of `input` around it,
            /// those outside `input` counting as transparent. The host splits an image into row ranges
            /// and runs them on several threads at once: read any row of `input`, write only your rows.
            /// A mean keeps premultiplied pixels valid, and treating the four channels alike makes their
            /// byte order irrelevant. Sums that slide down the columns (a row in, a row out) and along
            /// each row (a column in, a column out) make the cost of a pixel the same whatever r is. An
            /// `Err` (or a panic) stops the render with its message.
            fn apply(&self, args: &EffectArgs, input: &Image, out: &mut RowsMut) -> Result<(), String> {
                let r = radius(args) as i64;
                let (w, h) = (input.width() as usize, input.height() as i64);
                let area = ((2 * r + 1) * (2 * r + 1)) as u64;
                let rows = out.rows();
                if w == 0 || rows.is_empty() {
                    return Ok(());
                }
                // Each channel of each column summed over rows y - r to y + r.
                let mut column = vec![0u32; 4 * w];
                // Adds row `y` to the sums, or takes it away; a row outside `input` adds nothing.
                let add_row = |column: &mut [u32], y: i64, add: bool| {
                    if (0..h).contains(&y) {
                        for (sum, &byte) in column.iter_mut().zip(input.row(y as u32)) {
                            *sum = if add { *sum + byte as u32 } else { *sum - byte as u32 };
                        }
                    }
                };
                let begin = rows.start as i64;
                for from in begin - r..=begin + r {
                    add_row(&mut column, from, true);
                }
                for y in rows {
                    let y = y as i64;
                    if y > begin {
                        add_row(&mut column, y + r, true);
                        add_row(&mut column, y - r - 1, false);
                    }
                    let row = out.row_mut(y as u32);
                    let r = r as usize;
                    for c in 0..4 {
                        // Columns x - r to x + r of this channel.
                        let mut sum: u64 = (0..=r.min(w - 1)).map(|from| column[4 * from + c] as u64).sum();
                        for x in 0..w {
                            row[4 * x + c] = ((sum + area / 2) / area) as u8;
                            if x + r + 1 < w {
                                sum += column[4 * (x + r + 1) + c] as u64;
                            }
                            if x >= r {
                                sum -= column[4 * (x - r) + c] as u64;
                            }
                        }
                    }
                }
                Ok(())
            }
        }

        // With effects, the entry lists the "effects" service among its requirements, and init checks
        // that the host has `register_effect` (ABI 1.2) before calling it.
        \#(NewAnimatorRustTemplate.entry)
        """#

    static let readme = #"""
        # {{name}}

        An effect plugin for pipeline, in Rust. `src/lib.rs` declares the effect `{{name}}` with one
        parameter, `radius`, and blurs the layer by it; change `reach` and `apply` for your own
        filter. The `pipeline-animator` crate (`{{bindings}}`) mirrors `animator.h` and exports the
        entry, which requires the host's "effects" service.

        \#(ReadmeBuildSections.rust)

        \#(NewEffectUsage.readmeSection)

        """#
}
