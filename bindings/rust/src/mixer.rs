//! Mixers: implement [`Mixer`] for a unit struct and name it in
//! [`animator_plugin!`](crate::animator_plugin)'s `mixers: [...]`. The macro registers each with
//! `register_mixer` and wraps `create`, `destroy` and `mix` so a panic or an `Err` becomes the
//! host's error message.

use crate::abi::*;
use crate::plugin::{
    concurrency, create_instance, destroy_trampoline, params_pointer, report, values, with_instance, Create, Step,
};
use crate::{param, Image, Params, RowsMut};
use core::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What one call of a mixer gets besides its images (`anim_mix_args_t`).
pub struct MixArgs<'a> {
    /// The parameters' current values.
    pub params: Params<'a>,
    /// The step's progress, the time, the step's duration and the canvas, as an animator gets them.
    pub step: Step,
    /// Image pixels per canvas pixel: multiply a parameter in canvas pixels (a soft edge's width)
    /// by it. 1 from a host older than ABI 1.1.
    pub render_scale: f64,
    /// `ANIM_PIXELS_RGBA` or, for a mixer with `ANIM_MIXER_NATIVE_PIXELS` on a host offering
    /// "native-pixels", `ANIM_PIXELS_NATIVE` (then [`crate::native_pixels`] gives the byte order).
    pub pixel_order: u32,
}

/// A mixer: given the step's progress and two rendered images, `from` and `to`, writes the
/// output's rows.
///
/// The host creates one instance per timeline step with [`Mixer::create`] (by default
/// `Self::default()`) and calls `mix` on it for any frame and row range, on several threads at
/// once: it keeps no state from one call to the next.
pub trait Mixer: Default + Send + Sync + 'static {
    /// The name pipeline files use: `[a-z][a-z0-9-]*`, unique among the loaded plugins.
    const NAME: &'static CStr;
    /// The mixer's version.
    const VERSION: &'static CStr = c"1.0.0";
    /// One line saying what it does.
    const DOC: &'static CStr;
    /// Its parameters, in the order the host passes their values (see [`param`]).
    const PARAMS: &'static [param::Desc] = &[];
    /// `ANIM_MIXER_NATIVE_PIXELS`: the compositor's own byte order, nothing converted (for a
    /// mixer that treats the four channels alike, or reads the order from `native_pixels()`).
    const FLAGS: u32 = 0;
    /// `ANIM_CONCURRENCY_SERIAL`: the host never runs two calls of one instance at once.
    const SERIAL: bool = false;

    /// Makes the step's instance, on the main thread, before rendering (`args.target` is `None`).
    /// An `Err` stops the render with its message.
    fn create(args: &Create) -> Result<Self, String> {
        let _ = args;
        Ok(Self::default())
    }

    /// Writes every pixel of `out.rows()` from `from` and `to` (same size as `out`, every row
    /// readable). The bytes must not depend on how the host splits the rows.
    fn mix(&self, args: &MixArgs, from: &Image, to: &Image, out: &mut RowsMut) -> Result<(), String>;
}

/// The descriptor of mixer `M`, with `create`, `destroy` and `mix` wrapped by trampolines that
/// catch panics.
pub const fn mixer_desc<M: Mixer>() -> anim_mixer_desc_t {
    anim_mixer_desc_t {
        struct_size: core::mem::size_of::<anim_mixer_desc_t>() as u32,
        concurrency: concurrency(M::SERIAL),
        name: M::NAME.as_ptr(),
        version: M::VERSION.as_ptr(),
        doc: M::DOC.as_ptr(),
        params: params_pointer(M::PARAMS),
        param_count: M::PARAMS.len() as u32,
        reserved: 0,
        create: Some(mixer_create_trampoline::<M>),
        destroy: Some(destroy_trampoline::<M>),
        mix: Some(mix_trampoline::<M>),
        flags: M::FLAGS,
        reserved2: 0,
        user_data: core::ptr::null(),
    }
}

