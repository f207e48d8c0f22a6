//! The recipes `magic-tables` ships (`magic-gen/recipes/*.recipe.csv`): they build, and a
//! damaged one fails with a message naming the file, the line and the square, never a panic.
//! And no published magic is left anywhere in `magic-tables/`: every table it ships comes from
//! this project's own seeded searches.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use magic_gen::Layout;
use magic_gen::ReferenceSet;
use magic_gen::layouts::overlapped;
use magic_gen::recipe::Recipe;

const BLACK: &str = include_str!("../../magic-gen/recipes/black.recipe.csv");
const FILE: &str = "magic-gen/recipes/black.recipe.csv";
const BLACK_VARIABLE: &str = include_str!("../../magic-gen/recipes/black_variable.recipe.csv");
const VARIABLE_FILE: &str = "magic-gen/recipes/black_variable.recipe.csv";

fn build_error(text: &str) -> String {
    overlapped::build_black(Layout::Black, &ReferenceSet::new(), FILE, text).unwrap_err().to_string()
}

/// The line number (1-based) of the first row of `square` in `text`.
fn line_of(text: &str, row_start: &str) -> usize {
    text.lines().position(|line| line.starts_with(row_start)).unwrap() + 1
}

/// Every file in `magic-gen/recipes/`, parsed as the recipe it must be.
fn shipped_recipes() -> Vec<(PathBuf, Recipe)> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../magic-gen/recipes");
    let mut recipes = Vec::new();
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let recipe = Recipe::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        recipes.push((path, recipe));
    }
    recipes
}

#[test]
fn the_shipped_recipes_parse_and_derive_their_magics() {
    let recipes = shipped_recipes();
    for (path, recipe) in &recipes {
        assert!(recipe.command.is_some(), "{}: a recipe says how to reproduce it", path.display());
        assert!(!recipe.rows.is_empty());
    }
    assert_eq!(recipes.len(), 4, "black, black-variable, fixed-shift and fancy-dense");
}

/// `black` and `black-variable` read the same kind of recipe (black magics with offsets); each
/// refuses the other's shifts, naming the square, instead of building a table that its lookup
/// would index with the wrong shift.
#[test]
fn black_layouts_refuse_each_others_shifts() {
    let references = ReferenceSet::new();
    let message = overlapped::build_black(Layout::BlackVariable, &references, FILE, BLACK).unwrap_err().to_string();
    assert!(message.contains("rook b1 has shift 52: this layout's shifts are 53 to 63"), "{message}");
    let message =
        overlapped::build_black(Layout::Black, &references, VARIABLE_FILE, BLACK_VARIABLE).unwrap_err().to_string();
    assert!(message.contains("rook b1 has shift 53, but this layout shifts every rook by 52"), "{message}");
    // Each builds as its own layout.
    let variable = overlapped::build_black(Layout::BlackVariable, &references, VARIABLE_FILE, BLACK_VARIABLE).unwrap();
    assert_eq!(variable.table_entries, Recipe::parse(BLACK_VARIABLE).unwrap().stated_size.unwrap().0);
}

