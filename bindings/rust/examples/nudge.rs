//! nudge-rs: moves the target layer right by `distance` × p pixels.

use core::ffi::CStr;
use pipeline_animator::{animator_plugin, param, Animator, Layer, Params, Step};

#[derive(Default)]
struct Nudge;

impl Animator for Nudge {
    const NAME: &'static CStr = c"nudge-rs";
    const DOC: &'static CStr = c"Moves the layer right by a distance";
    const PARAMS: &'static [param::Desc] = &[param::number(c"distance")
        .doc(c"how far to move right")
        .unit(c"px")
        .range(-1000.0, 1000.0)
        .default(10.0)];

    /// Pure: the host calls it for any frame, on any thread. The progress is 0 at the start, 1
    /// at the end.
    fn apply(&self, step: &Step, params: &Params, layer: &mut Layer) -> Result<(), String> {
        layer.translation.x += params.number("distance") * step.progress;
        Ok(())
    }
}

animator_plugin! {
    id: "org.example.nudge-rs",
    version: "1.0.0",
    description: "Nudges layers, in Rust",
    animators: [Nudge],
}