unsafe extern "C" fn mixer_create_trampoline<M: Mixer>(
    args: *const anim_create_args_t,
    error: *mut c_char,
    error_size: u32,
) -> *mut c_void {
    // SAFETY: the host passes valid arguments for the duration of the call.
    let make = || M::create(&unsafe { Create::from_host(&*args, M::PARAMS) });
    unsafe { create_instance(M::NAME, make, error, error_size) }
}

unsafe extern "C" fn mix_trampoline<M: Mixer>(
    args: *const anim_mix_args_t,
    error: *mut c_char,
    error_size: u32,
) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the host passes valid arguments, two images to read and the rows
        // [row_begin, row_end) of an output image to write, all for the duration of the call.
        let args = unsafe { &*args };
        let from = Image::new(unsafe { &*args.from });
        let to = Image::new(unsafe { &*args.to });
        let mut out = RowsMut::new(args.out, args.row_begin..args.row_end);
        // The fields of ABI 1.1 are read only when the host's struct holds them.
        let has_1_1 = unsafe { crate::anim_has_field!(args, anim_mix_args_t, pixel_order) };
        let mix_args = MixArgs {
            params: Params::new(M::PARAMS, unsafe { values(args.params, args.param_count) }),
            step: Step {
                progress: args.progress,
                time: args.time,
                duration: args.duration,
                canvas: if has_1_1 {
                    args.canvas
                } else {
                    anim_size_t {
                        width: from.width() as f64,
                        height: from.height() as f64,
                    }
                },
            },
            render_scale: if has_1_1 { args.render_scale } else { 1.0 },
            pixel_order: if has_1_1 { args.pixel_order } else { ANIM_PIXELS_RGBA },
        };
        unsafe { with_instance(args.instance, |m: &M| m.mix(&mix_args, &from, &to, &mut out)) }
    }));
    unsafe { report(M::NAME, outcome, error, error_size) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `from` below `at` × height and `to` from there on, at the step's progress.
    #[derive(Default)]
    struct Wipe;

    impl Mixer for Wipe {
        const NAME: &'static CStr = c"wipe";
        const DOC: &'static CStr = c"Wipes down";
        fn mix(&self, args: &MixArgs, from: &Image, to: &Image, out: &mut RowsMut) -> Result<(), String> {
            let edge = (args.step.progress * from.height() as f64) as u32;
            for y in out.rows() {
                let source = if y < edge { to.row(y) } else { from.row(y) };
                out.row_mut(y).copy_from_slice(source);
            }
            Ok(())
        }
    }

    #[test]
    fn mix_writes_its_rows_from_both_images() {
        let (mut a, mut b, mut c) = (vec![1u8; 16], vec![2u8; 16], vec![0u8; 16]);
        let image = |pixels: &mut Vec<u8>| anim_image_t {
            struct_size: core::mem::size_of::<anim_image_t>() as u32,
            width: 1,
            height: 4,
            stride: 4,
            pixels: pixels.as_mut_ptr(),
        };
        let (from, to, mut out) = (image(&mut a), image(&mut b), image(&mut c));
        let args = anim_mix_args_t {
            struct_size: core::mem::size_of::<anim_mix_args_t>() as u32,
            param_count: 0,
            progress: 0.5,
            time: 1.0,
            duration: 2.0,
            params: core::ptr::null(),
            instance: core::ptr::null_mut(),
            from: &from,
            to: &to,
            out: &mut out,
            row_begin: 1,
            row_end: 3,
            canvas: anim_size_t {
                width: 1.0,
                height: 4.0,
            },
            render_scale: 1.0,
            pixel_order: ANIM_PIXELS_RGBA,
            reserved: 0,
        };
        let desc = mixer_desc::<Wipe>();
        let mut error = [0 as c_char; 64];
        assert!(unsafe { desc.mix.unwrap()(&args, error.as_mut_ptr(), 64) });
        assert_eq!(c, [0, 0, 0, 0, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0]);
        assert_eq!(desc.concurrency, ANIM_CONCURRENCY_REENTRANT);
        assert!(desc.create.is_some() && desc.destroy.is_some());
    }
}
