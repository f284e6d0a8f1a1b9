//! The `#[repr(C)]` mirror of `Sources/CAnimatorABI/include/animator.h` (with `animator_images.h`,
//! which it includes), written by hand from the header and checked field by field against it by
//! `tests/layout.rs`. The header's comments are the reference for what each field means; they are
//! not repeated here.

#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_void};

/// The ABI major this mirror was written from (`ANIM_ABI_MAJOR`).
pub const ANIM_ABI_MAJOR: u32 = 1;
/// The ABI minor this mirror was written from (`ANIM_ABI_MINOR`).
pub const ANIM_ABI_MINOR: u32 = 2;
/// The name of the exported entry (`ANIM_ENTRY_SYMBOL`).
pub const ANIM_ENTRY_SYMBOL: &str = "anim_entry_v1";

/// `ANIM_MASK_SHAPE_RECT`: the shape is its rect.
pub const ANIM_MASK_SHAPE_RECT: u32 = 1;
/// `ANIM_MASK_SHAPE_ROUNDED_RECT`: the rect with `corner_radius`.
pub const ANIM_MASK_SHAPE_ROUNDED_RECT: u32 = 2;
/// `ANIM_MASK_SHAPE_CIRCLE`: a circle centred in the rect.
pub const ANIM_MASK_SHAPE_CIRCLE: u32 = 3;
/// `ANIM_MASK_SHAPE_ELLIPSE`: the ellipse inscribed in the rect.
pub const ANIM_MASK_SHAPE_ELLIPSE: u32 = 4;
/// `ANIM_FILL_NONZERO`.
pub const ANIM_FILL_NONZERO: u32 = 0;
/// `ANIM_FILL_EVEN_ODD`.
pub const ANIM_FILL_EVEN_ODD: u32 = 1;
/// `ANIM_MASK_MAX_SHAPES`: the length of `anim_mask_t::shapes`.
pub const ANIM_MASK_MAX_SHAPES: u32 = 4;

/// `ANIM_PARAM_NUMBER`: value in `v[0]`.
pub const ANIM_PARAM_NUMBER: u32 = 1;
/// `ANIM_PARAM_INTEGER`: value in `i` (and `v[0]`).
pub const ANIM_PARAM_INTEGER: u32 = 2;
/// `ANIM_PARAM_BOOL`: value in `i` as 0 or 1 (and `v[0]`).
pub const ANIM_PARAM_BOOL: u32 = 3;
/// `ANIM_PARAM_COLOR`: r, g, b, a in `v`.
pub const ANIM_PARAM_COLOR: u32 = 4;
/// `ANIM_PARAM_POINT`: x, y in `v[0]`, `v[1]`.
pub const ANIM_PARAM_POINT: u32 = 5;
/// `ANIM_PARAM_SIZE`: width, height in `v[0]`, `v[1]`.
pub const ANIM_PARAM_SIZE: u32 = 6;
/// `ANIM_PARAM_RECT`: x, y, width, height in `v`.
pub const ANIM_PARAM_RECT: u32 = 7;
/// `ANIM_PARAM_STRING`: text in `s`.
pub const ANIM_PARAM_STRING: u32 = 8;
/// `ANIM_PARAM_ENUM`: the choice in `s`, its index in `i`.
pub const ANIM_PARAM_ENUM: u32 = 9;
/// `ANIM_PARAM_LAYER`: the layer's name in `s`, its state in `layer`.
pub const ANIM_PARAM_LAYER: u32 = 10;
/// `ANIM_PARAM_REQUIRED`: the pipeline must give the parameter.
pub const ANIM_PARAM_REQUIRED: u32 = 1;
/// `ANIM_PARAM_ACCEPTS_LAYER`: a POINT or RECT that may be given as a layer's name.
pub const ANIM_PARAM_ACCEPTS_LAYER: u32 = 2;

/// `ANIM_CONCURRENCY_REENTRANT`: apply/mix are callable from many threads at once.
pub const ANIM_CONCURRENCY_REENTRANT: u32 = 0;
/// `ANIM_CONCURRENCY_SERIAL`: the host never runs two calls of one instance at once.
pub const ANIM_CONCURRENCY_SERIAL: u32 = 1;

