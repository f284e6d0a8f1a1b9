//! Parameter descriptors, built in `const` context so they can live in an animator's `PARAMS`
//! constant (static storage, as the header requires of what a plugin registers):
//!
//! ```ignore
//! param::number(c"distance").doc(c"how far to move right").unit(c"px").range(-1000.0, 1000.0).default(10.0)
//! ```

use crate::abi::*;
use core::ffi::CStr;
use core::ptr::null;

/// One parameter descriptor (`anim_param_desc_t`).
pub type Desc = anim_param_desc_t;

const fn desc(type_: u32, id: &'static CStr) -> Desc {
    Desc {
        struct_size: core::mem::size_of::<Desc>() as u32,
        type_,
        flags: 0,
        reserved: 0,
        id: id.as_ptr(),
        doc: c"".as_ptr(),
        unit: null(),
        min: 0.0,
        max: 0.0,
        default_value: [0.0; 4],
        default_string: null(),
        choices: null(),
    }
}

/// A number (`ANIM_PARAM_NUMBER`); read it with [`crate::Params::number`].
pub const fn number(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_NUMBER, id)
}

/// An integer (`ANIM_PARAM_INTEGER`); read it with [`crate::Params::integer`].
pub const fn integer(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_INTEGER, id)
}

/// A boolean (`ANIM_PARAM_BOOL`), `default(1.0)` for true; read it with [`crate::Params::boolean`].
pub const fn boolean(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_BOOL, id)
}

/// A point `[x, y]` (`ANIM_PARAM_POINT`); read it with [`crate::Params::point`].
pub const fn point(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_POINT, id)
}

impl Desc {
    /// The one-line description `pipeline plugins` shows.
    pub const fn doc(self, doc: &'static CStr) -> Desc {
        Desc {
            doc: doc.as_ptr(),
            ..self
        }
    }

    /// The unit ("px", "deg", "s", …).
    pub const fn unit(self, unit: &'static CStr) -> Desc {
        Desc {
            unit: unit.as_ptr(),
            ..self
        }
    }

    /// The range every component must lie in (numbers, integers, points, sizes, rects).
    pub const fn range(self, min: f64, max: f64) -> Desc {
        Desc { min, max, ..self }
    }

    /// The default of a one-component parameter (number, integer, bool).
    pub const fn default(self, value: f64) -> Desc {
        Desc {
            default_value: [value, 0.0, 0.0, 0.0],
            ..self
        }
    }

    /// The default of a point or size.
    pub const fn default_pair(self, value: [f64; 2]) -> Desc {
        Desc {
            default_value: [value[0], value[1], 0.0, 0.0],
            ..self
        }
    }

    /// Marks the parameter `ANIM_PARAM_REQUIRED`: the pipeline must give it.
    pub const fn required(self) -> Desc {
        Desc {
            flags: self.flags | ANIM_PARAM_REQUIRED,
            ..self
        }
    }
}
