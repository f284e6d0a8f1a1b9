use crate::abi::{anim_param_desc_t, anim_point_t, anim_value_t};
use core::ffi::CStr;

/// The values of one call's parameters, looked up by the ids of the animator's (or effect's) descriptors.
///
/// Asking for an id the animator does not declare is a programming error: it panics, and the
/// plugin's trampoline turns the panic into the call's error message.
pub struct Params<'a> {
    descs: &'static [anim_param_desc_t],
    values: &'a [anim_value_t],
}

impl<'a> Params<'a> {
    /// Pairs the descriptors an animator or effect registered with the values the host passed.
    pub fn new(descs: &'static [anim_param_desc_t], values: &'a [anim_value_t]) -> Self {
        Params { descs, values }
    }

    /// The raw value of parameter `id` (`anim_value_t`), for the types without an accessor.
    pub fn value(&self, id: &str) -> &'a anim_value_t {
        let index = self.descs.iter().position(|d| {
            // SAFETY: descriptor ids are static NUL-terminated strings (see `param`).
            unsafe { CStr::from_ptr(d.id) }.to_bytes() == id.as_bytes()
        });
        match index.and_then(|i| self.values.get(i)) {
            Some(value) => value,
            None => panic!("no parameter `{id}` among the declared parameters"),
        }
    }

    /// A NUMBER parameter.
    pub fn number(&self, id: &str) -> f64 {
        self.value(id).v[0]
    }

    /// An INTEGER parameter.
    pub fn integer(&self, id: &str) -> i64 {
        self.value(id).i
    }

    /// A BOOL parameter.
    pub fn boolean(&self, id: &str) -> bool {
        self.value(id).i != 0
    }

    /// A POINT parameter.
    pub fn point(&self, id: &str) -> anim_point_t {
        let v = self.value(id).v;
        anim_point_t { x: v[0], y: v[1] }
    }

    /// Whether the pipeline gave parameter `id` (rather than leaving its default).
    pub fn is_set(&self, id: &str) -> bool {
        self.value(id).is_set != 0
    }
}
