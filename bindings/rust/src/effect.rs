//! Effects (ABI 1.2): implement [`Effect`] for a unit struct and name it in
//! [`animator_plugin!`](crate::animator_plugin)'s `effects: [...]`. The macro then lists the
//! "effects" service in the entry's requirements, registers each effect with `register_effect`,
//! and wraps `reach` and `apply` so a panic or an `Err` becomes the host's error message.

use crate::abi::*;
use crate::plugin::{
    concurrency, create_instance, destroy_trampoline, log, params_pointer, report, values, with_instance, Create,
};
use crate::{param, Params};
use core::ffi::{c_char, c_void, CStr};
use core::marker::PhantomData;
use core::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// How far an effect reaches, in image pixels (`anim_reach_t`; see [`Effect::reach`]).
pub type Reach = anim_reach_t;

impl Reach {
    /// The reach of an effect that spreads and reads `pixels` far on every side (a blur).
    pub const fn around(pixels: u32) -> Reach {
        Reach {
            left: pixels,
            top: pixels,
            right: pixels,
            bottom: pixels,
            read: pixels,
            reserved: 0,
        }
    }
}

/// What one call of an effect gets besides its images.
pub struct EffectArgs<'a> {
    /// The parameters' current values (animated ones too).
    pub params: Params<'a>,
    /// Seconds since the pipeline's start.
    pub time: f64,
    /// The canvas in canvas pixels.
    pub canvas: anim_size_t,
    /// Image pixels per layer unit: multiply every parameter in pixels by it.
    pub render_scale: f64,
    /// `ANIM_PIXELS_RGBA` or, for an effect with `ANIM_EFFECT_NATIVE_PIXELS`, `ANIM_PIXELS_NATIVE`.
    pub pixel_order: u32,
}

/// The layer's pixels an effect reads: premultiplied, 4 bytes a pixel, with the reach's margins
/// around them. Every row may be read, whatever rows the call writes.
pub struct Image<'a> {
    image: &'a anim_image_t,
}

impl<'a> Image<'a> {
    /// The image the host lends, read only, for the call.
    pub(crate) fn new(image: &'a anim_image_t) -> Self {
        Image { image }
    }

    /// The width in pixels.
    pub fn width(&self) -> u32 {
        self.image.width
    }

    /// The height in pixels.
    pub fn height(&self) -> u32 {
        self.image.height
    }

    /// Row `y`'s `4 * width` bytes. Panics when `y` is not below the height.
    pub fn row(&self, y: u32) -> &'a [u8] {
        assert!(
            y < self.image.height,
            "row {y} of an image {} rows high",
            self.image.height
        );
        // SAFETY: the host lends `height` rows of `stride >= 4 * width` bytes, read only, for the
        // duration of the call, and writes none of them while it lasts.
        unsafe {
            core::slice::from_raw_parts(
                self.image.pixels.add(y as usize * self.image.stride as usize),
                4 * self.image.width as usize,
            )
        }
    }
}

/// The rows of the output image one call of `apply` writes: `rows()`, each of which it must
/// write whole. Other calls may write the image's other rows at the same time, on other threads,
/// so only these rows are reachable.
pub struct RowsMut<'a> {
    image: *const anim_image_t,
    rows: Range<u32>,
    lifetime: PhantomData<&'a mut [u8]>,
}

impl RowsMut<'_> {
    /// Rows `rows` of the image the host lends to this call.
    pub(crate) fn new(image: *mut anim_image_t, rows: Range<u32>) -> Self {
        RowsMut {
            image,
            rows,
            lifetime: PhantomData,
        }
    }

    /// The width in pixels, the same as the input's.
    pub fn width(&self) -> u32 {
        // SAFETY: the host passes a valid image for the duration of the call.
        unsafe { (*self.image).width }
    }

    /// The rows to write, `row_begin..row_end`.
    pub fn rows(&self) -> Range<u32> {
        self.rows.clone()
    }

    /// Row `y`'s `4 * width` bytes, which hold anything before the call. Panics when `y` is not
    /// one of `rows()`.
    pub fn row_mut(&mut self, y: u32) -> &mut [u8] {
        assert!(
            self.rows.contains(&y),
            "row {y} is not among the rows {:?} of this call",
            self.rows
        );
        // SAFETY: the host lends rows [row_begin, row_end) of `out` to this call alone, for its
        // duration; `&mut self` keeps two rows from being borrowed at once.
        unsafe {
            let image = &*self.image;
            core::slice::from_raw_parts_mut(
                image.pixels.add(y as usize * image.stride as usize),
                4 * image.width as usize,
            )
        }
    }
}