/// `ANIM_SERVICE_LOG`, the id of the log service.
pub const ANIM_SERVICE_LOG: &core::ffi::CStr = c"log";
/// `ANIM_LOG_DEBUG`.
pub const ANIM_LOG_DEBUG: u32 = 0;
/// `ANIM_LOG_INFO`.
pub const ANIM_LOG_INFO: u32 = 1;
/// `ANIM_LOG_WARNING`.
pub const ANIM_LOG_WARNING: u32 = 2;
/// `ANIM_LOG_ERROR`.
pub const ANIM_LOG_ERROR: u32 = 3;
/// `ANIM_SERVICE_NATIVE_PIXELS`: the layout of the compositor's own pixels (ABI 1.1).
pub const ANIM_SERVICE_NATIVE_PIXELS: &core::ffi::CStr = c"native-pixels";
/// `ANIM_EXTENSION_ABOUT`: the plugin's author, homepage and licence (ABI 1.1).
pub const ANIM_EXTENSION_ABOUT: &core::ffi::CStr = c"about";
/// `ANIM_PIXELS_RGBA`: a mixer's images are RGBA bytes.
pub const ANIM_PIXELS_RGBA: u32 = 0;
/// `ANIM_PIXELS_NATIVE`: a mixer's images are in the compositor's own byte order.
pub const ANIM_PIXELS_NATIVE: u32 = 1;
/// `ANIM_MIXER_NATIVE_PIXELS`: the mixer takes the compositor's own pixels.
pub const ANIM_MIXER_NATIVE_PIXELS: u32 = 1;
/// `ANIM_MIXER_KEEPS_OPAQUE`: two opaque images give the mixer an opaque output (a promise the
/// host relies on; `pipeline check-plugin` tests it).
pub const ANIM_MIXER_KEEPS_OPAQUE: u32 = 2;
/// `ANIM_SERVICE_EFFECTS`: the host registers and applies effects (ABI 1.2).
pub const ANIM_SERVICE_EFFECTS: &core::ffi::CStr = c"effects";
/// `ANIM_REACH_MAX`: the largest margin or read distance an effect may report.
pub const ANIM_REACH_MAX: u32 = 4096;
/// `ANIM_EFFECT_NATIVE_PIXELS`: the effect takes the compositor's own pixels.
pub const ANIM_EFFECT_NATIVE_PIXELS: u32 = 1;
/// `ANIM_EFFECT_WHOLE_IMAGE`: the host calls `apply` once per image, with every row.
pub const ANIM_EFFECT_WHOLE_IMAGE: u32 = 2;
/// `ANIM_EFFECT_USES_TIME`: the output depends on `time`; the host draws the layer anew every frame.
pub const ANIM_EFFECT_USES_TIME: u32 = 4;
/// `ANIM_EFFECT_TRANSPARENT_EDGES`: pixels outside `in` are transparent to the effect; the host
/// may cut its picture to what can show.
pub const ANIM_EFFECT_TRANSPARENT_EDGES: u32 = 8;
/// `ANIM_EFFECT_EDGES_PARAM`: the id of an effect's edge mode, an enum parameter of exactly the
/// choices "extend" and "transparent"; the host picks its default by what the layer shows.
pub const ANIM_EFFECT_EDGES_PARAM: &core::ffi::CStr = c"edges";
/// `ANIM_ANIMATOR_BRINGS_IN`: the animator brings its target in; a step running it without a
/// `fillMode` holds its start state before it starts (ABI 1.2).
pub const ANIM_ANIMATOR_BRINGS_IN: u32 = 1;

/// `anim_point_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct anim_point_t {
    pub x: f64,
    pub y: f64,
}

/// `anim_size_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct anim_size_t {
    pub width: f64,
    pub height: f64,
}

/// `anim_rect_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct anim_rect_t {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// `anim_color_t`: sRGB in [0, 1], straight alpha.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct anim_color_t {
    pub r: f64,
    pub g: f64,
    pub b: f64,
    pub a: f64,
}

/// `anim_mask_shape_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct anim_mask_shape_t {
    pub kind: u32,
    pub reserved: u32,
    pub rect: anim_rect_t,
    pub corner_radius: f64,
}

