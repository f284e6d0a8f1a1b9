//! Parameter descriptors, built in `const` context so they can live in an animator's
//! `PARAMS` constant (static storage, as the header requires of what a plugin registers).

use crate::abi::*;
use core::ffi::CStr;
use core::ptr::null;

/// One parameter descriptor (`anim_param_desc_t`).
pub type Desc = anim_param_desc_t;

const fn desc(type_: u32, id: &'static CStr, doc: &'static CStr, unit: &'static CStr) -> Desc {
    Desc {
        struct_size: core::mem::size_of::<Desc>() as u32,
        type_,
        flags: 0,
        reserved: 0,
        id: id.as_ptr(),
        doc: doc.as_ptr(),
        unit: unit.as_ptr(),
        min: 0.0,
        max: 0.0,
        default_value: [0.0; 4],
        default_string: null(),
        choices: null(),
    }
}

/// A number in `[min, max]` (`ANIM_PARAM_NUMBER`); read it with [`crate::Params::number`].
pub const fn number(id: &'static CStr, doc: &'static CStr, unit: &'static CStr, min: f64, max: f64, default: f64) -> Desc {
    Desc { min, max, default_value: [default, 0.0, 0.0, 0.0], ..desc(ANIM_PARAM_NUMBER, id, doc, unit) }
}

/// An integer in `[min, max]` (`ANIM_PARAM_INTEGER`); read it with [`crate::Params::integer`].
pub const fn integer(id: &'static CStr, doc: &'static CStr, unit: &'static CStr, min: i64, max: i64, default: i64) -> Desc {
    let d = desc(ANIM_PARAM_INTEGER, id, doc, unit);
    Desc { min: min as f64, max: max as f64, default_value: [default as f64, 0.0, 0.0, 0.0], ..d }
}

/// A boolean (`ANIM_PARAM_BOOL`); read it with [`crate::Params::boolean`].
pub const fn boolean(id: &'static CStr, doc: &'static CStr, default: bool) -> Desc {
    let d = desc(ANIM_PARAM_BOOL, id, doc, c"");
    Desc { default_value: [if default { 1.0 } else { 0.0 }, 0.0, 0.0, 0.0], ..d }
}

/// A point `[x, y]` with both components in `[min, max]` (`ANIM_PARAM_POINT`); read it with
/// [`crate::Params::point`].
pub const fn point(id: &'static CStr, doc: &'static CStr, unit: &'static CStr, min: f64, max: f64, default: [f64; 2]) -> Desc {
    Desc { min, max, default_value: [default[0], default[1], 0.0, 0.0], ..desc(ANIM_PARAM_POINT, id, doc, unit) }
}

/// The same descriptor, marked `ANIM_PARAM_REQUIRED`: the pipeline must give the value.
pub const fn required(d: Desc) -> Desc {
    Desc { flags: d.flags | ANIM_PARAM_REQUIRED, ..d }
}