/// An effect: given its parameters and one layer's rendered pixels, writes the filtered image.
///
/// Like an animator it has one instance per use in a pipeline file, made by [`Effect::create`]
/// (by default `Self::default()`), and keeps no state between calls: the host calls `reach` and
/// `apply` for any layer and frame, in any order, on several threads at once.
pub trait Effect: Default + Send + Sync + 'static {
    /// The name pipeline files use in a layer's `"filters"`: `[a-z][a-z0-9-]*`, unique.
    const NAME: &'static CStr;
    /// The effect's version.
    const VERSION: &'static CStr = c"1.0.0";
    /// One line saying what it does.
    const DOC: &'static CStr;
    /// Its parameters, in the order the host passes their values (see [`param`]).
    const PARAMS: &'static [param::Desc] = &[];
    /// `ANIM_EFFECT_NATIVE_PIXELS` (the compositor's own byte order, nothing converted: for an
    /// effect that treats the four channels alike) and `ANIM_EFFECT_WHOLE_IMAGE`.
    const FLAGS: u32 = 0;
    /// `ANIM_CONCURRENCY_SERIAL`: the host never runs two calls of one instance at once.
    const SERIAL: bool = false;

    /// Makes the instance for one use of the effect, on the main thread, before rendering;
    /// `args.target` is the layer it filters. An `Err` stops the render with its message.
    fn create(args: &Create) -> Result<Self, String> {
        let _ = args;
        Ok(Self::default())
    }

    /// How far the output extends beyond the input on each side, and how far away an output
    /// pixel reads, in image pixels (a parameter in pixels times `args.render_scale`): the host
    /// adds that many transparent pixels around the layer before `apply`. The default, nothing,
    /// suits an effect that changes each pixel on its own (a tint).
    fn reach(&self, args: &EffectArgs) -> Result<Reach, String> {
        let _ = args;
        Ok(Reach::default())
    }

    /// Writes every pixel of `out.rows()` from `input`, which has the same size and lies under
    /// `out` pixel for pixel. The bytes must not depend on how the host splits the rows.
    fn apply(&self, args: &EffectArgs, input: &Image, out: &mut RowsMut) -> Result<(), String>;
}

/// The descriptor of effect `E`, with `reach` and `apply` wrapped by trampolines that catch panics.
pub const fn effect_desc<E: Effect>() -> anim_effect_desc_t {
    anim_effect_desc_t {
        struct_size: core::mem::size_of::<anim_effect_desc_t>() as u32,
        concurrency: concurrency(E::SERIAL),
        name: E::NAME.as_ptr(),
        version: E::VERSION.as_ptr(),
        doc: E::DOC.as_ptr(),
        params: params_pointer(E::PARAMS),
        param_count: E::PARAMS.len() as u32,
        flags: E::FLAGS,
        create: Some(effect_create_trampoline::<E>),
        destroy: Some(destroy_trampoline::<E>),
        reach: Some(reach_trampoline::<E>),
        apply: Some(effect_apply_trampoline::<E>),
        user_data: core::ptr::null(),
    }
}

/// The safe view of the arguments the host passed.
///
/// # Safety
/// `args` is what the host passed to `reach` or `apply`, valid for the call.
unsafe fn effect_args<E: Effect>(args: &anim_effect_args_t) -> EffectArgs<'_> {
    EffectArgs {
        params: Params::new(E::PARAMS, unsafe { values(args.params, args.param_count) }),
        time: args.time,
        canvas: args.canvas,
        render_scale: args.render_scale,
        pixel_order: args.pixel_order,
    }
}

unsafe extern "C" fn effect_create_trampoline<E: Effect>(
    args: *const anim_create_args_t,
    error: *mut c_char,
    error_size: u32,
) -> *mut c_void {
    // SAFETY: the host passes valid arguments for the duration of the call.
    let make = || E::create(&unsafe { Create::from_host(&*args, E::PARAMS) });
    unsafe { create_instance(E::NAME, make, error, error_size) }
}

