//! shake-rs: shakes the target layer along an axis, `amplitude` pixels at `frequency` hertz,
//! dying away by `decay` per second. `examples/shake.c` is the same animator in C; the two draw
//! the same frames.

use core::f64::consts::PI;
use core::ffi::CStr;
use pipeline_animator::{animator_plugin, param, Animator, Layer, Params, Step};

#[derive(Default)]
struct Shake;

impl Animator for Shake {
    const NAME: &'static CStr = c"shake-rs";
    const DOC: &'static CStr = c"Shakes the layer along an axis, dying away";
    const PARAMS: &'static [param::Desc] = &[
        param::number(c"amplitude")
            .doc(c"how far the layer swings at first")
            .unit(c"px")
            .range(0.0, 1000.0)
            .default(10.0),
        param::number(c"frequency")
            .doc(c"swings per second")
            .unit(c"Hz")
            .range(0.0, 100.0)
            .default(8.0),
        param::number(c"decay")
            .doc(c"how fast the swing dies away, per second")
            .unit(c"1/s")
            .range(0.0, 100.0)
            .default(4.0),
        param::choice(c"axis", c"x|y|both")
            .doc(c"the direction of the swing")
            .default_string(c"x"),
    ];

    /// Pure: the host calls it for any frame, on any thread. The offset at t seconds into the
    /// step (progress × duration) is amplitude × e^(−decay × t) × sin(2π × frequency × t).
    fn apply(&self, step: &Step, params: &Params, layer: &mut Layer) -> Result<(), String> {
        let t = step.seconds();
        let envelope = params.number("amplitude") * (-params.number("decay") * t).exp();
        let offset = envelope * (2.0 * PI * params.number("frequency") * t).sin();
        match params.choice("axis") {
            "x" => layer.translation.x += offset,
            "y" => layer.translation.y += offset,
            _ => {
                layer.translation.x += offset;
                layer.translation.y += offset;
            }
        }
        Ok(())
    }
}

animator_plugin! {
    id: "org.example.shake-rs",
    version: "1.0.0",
    description: "Shakes layers, in Rust",
    animators: [Shake],
}
