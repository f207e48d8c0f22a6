//! The crate's structure, checked: modules import each name from the module that defines it (no
//! `crate::Name` through the root's re-exports), the modules of `src/` import each other without
//! a cycle, and every path and item ARCHITECTURE.md names exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `dir`, recursively, in sorted order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A file's code outside its `#[cfg(test)]` module (tests may import what they like) and
/// without comments (a documentation link is not an import).
fn non_test_code(text: &str) -> String {
    let code = text.find("#[cfg(test)]\nmod tests").map_or(text, |end| &text[..end]);
    code.lines().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The top-level modules `lib.rs` declares.
fn root_modules(lib: &str) -> BTreeSet<String> {
    lib.lines()
        .filter_map(|line| line.trim().strip_prefix("pub mod ").or_else(|| line.trim().strip_prefix("mod ")))
        .map(|rest| rest.trim_end_matches(';').to_owned())
        .collect()
}

/// The first path segment after each `crate::` in `code`, including those inside `use crate::{a, b}`.
fn crate_references(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        // `$crate::` is a macro's, not this crate's path.
        if code[..at].ends_with('$') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            found.extend(group.split(',').map(|item| item.trim().split("::").next().unwrap_or("").to_owned()));
        } else {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            found.push(name);
        }
    }
    found.retain(|name| !name.is_empty());
    found
}

#[test]
fn modules_import_from_the_defining_module_without_cycles() {
    let src = workspace().join("magic-gen/src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let modules = root_modules(&lib);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut through_root = Vec::new();
    for file in rust_files(&src) {
        let relative = file.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
        if first == "bin" || first == "lib.rs" {
            continue; // The binary is another crate; lib.rs only declares and re-exports.
        }
        let module = first.trim_end_matches(".rs").to_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        for name in crate_references(&non_test_code(&text)) {
            if name == "VERSION" {
                continue; // Defined in lib.rs itself.
            }
            if !modules.contains(&name) {
                through_root.push(format!("{}: crate::{name}", relative.display()));
            } else if name != module {
                edges.entry(module.clone()).or_default().insert(name);
            }
        }
    }
    assert!(through_root.is_empty(), "names used through the crate root's re-exports: {through_root:#?}");
    // Depth-first search for a cycle among the top-level modules.
    fn visit(
        module: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, bool>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(module) {
            Some(true) => return None,
            Some(false) => {
                let start = path.iter().position(|m| m == module).unwrap();
                let mut cycle = path[start..].to_vec();
                cycle.push(module.to_owned());
                return Some(cycle);
            }
            None => {}
        }
        state.insert(module.to_owned(), false);
        path.push(module.to_owned());
        for next in edges.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, state, path) {
                return Some(cycle);
            }
        }
        path.pop();
        state.insert(module.to_owned(), true);
        None
    }
    let mut state = BTreeMap::new();
    for module in &modules {
        let cycle = visit(module, &edges, &mut state, &mut Vec::new());
        assert!(cycle.is_none(), "module cycle: {}", cycle.unwrap().join(" -> "));
    }
}

#[test]
fn the_cycle_check_sees_group_imports() {
    let code = "use crate::{a::X, b};\nlet x = crate::c::f();\nmacro_rules! m { () => { $crate::d::e } }";
    assert_eq!(crate_references(code), ["a", "b", "c"]);
}

/// `text` with one `{a,b}` group expanded, as `dir/{a,b}.rs` names two files.
fn expand_braces(text: &str) -> Vec<String> {
    match (text.find('{'), text.find('}')) {
        (Some(open), Some(close)) if open < close => text[open + 1..close]
            .split(',')
            .map(|part| format!("{}{}{}", &text[..open], part.trim(), &text[close + 1..]))
            .collect(),
        _ => vec![text.to_owned()],
    }
}

/// Whether `item` is defined (or re-exported) in the Rust file `file`.
fn defines(file: &Path, item: &str) -> bool {
    let Ok(text) = std::fs::read_to_string(file) else { return false };
    ["fn ", "struct ", "enum ", "trait ", "type ", "const ", "static ", "mod ", "macro_rules! "].iter().any(|keyword| {
        text.match_indices(&format!("{keyword}{item}")).any(|(at, _)| {
            let after = text[at + keyword.len() + item.len()..].chars().next().unwrap_or(' ');
            !(after.is_alphanumeric() || after == '_')
        })
    }) || text.match_indices("pub use ").any(|(at, _)| {
        let statement = &text[at..at + text[at..].find(';').unwrap_or(0)];
        statement.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|word| word == item)
    }) || text.contains(&format!("{item} = \"")) // A registry entry of `layout.rs`.
}

/// The source directory of a crate named in Rust paths.
fn crate_dir(name: &str) -> Option<PathBuf> {
    let root = workspace();
    Some(match name {
        "magic_gen" => root.join("magic-gen/src"),
        "magic_tables" => root.join("magic-tables/src"),
        "magic_tables_core" => root.join("magic-tables/core/src"),
        "build_support" => root.join("build-support/src"),
        _ => return None,
    })
}

/// Whether the Rust path `path` (such as `magic_gen::dense::run` or
/// `magic_gen::recipe::Recipe::parse`) names something that exists: its modules as files, then
/// an item defined in the last one, then (optionally) a method of it.
fn rust_path_exists(path: &str) -> bool {
    let mut segments = path.split("::");
    let Some(mut dir) = crate_dir(segments.next().unwrap()) else { return true };
    let mut file = dir.join("lib.rs");
    let rest: Vec<&str> = segments.collect();
    let mut i = 0;
    while i < rest.len() {
        let (as_file, as_dir) = (dir.join(format!("{}.rs", rest[i])), dir.join(rest[i]).join("mod.rs"));
        if as_file.exists() {
            file = as_file;
            dir = dir.join(rest[i]);
        } else if as_dir.exists() {
            file = as_dir;
            dir = dir.join(rest[i]);
        } else {
            break;
        }
        i += 1;
    }
    match &rest[i..] {
        [] => true,
        [item] | [item, _] => defines(&file, item.trim_end_matches("()").trim_end_matches('!')),
        _ => false,
    }
}

#[test]
fn every_path_and_item_architecture_md_names_exists() {
    let root = workspace();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut missing = Vec::new();
    let mut checked = 0;
    for (i, quoted) in text.split('`').enumerate() {
        if i % 2 == 0 || quoted.contains(' ') || quoted.contains('<') || quoted.contains('*') {
            continue; // Outside backticks, or a command, a pattern or a placeholder.
        }
        if quoted.contains("::") {
            checked += 1;
            if !rust_path_exists(quoted.trim_end_matches("()").trim_end_matches('!')) {
                missing.push(quoted.to_owned());
            }
        } else if quoted.contains('/') && !quoted.starts_with('$') {
            for path in expand_braces(quoted) {
                checked += 1;
                if !root.join(&path).exists() {
                    missing.push(path);
                }
            }
        }
    }
    assert!(checked > 40, "ARCHITECTURE.md names its paths and items in backticks: {checked} found");
    assert!(missing.is_empty(), "ARCHITECTURE.md names what does not exist: {missing:#?}");
}