unsafe extern "C" fn reach_trampoline<E: Effect>(
    args: *const anim_effect_args_t,
    reach: *mut anim_reach_t,
    error: *mut c_char,
    error_size: u32,
) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the host passes valid arguments and a writable reach for the call.
        let args = unsafe { &*args };
        let effect_args = unsafe { effect_args::<E>(args) };
        let found = unsafe { with_instance(args.instance, |e: &E| e.reach(&effect_args)) }?;
        unsafe { *reach = found };
        Ok(())
    }));
    unsafe { report(E::NAME, outcome, error, error_size) }
}

unsafe extern "C" fn effect_apply_trampoline<E: Effect>(
    args: *const anim_effect_args_t,
    error: *mut c_char,
    error_size: u32,
) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the host passes valid arguments, an input image to read and the rows
        // [row_begin, row_end) of an output image to write, all for the duration of the call.
        let args = unsafe { &*args };
        let input = Image::new(unsafe { &*args.in_ });
        let mut out = RowsMut::new(args.out, args.row_begin..args.row_end);
        let effect_args = unsafe { effect_args::<E>(args) };
        unsafe { with_instance(args.instance, |e: &E| e.apply(&effect_args, &input, &mut out)) }
    }));
    unsafe { report(E::NAME, outcome, error, error_size) }
}

/// Registers every effect descriptor with the host's `register_effect`; part of the `init` that
/// [`animator_plugin!`](crate::animator_plugin) exports. A host without `register_effect` (older
/// than ABI 1.2) or refusing a descriptor is logged through its log service, and makes `init` fail.
///
/// # Safety
/// `host` is the pointer the host passed to `init`.
pub unsafe fn register_effects(host: *const anim_host_t, effects: &'static [anim_effect_desc_t]) -> bool {
    catch_unwind(|| {
        if effects.is_empty() {
            return true;
        }
        // A 1.1 host's struct ends before `register_effect`: read it only when it is there.
        if !unsafe { crate::anim_has_field!(host, anim_host_t, register_effect) } {
            unsafe {
                log(
                    host,
                    ANIM_LOG_ERROR,
                    "this host predates ABI 1.2 and cannot register effects",
                )
            };
            return false;
        }
        let Some(register) = (unsafe { core::ptr::addr_of!((*host).register_effect).read() }) else {
            return false;
        };
        let mut all = true;
        for desc in effects {
            if unsafe { register(host, desc) } {
                continue;
            }
            all = false;
            let name = unsafe { CStr::from_ptr(desc.name) }.to_string_lossy();
            unsafe { log(host, ANIM_LOG_ERROR, &format!("the host refused the effect `{name}`")) };
        }
        all
    })
    .unwrap_or(false)
}

