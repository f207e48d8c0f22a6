//! The `magic-gen` command line, run as a user runs it.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn magic_gen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_magic-gen"))
}

/// Runs `args`, expects `code`, and returns (stdout, stderr). A panic is never acceptable.
fn run(args: &[&str], code: i32) -> (String, String) {
    let output = magic_gen().args(args).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert_eq!(output.status.code(), Some(code), "{args:?}\nstdout: {stdout}\nstderr: {stderr}");
    (stdout, stderr)
}

/// Expects exit code 2 and one error line on stderr that contains every needle.
fn bad_input(args: &[&str], needles: &[&str]) {
    let (stdout, stderr) = run(args, 2);
    assert!(stdout.is_empty(), "{args:?} printed {stdout}");
    for needle in needles {
        assert!(stderr.contains(needle), "{args:?}: `{needle}` not in {stderr}");
    }
}

fn records_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/records");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} not found; record files not checked", dir.display());
        None
    }
}

#[test]
fn help_lists_every_subcommand() {
    let (stdout, _) = run(&["--help"], 0);
    for sub in ["search", "verify", "stats", "show", "emit", "merge"] {
        assert!(stdout.contains(sub), "{sub} missing from --help");
    }
    let (stdout, _) = run(&["search", "--help"], 0);
    assert!(stdout.contains("--bits-below") && stdout.contains("--shard"));
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    bad_input(&["frobnicate"], &["unrecognized subcommand"]);
    bad_input(&["search", "--colour", "white"], &["unexpected argument"]);
    bad_input(&["search", "--square", "e9"], &["e9", "not a square name"]);
    bad_input(&["search", "--square", "e4,,e5"], &["not a square name"]);
    bad_input(&["search", "--slider", "queen"], &["queen", "not a slider"]);
    bad_input(
        &["search", "--slider", "rook", "--square", "a1", "--bits", "5"],
        &["rook a1", "5 index bits", "at least 6"],
    );
    bad_input(
        &["search", "--slider", "rook", "--square", "a1", "--bits", "13"],
        &["rook a1", "13 index bits", "12 bits"],
    );
    bad_input(&["search", "--slider", "bishop", "--square", "d4", "--bits-below", "3"], &["bishop d4", "6 index bits"]);
    bad_input(&["search", "--slider", "bishop", "--bits-below", "7"], &["--bits-below 7"]);
    bad_input(&["search", "--shard", "3/2"], &["shard 3/2 does not exist"]);
    bad_input(&["search", "--shard", "1-2"], &["not a shard"]);
    bad_input(&["search", "--time", "0"], &["--time"]);
    bad_input(&["search", "--time", "1e19"], &["--time", "out of range", "at most 31536000"]);
    bad_input(&["search", "--time", "inf"], &["--time", "out of range"]);
    bad_input(&["search", "--threads", "0"], &["--threads", "1 to 256"]);
    bad_input(&["search", "--threads", "10000"], &["--threads 10000 is out of range: 1 to 256"]);
    bad_input(&["search", "--slider", "bishop", "--format", "rust"], &["all 128 squares"]);
    bad_input(&["show", "--slider", "rook", "--square", "e4", "--occupied", "b4,x9"], &["x9"]);
    bad_input(&["emit", "--seed", "lucky"], &["lucky"]);
    bad_input(&["verify", "/nonexistent/magics.csv"], &["cannot read /nonexistent/magics.csv"]);
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn malformed_files_name_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let results_header = "slider,square,bits,magic,candidate,drawn";
    let cases = [
        ("hex.csv", format!("{results_header}\nrook,a1,12,0xnothex,1,1\n"), vec!["hex.csv:2:", "hexadecimal"]),
        ("columns.csv", format!("{results_header}\nrook,a1,12\n"), vec!["columns.csv:2:", "wrong number of columns"]),
        (
            "piece.csv",
            format!("{results_header}\nrook,a1,12,0x1,1,1\nknight,b1,11,0x1,1,1\n"),
            vec!["piece.csv:3:", "knight"],
        ),
        (
            "twice.csv",
            format!("{results_header}\nrook,a1,12,0x1,1,1\nrook,a1,12,0x1,1,1\n"),
            vec!["twice.csv:3:", "twice"],
        ),
        ("header.csv", "piece,square\nrook,a1\n".to_owned(), vec!["header.csv:1:", "expected the header"]),
        (
            "json.json",
            "{ \"format\": \"magic-gen-results/1\", \"oops\": 1 }".to_owned(),
            vec!["json.json:1:", "unknown field"],
        ),
        (
            "record_missing.csv",
            "square,index,piece,magic_hex,shift,offset\na1,0,rook,0x1,52,0\n".to_owned(),
            vec!["record_missing.csv", "is missing", "all 128 squares"],
        ),
        (
            "record_twice.csv",
            "square,index,piece,magic_hex,shift,offset\na1,0,rook,0x1,52,0\na1,0,rook,0x2,52,0\n".to_owned(),
            vec!["record_twice.csv:3:", "twice"],
        ),
    ];
    for (name, text, needles) in cases {
        let path = write(dir.path(), name, &text);
        bad_input(&["verify", path.to_str().unwrap()], &needles);
    }
}