/// `anim_mask_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct anim_mask_t {
    pub shape_count: u32,
    pub fill_rule: u32,
    pub inverted: u32,
    pub reserved: u32,
    pub shapes: [anim_mask_shape_t; ANIM_MASK_MAX_SHAPES as usize],
}

/// `anim_shadow_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct anim_shadow_t {
    pub color: anim_color_t,
    pub opacity: f64,
    pub radius: f64,
    pub offset: anim_point_t,
}

/// `anim_layer_t`: one layer's state at one instant.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_layer_t {
    pub struct_size: u32,
    pub hidden: u32,
    pub name: *const c_char,
    pub frame: anim_rect_t,
    pub anchor: anim_point_t,
    pub scale: anim_point_t,
    pub rotation: f64,
    pub translation: anim_point_t,
    pub opacity: f64,
    pub corner_radius: f64,
    pub shadow: anim_shadow_t,
    pub mask: anim_mask_t,
}

/// `anim_param_desc_t`: describes one parameter.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_param_desc_t {
    pub struct_size: u32,
    pub type_: u32,
    pub flags: u32,
    pub reserved: u32,
    pub id: *const c_char,
    pub doc: *const c_char,
    pub unit: *const c_char,
    pub min: f64,
    pub max: f64,
    pub default_value: [f64; 4],
    pub default_string: *const c_char,
    pub choices: *const c_char,
}

/// `anim_value_t`: one parameter value, valid for the call only.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_value_t {
    pub type_: u32,
    pub is_set: u32,
    pub v: [f64; 4],
    pub i: i64,
    pub s: *const c_char,
    pub layer: *const anim_layer_t,
}

/// `anim_create_args_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_create_args_t {
    pub struct_size: u32,
    pub param_count: u32,
    pub canvas: anim_size_t,
    pub params: *const anim_value_t,
    pub target: *const anim_layer_t,
    pub duration: f64,
    pub render_scale: f64,
    pub user_data: *const c_void,
}

/// `anim_apply_args_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_apply_args_t {
    pub struct_size: u32,
    pub param_count: u32,
    pub progress: f64,
    pub time: f64,
    pub duration: f64,
    pub canvas: anim_size_t,
    pub params: *const anim_value_t,
    pub instance: *mut c_void,
}

/// `create` of an animator or mixer.
pub type anim_create_fn =
    Option<unsafe extern "C" fn(args: *const anim_create_args_t, error: *mut c_char, error_size: u32) -> *mut c_void>;
/// `destroy` of an animator or mixer.
pub type anim_destroy_fn = Option<unsafe extern "C" fn(instance: *mut c_void)>;
/// `apply` of an animator.
pub type anim_apply_fn = Option<
    unsafe extern "C" fn(
        args: *const anim_apply_args_t,
        target: *mut anim_layer_t,
        error: *mut c_char,
        error_size: u32,
    ) -> bool,
>;

/// `anim_animator_desc_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_animator_desc_t {
    pub struct_size: u32,
    pub concurrency: u32,
    pub name: *const c_char,
    pub version: *const c_char,
    pub doc: *const c_char,
    pub params: *const anim_param_desc_t,
    pub param_count: u32,
    pub reserved: u32,
    pub create: anim_create_fn,
    pub destroy: anim_destroy_fn,
    pub apply: anim_apply_fn,
    pub flags: u32,
    pub reserved2: u32,
}

/// `anim_image_t`: premultiplied RGBA8, host-owned.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_image_t {
    pub struct_size: u32,
    pub width: u32,
    pub height: u32,
    pub stride: u32,
    pub pixels: *mut u8,
}

/// `anim_mix_args_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_mix_args_t {
    pub struct_size: u32,
    pub param_count: u32,
    pub progress: f64,
    pub time: f64,
    pub duration: f64,
    pub params: *const anim_value_t,
    pub instance: *mut c_void,
    pub from: *const anim_image_t,
    pub to: *const anim_image_t,
    pub out: *mut anim_image_t,
    pub row_begin: u32,
    pub row_end: u32,
    pub canvas: anim_size_t,
    pub render_scale: f64,
    pub pixel_order: u32,
    pub reserved: u32,
}

