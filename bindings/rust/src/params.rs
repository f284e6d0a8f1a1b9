use crate::abi::*;
use crate::Layer;
use core::ffi::CStr;

/// The values of one call's parameters, looked up by the ids of the animator's (mixer's,
/// effect's) descriptors, with one typed getter per parameter type of the header.
///
/// Asking for an id that is not declared, or with the getter of another type (`color` for a
/// number), is a programming error: it panics, and the plugin's trampoline turns the panic into
/// the call's error message.
#[derive(Clone, Copy)]
pub struct Params<'a> {
    descs: &'static [anim_param_desc_t],
    values: &'a [anim_value_t],
}

/// The name of parameter type `type_` as `pipeline plugins` writes it.
fn type_name(type_: u32) -> &'static str {
    match type_ {
        ANIM_PARAM_NUMBER => "number",
        ANIM_PARAM_INTEGER => "integer",
        ANIM_PARAM_BOOL => "bool",
        ANIM_PARAM_COLOR => "color",
        ANIM_PARAM_POINT => "point",
        ANIM_PARAM_SIZE => "size",
        ANIM_PARAM_RECT => "rect",
        ANIM_PARAM_STRING => "string",
        ANIM_PARAM_ENUM => "enum",
        ANIM_PARAM_LAYER => "layer",
        _ => "unknown",
    }
}

/// A string the host passed (NUL-terminated, valid for the call), as UTF-8; `None` for NULL.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string valid for `'a`.
unsafe fn text<'a>(text: *const core::ffi::c_char) -> Option<&'a CStr> {
    if text.is_null() {
        None
    } else {
        // SAFETY: as the caller promises.
        Some(unsafe { CStr::from_ptr(text) })
    }
}

impl<'a> Params<'a> {
    /// Pairs the descriptors an animator, mixer or effect registered with the values the host passed.
    pub fn new(descs: &'static [anim_param_desc_t], values: &'a [anim_value_t]) -> Self {
        Params { descs, values }
    }

