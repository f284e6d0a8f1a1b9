//! Rust bindings for the pipeline animator ABI (`animator.h`, ABI 1.x).
//!
//! [`abi`] mirrors every type of the C header. The rest is a safe layer that can write whatever
//! the header can: implement [`Animator`], [`Mixer`], [`Effect`] (ABI 1.2) or [`Curve`] for a
//! unit struct and name it in [`animator_plugin!`], which exports the `anim_entry_v1` constant,
//! registers everything from `init`, and wraps each call so a panic or an `Err` becomes the
//! host's error message instead of unwinding into C. Parameters of every type the header has are
//! declared with [`param`] and read from [`Params`]; [`log`] and [`service`] reach the host from
//! any call.
//!
//! ```ignore
//! use pipeline_animator::{animator_plugin, param, Animator, Layer, Params, Step};
//!
//! #[derive(Default)]
//! struct Nudge;
//!
//! impl Animator for Nudge {
//!     const NAME: &'static core::ffi::CStr = c"nudge-rs";
//!     const DOC: &'static core::ffi::CStr = c"Moves the layer right by `distance` pixels";
//!     const PARAMS: &'static [param::Desc] =
//!         &[param::number(c"distance").doc(c"how far to move right").unit(c"px").range(-1000.0, 1000.0).default(10.0)];
//!     fn apply(&self, step: &Step, params: &Params, layer: &mut Layer) -> Result<(), String> {
//!         layer.translation.x += params.number("distance") * step.progress;
//!         Ok(())
//!     }
//! }
//!
//! animator_plugin! { id: "org.example.nudge-rs", version: "1.0.0", description: "Nudges layers",
//!                    animators: [Nudge] }
//! ```

pub mod abi;
mod curve;
mod effect;
mod host;
mod mixer;
mod params;
mod plugin;

pub mod param;
pub use curve::{curve_desc, Curve, MAX_CURVE_ARGS};
pub use effect::{effect_desc, register_effects, Effect, EffectArgs, Image, Reach, RowsMut, EFFECT_REQUIREMENTS};
pub use host::{deinit_plugin, get_extension, host, init_plugin, log, native_pixels, service};
pub use mixer::{mixer_desc, MixArgs, Mixer};
pub use params::Params;
pub use plugin::{
    about, animator_desc, entry, entry_requiring, register_animators, requirement, Animator, Create, Step,
    REQUIREMENTS_END,
};

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
