//! [`rule_codes!`](crate::rule_codes): a game's stable rule codes written once, as data, so
//! the list of every code a game can report (`folio play --allow CODE` checks against it)
//! is made from the same text as the codes its findings carry.

/// Writes a game's rule codes once and gives both the code of a value and the list of all.
///
/// Two forms:
///
/// - `impl Type { fn code; codes { PATTERN => "code", … } }` (optionally `via { PATTERN
///   => EXPR, … }` before `codes`, for variants that hold a rule of their own and ask it)
///   makes `fn code(&self) -> &'static str` (a `match`) and `Type::CODES`, the literal codes
///   in the order written (a code may appear twice when two variants share it).
/// - `mod name { CONST = "code", … }` makes a module of `&str` constants and `ALL`, their
///   list: for games whose findings carry a code as a string ([`crate::script::Coded`]).
///
/// ```
/// enum Fault { Late(u32), Early, Inner(Inner) }
/// enum Inner { Gone }
/// folio_core::rule_codes! {
///     impl Inner { pub fn code; codes { Inner::Gone => "gone" } }
/// }
/// folio_core::rule_codes! {
///     impl Fault {
///         /// The fault's stable code.
///         pub fn code;
///         via { Fault::Inner(i) => i.code() }
///         codes { Fault::Late(_) => "late", Fault::Early => "early" }
///     }
/// }
/// folio_core::rule_codes! {
///     /// Codes of a text game.
///     pub mod code { OFF_GRID = "off-grid", DUPLICATE = "duplicate" }
/// }
/// assert_eq!(Fault::Late(3).code(), "late");
/// assert_eq!(Fault::Inner(Inner::Gone).code(), "gone");
/// assert_eq!(Fault::CODES, ["late", "early"]);
/// assert_eq!(code::ALL, ["off-grid", "duplicate"]);
/// assert_eq!(code::OFF_GRID, "off-grid");
/// ```
#[macro_export]
macro_rules! rule_codes {
    (
        impl $ty:ty {
            $(#[$meta:meta])* $vis:vis fn $f:ident;
            via { $($vp:pat => $ve:expr),* $(,)? }
            codes { $($p:pat => $c:literal),* $(,)? }
        }
    ) => {
        impl $ty {
            #[doc = concat!("Every code [`Self::", stringify!($f), "`] gives itself, in the \
                order written (variants that hold a rule of their own give its codes).")]
            pub const CODES: &'static [&'static str] = &[$($c),*];

            $(#[$meta])*
            $vis fn $f(&self) -> &'static str {
                match self {
                    $($vp => $ve,)*
                    $($p => $c,)*
                }
            }
        }
    };
    (
        impl $ty:ty {
            $(#[$meta:meta])* $vis:vis fn $f:ident;
            codes { $($p:pat => $c:literal),* $(,)? }
        }
    ) => {
        $crate::rule_codes! {
            impl $ty { $(#[$meta])* $vis fn $f; via {} codes { $($p => $c),* } }
        }
    };
    (
        $(#[$meta:meta])* $vis:vis mod $m:ident {
            $($(#[$cmeta:meta])* $name:ident = $c:literal),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis mod $m {
            $(
                #[doc = concat!("`", $c, "`")]
                $(#[$cmeta])*
                pub const $name: &str = $c;
            )*
            /// Every code of this module, in the order written.
            pub const ALL: &[&str] = &[$($name),*];
        }
    };
}