    /// The number of parameters.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn index(&self, id: &str) -> usize {
        let index = self.descs.iter().position(|d| {
            // SAFETY: descriptor ids are static NUL-terminated strings (see `param`).
            unsafe { CStr::from_ptr(d.id) }.to_bytes() == id.as_bytes()
        });
        match index {
            Some(i) if i < self.values.len() => i,
            _ => panic!("no parameter `{id}` among the declared parameters"),
        }
    }

    /// The raw value of parameter `id` (`anim_value_t`), whatever its type.
    pub fn value(&self, id: &str) -> &'a anim_value_t {
        &self.values[self.index(id)]
    }

    /// The descriptor of parameter `id`, as the plugin declared it.
    pub fn desc(&self, id: &str) -> &'static anim_param_desc_t {
        &self.descs[self.index(id)]
    }

    /// The value of `id`, which must be declared as one of `types`.
    fn typed(&self, id: &str, types: &[u32]) -> &'a anim_value_t {
        let declared = self.desc(id).type_;
        assert!(
            types.contains(&declared),
            "parameter `{id}` is a {}, not a {}",
            type_name(declared),
            type_name(types[0])
        );
        self.value(id)
    }

    /// Whether the pipeline gave parameter `id` (rather than leaving its default).
    pub fn is_set(&self, id: &str) -> bool {
        self.value(id).is_set != 0
    }

    /// A NUMBER parameter.
    pub fn number(&self, id: &str) -> f64 {
        self.typed(id, &[ANIM_PARAM_NUMBER]).v[0]
    }

    /// An INTEGER parameter.
    pub fn integer(&self, id: &str) -> i64 {
        self.typed(id, &[ANIM_PARAM_INTEGER]).i
    }

    /// A BOOL parameter.
    pub fn boolean(&self, id: &str) -> bool {
        self.typed(id, &[ANIM_PARAM_BOOL]).i != 0
    }

    /// A COLOR parameter: sRGB components in [0, 1], straight alpha (`"#ff000080"` is
    /// `{ r: 1, g: 0, b: 0, a: 0.5 }`).
    pub fn color(&self, id: &str) -> anim_color_t {
        let v = self.typed(id, &[ANIM_PARAM_COLOR]).v;
        anim_color_t {
            r: v[0],
            g: v[1],
            b: v[2],
            a: v[3],
        }
    }

    /// A POINT parameter. One that accepts a layer (`accepts_layer`) and was given a layer's name
    /// is that layer's visual centre; [`Params::layer`] gives the layer.
    pub fn point(&self, id: &str) -> anim_point_t {
        let v = self.typed(id, &[ANIM_PARAM_POINT]).v;
        anim_point_t { x: v[0], y: v[1] }
    }

    /// A SIZE parameter.
    pub fn size(&self, id: &str) -> anim_size_t {
        let v = self.typed(id, &[ANIM_PARAM_SIZE]).v;
        anim_size_t {
            width: v[0],
            height: v[1],
        }
    }

    /// A RECT parameter. One that accepts a layer and was given a layer's name is that layer's
    /// visual frame; [`Params::layer`] gives the layer.
    pub fn rect(&self, id: &str) -> anim_rect_t {
        let v = self.typed(id, &[ANIM_PARAM_RECT]).v;
        anim_rect_t {
            x: v[0],
            y: v[1],
            width: v[2],
            height: v[3],
        }
    }

    /// The numeric components of a NUMBER, INTEGER, BOOL, COLOR, POINT, SIZE or RECT parameter
    /// as the host passes them (`v[0..4]`, unused ones 0): a vector of any of those types.
    pub fn components(&self, id: &str) -> [f64; 4] {
        self.value(id).v
    }

    /// A STRING parameter's text (its default when the pipeline gives none; "" when that is
    /// NULL). Text that is not UTF-8 is cut before the first invalid byte; [`Params::c_string`]
    /// gives the bytes.
    pub fn string(&self, id: &str) -> &'a str {
        let text = self.c_string(id).map_or(&[][..], CStr::to_bytes);
        match core::str::from_utf8(text) {
            Ok(text) => text,
            // SAFETY: the bytes up to `valid_up_to` are valid UTF-8.
            Err(error) => unsafe { core::str::from_utf8_unchecked(&text[..error.valid_up_to()]) },
        }
    }

    /// A STRING, ENUM or LAYER parameter's text as the host passed it, or `None` when it is NULL.
    pub fn c_string(&self, id: &str) -> Option<&'a CStr> {
        let value = self.typed(id, &[ANIM_PARAM_STRING, ANIM_PARAM_ENUM, ANIM_PARAM_LAYER]);
        // SAFETY: the host passes NULL or a NUL-terminated string valid for the call.
        unsafe { text(value.s) }
    }

    /// An ENUM parameter's choice: one of the descriptor's `choices` (`"x"` of `"x|y|both"`).
    pub fn choice(&self, id: &str) -> &'a str {
        let value = self.typed(id, &[ANIM_PARAM_ENUM]);
        // SAFETY: the host passes a NUL-terminated string valid for the call.
        let text = unsafe { text(value.s) }.map_or(&[][..], CStr::to_bytes);
        core::str::from_utf8(text).unwrap_or("")
    }

    /// An ENUM parameter's choice as its index in the descriptor's `choices` (0 for the first).
    pub fn choice_index(&self, id: &str) -> usize {
        self.typed(id, &[ANIM_PARAM_ENUM]).i as usize
    }

    /// The layer a LAYER parameter names, or that a POINT or RECT parameter accepting a layer
    /// was given, in its state at the moment of the call (in `create`, its base state); `None`
    /// when the parameter is absent or was given numbers.
    pub fn layer(&self, id: &str) -> Option<&'a Layer> {
        let value = self.typed(id, &[ANIM_PARAM_LAYER, ANIM_PARAM_POINT, ANIM_PARAM_RECT]);
        // SAFETY: the host passes NULL or a layer valid for the duration of the call.
        unsafe { value.layer.as_ref() }
    }

    /// The name of the layer a LAYER parameter names, or `None` when it is absent.
    pub fn layer_name(&self, id: &str) -> Option<&'a str> {
        let value = self.typed(id, &[ANIM_PARAM_LAYER]);
        // SAFETY: the host passes NULL or a NUL-terminated string valid for the call.
        unsafe { text(value.s) }.and_then(|name| name.to_str().ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::param;

    static DESCS: [param::Desc; 10] = [
        param::number(c"n"),
        param::integer(c"i"),
        param::boolean(c"b"),
        param::color(c"c"),
        param::point(c"p").accepts_layer(),
        param::size(c"s"),
        param::rect(c"r"),
        param::string(c"t"),
        param::choice(c"e", c"x|y|both"),
        param::layer(c"l"),
    ];

    fn value(type_: u32, v: [f64; 4], i: i64, s: &CStr, layer: *const Layer) -> anim_value_t {
        anim_value_t {
            type_,
            is_set: 1,
            v,
            i,
            s: s.as_ptr(),
            layer,
        }
    }

    #[test]
    fn every_type_has_its_getter() {
        // SAFETY: every pointer of the layer is null and unread.
        let mut card: Layer = unsafe { core::mem::zeroed() };
        card.name = c"card".as_ptr();
        card.opacity = 0.25;
        let none = core::ptr::null();
        let values = [
            value(ANIM_PARAM_NUMBER, [1.5, 0.0, 0.0, 0.0], 0, c"", none),
            value(ANIM_PARAM_INTEGER, [3.0, 0.0, 0.0, 0.0], 3, c"", none),
            value(ANIM_PARAM_BOOL, [1.0, 0.0, 0.0, 0.0], 1, c"", none),
            value(ANIM_PARAM_COLOR, [1.0, 0.5, 0.0, 0.25], 0, c"", none),
            value(ANIM_PARAM_POINT, [4.0, 5.0, 0.0, 0.0], 0, c"card", &card),
            value(ANIM_PARAM_SIZE, [6.0, 7.0, 0.0, 0.0], 0, c"", none),
            value(ANIM_PARAM_RECT, [1.0, 2.0, 3.0, 4.0], 0, c"", none),
            value(ANIM_PARAM_STRING, [0.0; 4], 0, c"héllo", none),
            value(ANIM_PARAM_ENUM, [0.0; 4], 2, c"both", none),
            value(ANIM_PARAM_LAYER, [0.0; 4], 0, c"card", &card),
        ];
        let params = Params::new(&DESCS, &values);
        assert_eq!(params.number("n"), 1.5);
        assert_eq!(params.integer("i"), 3);
        assert!(params.boolean("b"));
        assert_eq!(
            params.color("c"),
            anim_color_t {
                r: 1.0,
                g: 0.5,
                b: 0.0,
                a: 0.25
            }
        );
        assert_eq!(params.point("p"), anim_point_t { x: 4.0, y: 5.0 });
        assert_eq!(params.layer("p").map(|l| l.opacity), Some(0.25));
        assert_eq!(
            params.size("s"),
            anim_size_t {
                width: 6.0,
                height: 7.0
            }
        );
        assert_eq!(
            params.rect("r"),
            anim_rect_t {
                x: 1.0,
                y: 2.0,
                width: 3.0,
                height: 4.0
            }
        );
        assert_eq!(params.components("r"), [1.0, 2.0, 3.0, 4.0]);
        assert_eq!(params.string("t"), "héllo");
        assert_eq!(params.choice("e"), "both");
        assert_eq!(params.choice_index("e"), 2);
        assert_eq!(params.layer_name("l"), Some("card"));
        assert_eq!(params.layer("l").and_then(|l| l.name()), Some("card"));
        assert!(params.is_set("l"));
    }

    #[test]
    #[should_panic(expected = "parameter `n` is a number, not a color")]
    fn a_getter_of_another_type_panics() {
        let values = [value(ANIM_PARAM_NUMBER, [1.0; 4], 0, c"", core::ptr::null()); 10];
        Params::new(&DESCS, &values).color("n");
    }

    #[test]
    #[should_panic(expected = "no parameter `missing` among the declared parameters")]
    fn an_undeclared_id_panics() {
        let values = [value(ANIM_PARAM_NUMBER, [1.0; 4], 0, c"", core::ptr::null()); 10];
        Params::new(&DESCS, &values).number("missing");
    }
}