/// The requirements of a plugin that registers effects: the "effects" service, version 1.
pub static EFFECT_REQUIREMENTS: [anim_requirement_t; 2] = [
    anim_requirement_t {
        id: ANIM_SERVICE_EFFECTS.as_ptr(),
        version: 1,
        reserved: 0,
    },
    anim_requirement_t {
        id: core::ptr::null(),
        version: 0,
        reserved: 0,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Adds `by` to every byte; reaches `by` pixels; refuses 0, panics on 7.
    #[derive(Default)]
    struct Brighten;

    impl Effect for Brighten {
        const NAME: &'static CStr = c"brighten";
        const DOC: &'static CStr = c"Adds `by` to every channel";
        const PARAMS: &'static [param::Desc] = &[param::number(c"by").range(0.0, 10.0)];
        const FLAGS: u32 = ANIM_EFFECT_NATIVE_PIXELS;
        fn reach(&self, args: &EffectArgs) -> Result<Reach, String> {
            Ok(Reach::around((args.params.number("by") * args.render_scale) as u32))
        }
        fn apply(&self, args: &EffectArgs, input: &Image, out: &mut RowsMut) -> Result<(), String> {
            let by = args.params.number("by");
            assert!(by != 7.0, "by is 7");
            if by == 0.0 {
                return Err("by is zero".to_string());
            }
            for y in out.rows() {
                for (o, i) in out.row_mut(y).iter_mut().zip(input.row(y)) {
                    *o = i.saturating_add(by as u8);
                }
            }
            Ok(())
        }
    }

    fn value(by: f64) -> anim_value_t {
        anim_value_t {
            type_: ANIM_PARAM_NUMBER,
            is_set: 1,
            v: [by, 0.0, 0.0, 0.0],
            i: 0,
            s: core::ptr::null(),
            layer: core::ptr::null(),
        }
    }

    fn args(
        value: &anim_value_t,
        input: *const anim_image_t,
        out: *mut anim_image_t,
        rows: Range<u32>,
    ) -> anim_effect_args_t {
        anim_effect_args_t {
            struct_size: core::mem::size_of::<anim_effect_args_t>() as u32,
            param_count: 1,
            params: value,
            instance: core::ptr::null_mut(),
            user_data: core::ptr::null(),
            time: 0.0,
            canvas: anim_size_t {
                width: 64.0,
                height: 64.0,
            },
            render_scale: 2.0,
            pixel_order: ANIM_PIXELS_NATIVE,
            row_begin: rows.start,
            row_end: rows.end,
            reserved: 0,
            in_: input,
            out,
        }
    }

    /// Applies `Brighten` to a 2×3 image of 10s, writing rows `rows` of a 2×3 image of 0s, with a
    /// stride of 12 bytes; returns what `apply` returned, the output bytes and the error text.
    fn call(by: f64, rows: Range<u32>) -> (bool, Vec<u8>, String) {
        let mut input_pixels = vec![10u8; 3 * 12];
        let mut out_pixels = vec![0u8; 3 * 12];
        let input = anim_image_t {
            struct_size: core::mem::size_of::<anim_image_t>() as u32,
            width: 2,
            height: 3,
            stride: 12,
            pixels: input_pixels.as_mut_ptr(),
        };
        let mut out = anim_image_t {
            pixels: out_pixels.as_mut_ptr(),
            ..input
        };
        let value = value(by);
        let args = args(&value, &input, &mut out, rows);
        let mut error = vec![0 as c_char; 512];
        let apply = effect_desc::<Brighten>().apply.unwrap();
        let ok = unsafe { apply(&args, error.as_mut_ptr(), 512) };
        let text = unsafe { CStr::from_ptr(error.as_ptr()) }.to_string_lossy().into_owned();
        (ok, out_pixels, text)
    }

    #[test]
    fn apply_writes_its_rows_and_no_others() {
        let (ok, out, error) = call(5.0, 1..2);
        assert!(ok, "{error}");
        let mut expected = vec![0u8; 36];
        expected[12..20].fill(15);
        assert_eq!(out, expected, "row 1's 8 bytes, not the stride's padding or other rows");
    }

    #[test]
    fn an_err_or_a_panic_becomes_the_error_message() {
        assert_eq!(call(0.0, 0..3).2, "by is zero");
        let (ok, _, error) = call(7.0, 0..3);
        assert!(!ok);
        assert_eq!(error, "brighten panicked: by is 7");
    }

    #[test]
    fn reach_scales_by_the_render_scale() {
        let value = value(3.0);
        let args = args(&value, core::ptr::null(), core::ptr::null_mut(), 0..0);
        let mut reach = Reach::default();
        let mut error = [0 as c_char; 64];
        let reach_fn = effect_desc::<Brighten>().reach.unwrap();
        assert!(unsafe { reach_fn(&args, &mut reach, error.as_mut_ptr(), 64) });
        assert_eq!(reach, Reach::around(6));
    }

    #[test]
    fn the_descriptor_carries_the_flags_and_parameters() {
        let desc = effect_desc::<Brighten>();
        assert_eq!(unsafe { CStr::from_ptr(desc.name) }, c"brighten");
        assert_eq!(desc.flags, ANIM_EFFECT_NATIVE_PIXELS);
        assert_eq!(desc.param_count, 1);
        assert_eq!(desc.struct_size as usize, core::mem::size_of::<anim_effect_desc_t>());
    }

    /// A host struct as a 1.1 host makes it: it ends before `register_effect`.
    #[test]
    fn a_host_older_than_1_2_is_told_apart() {
        let mut host: anim_host_t = unsafe { core::mem::zeroed() };
        host.struct_size = core::mem::offset_of!(anim_host_t, register_effect) as u32;
        assert!(!unsafe { crate::anim_has_field!(&host, anim_host_t, register_effect) });
        assert!(unsafe { crate::anim_has_field!(&host, anim_host_t, get_service) });
        static EFFECTS: [anim_effect_desc_t; 1] = [effect_desc::<Brighten>()];
        assert!(!unsafe { register_effects(&host, &EFFECTS) });
        host.struct_size = core::mem::size_of::<anim_host_t>() as u32;
        assert!(unsafe { crate::anim_has_field!(&host, anim_host_t, register_effect) });
    }
}
