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

/// A point `[x, y]` (`ANIM_PARAM_POINT`), `default_pair([x, y])`; read it with
/// [`crate::Params::point`]. With `accepts_layer()` a layer's name gives its visual centre.
pub const fn point(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_POINT, id)
}

/// A size `[width, height]` (`ANIM_PARAM_SIZE`), `default_pair([w, h])`; read it with
/// [`crate::Params::size`].
pub const fn size(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_SIZE, id)
}

/// A rect `[x, y, width, height]` (`ANIM_PARAM_RECT`), `default_rect([x, y, w, h])`; read it
/// with [`crate::Params::rect`]. With `accepts_layer()` a layer's name gives its visual frame.
pub const fn rect(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_RECT, id)
}

/// A colour, `"#rrggbb"` or `"#rrggbbaa"` in a pipeline file (`ANIM_PARAM_COLOR`),
/// `default_color([r, g, b, a])` in [0, 1]; read it with [`crate::Params::color`]. No range.
pub const fn color(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_COLOR, id)
}

/// A string (`ANIM_PARAM_STRING`), `default_string(c"…")`; read it with
/// [`crate::Params::string`]. No range.
pub const fn string(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_STRING, id)
}

/// An enumeration (`ANIM_PARAM_ENUM`): one of `choices`, separated by '|' (`c"x|y|both"`),
/// `default_string(c"x")`; read it with [`crate::Params::choice`] or
/// [`crate::Params::choice_index`]. No range.
pub const fn choice(id: &'static CStr, choices: &'static CStr) -> Desc {
    Desc {
        choices: choices.as_ptr(),
        ..desc(ANIM_PARAM_ENUM, id)
    }
}

/// A layer's name (`ANIM_PARAM_LAYER`): required or absent, no default; read it with
/// [`crate::Params::layer`] (its state) and [`crate::Params::layer_name`].
pub const fn layer(id: &'static CStr) -> Desc {
    desc(ANIM_PARAM_LAYER, id)
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

    /// The range every component must lie in (numbers, integers, points, sizes, rects; the host
    /// ignores it for the other types).
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

    /// The default of a rect.
    pub const fn default_rect(self, value: [f64; 4]) -> Desc {
        Desc {
            default_value: value,
            ..self
        }
    }

    /// The default of a colour: sRGB `[r, g, b, a]` in [0, 1], straight alpha.
    pub const fn default_color(self, rgba: [f64; 4]) -> Desc {
        Desc {
            default_value: rgba,
            ..self
        }
    }

    /// The default of a string, or an enumeration's default choice.
    pub const fn default_string(self, value: &'static CStr) -> Desc {
        Desc {
            default_string: value.as_ptr(),
            ..self
        }
    }

    /// Marks a point or rect `ANIM_PARAM_ACCEPTS_LAYER`: the pipeline may give a layer's name,
    /// and the host then passes its visual centre (point) or frame (rect), and the layer.
    pub const fn accepts_layer(self) -> Desc {
        Desc {
            flags: self.flags | ANIM_PARAM_ACCEPTS_LAYER,
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
