//! The layout registry has one entry per layout in each of its three places, in the same order:
//! the generator's `Layout::ALL` (what the build script loops over), the runtime crate's
//! `for_each_layout!` (its modules, and every test, benchmark and table of this workspace) and
//! the features of `magic-tables/Cargo.toml`. Adding a layout to one and not the others fails
//! here, naming the difference.

use magic_gen::Layout;

macro_rules! names {
    ($(($module:ident, $name:literal)),* $(,)?) => {
        vec![$(($name, stringify!($module))),*]
    };
}

/// The features of `magic-tables` that are not layouts.
const NOT_LAYOUTS: [&str; 3] = ["default", "auto", "xiangqi"];

/// The layout features of `magic-tables` (every feature but [`NOT_LAYOUTS`]), in file order.
fn cargo_features() -> Vec<String> {
    let manifest = include_str!("../../magic-tables/Cargo.toml");
    let section = manifest.split("[features]").nth(1).expect("a [features] section");
    let section = section.split("\n[").next().expect("the section ends");
    section
        .lines()
        .filter_map(|line| line.split_once(" = ").map(|(name, _)| name.trim().to_owned()))
        .filter(|name| !name.starts_with('#') && !NOT_LAYOUTS.contains(&name.as_str()))
        .collect()
}

#[test]
fn generator_runtime_and_features_list_the_same_layouts() {
    let generator: Vec<&str> = Layout::ALL.iter().map(|layout| layout.name()).collect();
    let runtime: Vec<(&str, &str)> = magic_tables::for_each_layout!(names);
    let runtime_names: Vec<&str> = runtime.iter().map(|(name, _)| *name).collect();
    assert_eq!(runtime_names, generator, "magic_tables::for_each_layout! and magic_gen::Layout::ALL");
    assert_eq!(cargo_features(), generator, "magic-tables/Cargo.toml [features] and magic_gen::Layout::ALL");
    for (layout, (_, module)) in Layout::ALL.iter().zip(&runtime) {
        assert_eq!(layout.module_name(), *module, "{}: the module is the name with `-` as `_`", layout.name());
    }
}

#[test]
fn every_recipe_a_layout_names_is_shipped_and_every_shipped_recipe_is_named() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../magic-gen/recipes");
    let mut named: Vec<&str> = Layout::ALL.iter().filter_map(|layout| layout.source().recipe_file()).collect();
    let mut shipped: Vec<String> = std::fs::read_dir(data)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".recipe.csv"))
        .collect();
    named.sort_unstable();
    shipped.sort_unstable();
    assert_eq!(shipped, named);
}
