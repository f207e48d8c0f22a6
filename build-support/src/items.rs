//! The structured items of a generated file (constants and per-square entry tables) as a `syn`
//! syntax tree, pretty-printed by `prettyplease`.
//!
//! The tree is built node by node instead of parsing `quote!` output: `syn` without its parser
//! and printer compiles in about a quarter of the time, and this crate is compiled unoptimized
//! into the build of every crate that depends on `magic-tables`. The few shapes a generated file
//! needs (constants, static arrays, struct literals, a call, a sum of products) are all here.

use proc_macro2::Span;
use quote::format_ident;
use syn::punctuated::Punctuated;
use syn::{
    AngleBracketedGenericArguments, AttrStyle, Attribute, BinOp, Expr, ExprArray, ExprBinary, ExprCall, ExprLit,
    ExprPath, ExprReference, ExprStruct, FieldValue, File, GenericArgument, Item, ItemConst, ItemStatic, Lit, LitInt,
    LitStr, Member, Meta, MetaNameValue, Path, PathArguments, PathSegment, StaticMutability, Type, TypeArray, TypePath,
    Visibility,
};

/// `items` as pretty-printed Rust source.
pub fn render(items: Vec<Item>) -> String {
    prettyplease::unparse(&File { shebang: None, frontmatter: None, attrs: Vec::new(), items })
}

/// `/// text` (a leading space is added, as a hand-written doc comment has).
fn doc(text: &str) -> Attribute {
    Attribute {
        pound_token: Default::default(),
        style: AttrStyle::Outer,
        bracket_token: Default::default(),
        meta: Meta::NameValue(MetaNameValue {
            path: path(&["doc"]),
            eq_token: Default::default(),
            value: Expr::Lit(ExprLit {
                attrs: Vec::new(),
                lit: Lit::Str(LitStr::new(&format!(" {text}"), Span::call_site())),
            }),
        }),
    }
}

/// A path such as `core::mem::size_of`, without generic arguments.
pub fn path(segments: &[&str]) -> Path {
    Path {
        leading_colon: None,
        segments: segments
            .iter()
            .map(|name| PathSegment { ident: format_ident!("{name}"), arguments: PathArguments::None })
            .collect(),
    }
}

/// The type named `name`, such as `usize` or `Magic`.
pub fn type_named(name: &str) -> Type {
    Type::Path(TypePath { attrs: Vec::new(), qself: None, path: path(&[name]) })
}

/// An integer literal written exactly as `repr` (`42`, `0x00FF`).
///
/// # Panics
///
/// If `repr` is not an integer literal: the callers only pass digits they formatted.
pub fn int(repr: &str) -> Expr {
    Expr::Lit(ExprLit { attrs: Vec::new(), lit: Lit::Int(LitInt::new(repr, Span::call_site())) })
}

/// A fixed-width hex literal such as `0x000101010101017E`: same width for every value, so
/// columns line up and diffs stay readable.
pub fn hex_u64(value: u64) -> Expr {
    int(&format!("0x{value:016X}"))
}

/// `left + right` or `left * right`.
pub fn binary(left: Expr, op: char, right: Expr) -> Expr {
    let op = match op {
        '+' => BinOp::Add(Default::default()),
        '*' => BinOp::Mul(Default::default()),
        other => unreachable!("no operator {other} is generated"),
    };
    Expr::Binary(ExprBinary { attrs: Vec::new(), left: Box::new(left), op, right: Box::new(right) })
}

/// `core::mem::size_of::<name>()`.
pub fn size_of(name: &str) -> Expr {
    let mut function = path(&["core", "mem", "size_of"]);
    function.segments.last_mut().expect("three segments").arguments =
        PathArguments::AngleBracketed(AngleBracketedGenericArguments {
            colon2_token: Some(Default::default()),
            lt_token: Default::default(),
            args: Punctuated::from_iter([GenericArgument::Type(type_named(name))]),
            gt_token: Default::default(),
        });
    call(function, Vec::new())
}

