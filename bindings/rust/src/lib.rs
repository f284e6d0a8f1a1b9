//! Rust bindings for the pipeline animator ABI (`animator.h`, ABI 1.x).
//!
//! [`abi`] mirrors every type of the C header. The rest is a small safe layer: implement
//! [`Animator`] (or [`Effect`], ABI 1.2) for a unit struct and name it in [`animator_plugin!`],
//! which exports the `anim_entry_v1` constant, registers the animators and effects from `init`,
//! and wraps each `apply` (and `reach`) so a panic or an `Err` becomes the host's error message
//! instead of unwinding into C.
//!
//! ```ignore
//! use pipeline_animator::{animator_plugin, param, Animator, Layer, Params};
//!
//! #[derive(Default)]
//! struct Nudge;
//!
//! impl Animator for Nudge {
//!     const NAME: &'static core::ffi::CStr = c"nudge-rs";
//!     const DOC: &'static core::ffi::CStr = c"Moves the layer right by `distance` pixels";
//!     const PARAMS: &'static [param::Desc] =
//!         &[param::number(c"distance").doc(c"how far to move right").unit(c"px").range(-1000.0, 1000.0).default(10.0)];
//!     fn apply(&self, p: f64, params: &Params, layer: &mut Layer) -> Result<(), String> {
//!         layer.translation.x += params.number("distance") * p;
//!         Ok(())
//!     }
//! }
//!
//! animator_plugin! { id: "org.example.nudge-rs", version: "1.0.0", description: "Nudges layers",
//!                    animators: [Nudge] }
//! ```

pub mod abi;
mod effect;
mod params;
mod plugin;

pub mod param;
pub use effect::{effect_desc, register_effects, Effect, EffectArgs, Image, Reach, RowsMut, EFFECT_REQUIREMENTS};
pub use params::Params;
pub use plugin::{animator_desc, entry, entry_requiring, register_animators, Animator};

/// The state of the target layer an animator reads and writes (`anim_layer_t`).
pub type Layer = abi::anim_layer_t;

impl Layer {
    /// The layer's name in the pipeline file, or `None` if the host gave none or it is not UTF-8.
    pub fn name(&self) -> Option<&str> {
        if self.name.is_null() {
            return None;
        }
        // SAFETY: the host passes a NUL-terminated string valid for the duration of the call.
        unsafe { core::ffi::CStr::from_ptr(self.name) }.to_str().ok()
    }
}