/// `mix` of a mixer.
pub type anim_mix_fn =
    Option<unsafe extern "C" fn(args: *const anim_mix_args_t, error: *mut c_char, error_size: u32) -> bool>;

/// `anim_mixer_desc_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_mixer_desc_t {
    pub struct_size: u32,
    pub concurrency: u32,
    pub name: *const c_char,
    pub version: *const c_char,
    pub doc: *const c_char,
    pub params: *const anim_param_desc_t,
    pub param_count: u32,
    pub reserved: u32,
    pub create: anim_create_fn,
    pub destroy: anim_destroy_fn,
    pub mix: anim_mix_fn,
    pub flags: u32,
    pub reserved2: u32,
    pub user_data: *const c_void,
}

/// `anim_reach_t`: how far an effect's output extends beyond its input, and how far it reads.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct anim_reach_t {
    pub left: u32,
    pub top: u32,
    pub right: u32,
    pub bottom: u32,
    pub read: u32,
    pub reserved: u32,
}

/// `anim_effect_args_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_effect_args_t {
    pub struct_size: u32,
    pub param_count: u32,
    pub params: *const anim_value_t,
    pub instance: *mut c_void,
    pub user_data: *const c_void,
    pub time: f64,
    pub canvas: anim_size_t,
    pub render_scale: f64,
    pub pixel_order: u32,
    pub row_begin: u32,
    pub row_end: u32,
    pub reserved: u32,
    pub in_: *const anim_image_t,
    pub out: *mut anim_image_t,
}

/// `reach` of an effect.
pub type anim_reach_fn = Option<
    unsafe extern "C" fn(
        args: *const anim_effect_args_t,
        reach: *mut anim_reach_t,
        error: *mut c_char,
        error_size: u32,
    ) -> bool,
>;
/// `apply` of an effect.
pub type anim_effect_apply_fn =
    Option<unsafe extern "C" fn(args: *const anim_effect_args_t, error: *mut c_char, error_size: u32) -> bool>;

/// `anim_effect_desc_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_effect_desc_t {
    pub struct_size: u32,
    pub concurrency: u32,
    pub name: *const c_char,
    pub version: *const c_char,
    pub doc: *const c_char,
    pub params: *const anim_param_desc_t,
    pub param_count: u32,
    pub flags: u32,
    pub create: anim_create_fn,
    pub destroy: anim_destroy_fn,
    pub reach: anim_reach_fn,
    pub apply: anim_effect_apply_fn,
    pub user_data: *const c_void,
}

/// `anim_function_t`: any C function pointer; a curve's signature string says how to call it.
pub type anim_function_t = Option<unsafe extern "C" fn()>;

/// `anim_curve_desc_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_curve_desc_t {
    pub struct_size: u32,
    pub reserved: u32,
    pub name: *const c_char,
    pub doc: *const c_char,
    pub signature: *const c_char,
    pub arg_names: *const c_char,
    pub arg_defaults: *const f64,
    pub function: anim_function_t,
}

/// `register_animator` of the host.
pub type anim_register_animator_fn =
    Option<unsafe extern "C" fn(host: *const anim_host_t, desc: *const anim_animator_desc_t) -> bool>;
/// `register_mixer` of the host.
pub type anim_register_mixer_fn =
    Option<unsafe extern "C" fn(host: *const anim_host_t, desc: *const anim_mixer_desc_t) -> bool>;
/// `register_curve` of the host.
pub type anim_register_curve_fn =
    Option<unsafe extern "C" fn(host: *const anim_host_t, desc: *const anim_curve_desc_t) -> bool>;
/// `register_effect` of the host (ABI 1.2).
pub type anim_register_effect_fn =
    Option<unsafe extern "C" fn(host: *const anim_host_t, desc: *const anim_effect_desc_t) -> bool>;
/// `get_service` of the host.
pub type anim_get_service_fn =
    Option<unsafe extern "C" fn(host: *const anim_host_t, id: *const c_char, version: u32) -> *const c_void>;

/// `anim_host_t`: what the host hands `init`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_host_t {
    pub struct_size: u32,
    pub abi_major: u32,
    pub abi_minor: u32,
    pub reserved: u32,
    pub host_name: *const c_char,
    pub host_version: *const c_char,
    pub host_data: *mut c_void,
    pub register_animator: anim_register_animator_fn,
    pub register_mixer: anim_register_mixer_fn,
    pub register_curve: anim_register_curve_fn,
    pub get_service: anim_get_service_fn,
    pub register_effect: anim_register_effect_fn,
}