#[test]
fn oversized_tables_are_refused_not_allocated() {
    let dir = tempfile::tempdir().unwrap();
    let huge = write(dir.path(), "huge.csv", "slider,square,bits,magic,candidate,drawn\nrook,e4,32,0x1,1,1\n");
    bad_input(&["verify", huge.to_str().unwrap()], &["huge.csv", "shift 32 is out of range"]);
    bad_input(&["emit", "--input", huge.to_str().unwrap()], &["rook a1 has none"]);
    let far = "square,index,piece,magic_hex,shift,offset\na1,0,rook,0x1,52,4294967295\n";
    let far = write(dir.path(), "far.csv", far);
    bad_input(&["verify", far.to_str().unwrap()], &["offset 4294967295 is beyond"]);
}

#[test]
fn an_invalid_magic_is_reported_with_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let path =
        write(dir.path(), "bad.csv", "slider,square,bits,magic,candidate,drawn\nrook,e4,10,0x0000000000000001,1,1\n");
    let (stdout, _) = run(&["verify", path.to_str().unwrap()], 1);
    assert!(stdout.contains("valid: no") && stdout.contains("rook e4") && stdout.contains("not magic"), "{stdout}");
}

#[test]
fn no_partial_output_file_on_failure() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("table.rs");
    let out_arg = out.to_str().unwrap();
    // Bad input: nothing written.
    bad_input(&["search", "--square", "z1", "-o", out_arg], &["z1"]);
    assert!(!out.exists());
    // A table format with a square not found: exit 1, still nothing written.
    let (_, stderr) = run(&["emit", "--seed", "7", "--max-candidates", "3", "-o", out_arg], 1);
    assert!(stderr.contains("no magic"), "{stderr}");
    assert!(!out.exists());
    // Nothing else was left behind in the directory either (no temporary files).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn search_reports_squares_not_found_and_exits_1() {
    let (stdout, stderr) =
        run(&["search", "--slider", "rook", "--square", "a1,h8", "--max-candidates", "5", "--format", "csv"], 1);
    assert!(stderr.contains("not found within the budget: rook a1, rook h8"), "{stderr}");
    assert!(stderr.contains("found 0/2 squares"), "{stderr}");
    assert_eq!(stdout.lines().count(), 3);
    assert!(stdout.contains("rook,a1,12,,,5"), "{stdout}");
}

/// `--time` shares the time between squares: each square still searching draws the same number
/// of candidates per round, so none is starved, and the run says it stopped on time.
#[test]
fn time_is_shared_between_squares() {
    // Two bits below the mask: far rarer than any time this test allows.
    let (stdout, stderr) = run(
        &[
            "search",
            "--slider",
            "rook",
            "--square",
            "a7,d4,h8",
            "--bits-below",
            "2",
            "--time",
            "0.3",
            "--threads",
            "1",
            "--format",
            "csv",
        ],
        1,
    );
    assert!(stderr.contains("stopped by --time"), "{stderr}");
    let drawn: Vec<u64> =
        stdout.lines().skip(1).map(|line| line.rsplit(',').next().unwrap().parse().unwrap()).collect();
    assert_eq!(drawn.len(), 3, "{stdout}");
    let (least, most) = (drawn.iter().min().unwrap(), drawn.iter().max().unwrap());
    assert!(*least >= 1 << 16, "{drawn:?}");
    assert!(most - least <= 1 << 16, "a square fell behind by more than a round: {drawn:?}");
    // An explicit candidate limit still applies with --time.
    let (stdout, _) = run(
        &[
            "search",
            "--slider",
            "rook",
            "--square",
            "a7",
            "--bits-below",
            "2",
            "--time",
            "60",
            "--max-candidates",
            "1000",
            "--format",
            "csv",
        ],
        1,
    );
    assert!(stdout.contains("rook,a7,9,,,1000"), "{stdout}");
}

const SOME_BISHOPS: &str = "a1,b1,g2,h8,c6,f3";

