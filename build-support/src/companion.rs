//! Tables written beside a layout's in the files `magic-gen emit` writes for other programs: data
//! arrays with their own functions and a comment block saying what they are (`magic-gen`'s
//! companion is the other pieces' attacks and the square-pair lines). They are not part of the
//! layout: its `TABLE_ENTRIES`, `TABLE_BYTES` and checksum leave them out, and the comment block
//! gives their own.

use crate::layout::{DataArray, Syntax, write_data_array};

/// What is written after a layout's lookups.
#[derive(Clone, Debug, Default)]
pub struct Companion {
    /// The comment block before them, a line each (without the comment marker).
    pub comment: Vec<String>,
    /// The data arrays, each named without a prefix (`KNIGHT_ATTACKS`).
    pub arrays: Vec<DataArray>,
    /// C functions over the arrays: `@` stands for the upper-case prefix and an underscore (the
    /// arrays' names: `@KNIGHT_ATTACKS`), `$` for the lower-case prefix and an underscore.
    pub c_functions: String,
}

impl Companion {
    /// The arrays as Rust `pub static`s, each under its doc comment.
    pub fn rust_arrays(&self) -> String {
        let mut out = String::new();
        for array in &self.arrays {
            out.push('\n');
            write_data_array(&mut out, array, Syntax::Rust);
        }
        out
    }
}