#[test]
fn damaged_recipes_name_the_file_line_and_square() {
    // Empty, or header lines only.
    assert!(
        build_error("").contains("black: magic-gen/recipes/black.recipe.csv: no `# seed=` line"),
        "{}",
        build_error("")
    );
    let header_only: String = BLACK.lines().take_while(|l| !l.starts_with("rook,")).map(|l| format!("{l}\n")).collect();
    let message = build_error(&header_only);
    assert!(message.contains("the recipe lists no squares"), "{message}");

    // Truncated: the last bishop rows are gone.
    let truncated: String = BLACK.lines().take(BLACK.lines().count() - 3).map(|l| format!("{l}\n")).collect();
    let message = build_error(&truncated);
    assert!(message.contains("bishop") && message.contains("is missing"), "{message}");
    // The file is named even where no line is (the square has none).
    assert!(message.starts_with(&format!("black: {FILE}: bishop ")), "{message}");

    // A magic column that does not match the seed and the position.
    let line = line_of(BLACK, "rook,d4,");
    let corrupted = BLACK.replacen("rook,d4,", "rook,d4,1", 1);
    let message = build_error(&corrupted);
    assert!(message.starts_with(&format!("black: {FILE}:{line}: rook d4: magic 0x")), "{message}");

    // A number that is not one.
    let corrupted = BLACK.replacen("rook,c1,", "rook,c1,x", 1);
    let message = build_error(&corrupted);
    assert!(message.contains(&format!("{FILE}:{}: rook c1: `x", line_of(BLACK, "rook,c1,"))), "{message}");

    // A square twice.
    let c1 = BLACK.lines().find(|l| l.starts_with("rook,c1,")).unwrap();
    let doubled = BLACK.replacen(c1, &format!("{c1}\n{c1}"), 1);
    let message = build_error(&doubled);
    let c1_line = line_of(BLACK, "rook,c1,");
    assert!(
        message.contains(&format!(":{}: rook c1: listed twice (first on line {c1_line})", c1_line + 1)),
        "{message}"
    );

    // Well formed, but the magic is not a magic for its square (rook d4 gets the stream position
    // of another rook square: the lowest of the rows derived from the stream, not walked, so
    // that it lies before d4's cursor and only the magic is wrong).
    let stream_position = |f: &Vec<&str>| f.get(2).and_then(|k| k.parse::<u64>().ok());
    let other: Vec<&str> = BLACK
        .lines()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| f[0] == "rook" && f[1] != "d4" && stream_position(f).is_some())
        .min_by_key(|f| stream_position(f))
        .unwrap();
    let d4 = BLACK.lines().find(|l| l.starts_with("rook,d4,")).unwrap();
    let d4_fields: Vec<&str> = d4.split(',').collect();
    let d4_position = d4_fields[2].parse::<u64>().expect("rook d4 is a stream row");
    assert!(stream_position(&other).unwrap() < d4_position, "{other:?} lies before rook d4's cursor");
    let moved = BLACK.replacen(d4, &format!("rook,d4,{},{}", other[2], d4_fields[3]), 1);
    // Rows derived from the stream without their magic (an empty `magic` field states nothing);
    // walked rows keep theirs, which is all they have.
    let without_magic: String = moved
        .lines()
        .map(|l| match l.split(',').nth(2) {
            Some(k) if !l.starts_with('#') && !k.starts_with("walk:") && k != "k" => {
                format!("{},", l.split(',').take(4).collect::<Vec<_>>().join(","))
            }
            _ => l.to_owned(),
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let message = build_error(&without_magic);
    // Named by the recipe's file and the row's line, as every failing row is.
    let line = without_magic.lines().position(|l| l.starts_with("rook,d4,")).unwrap() + 1;
    assert!(message.starts_with(&format!("black: magic-gen/recipes/black.recipe.csv:{line}: rook d4")), "{message}");
}

/// `search:N` rows (black magics of the random search, kept by `pack --searched`) parse only
/// where they mean something: a black recipe with a `bits` column, N from 1.
#[test]
fn searched_rows_are_checked() {
    let parse_error = |text: &str| Recipe::parse(text).unwrap_err().to_string();
    let row = BLACK_VARIABLE.lines().find(|l| l.starts_with("bishop,h2,")).unwrap();
    let fields: Vec<&str> = row.split(',').collect();
    // In place of the stream position, without a magic to compare: parses, and names the search.
    let searched_row = format!("bishop,h2,search:397771,{},4,", fields[3]);
    let searched = BLACK_VARIABLE.replacen(row, &searched_row, 1);
    let recipe = Recipe::parse(&searched).unwrap();
    let parsed = recipe.rows.iter().find(|r| r.square.to_string() == "h2" && r.slider.to_string() == "bishop").unwrap();
    assert!(parsed.searched);
    assert_eq!((parsed.position, parsed.bits), (397_771, Some(4)));
    let zero = BLACK_VARIABLE.replacen(row, &format!("bishop,h2,search:0,{},4,", fields[3]), 1);
    assert!(
        parse_error(&zero).contains("bishop h2: `search:0` is not search:N with N from 1"),
        "{}",
        parse_error(&zero)
    );
    // The fixed-shift black recipe has no bits column.
    let b1 = BLACK.lines().find(|l| l.starts_with("rook,b1,")).unwrap();
    let b1_fields: Vec<&str> = b1.split(',').collect();
    let no_bits = BLACK.replacen(b1, &format!("rook,b1,search:5,{},", b1_fields[3]), 1);
    assert!(parse_error(&no_bits).contains("needs its index bits"), "{}", parse_error(&no_bits));
}

/// `walk:N` rows (magics of a packing run's valid-space walks) state their magic, which the
/// recipe uses as it is (the build checks it like any other); without it, or with N = 0, the
/// row is refused, naming the square. `tailor:I` rows (of a retired packer move) are refused.
#[test]
fn walked_rows_state_their_magic() {
    let parse_error = |text: &str| Recipe::parse(text).unwrap_err().to_string();
    let d4 = BLACK.lines().find(|l| l.starts_with("rook,d4,")).unwrap();
    let fields: Vec<&str> = d4.split(',').collect();
    {
        let kind = "walk";
        let stated_row = BLACK.replacen(d4, &format!("rook,d4,{kind}:3,{},{}", fields[3], fields[4]), 1);
        let recipe = Recipe::parse(&stated_row).unwrap();
        let row = recipe.rows.iter().find(|r| r.square.to_string() == "d4" && r.slider.to_string() == "rook").unwrap();
        let stated = u64::from_str_radix(fields[4].trim_start_matches("0x"), 16).unwrap();
        assert_eq!((row.position, row.walked), (3, Some(stated)), "{kind}");
        assert_eq!(recipe.magic(row), stated);
        // It renders as it was read.
        let line = format!("rook,d4,{kind}:3,{},{}", fields[3], fields[4]);
        assert!(recipe.render(recipe.stated_size).contains(&line), "{kind}");
        // The table is the same table.
        let references = ReferenceSet::new();
        assert_eq!(
            recipe.check("test", &references).unwrap(),
            Recipe::parse(BLACK).unwrap().check("test", &references).unwrap()
        );
        let no_magic = BLACK.replacen(d4, &format!("rook,d4,{kind}:3,{},", fields[3]), 1);
        let error = parse_error(&no_magic);
        assert!(error.contains(&format!("rook d4: a `{kind}:N` row needs its magic")), "{error}");
        let zero = BLACK.replacen(d4, &format!("rook,d4,{kind}:0,{},{}", fields[3], fields[4]), 1);
        let error = parse_error(&zero);
        assert!(error.contains(&format!("`{kind}:0` is not {kind}:N with N from 1")), "{error}");
    }
    let tailored = BLACK.replacen(d4, &format!("rook,d4,tailor:3,{},{}", fields[3], fields[4]), 1);
    assert!(Recipe::parse(&tailored).is_err());
}

/// Every 16-digit hex number in `magic-tables/` (sources, generated-file templates) and in the
/// recipes it is built from (`magic-gen/recipes/`) is
/// checked against every magic of the published tables in `tests/data/published/`. The one
/// exception is a value that a shipped recipe re-derives from a seeded stream position (a row
/// whose magic is not stated but drawn again by the build): our own search drew it, and it is
/// the same number only because the simplest magics are few (the few-term stream draws the
/// three-bit bishop d8 magic `0x808020` of the fixed-shift record at its position 16,877).
#[test]
fn no_published_magic_is_left_in_magic_tables() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let published: BTreeSet<u64> = std::fs::read_dir(root.join("tests/data/published"))
        .unwrap()
        .flat_map(|entry| hex_numbers(&std::fs::read_to_string(entry.unwrap().path()).unwrap()))
        .collect();
    assert!(published.len() > 200, "the published tables hold their magics: {}", published.len());
    let mut shipped = BTreeSet::new();
    let mut stack = vec![root.join("magic-tables"), root.join("magic-gen/recipes")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                shipped.extend(hex_numbers(&text));
            }
        }
    }
    let mut rederived = BTreeSet::new();
    for (_, recipe) in shipped_recipes() {
        let drawn = recipe.rows.iter().filter(|r| r.swept.is_none() && r.walked.is_none());
        rederived.extend(drawn.map(|row| recipe.magic(row)));
    }
    let left: Vec<String> =
        shipped.intersection(&published).filter(|m| !rederived.contains(m)).map(|m| format!("{m:#018x}")).collect();
    assert!(left.is_empty(), "published magics in magic-tables/ or its recipes: {left:?}");
}