/// `function(args…)`.
pub fn call(function: Path, args: Vec<Expr>) -> Expr {
    Expr::Call(ExprCall {
        attrs: Vec::new(),
        func: Box::new(path_expr(function)),
        paren_token: Default::default(),
        args: Punctuated::from_iter(args),
    })
}

/// `&NAME`.
pub fn reference_to(name: &str) -> Expr {
    Expr::Reference(ExprReference {
        attrs: Vec::new(),
        and_token: Default::default(),
        mutability: None,
        expr: Box::new(path_expr(path(&[name]))),
    })
}

fn path_expr(path: Path) -> Expr {
    Expr::Path(ExprPath { attrs: Vec::new(), qself: None, path })
}

/// `Type { field: value, … }`.
pub fn struct_literal(type_name: &str, fields: Vec<(&str, Expr)>) -> Expr {
    Expr::Struct(ExprStruct {
        attrs: Vec::new(),
        qself: None,
        path: path(&[type_name]),
        brace_token: Default::default(),
        fields: fields
            .into_iter()
            .map(|(name, expr)| FieldValue {
                attrs: Vec::new(),
                member: Member::Named(format_ident!("{name}")),
                colon_token: Some(Default::default()),
                expr,
            })
            .collect(),
        dot2_token: None,
        rest: None,
    })
}

/// `/// doc` `pub const NAME: ty = value;`
pub fn public_const(doc_text: &str, name: &str, ty: Type, value: Expr) -> Item {
    Item::Const(ItemConst {
        attrs: vec![doc(doc_text)],
        vis: Visibility::Public(Default::default()),
        modifiers: Default::default(),
        const_token: Default::default(),
        ident: format_ident!("{name}"),
        generics: Default::default(),
        colon_token: Default::default(),
        ty: Box::new(ty),
        eq_token: Default::default(),
        expr: Box::new(value),
        semi_token: Default::default(),
    })
}

/// `/// doc` `pub static NAME: [Type; N] = [elements…];`
pub fn public_static_array(doc_text: &str, name: &str, type_name: &str, elements: Vec<Expr>) -> Item {
    let ty = Type::Array(TypeArray {
        attrs: Vec::new(),
        bracket_token: Default::default(),
        elem: Box::new(type_named(type_name)),
        semi_token: Default::default(),
        len: int(&elements.len().to_string()),
    });
    Item::Static(ItemStatic {
        attrs: vec![doc(doc_text)],
        vis: Visibility::Public(Default::default()),
        static_token: Default::default(),
        mutability: StaticMutability::None,
        ident: format_ident!("{name}"),
        colon_token: Default::default(),
        ty: Box::new(ty),
        eq_token: Default::default(),
        expr: Box::new(Expr::Array(ExprArray {
            attrs: Vec::new(),
            bracket_token: Default::default(),
            elems: Punctuated::from_iter(elements),
        })),
        semi_token: Default::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_what_a_hand_written_file_would_say() {
        let sum = binary(int("34"), '+', binary(int("1"), '*', size_of("Entry")));
        let entry = struct_literal(
            "Entry",
            vec![
                ("mask", hex_u64(0xFF)),
                ("attacks", call(path(&["Slots", "at"]), vec![reference_to("ATTACKS"), int("3")])),
            ],
        );
        let text = render(vec![
            public_const("Bytes.", "TABLE_BYTES", type_named("usize"), sum),
            public_static_array("Entries.", "ROOK", "Entry", vec![entry]),
        ]);
        assert_eq!(
            text,
            "/// Bytes.\npub const TABLE_BYTES: usize = 34 + 1 * core::mem::size_of::<Entry>();\n\
             /// Entries.\npub static ROOK: [Entry; 1] = [\n    Entry {\n        mask: 0x00000000000000FF,\n        \
             attacks: Slots::at(&ATTACKS, 3),\n    },\n];\n"
        );
    }
}