/// `log` of the log service.
pub type anim_log_fn = Option<unsafe extern "C" fn(host: *const anim_host_t, level: u32, message: *const c_char)>;

/// `anim_log_service_v1_t`, service `"log"` version 1.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_log_service_v1_t {
    pub struct_size: u32,
    pub reserved: u32,
    pub log: anim_log_fn,
}

/// `anim_native_pixels_v1_t`, service `"native-pixels"` version 1: byte offsets of each channel.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_native_pixels_v1_t {
    pub struct_size: u32,
    pub red: u32,
    pub green: u32,
    pub blue: u32,
    pub alpha: u32,
    pub reserved: u32,
}

/// `anim_effects_v1_t`, service `"effects"` version 1 (ABI 1.2).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_effects_v1_t {
    pub struct_size: u32,
    pub max_reach: u32,
}

/// `anim_about_v1_t`, extension `"about"` version 1.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_about_v1_t {
    pub struct_size: u32,
    pub reserved: u32,
    pub author: *const c_char,
    pub homepage: *const c_char,
    pub license: *const c_char,
}

/// `anim_requirement_t`: a host service the plugin cannot do without.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_requirement_t {
    pub id: *const c_char,
    pub version: u32,
    pub reserved: u32,
}

/// `get_extension` of the entry.
pub type anim_get_extension_fn = Option<unsafe extern "C" fn(id: *const c_char, version: u32) -> *const c_void>;

/// `anim_entry_t`: the one exported constant, `anim_entry_v1`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct anim_entry_t {
    pub abi_major: u32,
    pub abi_minor: u32,
    pub struct_size: u32,
    pub reserved: u32,
    pub plugin_id: *const c_char,
    pub plugin_version: *const c_char,
    pub description: *const c_char,
    pub init: Option<unsafe extern "C" fn(host: *const anim_host_t) -> bool>,
    pub deinit: Option<unsafe extern "C" fn()>,
    pub requirements: *const anim_requirement_t,
    pub get_extension: anim_get_extension_fn,
}

// The entry and the descriptors are placed in statics; their pointers only ever point at
// static, immutable data, which is what makes sharing them between threads sound.
unsafe impl Sync for anim_entry_t {}
unsafe impl Sync for anim_animator_desc_t {}
unsafe impl Sync for anim_param_desc_t {}
unsafe impl Sync for anim_effect_desc_t {}
unsafe impl Sync for anim_requirement_t {}
unsafe impl Sync for anim_mixer_desc_t {}
unsafe impl Sync for anim_curve_desc_t {}
unsafe impl Sync for anim_about_v1_t {}

/// Whether `pointer`'s struct, whose first field is `struct_size`, reaches past the byte `end`:
/// the body of [`anim_has_field!`](crate::anim_has_field).
///
/// # Safety
/// `pointer` points at a readable struct that starts with its `struct_size` (every growable struct
/// but `anim_entry_t`).
pub unsafe fn struct_reaches<T>(pointer: *const T, end: usize) -> bool {
    (unsafe { pointer.cast::<u32>().read() }) as usize >= end
}

/// The size of the field `field` picks, for [`anim_has_field!`](crate::anim_has_field).
pub const fn field_size<S, F>(_field: fn(&S) -> &F) -> usize {
    core::mem::size_of::<F>()
}

/// `ANIM_HAS_FIELD`: whether the struct `pointer` points at, of type `type` and starting with
/// `struct_size`, holds `field` (its writer's struct reaches past it). Reads only `struct_size`,
/// so it is sound on a struct an older host made smaller; it is `unsafe` as it reads through a
/// raw pointer: `unsafe { anim_has_field!(host, anim_host_t, register_effect) }`.
#[macro_export]
macro_rules! anim_has_field {
    ($pointer:expr, $type:ty, $field:ident) => {
        $crate::abi::struct_reaches::<$type>(
            $pointer,
            core::mem::offset_of!($type, $field) + $crate::abi::field_size(|s: &$type| &s.$field),
        )
    };
}