/// The numbers written as `0x` and 16 hex digits (underscores allowed) in `text`.
fn hex_numbers(text: &str) -> Vec<u64> {
    let mut numbers = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i + 2 < bytes.len() {
        if bytes[i] == b'0' && (bytes[i + 1] | 0x20) == b'x' {
            let digits: String = text[i + 2..]
                .chars()
                .take_while(|c| c.is_ascii_hexdigit() || *c == '_')
                .filter(|c| *c != '_')
                .collect();
            if digits.len() == 16 {
                numbers.push(u64::from_str_radix(&digits, 16).unwrap());
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    numbers
}

/// A damaged offset, as the build script meets it (`build_black`, what `magic-tables`' build
/// calls), is named by the recipe's file and a row's line: moved onto another square's range, the
/// failing square's line; moved past the end, the line of the square that now holds the last
/// slot, beside the stated size it breaks.
#[test]
fn damaged_offsets_name_the_file_and_the_line() {
    let references = ReferenceSet::new();
    let row = |square: &str| BLACK.lines().find(|l| l.starts_with(&format!("rook,{square},"))).unwrap();
    let fields = |line: &str| line.split(',').map(str::to_owned).collect::<Vec<_>>();
    let with_offset = |line: &str, offset: &str| {
        let mut f = fields(line);
        f[3] = offset.to_owned();
        f.join(",")
    };
    let onto_a1 = BLACK.replacen(row("b1"), &with_offset(row("b1"), &fields(row("a1"))[3]), 1);
    let message = build_error(&onto_a1);
    // Both rows, the changed one (b1) and the one it now collides with (a1).
    assert!(
        message.starts_with(&format!(
            "black: {FILE}:{}: rook b1 and rook a1 ({FILE}:{}) are incompatible",
            line_of(BLACK, "rook,b1,"),
            line_of(BLACK, "rook,a1,")
        )),
        "{message}"
    );
    let recipe = Recipe::parse(BLACK).unwrap();
    let (slider, square) = recipe.check(FILE, &references).unwrap().last_square.unwrap();
    let last = BLACK.lines().find(|l| l.starts_with(&format!("{slider},{square},"))).unwrap();
    let beyond = (fields(last)[3].parse::<u32>().unwrap() + 100_000).to_string();
    let moved = BLACK.replacen(last, &with_offset(last, &beyond), 1);
    let message = build_error(&moved);
    let line = line_of(BLACK, &format!("{slider},{square},"));
    assert!(message.starts_with(&format!("black: {FILE}:{line}: the file states ")), "{message}");
    assert!(message.ends_with(&format!("(the last slot is {slider} {square}'s)")), "{message}");
}

/// The black-variable recipe names its own layout, and that name needs its `bits` column.
#[test]
fn recipes_name_their_own_layout() {
    assert!(BLACK_VARIABLE.lines().any(|l| l == "# layout=black-variable"));
    assert_eq!(Recipe::parse(BLACK_VARIABLE).unwrap().layout_name(), "black-variable");
    assert_eq!(Recipe::parse(BLACK).unwrap().layout_name(), "black");
    let named_wrongly = BLACK.replacen("# layout=black", "# layout=black-variable", 1);
    let error = Recipe::parse(&named_wrongly).unwrap_err().to_string();
    assert!(error.contains("a black-variable recipe has a bits column"), "{error}");
    // Written back under its own name.
    let recipe = Recipe::parse(BLACK_VARIABLE).unwrap();
    assert!(recipe.render(None).contains("\n# layout=black-variable\n"));
}
