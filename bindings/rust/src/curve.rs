//! Timing curves: implement [`Curve`] for a unit struct and name it in
//! [`animator_plugin!`](crate::animator_plugin)'s `curves: [...]`. The host calls a curve as a
//! plain C function through libffi; [`curve_desc`] gives it one taking `t` and as many extra
//! `double`s as the curve names (at most [`MAX_CURVE_ARGS`]), with the signature string that says
//! so, and catches a panic (the call then returns NaN, and the host falls back to linear progress).

use crate::abi::*;
use core::ffi::CStr;
use std::panic::catch_unwind;

/// The most extra arguments a [`Curve`] may take.
pub const MAX_CURVE_ARGS: usize = 4;

/// A timing curve: maps the step's linear time `t` in [0, 1] to its progress, with extra
/// arguments a pipeline gives in `"args"` (an elastic curve's amplitude and period). Pure and
/// thread-safe: the host calls it from any thread.
pub trait Curve: 'static {
    /// The name pipeline files use in `"curve"`: `[a-z][a-z0-9-]*`, unique.
    const NAME: &'static CStr;
    /// One line saying what it does.
    const DOC: &'static CStr;
    /// The extra arguments' names separated by ',' (`c"amplitude,period"`), `c""` for none.
    const ARG_NAMES: &'static CStr = c"";
    /// One default per extra argument, used when the pipeline gives no `"args"` at all; `None`:
    /// the pipeline must give every one.
    const ARG_DEFAULTS: Option<&'static [f64]> = None;

    /// The progress at `t`; `args` holds the extra arguments in `ARG_NAMES`' order.
    fn value(t: f64, args: &[f64]) -> f64;
}

/// The number of names in `names`, separated by ','.
const fn count_names(names: &CStr) -> usize {
    let bytes = names.to_bytes();
    if bytes.is_empty() {
        return 0;
    }
    let (mut count, mut i) = (1, 0);
    while i < bytes.len() {
        if bytes[i] == b',' {
            count += 1;
        }
        i += 1;
    }
    count
}

fn call<C: Curve>(t: f64, args: &[f64]) -> f64 {
    catch_unwind(|| C::value(t, args)).unwrap_or(f64::NAN)
}

extern "C" fn curve0<C: Curve>(t: f64) -> f64 {
    call::<C>(t, &[])
}
extern "C" fn curve1<C: Curve>(t: f64, a: f64) -> f64 {
    call::<C>(t, &[a])
}
extern "C" fn curve2<C: Curve>(t: f64, a: f64, b: f64) -> f64 {
    call::<C>(t, &[a, b])
}
extern "C" fn curve3<C: Curve>(t: f64, a: f64, b: f64, c: f64) -> f64 {
    call::<C>(t, &[a, b, c])
}
extern "C" fn curve4<C: Curve>(t: f64, a: f64, b: f64, c: f64, d: f64) -> f64 {
    call::<C>(t, &[a, b, c, d])
}

/// The descriptor of curve `C`: a function of `t` and `C`'s extra arguments, all `double`, and
/// its signature (`"d(d)"`, `"d(d;dd)"`, …). Fails to compile when `C` names more than
/// [`MAX_CURVE_ARGS`] arguments or gives another number of defaults.
pub const fn curve_desc<C: Curve>() -> anim_curve_desc_t {
    let count = count_names(C::ARG_NAMES);
    // SAFETY (each arm): a function pointer becomes the header's untyped `anim_function_t`; the
    // signature string beside it tells the host its real type.
    type Erased = unsafe extern "C" fn();
    let (function, signature): (Erased, &CStr) = unsafe {
        match count {
            0 => (
                core::mem::transmute::<extern "C" fn(f64) -> f64, Erased>(curve0::<C>),
                c"d(d)",
            ),
            1 => (
                core::mem::transmute::<extern "C" fn(f64, f64) -> f64, Erased>(curve1::<C>),
                c"d(d;d)",
            ),
            2 => (
                core::mem::transmute::<extern "C" fn(f64, f64, f64) -> f64, Erased>(curve2::<C>),
                c"d(d;dd)",
            ),
            3 => (
                core::mem::transmute::<extern "C" fn(f64, f64, f64, f64) -> f64, Erased>(curve3::<C>),
                c"d(d;ddd)",
            ),
            4 => (
                core::mem::transmute::<extern "C" fn(f64, f64, f64, f64, f64) -> f64, Erased>(curve4::<C>),
                c"d(d;dddd)",
            ),
            _ => panic!("a curve takes at most 4 extra arguments"),
        }
    };
    let arg_defaults = match C::ARG_DEFAULTS {
        Some(defaults) => {
            assert!(defaults.len() == count, "a curve gives one default per extra argument");
            defaults.as_ptr()
        }
        None => core::ptr::null(),
    };
    anim_curve_desc_t {
        struct_size: core::mem::size_of::<anim_curve_desc_t>() as u32,
        reserved: 0,
        name: C::NAME.as_ptr(),
        doc: C::DOC.as_ptr(),
        signature: signature.as_ptr(),
        arg_names: if count == 0 {
            core::ptr::null()
        } else {
            C::ARG_NAMES.as_ptr()
        },
        arg_defaults,
        function: Some(function),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Power;

    impl Curve for Power {
        const NAME: &'static CStr = c"power";
        const DOC: &'static CStr = c"t to the power of `exponent`, times `scale`";
        const ARG_NAMES: &'static CStr = c"exponent,scale";
        const ARG_DEFAULTS: Option<&'static [f64]> = Some(&[2.0, 1.0]);
        fn value(t: f64, args: &[f64]) -> f64 {
            assert!(args[1] != 0.0, "scale 0");
            t.powf(args[0]) * args[1]
        }
    }

    #[test]
    fn the_descriptor_calls_the_curve_with_its_arguments() {
        let desc = curve_desc::<Power>();
        assert_eq!(unsafe { CStr::from_ptr(desc.signature) }, c"d(d;dd)");
        assert_eq!(unsafe { CStr::from_ptr(desc.arg_names) }, c"exponent,scale");
        assert_eq!(unsafe { *desc.arg_defaults.add(1) }, 1.0);
        let function: extern "C" fn(f64, f64, f64) -> f64 = unsafe { core::mem::transmute(desc.function.unwrap()) };
        assert_eq!(function(0.5, 3.0, 2.0), 0.25);
        assert!(function(0.5, 3.0, 0.0).is_nan(), "a panic returns NaN");
    }
}