#[test]
fn results_do_not_depend_on_thread_count() {
    let one = run(&["search", "--slider", "bishop", "--square", SOME_BISHOPS, "--seed", "42", "--threads", "1"], 0).0;
    let two = run(&["search", "--slider", "bishop", "--square", SOME_BISHOPS, "--seed", "42", "--threads", "2"], 0).0;
    assert_eq!(one, two);
    assert!(one.contains("\"magic\": \"0x"));
}

#[test]
fn shards_merge_into_the_unsharded_result() {
    let dir = tempfile::tempdir().unwrap();
    let common = ["search", "--slider", "bishop", "--square", SOME_BISHOPS, "--seed", "9"];
    let mut whole_args = common.to_vec();
    whole_args.extend(["--format", "csv"]);
    let whole = run(&whole_args, 0).0;
    let mut files = Vec::new();
    for shard in ["0/3", "1/3", "2/3"] {
        let path = dir.path().join(format!("shard{}.json", &shard[..1]));
        let mut args = common.to_vec();
        args.extend(["--shard", shard, "-o", path.to_str().unwrap()]);
        run(&args, 0);
        files.push(path);
    }
    let mut merge_args = vec!["merge", "--format", "csv"];
    merge_args.extend(files.iter().map(|p| p.to_str().unwrap()));
    let merged = run(&merge_args, 0).0;
    // The same magic at the same candidate number; only the candidates drawn differ.
    let without_drawn =
        |text: &str| -> Vec<String> { text.lines().map(|l| l.rsplit_once(',').unwrap().0.to_owned()).collect() };
    assert_eq!(without_drawn(&merged), without_drawn(&whole));
    // A missing shard is refused.
    bad_input(&["merge", files[0].to_str().unwrap(), files[1].to_str().unwrap()], &["shard 2/3 is missing"]);
    // CSV results carry no seed or shard, so they cannot be merged.
    let csv = write(dir.path(), "whole.csv", &whole);
    bad_input(&["merge", csv.to_str().unwrap()], &["whole.csv", "needs JSON results"]);
}

#[test]
fn stats_totals() {
    let (board, _) = run(&["stats"], 0);
    assert!(
        board.contains("rook totals: 102400 minimal fancy entries (800.0 KiB), 4900 distinct attack sets"),
        "{board}"
    );
    assert!(
        board.contains("bishop totals: 5248 minimal fancy entries (41.0 KiB), 1428 distinct attack sets"),
        "{board}"
    );
    assert!(board.contains("4096/49") && board.contains("512/108"));
    let (csv, _) = run(&["stats", "--format", "csv"], 0);
    assert_eq!(csv.lines().count(), 129);
    assert!(csv.contains("rook,d5,35,10,1024,144,8\n") && csv.contains("bishop,a8,56,6,64,7,3\n"), "{csv}");
}

#[test]
fn show_draws_the_boards_and_the_index() {
    let (stdout, _) = run(&["show", "--slider", "rook", "--square", "e4", "--occupied", "b4,c4,e2,e5,e7"], 0);
    assert!(stdout.starts_with("Rook on e4\n"));
    assert!(stdout.contains("0 1 1 1 0 1 1 0         0 1 1 0 0 0 0 0         0 0 1 1 0 1 1 1"), "{stdout}");
    assert!(stdout.contains("maps to index"), "{stdout}");
}

#[test]
fn emit_rust_matches_the_build_and_c_compiles() {
    let (rust, _) = run(&["emit", "--seed", "tuned"], 0);
    assert!(
        rust.contains(
            "Checksum: FNV-1a 64 over the little-endian bytes of the data arrays, in order = 0x3295087dccbb5f93"
        ),
        "{rust}"
    );
    assert!(rust.contains("pub static ATTACKS: [u64; 107648]"));

    let dir = tempfile::tempdir().unwrap();
    let header = dir.path().join("magics.h");
    run(&["emit", "--seed", "tuned", "--format", "c", "-o", header.to_str().unwrap()], 0);
    let Ok(cc) = which_cc() else {
        eprintln!("note: no C compiler found; the C header was not compiled");
        return;
    };
    // Rook e4 with blockers b4, c4, e2, e5, e7, and a bishop and queen check.
    let main = write(
        dir.path(),
        "main.c",
        "#include <stdio.h>\n#include \"magics.h\"\nint main(void) {\n\
         uint64_t occ = (1ULL<<25)|(1ULL<<26)|(1ULL<<12)|(1ULL<<36)|(1ULL<<52);\n\
         printf(\"%016llx %016llx %016llx\\n\", (unsigned long long)rook_attacks(28, occ),\n\
         (unsigned long long)bishop_attacks(0, 0), (unsigned long long)queen_attacks(27, ~0ULL));\n\
         return 0;\n}\n",
    );
    let exe = dir.path().join("main");
    let status = std::process::Command::new(cc)
        .args(["-std=c99", "-Wall", "-Werror", "-O1", "-o"])
        .arg(&exe)
        .arg(&main)
        .status()
        .unwrap();
    assert!(status.success());
    let output = std::process::Command::new(&exe).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    // c4 d4 f4 g4 h4 | e5 | e3 e2; a1 diagonal b2..h8; queen d4 on a full board: its 8 neighbours.
    assert_eq!(text.trim(), "00000010ec101000 8040201008040200 0000001c141c0000");
}

fn which_cc() -> Result<&'static str, ()> {
    ["cc", "gcc", "clang"]
        .into_iter()
        .find(|cc| std::process::Command::new(cc).arg("--version").output().is_ok_and(|o| o.status.success()))
        .ok_or(())
}

/// The exhaustive-search lists (every magic of one square at one bit fewer) all verify.
#[test]
fn record_magic_lists_verify() {
    let Some(dir) = records_dir() else { return };
    for (file, slider, square, bits, count) in [
        ("rook_d7_shift9_all354_magics_niklasf.txt", "rook", "d7", "9", 354),
        ("bishop_h2_4bit_magics_niklasf_cuda.txt", "bishop", "h2", "4", 14237),
    ] {
        let path = dir.join(file);
        let path = path.to_str().unwrap();
        let (stdout, _) = run(&["verify", path, "--slider", slider, "--square", square, "--bits", bits], 0);
        assert!(stdout.contains(&format!("valid: yes, all {count}")), "{stdout}");
        // One bit fewer still is impossible for every one of them.
        let fewer = (bits.parse::<u32>().unwrap() - 1).to_string();
        let (stdout, _) = run(&["verify", path, "--slider", slider, "--square", square, "--bits", &fewer], 1);
        assert!(stdout.contains("valid: no: line 1:"), "{stdout}");
        bad_input(&["verify", path], &["needs --slider, --square and --bits"]);
    }
}

/// Every record table verifies and has the size `layout_size_records.csv` gives for it.
#[test]
fn every_record_file_verifies_at_its_published_size() {
    let Some(dir) = records_dir() else { return };
    let sizes = std::fs::read_to_string(dir.join("layout_size_records.csv")).unwrap();
    let published = |layout_prefix: &str| -> usize {
        let row =
            sizes.lines().find(|l| l.starts_with(layout_prefix)).unwrap_or_else(|| panic!("no row {layout_prefix}"));
        // The layout names contain commas only inside parentheses, never before the entries column.
        let after_layout = &row[row.find("),").map_or_else(|| row.find(',').unwrap(), |i| i + 1)..];
        after_layout.trim_start_matches(',').split(',').next().unwrap().parse().unwrap()
    };
    let cases = [
        (
            "best_magics_c_minus_1.csv",
            "fancy with best known c-1 magics",
            "entries with minimal (mask-sized) slices for the 89 unlisted squares: ",
        ),
        ("black_magic_annuss_2017_88507.csv", "black magic fixed shift (Volker Annuss Aug 2017)", "entries: "),
        ("black_magic_annuss_fiekas_87988.csv", "black magic fixed shift (Annuss+Fiekas improved)", "entries: "),
        (
            "fixed_shift_white_annuss_2016_89524.csv",
            "fixed-shift fancy overlapped (Volker Annuss 2016 p=670709)",
            "entries: ",
        ),
        (
            "fixed_shift_white_annuss_88772.csv",
            "fixed-shift fancy overlapped white (Volker Annuss Aug 2017 p=727500)",
            "entries: ",
        ),
    ];
    let mut record_csvs: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".csv") && n != "layout_size_records.csv" && n != "per_square_limits.csv")
        .collect();
    record_csvs.sort();
    let mut expected_names: Vec<&str> = cases.iter().map(|c| c.0).collect();
    expected_names.sort();
    assert_eq!(record_csvs, expected_names, "a record table without a size check");
    for (file, layout, label) in cases {
        let path = dir.join(file);
        let (stdout, _) = run(&["verify", path.to_str().unwrap()], 0);
        assert!(stdout.contains("valid: yes"), "{stdout}");
        let reported: usize = stdout
            .lines()
            .find_map(|l| l.trim().strip_prefix(label))
            .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{file}: no `{label}` line in {stdout}"));
        assert_eq!(reported, published(layout), "{file}");
    }
}
