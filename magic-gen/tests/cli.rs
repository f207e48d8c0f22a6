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

/// Expects exit code 2 and one error line on stderr (nothing else: no information line
/// before it, no usage text after it) that contains every needle.
fn bad_input(args: &[&str], needles: &[&str]) {
    let (stdout, stderr) = run(args, 2);
    assert!(stdout.is_empty(), "{args:?} printed {stdout}");
    assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{args:?}: not one error line: {stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{args:?}: `{needle}` not in {stderr}");
    }
}

/// `text`, a file magic-gen sealed (`magic_gen::text::seal`), changed by `change` and sealed
/// again: how a test damages a line behind the checksum, to reach the check behind it.
fn edited(text: &str, change: impl FnOnce(&str) -> String) -> String {
    magic_gen::text::seal(&change(magic_gen::text::unseal(text).expect("a sealed file")))
}

/// The copies of the published records in the repository (`tests/data/`, sources in its
/// README), so that the tests need nothing outside the checkout and never skip.
fn test_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data")
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
    bad_input(&["emit", "--layout", "fancy", "--seed", "lucky"], &["lucky"]);
    // The default layout is built from its recipe: a seed cannot apply to it.
    bad_input(&["emit", "--seed", "7"], &["--layout black", "recipe", "no --seed"]);
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
    bad_input(&["verify", huge.to_str().unwrap()], &["huge.csv:2:", "rook e4: 32 index bits is out of range: 1 to 10"]);
    bad_input(&["emit", "--layout", "fancy", "--input", huge.to_str().unwrap()], &["huge.csv:2:", "32 index bits"]);
    let none = write(dir.path(), "none.csv", "slider,square,bits,magic,candidate,drawn\nrook,e4,10,0x1,1,1\n");
    bad_input(&["emit", "--layout", "fancy", "--input", none.to_str().unwrap()], &["rook a1 has none"]);
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
    let (_, stderr) = run(&["emit", "--layout", "fancy", "--seed", "7", "--max-candidates", "3", "-o", out_arg], 1);
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

/// `search --black` finds black magics (`((occupied | !mask) * magic) >> (64 - bits)`): each
/// one checked here against the slow reference, and its CSV is not mistaken for fancy results.
#[test]
fn black_search_finds_black_magics() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("black.csv");
    let out_arg = out.to_str().unwrap();
    let args =
        ["search", "--black", "--slider", "rook,bishop", "--square", "a1,d4,g7", "--seed", "5", "--format", "csv"];
    run(&[&args[..], &["-o", out_arg]].concat(), 0);
    let text = std::fs::read_to_string(&out).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("# magic-gen search --black results"));
    assert_eq!(lines.next(), Some("# seed=5"));
    assert_eq!(lines.next(), Some("# shard=0/1"));
    assert_eq!(lines.next(), Some("# max_candidates=100000000"));
    assert_eq!(lines.next(), Some("slider,square,bits,black_magic,candidate,drawn"));
    let mut checked = 0;
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        let slider: magic_gen::Slider = fields[0].parse().unwrap();
        let square: magic_gen::Square = fields[1].parse().unwrap();
        let bits: u32 = fields[2].parse().unwrap();
        let magic = u64::from_str_radix(fields[3].trim_start_matches("0x"), 16).unwrap();
        let occ = magic_gen::geometry::Occupancies::new(slider, square);
        assert_eq!(bits, occ.mask.count_ones());
        let mut slots = vec![None; 1 << bits];
        for (&blockers, &attacks) in occ.blockers.iter().zip(&occ.attacks) {
            // Every bit outside the mask set, blockers off the mask too: black keys ignore them.
            let occupied = blockers | (!occ.mask & 0x0123_4567_89AB_CDEF);
            let index = ((occupied | !occ.mask).wrapping_mul(magic) >> (64 - bits)) as usize;
            assert_eq!(*slots[index].get_or_insert(attacks), attacks, "{slider} {square} {magic:#x}");
        }
        checked += 1;
    }
    assert_eq!(checked, 6);
    // The same search again gives the same magics (one seeded stream per square).
    let (stdout, _) = run(&args, 0);
    assert_eq!(stdout, text);
    // A reader of fancy results refuses it, by its header.
    let (_, stderr) = run(&["verify", out_arg], 2);
    assert!(stderr.contains("header"), "{stderr}");
    bad_input(&["search", "--black", "--square", "a1"], &["--black writes CSV only"]);
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

/// `pack` and `walk` take `--threads` as `search` and `span` do: the same range, and the same
/// bytes on one thread or two (walks, draws and fits run on the threads).
#[test]
#[ignore = "9 to 17 CPU-seconds: .ci/run runs it once, in release, beside the README test command"]
fn packs_and_walks_do_not_depend_on_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let walks = ["--set", "stream=few-term", "--set", "walks=2", "--set", "walk-steps=200"];
    for threads in ["1", "2"] {
        let pack = [&small_pack(&["--iterations", "200"])[..], &walks, &["--threads", threads]].concat();
        run(&[&pack[..], &["-o", &path(&format!("pack-{threads}.csv"))]].concat(), 0);
        let walk = ["walk", "--preset", "classic", "--layout", "fixed-shift", "--seed", "5", "--threads", threads];
        run(&[&walk[..], &walks, &["-o", &path(&format!("walk-{threads}.csv"))]].concat(), 0);
    }
    let read = |name: &str| std::fs::read_to_string(path(name)).unwrap();
    assert_eq!(read("pack-1.csv"), read("pack-2.csv"));
    assert!(!read("pack-1.csv").contains("--threads"), "the recipe's command leaves the threads out");
    assert_eq!(read("walk-1.csv"), read("walk-2.csv"));
    for command in ["pack", "walk", "span"] {
        let mut args = vec![command, "--threads", "0", "-o", "never.csv"];
        if command == "span" {
            args.extend_from_slice(&["--slider", "rook", "--square", "e4", "--candidates", "10"]);
        }
        bad_input(&args, &["--threads 0 is out of range: 1 to 256"]);
        args[2] = "257";
        bad_input(&args, &["--threads 257 is out of range: 1 to 256"]);
    }
    assert!(!Path::new("never.csv").exists());
}

/// `span`'s default seed is `pack`'s: a list made without `--seed` is read by a packing made
/// without one.
#[test]
fn span_and_pack_default_to_one_seed() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.csv").to_str().unwrap().to_owned();
    run(&["span", "--slider", "bishop", "--square", "c1", "--candidates", "20000", "-o", &list], 0);
    assert!(std::fs::read_to_string(&list).unwrap().contains("\n# seed=1\n"));
    let recipe = dir.path().join("recipe.csv").to_str().unwrap().to_owned();
    let pack = ["pack", "--preset", "classic", "--layout", "black-variable", "--iterations", "10"];
    run(&[&pack[..], &SPAN_PACK_SMALL, &["--searched", &list, "-o", &recipe]].concat(), 0);
    assert!(std::fs::read_to_string(&recipe).unwrap().contains("--seed 1 "));
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
    // Byte for byte what the unsharded search writes.
    assert_eq!(merged, whole);
    // JSON too, byte for byte.
    let mut json_args = vec!["merge"];
    json_args.extend(files.iter().map(|p| p.to_str().unwrap()));
    assert_eq!(run(&json_args, 0).0, run(&common, 0).0);
    // A missing shard is refused.
    bad_input(&["merge", files[0].to_str().unwrap(), files[1].to_str().unwrap()], &["shard 2/3 is missing"]);
    bad_input(
        &["merge", files[0].to_str().unwrap(), files[1].to_str().unwrap(), files[1].to_str().unwrap()],
        &["shard 1/3 is given twice"],
    );
    // A shard that claims a magic its seed's stream does not have there is refused.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let at = text.find("\"magic\": \"0x").expect("shard 0 found a magic") + "\"magic\": \"0x".len();
    let digit = if &text[at..at + 1] == "1" { "2" } else { "1" };
    let forged = dir.path().join("forged.json");
    std::fs::write(&forged, format!("{}{digit}{}", &text[..at], &text[at + 1..])).unwrap();
    bad_input(
        &["merge", forged.to_str().unwrap(), files[1].to_str().unwrap(), files[2].to_str().unwrap()],
        &["forged.json", "is not candidate"],
    );
    // Shards run with another candidate limit are not the same search.
    let other = dir.path().join("other.json");
    let mut args = common.to_vec();
    args.extend(["--shard", "2/3", "--max-candidates", "5000", "-o", other.to_str().unwrap()]);
    run(&args, 1);
    bad_input(
        &["merge", files[0].to_str().unwrap(), files[1].to_str().unwrap(), other.to_str().unwrap()],
        &["candidate limits differ"],
    );
    // CSV results carry no seed or shard, so they cannot be merged.
    let csv = write(dir.path(), "whole.csv", &whole);
    bad_input(&["merge", csv.to_str().unwrap()], &["whole.csv", "needs JSON results"]);
}

/// `search --black --shard I/N` results merge, like JSON ones, into the CSV the unsharded
/// search writes, byte for byte: their comment lines carry the seed, shard and candidate limit.
/// A forged black magic, a shard of another search and a mix with fancy results are refused.
#[test]
fn black_shards_merge_into_the_unsharded_result() {
    let dir = tempfile::tempdir().unwrap();
    let common =
        ["search", "--black", "--format", "csv", "--slider", "bishop", "--square", SOME_BISHOPS, "--seed", "9"];
    let whole = run(&common, 0).0;
    let mut files = Vec::new();
    for shard in ["0/2", "1/2"] {
        let path = dir.path().join(format!("shard{}.csv", &shard[..1]));
        run(&[&common[..], &["--shard", shard, "-o", path.to_str().unwrap()]].concat(), 0);
        files.push(path.to_str().unwrap().to_owned());
    }
    assert_eq!(run(&["merge", &files[0], &files[1]], 0).0, whole);
    assert_eq!(run(&["merge", &files[1], &files[0], "--format", "json"], 0).0, whole);
    bad_input(&["merge", &files[0]], &["shard 1/2 is missing"]);

    // A black magic changed in its last digit is not that candidate of the stream.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let row = text.lines().find(|l| l.starts_with("bishop,") && l.contains(",0x")).expect("shard 0 found one");
    let magic = row.split(',').nth(3).unwrap();
    let last = if magic.ends_with('1') { "2" } else { "1" };
    let forged_row = row.replacen(magic, &format!("{}{last}", &magic[..magic.len() - 1]), 1);
    let forged = write(dir.path(), "forged.csv", &text.replacen(row, &forged_row, 1));
    bad_input(&["merge", forged.to_str().unwrap(), &files[1]], &["forged.csv", "is not candidate"]);

    // Another seed's shard, a file without its settings, and fancy JSON results.
    let other = dir.path().join("other.csv");
    let seed_10: Vec<&str> = common.iter().map(|&a| if a == "9" { "10" } else { a }).collect();
    run(&[&seed_10[..], &["--shard", "1/2", "-o", other.to_str().unwrap()]].concat(), 0);
    bad_input(&["merge", &files[0], other.to_str().unwrap()], &["seeds differ"]);
    let bare = write(dir.path(), "bare.csv", &text.replacen("# seed=9\n", "", 1));
    bad_input(&["merge", bare.to_str().unwrap(), &files[1]], &["bare.csv", "no `# seed=` line"]);
    let fancy = dir.path().join("fancy.json");
    run(&["search", "--slider", "bishop", "--square", SOME_BISHOPS, "--seed", "9", "-o", fancy.to_str().unwrap()], 0);
    bad_input(&["merge", &files[0], fancy.to_str().unwrap()], &["fancy.json", "not the results of `search --black`"]);
}

/// `--after N` continues a search that stopped at candidate N: the squares it had not found
/// are found at the same candidates as by a search from the start, shards of the continuation
/// merge into it, and the file says where it started.
#[test]
fn a_black_search_continues_after_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    let common = ["search", "--black", "--format", "csv", "--slider", "bishop", "--square", "c3,d4,e4", "--seed", "9"];
    let row = |text: &str, square: &str| -> Vec<String> {
        let line = text.lines().find(|l| l.starts_with(&format!("bishop,{square},"))).expect("a row per square");
        line.split(',').map(str::to_owned).collect()
    };
    let whole = run(&common, 0).0;
    // Seed 9 finds c3 at candidate 16,959, d4 at 11,220 and e4 at 33,026: stop at 16,000.
    let (first, _) = run(&[&common[..], &["--max-candidates", "16000"]].concat(), 1);
    assert_eq!(row(&first, "d4"), row(&whole, "d4"));
    assert_eq!(row(&first, "c3")[3], "");
    let continued = run(&[&common[..], &["--after", "16000"]].concat(), 0).0;
    assert!(continued.contains("# max_candidates=100000000\n# after=16000\n"), "{continued}");
    for square in ["c3", "e4"] {
        let (from_start, continued) = (row(&whole, square), row(&continued, square));
        assert_eq!(continued[..5], from_start[..5], "{square}");
        let candidate: u64 = from_start[4].parse().unwrap();
        assert_eq!(continued[5], (candidate - 16000).to_string(), "{square}: drawn since the start");
    }
    // d4's next black magic, not the one below the start.
    let d4: u64 = row(&continued, "d4")[4].parse().unwrap();
    assert!(d4 > 16000, "{continued}");

    let mut files = Vec::new();
    for shard in ["0/2", "1/2"] {
        let path = dir.path().join(format!("after{}.csv", &shard[..1]));
        run(&[&common[..], &["--after", "16000", "--shard", shard, "-o", path.to_str().unwrap()]].concat(), 0);
        files.push(path.to_str().unwrap().to_owned());
    }
    assert_eq!(run(&["merge", &files[0], &files[1]], 0).0, continued);
    let from_start = dir.path().join("start1.csv");
    run(&[&common[..], &["--shard", "1/2", "-o", from_start.to_str().unwrap()]].concat(), 0);
    bad_input(&["merge", &files[0], from_start.to_str().unwrap()], &["starting points differ"]);
    // A claim below the start is refused even when it is a magic of the stream.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let claimed = row(&text, "d4").join(",");
    let early = row(&whole, "d4");
    let early = format!("{},{}", early[..5].join(","), early[4]);
    let forged = write(dir.path(), "early.csv", &text.replacen(&claimed, &early, 1));
    bad_input(&["merge", forged.to_str().unwrap(), &files[1]], &["early.csv", "lies before the search's start"]);

    bad_input(
        &["search", "--format", "csv", "--slider", "bishop", "--square", "c3", "--after", "5"],
        &["--after needs an output"],
    );
    bad_input(&[&common[..], &["--after", "20", "--max-candidates", "20"]].concat(), &["leaves nothing to search"]);
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
    // By default the crate's default layout, black: its entry, formula and shift.
    assert!(stdout.contains("black (`emit --layout black`): rook e4: not_mask 0x"), "{stdout}");
    assert!(stdout.contains("Lookup: ATTACKS[offset + (((occupied | not_mask) * magic) >> shift)]"), "{stdout}");
    assert!(stdout.contains("shift 52 (12 index bits): blocker board 0x0010001006001000 maps to index"), "{stdout}");
    // Any layout emit takes: the fancy table's own magic and shift.
    let fancy = ["show", "--slider", "rook", "--square", "e4", "--occupied", "b4,c4,e2,e5,e7", "--layout", "fancy"];
    let (stdout, _) = run(&fancy, 0);
    assert!(stdout.contains("fancy (`emit --layout fancy`): rook e4: mask 0x001010106e101000, magic 0x"), "{stdout}");
    assert!(stdout.contains("shift 54 (10 index bits)"), "{stdout}");
    let (stdout, _) = run(&["show", "--slider", "bishop", "--square", "c1", "--layout", "tableless"], 0);
    assert!(stdout.contains("tableless has no table"), "{stdout}");
    bad_input(&["show", "--slider", "rook", "--square", "e4", "--layout", "sparse"], &["unknown layout; one of fancy"]);
}

#[test]
fn emit_rust_matches_the_build_and_c_compiles() {
    let (rust, _) = run(&["emit", "--layout", "fancy", "--seed", "tuned"], 0);
    let checksum = format!("Checksum: {} = 0x77d5e50f9fedbffd", build_support::layout::CHECKSUM_RULE);
    assert!(rust.contains(&checksum), "{rust}");
    assert!(rust.contains("pub static ATTACKS: [u64; 107648]"));
}

/// With no flag and outside any checkout, `emit` writes the crate's default layout, built from
/// the recipe compiled into the binary, exactly as the magic-tables build does.
#[test]
fn emit_without_flags_writes_the_default_layout_anywhere() {
    let dir = tempfile::tempdir().unwrap();
    let output = magic_gen().args(["emit", "-o", "tables.rs"]).current_dir(dir.path()).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(dir.path().join("tables.rs")).unwrap();
    let references = magic_gen::ReferenceSet::new();
    let default = magic_gen::shipped::DEFAULT_LAYOUT;
    let shipped = magic_gen::shipped::Shipped::new(&references, &[default]).unwrap().build(default).unwrap();
    assert_eq!(default, magic_gen::Layout::Black);
    assert!(text.contains("from magic-gen/recipes/black.recipe.csv"), "{text:.1200}");
    assert!(text.contains("`magic-gen emit --layout black --format rust` prints this file."), "{text:.1600}");
    // The build's tables, byte for byte but for the reproduce line, then the lookups.
    let build = build_support::render(&shipped);
    let cut = |t: &str| t[t.find("// Reproduce:").unwrap()..].split_once("\n\n").unwrap().1.to_owned();
    assert!(cut(&text).starts_with(&cut(&build)), "the emitted tables differ from the build's");
    assert!(text.contains("pub const fn rook_attacks(square: usize, occupied: u64) -> u64 {"));
}

/// Every layout as Rust, emitted without `--input` outside the checkout, compiles alone in a
/// fresh crate with no dependency and no warning (with and without the machine's BMI2), and
/// its `rook_attacks`, `bishop_attacks` and `queen_attacks` answer 20,000 random boards of
/// random squares as a reference written here from scratch does, and its `knight_attacks`,
/// `king_attacks`, `pawn_attacks`, `between` and `line` every square and pair as definitions
/// written there do.
#[test]
fn emit_rust_for_every_layout_compiles_alone_and_agrees_with_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let mut lib = String::from("#![deny(warnings)]\n");
    let mut checks = String::new();
    for &layout in magic_gen::Layout::ALL {
        let module = layout.module_name();
        let file = format!("{module}.rs");
        let output = magic_gen()
            .args(["emit", "--layout", layout.name(), "-o", &file])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{}: {}", layout.name(), String::from_utf8_lossy(&output.stderr));
        lib += &format!("pub mod {module};\n");
        checks += &format!(
            "    check(\"{module}\", emitted::{module}::rook_attacks, emitted::{module}::bishop_attacks, \
             emitted::{module}::queen_attacks);\n"
        );
        checks += &format!(
            "    check_pieces(\"{module}\", emitted::{module}::knight_attacks, emitted::{module}::king_attacks, \
             [|sq| emitted::{module}::pawn_attacks(emitted::{module}::Color::White, sq), \
             |sq| emitted::{module}::pawn_attacks(emitted::{module}::Color::Black, sq)], \
             emitted::{module}::between, emitted::{module}::line);\n"
        );
    }
    std::fs::write(dir.path().join("lib.rs"), lib).unwrap();
    let main = include_str!("support/emitted_check.rs").replace("    // CHECKS\n", &checks);
    std::fs::write(dir.path().join("main.rs"), main).unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    for (flags, name) in [(&["-C", "target-cpu=native"][..], "native"), (&[][..], "portable")] {
        let compile = |args: &[&str]| {
            let output = std::process::Command::new(&rustc)
                .args(["--edition", "2024"])
                .args(flags)
                .args(args)
                .current_dir(dir.path())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(output.status.success() && stderr.is_empty(), "{name} {args:?}: {stderr}");
        };
        let rlib = format!("libemitted_{name}.rlib");
        compile(&["--crate-type", "lib", "--crate-name", "emitted", "-o", &rlib, "lib.rs"]);
        compile(&["--extern", &format!("emitted={rlib}"), "-o", name, "main.rs"]);
        let output = std::process::Command::new(dir.path().join(name)).output().unwrap();
        assert!(output.status.success(), "{name}: {}", String::from_utf8_lossy(&output.stderr));
        assert_eq!(String::from_utf8_lossy(&output.stdout), "13 layouts agree\n");
    }
}

/// Every layout as a C header: it compiles without a warning under C99's pedantic rules, two
/// files that include it link into one program (the data defined once), and every lookup of
/// every relevant occupancy of every square (and each again with bits outside the mask)
/// matches the slow reference.
#[test]
fn emit_c_for_every_layout_compiles_links_and_agrees_with_the_reference() {
    let Ok(cc) = which_cc() else {
        eprintln!("note: no C compiler found; the C headers were not compiled");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // The vectors: (slider, square, occupancy, attacks) as little-endian u64s.
    let mut vectors = Vec::new();
    let mut noise = 0x9E37_79B9_7F4A_7C15u64;
    for slider in magic_gen::Slider::ALL {
        for square in magic_gen::Square::ALL {
            let mask = magic_gen::geometry::relevant_mask(slider, square);
            for occupied in magic_gen::geometry::subsets(mask) {
                noise = noise.rotate_left(17).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ occupied;
                for occupied in [occupied, occupied | (noise & !mask)] {
                    let attacks = magic_gen::geometry::slow_attacks(slider, square, occupied);
                    for word in [slider.ordinal() as u64, u64::from(square.index()), occupied, attacks] {
                        vectors.extend_from_slice(&word.to_le_bytes());
                    }
                }
            }
        }
    }
    let vectors_path = dir.path().join("vectors.bin");
    std::fs::write(&vectors_path, &vectors).unwrap();
    for &layout in magic_gen::Layout::ALL {
        let prefix = format!("t_{}", layout.module_name());
        let header = dir.path().join(format!("{prefix}.h"));
        // No --input: the recipe layouts come from the recipes built into the binary.
        run(
            &["emit", "--layout", layout.name(), "--format", "c", "--prefix", &prefix, "-o", header.to_str().unwrap()],
            0,
        );
        let text = std::fs::read_to_string(&header).unwrap();
        assert!(!text.contains("static const uint64_t"), "{}: data only in the implementation", layout.name());
        let upper = prefix.to_uppercase();
        // The checksum the header's comment states and the generator's version, held by the
        // preprocessor: a build of another table or generator stops at `#error`.
        let checksum = text.lines().find_map(|l| l.strip_prefix("// Checksum: ")).unwrap().rsplit(' ').next().unwrap();
        let version: Vec<&str> = env!("CARGO_PKG_VERSION").split('.').collect();
        let held = format!(
            "#if {upper}_TABLE_CHECKSUM != {checksum}ULL || {upper}_TABLE_CHECKSUM == 0\n#error \"another table\"\n#endif\n\
             #if {upper}_GENERATOR_VERSION_MAJOR != {} || {upper}_GENERATOR_VERSION_MINOR != {} || \
             {upper}_GENERATOR_VERSION_PATCH != {}\n#error \"another generator\"\n#endif\n",
            version[0], version[1], version[2]
        );
        let main = write(
            dir.path(),
            &format!("{prefix}_main.c"),
            &format!(
                "#include <stdio.h>\n#include \"{prefix}.h\"\n{held}\
                 int main(int argc, char **argv) {{\n\
                 uint64_t v[4]; unsigned long n = 0, bad = 0;\n\
                 FILE *f = argc > 1 ? fopen(argv[1], \"rb\") : NULL;\n\
                 if (!f) return 2;\n\
                 while (fread(v, sizeof v[0], 4, f) == 4) {{\n\
                 uint64_t got = v[0] ? {prefix}_bishop_attacks((unsigned)v[1], v[2]) : {prefix}_rook_attacks((unsigned)v[1], v[2]);\n\
                 if ({prefix}_queen_attacks((unsigned)v[1], v[2]) != ({prefix}_rook_attacks((unsigned)v[1], v[2]) | {prefix}_bishop_attacks((unsigned)v[1], v[2]))) bad++;\n\
                 if (got != v[3] && bad++ < 3) printf(\"%lu %lu %016llx\\n\", (unsigned long)v[0], (unsigned long)v[1], (unsigned long long)v[2]);\n\
                 n++;\n}}\n\
                 fclose(f);\n\
                 printf(\"%lu %lu %d\\n\", n, bad, {upper}_TABLE_ENTRIES > 0);\n\
                 return bad != 0;\n}}\n"
            ),
        );
        let data = write(
            dir.path(),
            &format!("{prefix}_data.c"),
            &format!("#define {upper}_IMPLEMENTATION\n#include \"{prefix}.h\"\n"),
        );
        let exe = dir.path().join(&prefix);
        compile_c(cc, "-O1", &exe, &[&main, &data]).unwrap_or_else(|e| panic!("{}: {e}", layout.name()));
        if layout == magic_gen::Layout::Black {
            // The check bites: another checksum stops the build.
            let other = held.replacen(&format!("!= {checksum}ULL"), "!= 0x1ULL", 1);
            let wrong = write(
                dir.path(),
                "wrong.c",
                &format!("#include \"{prefix}.h\"\n{other}int main(void) {{ return 0; }}\n"),
            );
            let error = compile_c(cc, "-O0", &dir.path().join("wrong"), &[&wrong, &data]).unwrap_err();
            assert!(error.contains("another table"), "{error}");
        }
        let output = std::process::Command::new(&exe).arg(&vectors_path).output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        // Every lookup right, and a table behind every layout but `tableless`.
        let has_table = u8::from(layout != magic_gen::Layout::Tableless);
        assert_eq!(
            stdout.lines().last(),
            Some(format!("215296 0 {has_table}").as_str()),
            "{}: {stdout}",
            layout.name()
        );
    }
}

/// The default C header (`emit --format c --prefix t`) has the other pieces: `t_knight_attacks`,
/// `t_king_attacks`, `t_pawn_attacks` (0 white, 1 black), `t_between` and `t_line`, compiled
/// under C99's pedantic rules at -O2, answer every square and pair as magic-gen's coordinate
/// reference does (not the bit shifts the tables were built with). `--sliders-only` leaves them
/// out.
#[test]
fn emit_c_writes_the_other_pieces_and_they_agree_with_the_reference() {
    use magic_gen::pieces::{reference_between, reference_king, reference_knight, reference_line, reference_pawn};
    use magic_tables_core::Color;
    let Ok(cc) = which_cc() else {
        eprintln!("note: no C compiler found; the C header was not compiled");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let header = dir.path().join("t.h");
    run(&["emit", "--format", "c", "--prefix", "t", "-o", header.to_str().unwrap()], 0);
    // C's words: no Rust item or path in it.
    let text = std::fs::read_to_string(&header).unwrap();
    for rust in ["Slots", "&ATTACKS", "::", "magic-tables an address"] {
        assert!(!text.contains(rust), "`{rust}` in the C header");
    }
    assert!(text.contains("`attacks` is the offset of the square's first slot in ATTACKS."));
    let main = write(
        dir.path(),
        "main.c",
        "#include <stdio.h>\n#include \"t.h\"\n\
         int main(void) {\n\
         unsigned a, b;\n\
         for (a = 0; a < 64; a++)\n\
         printf(\"%u %016llx %016llx %016llx %016llx\\n\", a, (unsigned long long)t_knight_attacks(a),\n\
         (unsigned long long)t_king_attacks(a), (unsigned long long)t_pawn_attacks(0, a),\n\
         (unsigned long long)t_pawn_attacks(1, a));\n\
         for (a = 0; a < 64; a++)\n\
         for (b = 0; b < 64; b++)\n\
         printf(\"%u %u %016llx %016llx\\n\", a, b, (unsigned long long)t_between(a, b),\n\
         (unsigned long long)t_line(a, b));\n\
         return 0;\n}\n",
    );
    let data = write(dir.path(), "data.c", "#define T_IMPLEMENTATION\n#include \"t.h\"\n");
    let exe = dir.path().join("pieces");
    compile_c(cc, "-O2", &exe, &[&main, &data]).unwrap();
    let output = std::process::Command::new(&exe).output().unwrap();
    assert!(output.status.success());
    let mut expected = String::new();
    for a in magic_gen::Square::ALL {
        expected += &format!(
            "{} {:016x} {:016x} {:016x} {:016x}\n",
            a.index(),
            reference_knight(a),
            reference_king(a),
            reference_pawn(Color::White, a),
            reference_pawn(Color::Black, a)
        );
    }
    for a in magic_gen::Square::ALL {
        for b in magic_gen::Square::ALL {
            expected += &format!(
                "{} {} {:016x} {:016x}\n",
                a.index(),
                b.index(),
                reference_between(a, b),
                reference_line(a, b)
            );
        }
    }
    assert!(String::from_utf8(output.stdout).unwrap() == expected, "the C header's pieces differ from the reference");
    let (sliders, _) = run(&["emit", "--format", "c", "--prefix", "t", "--sliders-only"], 0);
    assert!(sliders.contains("t_rook_attacks") && !sliders.contains("knight") && !sliders.contains("LINES"));
    assert!(sliders.contains("`magic-gen emit --layout black --format c --prefix t --sliders-only` prints this file."));
}

/// Compiles and links `sources` into `exe` with `cc` under C99's pedantic rules, every warning an
/// error, at `optimize` (`-O1`, `-O2`); the compiler's messages if it fails.
fn compile_c(cc: &str, optimize: &str, exe: &Path, sources: &[&Path]) -> Result<(), String> {
    let compiled = std::process::Command::new(cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", optimize, "-o"])
        .arg(exe)
        .args(sources)
        .output()
        .unwrap();
    if compiled.status.success() { Ok(()) } else { Err(String::from_utf8_lossy(&compiled.stderr).into_owned()) }
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
    let dir = test_data().join("lists");
    for (file, slider, square, bits, count) in [
        ("rook_d7_shift9_all354_magics_niklasf.txt", "rook", "d7", "9", 354),
        ("bishop_h2_4bit_magics_niklasf_cuda_first2000.txt", "bishop", "h2", "4", 2000),
    ] {
        let path = dir.join(file);
        let path = path.to_str().unwrap();
        let (stdout, _) = run(&["verify", path, "--slider", slider, "--square", square, "--bits", bits], 0);
        assert!(stdout.contains(&format!("valid: yes, all {count}")), "{stdout}");
        // One bit fewer still is impossible for every one of them.
        let fewer = (bits.parse::<u32>().unwrap() - 1).to_string();
        let (stdout, _) = run(&["verify", path, "--slider", slider, "--square", square, "--bits", &fewer], 1);
        assert!(stdout.contains(&format!("valid: no: {path}:1:")), "{stdout}");
        bad_input(&["verify", path], &["needs --slider, --square and --bits"]);
    }
}

/// Every record table verifies and has the size `layout_size_records.csv` gives for it.
#[test]
fn every_record_file_verifies_at_its_published_size() {
    let sizes = std::fs::read_to_string(test_data().join("layout_size_records.csv")).unwrap();
    let dir = test_data().join("published");
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
        .filter(|n| n.ends_with(".csv"))
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

/// Results and record files of `text`, written into a new temporary directory.
fn temp_files(files: &[(&str, &[u8])]) -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let paths = files
        .iter()
        .map(|(name, bytes)| {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            path.to_str().unwrap().to_owned()
        })
        .collect();
    (dir, paths)
}

const RESULTS_HEADER: &str = "slider,square,bits,magic,candidate,drawn\n";

/// Checking nothing is not a success: a file without a single magic is a negative answer.
/// Plain `verify` of a recipe says what it re-derived and what it only checked, and claims no
/// walk, sweep or seek it did not make: those are what `--rederive` would cost.
#[test]
fn plain_verify_claims_no_walk_it_did_not_make() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let black = root.join("recipes/black.recipe.csv");
    let (stdout, _) = run(&["verify", black.to_str().unwrap()], 0);
    let lines: Vec<&str> = stdout.lines().filter(|l| l.contains("derive")).collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].ends_with("Re-derived by this check from the seed: 78 of 128 rows (stream positions, search:N)."));
    assert!(lines[1].ends_with(
        "Checked, not re-derived, by this check (the magics they state, each valid and placed): 50 walk:N."
    ));
    assert!(lines[2].contains("--rederive") && lines[2].contains("re-derives every row (walk:N: one walk each)"));
    assert!(!stdout.contains("walk:N (one walk each)"), "{stdout}");
}

#[test]
fn an_empty_set_is_not_valid() {
    let empty_json = r#"{"format": "magic-gen-results/1", "generator": "x", "seed": 0, "shard": "0/1", "squares": []}"#;
    let null_json = r#"{"format": "magic-gen-results/1", "generator": "x", "seed": 0, "shard": "0/1", "squares": [
        {"slider": "rook", "square": "a1", "bits": 12, "magic": null, "candidate": null, "drawn": 5}]}"#;
    let record_header = "square,index,piece,magic_hex,bits_used,source\n";
    let (_dir, paths) = temp_files(&[
        ("header.csv", RESULTS_HEADER.as_bytes()),
        ("empty.json", empty_json.as_bytes()),
        ("null.json", null_json.as_bytes()),
        ("record.csv", record_header.as_bytes()),
    ]);
    for path in &paths {
        let (stdout, _) = run(&["verify", path], 1);
        assert!(stdout.contains("valid: no: the file has no magic to check"), "{stdout}");
        assert!(!stdout.contains("valid: yes"), "{stdout}");
    }
}

/// Numbers out of range are refused with the allowed range, never a panic or a huge allocation.
#[test]
fn out_of_range_numbers_name_the_allowed_range() {
    let shard = |s: &str| {
        format!(
            r#"{{"format": "magic-gen-results/1", "generator": "x", "seed": 0, "shard": "{s}", "squares": [
            {{"slider": "rook", "square": "a1", "bits": 12, "magic": null, "candidate": null, "drawn": 5}}]}}"#
        )
    };
    let (_dir, paths) = temp_files(&[
        ("huge.json", shard("0/18446744073709551615").as_bytes()),
        ("big.json", shard("1/4000000000").as_bytes()),
    ]);
    bad_input(&["merge", &paths[0]], &["shard 0/18446744073709551615 is out of range", "must be 1 to 1048576"]);
    bad_input(&["merge", &paths[1], &paths[0]], &["shard 1/4000000000", "must be 1 to 1048576"]);
    bad_input(&["search", "--shard", "0/18446744073709551615"], &["--shard", "out of range", "1 to 1048576"]);
    bad_input(&["search", "--max-candidates", "0"], &["--max-candidates 0 is out of range: 1 to"]);
    bad_input(&["emit", "--seed", "1", "--max-candidates", "0"], &["--max-candidates 0 is out of range: 1 to"]);
    bad_input(&["search", "--bits", "4294967295", "--slider", "rook", "--square", "e4"], &["rook e4", "4294967295"]);
    bad_input(&["search", "--bits-below", "4294967295", "--slider", "rook"], &["--bits-below 4294967295"]);
    bad_input(&["search", "--seed", "18446744073709551616"], &["--seed", "18446744073709551616"]);
    let dir = tempfile::tempdir().unwrap();
    let recipe = dir.path().join("recipe.csv");
    let recipe = recipe.to_str().unwrap();
    bad_input(&["pack", "--set", "kick-size=129", "-o", recipe], &["--set kick-size=129 is out of range: 0 to 128"]);
    bad_input(
        &["pack", "--set", "kick-window=18446744073709551615", "-o", recipe],
        &["--set kick-window=18446744073709551615 is out of range: 0 to 262144"],
    );
    // A plain list's index bits, and numbers in record files, beyond what their columns hold.
    let list = test_data().join("lists/rook_d7_shift9_all354_magics_niklasf.txt");
    let list = list.to_str().unwrap();
    bad_input(&["verify", list, "--slider", "rook", "--square", "d7", "--bits", "99"], &["rook d7", "99 index bits"]);
    let far = dir.path().join("far.csv");
    std::fs::write(&far, "square,index,piece,magic_hex,shift,offset\na1,0,rook,0x1,52,99999999999\n").unwrap();
    bad_input(&["verify", far.to_str().unwrap()], &["far.csv:2:", "99999999999", "0 to 4294967295"]);
}

/// `merge` reads only this tool's results: any other file is named as such.
#[test]
fn merge_refuses_files_that_are_not_results() {
    let no_squares = r#"{"format": "magic-gen-results/1", "generator": "x", "seed": 0, "shard": "0/1", "squares": []}"#;
    let (_dir, paths) = temp_files(&[
        ("other.json", br#"{"a": 1}"#),
        ("array.json", b"[1, 2]"),
        ("nothing.json", no_squares.as_bytes()),
    ]);
    bad_input(&["merge", &paths[0]], &["other.json", "not a magic-gen results file"]);
    bad_input(&["merge", &paths[1]], &["array.json", "needs JSON results"]);
    bad_input(&["merge", &paths[2]], &["nothing.json", "lists no squares"]);
}

/// Black magics may have a shift per square (the per-square-shift layout's); a table with
/// offsets still needs all 128 squares, and the first one missing is named.
#[test]
fn black_magics_with_a_shift_per_square_need_every_square() {
    let black = "square,index,piece,black_magic_hex,shift,offset\na1,0,rook,0x1,52,0\nb1,1,rook,0x1,53,0\n";
    let (_dir, paths) = temp_files(&[("black.csv", black.as_bytes())]);
    bad_input(&["verify", &paths[0]], &["black.csv", "rook c1 is missing"]);
}

/// A byte-order mark (as spreadsheets write) is accepted; text that is not UTF-8 is reported
/// at its line.
#[test]
fn byte_order_marks_and_invalid_utf8() {
    let record = "\u{feff}square,index,piece,magic_hex,bits_used,source\ne4,28,rook,0x1,10,x\n";
    let results = format!("\u{feff}{RESULTS_HEADER}rook,e4,10,0x1,1,1\n");
    let list = "\u{feff}0x1\n";
    let mut bad = RESULTS_HEADER.as_bytes().to_vec();
    bad.extend_from_slice(b"rook,e4,10,0x1,1,1\nrook,e5,10,0x\xff1,1,1\n");
    let (_dir, paths) = temp_files(&[
        ("record.csv", record.as_bytes()),
        ("results.csv", results.as_bytes()),
        ("list.txt", list.as_bytes()),
        ("bad.csv", &bad),
    ]);
    let (stdout, _) = run(&["verify", &paths[0]], 1);
    assert!(stdout.contains("record table: fancy") && stdout.contains("rook e4") && stdout.contains("not magic"));
    let (stdout, _) = run(&["verify", &paths[1]], 1);
    assert!(stdout.contains("rook e4") && stdout.contains("not magic"), "{stdout}");
    let (stdout, _) = run(&["verify", &paths[2], "--slider", "rook", "--square", "e4", "--bits", "10"], 1);
    assert!(stdout.contains(&format!("valid: no: {}:1:", paths[2])), "{stdout}");
    bad_input(&["verify", &paths[3]], &["bad.csv:3:", "not UTF-8", "column 14"]);
}

/// `--slider`, `--square` and `--bits` describe a plain list; with a set they are refused rather
/// than silently ignored.
#[test]
fn verify_options_for_lists_are_refused_with_sets() {
    let (_dir, paths) = temp_files(&[("set.csv", format!("{RESULTS_HEADER}rook,e4,10,0x1,1,1\n").as_bytes())]);
    for option in [["--slider", "rook"], ["--square", "e4"], ["--bits", "10"]] {
        let mut args = vec!["verify", &paths[0]];
        args.extend(option);
        bad_input(&args, &["set.csv", "plain list", "names its own squares"]);
    }
}

/// A set that does not verify is a negative result (exit 1), for `emit` and for `merge`, and
/// nothing is written.
#[test]
fn magics_that_do_not_make_the_table_are_bad_input_to_emit_and_merge() {
    let good = run(&["search"], 0).0;
    // Rook e4's magic (the first `"square": "e4"` is the rook's: stream order) replaced by 1.
    let start = good.find("\"square\": \"e4\"").unwrap();
    let magic_at = start + good[start..].find("\"magic\": \"").unwrap() + "\"magic\": \"".len();
    let corrupt = format!("{}0x0000000000000001{}", &good[..magic_at], &good[magic_at + 18..]);
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "corrupt.json", &corrupt);
    let input = input.to_str().unwrap();
    let out = dir.path().join("table.rs");
    let out_arg = out.to_str().unwrap();
    bad_input(
        &["emit", "--layout", "fancy", "--input", input, "-o", out_arg],
        &["corrupt.json", "do not verify", "rook e4"],
    );
    assert!(!out.exists());
    // merge checks every claim first: the magic is not the stream's candidate of that number.
    bad_input(&["merge", "--format", "rust", input, "-o", out_arg], &["corrupt.json", "rook e4", "is not candidate"]);
    assert!(!out.exists());
}

/// `--format rust` output compiles on its own in a new crate, and its lookups are right.
#[test]
fn rust_output_is_self_contained() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("magics.rs");
    run(&["emit", "--layout", "fancy", "--seed", "tuned", "-o", table.to_str().unwrap()], 0);
    let main = write(
        dir.path(),
        "main.rs",
        "mod magics;\nfn main() {\n\
         let occ = (1u64 << 25) | (1 << 26) | (1 << 12) | (1 << 36) | (1 << 52);\n\
         println!(\"{:016x} {:016x} {:016x}\", magics::rook_attacks(28, occ), magics::bishop_attacks(0, 0),\n\
         magics::queen_attacks(27, !0));\n}\n",
    );
    let exe = dir.path().join("main");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let output = std::process::Command::new(rustc)
        .args(["--edition", "2021", "-C", "opt-level=0", "-o"])
        .arg(&exe)
        .arg(&main)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(std::process::Command::new(&exe).output().unwrap().stdout).unwrap();
    assert_eq!(text.trim(), "00000010ec101000 8040201008040200 0000001c141c0000");
}

/// A small, fast command that writes its output with `-o`.
const WRITE_ONE: [&str; 5] = ["search", "--slider", "bishop", "--square", "a1"];

fn search_to(path: &Path, code: i32) -> String {
    let mut args = WRITE_ONE.to_vec();
    args.extend(["--format", "csv", "-o", path.to_str().unwrap()]);
    run(&args, code).1
}

/// `-o` through a symbolic link writes the file it points to; the link stays a link.
#[test]
fn output_through_a_symlink_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = write(dir.path(), "real.csv", "old\n");
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink("real.csv", &link).unwrap();
    search_to(&link, 0);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&real).unwrap().starts_with("slider,square,bits"));
    // A dangling link creates the file it names.
    let dangling = dir.path().join("dangling.csv");
    std::os::unix::fs::symlink("new.csv", &dangling).unwrap();
    search_to(&dangling, 0);
    assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(dir.path().join("new.csv")).unwrap().starts_with("slider,"));
    // Nothing else was left behind (no temporary files).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 4);
}

/// A target that is not a regular file (here a fifo the test creates, standing in for a device
/// such as /dev/null) is written directly, never renamed over.
#[test]
fn output_to_a_fifo_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt as _;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let (sender, receiver) = std::sync::mpsc::channel();
    let reader_path = fifo.clone();
    std::thread::spawn(move || {
        let text = std::fs::read_to_string(reader_path);
        let _ = sender.send(text);
    });
    search_to(&fifo, 0);
    // A writer that renamed a file over the fifo would never open it, and the reader would wait
    // for ever: a timeout turns that into a failure.
    let text = receiver.recv_timeout(std::time::Duration::from_secs(30)).expect("the fifo was written").unwrap();
    assert!(text.starts_with("slider,square,bits"), "{text}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

/// A failing command leaves an existing target as it was.
#[test]
fn a_failing_command_leaves_the_target_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let target = write(dir.path(), "table.rs", "precious\n");
    let target_arg = target.to_str().unwrap();
    bad_input(&["search", "--square", "z1", "-o", target_arg], &["z1"]);
    run(&["emit", "--layout", "fancy", "--seed", "7", "--max-candidates", "3", "-o", target_arg], 1);
    let mut args = WRITE_ONE.to_vec();
    args.extend(["--bits", "2", "-o", target_arg]);
    bad_input(&args, &["bishop a1"]);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// A new file gets the mode the umask gives (as a shell redirection would), not a private
/// temporary file's 0600; a replaced file keeps its mode.
#[test]
fn output_file_modes() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("new.csv");
    let script = format!("umask 027 && exec \"$0\" {} --format csv -o \"$1\"", WRITE_ONE.join(" "));
    let status = std::process::Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_magic-gen")])
        .arg(&new)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(std::fs::metadata(&new).unwrap().permissions().mode() & 0o777, 0o640);
    let existing = write(dir.path(), "existing.csv", "old\n");
    std::fs::set_permissions(&existing, std::fs::Permissions::from_mode(0o604)).unwrap();
    search_to(&existing, 0);
    assert_eq!(std::fs::metadata(&existing).unwrap().permissions().mode() & 0o777, 0o604);
    assert!(std::fs::read_to_string(&existing).unwrap().starts_with("slider,"));
}

/// `pack`: the same seed and budget give the same recipe; `--resume` continues from a recipe's
/// iteration; a damaged recipe is refused naming its line. Tiny parameters: this runs unoptimized.
#[test]
fn pack_is_deterministic_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let small = [
        "--preset",
        "classic",
        "--set",
        "pool=4",
        "--set",
        "fresh=64",
        "--set",
        "init-valid=1",
        "--set",
        "init-draws=1",
    ];
    let pack = |out: &str, extra: &[&str]| {
        let mut args = vec!["pack", "-o", out];
        args.extend_from_slice(extra);
        args.extend_from_slice(&small);
        run(&args, 0)
    };
    pack(&path("a.csv"), &["--seed", "3", "--iterations", "20"]);
    pack(&path("b.csv"), &["--seed", "3", "--iterations", "20"]);
    let a = std::fs::read_to_string(path("a.csv")).unwrap();
    assert_eq!(a, std::fs::read_to_string(path("b.csv")).unwrap());
    assert!(a.contains("# iteration=20\n") && a.contains("# layout=black\n"), "{a}");
    let (_, stderr) = pack(&path("c.csv"), &["--resume", &path("a.csv"), "--iterations", "5"]);
    assert!(stderr.contains("resumed seed 3 at iteration 20"), "{stderr}");
    assert!(std::fs::read_to_string(path("c.csv")).unwrap().contains("# iteration=25\n"));

    // `--restart-every N` is a chain of resumptions of N iterations each, in one run.
    let without_command = |name: &str| -> String {
        let text = std::fs::read_to_string(path(name)).unwrap();
        text.lines()
            .filter(|l| !l.starts_with("# command=") && !l.starts_with("# checksum="))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    std::fs::copy(path("a.csv"), path("chain.csv")).unwrap();
    for _ in 0..3 {
        pack(&path("chain.csv"), &["--resume", &path("chain.csv"), "--iterations", "100"]);
    }
    pack(&path("restarts.csv"), &["--resume", &path("a.csv"), "--iterations", "300", "--set", "restart-every=100"]);
    pack(&path("plain.csv"), &["--resume", &path("a.csv"), "--iterations", "300"]);
    assert_eq!(without_command("restarts.csv"), without_command("chain.csv"));
    assert!(std::fs::read_to_string(path("restarts.csv")).unwrap().contains("--set restart-every=100"));
    // And the restarts change the run (or this test could not tell them from nothing).
    assert_ne!(without_command("restarts.csv"), without_command("plain.csv"));

    // The recipes pack writes are sealed: an edit is refused as such; under a matching
    // checksum, the damaged row is named.
    std::fs::write(path("damaged.csv"), a.replacen("rook,b1,", "rook,b1,x", 1)).unwrap();
    bad_input(
        &["pack", "--resume", &path("damaged.csv"), "-o", &path("d.csv")],
        &["damaged.csv", "a line was changed"],
    );
    let damaged = edited(&a, |body| body.replacen("rook,b1,", "rook,b1,x", 1));
    std::fs::write(path("damaged.csv"), &damaged).unwrap();
    let line = damaged.lines().position(|l| l.starts_with("rook,b1,")).unwrap() + 1;
    bad_input(
        &["pack", "--resume", &path("damaged.csv"), "-o", &path("d.csv")],
        &[&format!("damaged.csv:{line}: rook b1")],
    );
    bad_input(&["pack", "--iterations", "2000000000000", "-o", &path("e.csv")], &["--iterations", "out of range"]);
    bad_input(&["pack", "--set", "pool", "-o", &path("e.csv")], &["--set pool: expected KEY=VALUE"]);
    bad_input(&["pack", "--set", "pools=1", "-o", &path("e.csv")], &["--set pools: unknown key"]);
    bad_input(&["pack", "--preset", "fast", "-o", &path("e.csv")], &["unknown preset `fast`"]);
}

/// `pack --set stream=few-term`: the packer over the few-term stream writes a recipe that
/// names its stream and its whole command, which `verify` re-derives, checks and sizes; resumed
/// by a later run it stays on its stream (that the same command gives the same file is the
/// library's test `a_resumed_run_is_the_run_that_never_stopped`; this runs unoptimized).
#[test]
fn pack_few_term_recipes_name_their_stream() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let flags = [
        "pack",
        "--preset",
        "classic",
        "--set",
        "stream=few-term",
        "--layout",
        "fixed-shift",
        "--seed",
        "4",
        "--iterations",
        "10",
        "--set",
        "pool=4",
        "--set",
        "fresh=64",
        "--set",
        "init-valid=1",
        "--set",
        "init-draws=1",
        "--set",
        "lambda=12",
    ];
    let out = path("a.csv");
    let mut args = flags.to_vec();
    args.extend_from_slice(&["-o", &out]);
    run(&args, 0);
    let a = std::fs::read_to_string(path("a.csv")).unwrap();
    assert!(a.contains("# stream=few-term\n") && a.contains("# layout=fixed-shift\n"), "{a}");
    assert!(
        a.contains(
            "# command=magic-gen pack --layout fixed-shift --seed 4 --preset classic --set stream=few-term --set pool=4 --set fresh=64 --set init-valid=1 --set init-draws=1 --set lambda=12 --iterations 10\n"
        ),
        "{a}"
    );
    let entries = a.lines().find_map(|l| l.strip_prefix("# table_entries=")).unwrap().to_owned();
    let (stdout, _) = run(&["verify", &path("a.csv")], 0);
    assert!(stdout.contains(&entries), "{stdout}");
    let (_, stderr) = run(
        &[
            "pack",
            "--resume",
            &path("a.csv"),
            "--iterations",
            "5",
            "--preset",
            "classic",
            "--set",
            "pool=4",
            "--set",
            "fresh=64",
            "-o",
            &path("c.csv"),
        ],
        0,
    );
    assert!(stderr.contains("resumed seed 4 at iteration 10"), "{stderr}");
    let c = std::fs::read_to_string(path("c.csv")).unwrap();
    assert!(c.contains("# stream=few-term\n") && c.contains("# iteration=15\n"), "{c}");
    bad_input(&["pack", "--set", "lambda=2000000", "-o", &path("d.csv")], &["--set lambda=2000000", "out of range"]);
}

/// `pack --set walks=N --set walk-steps=S`: the recipe's command names the walks, squares
/// placed on a walked magic say `walk:N` and state it, `verify` builds the table, `--resume`
/// with the same walks continues, and a resumption with other walks is refused rather than
/// packing other magics than the recipe's.
#[test]
fn pack_walks_are_named_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let small = ["--set", "pool=4", "--set", "fresh=64", "--set", "init-valid=1", "--set", "init-draws=1"];
    let walks = |n: &str| format!("walks={n}");
    let mut args = vec!["pack", "--preset", "classic", "--set", "stream=few-term", "--layout", "black"];
    args.extend_from_slice(&["--seed", "4", "--iterations", "10"]);
    args.extend_from_slice(&small);
    let a = path("a.csv");
    args.extend_from_slice(&["--set", "walks=2", "--set", "walk-steps=200", "--set", "walk-gap=64", "-o", &a]);
    run(&args, 0);
    let text = std::fs::read_to_string(&a).unwrap();
    assert!(text.contains("--set walks=2 --set walk-steps=200 --set walk-gap=64"), "{text}");
    let walked = text.lines().filter(|l| l.split(',').nth(2).is_some_and(|k| k.starts_with("walk:"))).count();
    assert!(walked > 0, "{text}");
    let entries = text.lines().find_map(|l| l.strip_prefix("# table_entries=")).unwrap().to_owned();
    let (stdout, _) = run(&["verify", &a], 0);
    assert!(stdout.contains(&entries), "{stdout}");
    let resume = |n: &str, out: &str, code: i32| {
        let walks = walks(n);
        let mut args = vec!["pack", "--resume", &a, "--iterations", "5", "--preset", "classic"];
        args.extend_from_slice(&small);
        args.extend_from_slice(&["--set", &walks, "--set", "walk-steps=200", "--set", "walk-gap=64", "-o", out]);
        run(&args, code)
    };
    let b = path("b.csv");
    resume("2", &b, 0);
    assert!(std::fs::read_to_string(&b).unwrap().contains("# iteration=15\n"));
    let (_, stderr) = resume("1", &path("c.csv"), 2);
    assert!(stderr.contains("walk:"), "{stderr}");
    let d = path("d.csv");
    let classic = ["pack", "--preset", "classic", "-o", &d];
    let refused = |set: &[&str], message: &[&str]| {
        let mut args = classic.to_vec();
        for setting in set {
            args.extend_from_slice(&["--set", setting]);
        }
        bad_input(&args, message);
    };
    refused(&["walks=2"], &["--set walks=2 and walk-steps=0", "out of range"]);
    refused(&["walk-gap=256"], &["--set walk-gap=256 needs walks"]);
    refused(&["walks=2", "walk-steps=9", "walk-gap=5000"], &["--set walk-gap=5000", "out of range"]);
    refused(&["stream=compact"], &["--set stream=compact: dense or few-term"]);
    refused(&["score-blocked=1"], &["--set score-blocked=1 needs pool-gap"]);
    refused(&["used-weight=8"], &["--set used-weight needs score-blocked=1"]);
    refused(&["pool-gap=16", "score-blocked=1", "used-weight=257"], &["--set used-weight=257", "out of range"]);
}

/// `pack --walk-cache FILE`: the first run writes its walks there; runs that reuse them (a
/// resumption, a run with fewer walks) write the recipes of runs that walk, with a command that
/// leaves the cache out; a run with more walks adds its new ones; a cache of other walks, a
/// damaged one, a shard, or one without walks is refused.
#[test]
#[ignore = "9 to 17 CPU-seconds: .ci/run runs it once, in release, beside the README test command"]
fn pack_walk_cache_gives_the_runs_that_walk() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let cache = path("walks.csv");
    let pack = |walks: &str, steps: &str, extra: &[&str], out: &str, code: i32| {
        let (walks, steps) = (format!("walks={walks}"), format!("walk-steps={steps}"));
        let mut args = vec!["pack", "--preset", "classic", "--set", "stream=few-term", "--layout", "fixed-shift"];
        args.extend_from_slice(&["--seed", "4", "--iterations", "10"]);
        args.extend_from_slice(&[
            "--set",
            "pool=4",
            "--set",
            "fresh=64",
            "--set",
            "init-valid=1",
            "--set",
            "init-draws=1",
        ]);
        args.extend_from_slice(&["--set", &walks, "--set", &steps, "--set", "walk-gap=64", "-o", out]);
        args.extend_from_slice(extra);
        run(&args, code)
    };
    let read = |name: &str| std::fs::read_to_string(path(name)).unwrap();
    pack("2", "200", &[], &path("plain.csv"), 0);
    let (_, stderr) = pack("2", "200", &["--walk-cache", &cache], &path("first.csv"), 0);
    assert!(stderr.contains("walks kept in") && stderr.contains(": 2 per square"), "{stderr}");
    assert_eq!(read("first.csv"), read("plain.csv"));
    assert!(!read("first.csv").contains("walk-cache"));
    let written = std::fs::read_to_string(&cache).unwrap();
    assert_eq!(written.lines().filter(|l| l.starts_with("rook,a1,12,")).count(), 2, "{written}");
    // `magic-gen walk` writes the same file, and its shards merge into it.
    let walk = ["walk", "--preset", "classic", "--set", "stream=few-term", "--layout", "fixed-shift", "--seed", "4"];
    let walk_settings = ["--set", "walks=2", "--set", "walk-steps=200", "--set", "walk-gap=64"];
    let walked = |extra: &[&str], out: &str, code: i32| {
        let mut args = walk.to_vec();
        args.extend_from_slice(&walk_settings);
        args.extend_from_slice(extra);
        args.extend_from_slice(&["-o", out]);
        run(&args, code)
    };
    walked(&[], &path("walked.csv"), 0);
    assert_eq!(read("walked.csv"), written);
    for i in 0..3 {
        walked(&["--shard", &format!("{i}/3")], &path(&format!("shard-{i}.csv")), 0);
    }
    let shards: Vec<String> = (0..3).map(|i| path(&format!("shard-{i}.csv"))).collect();
    run(&["merge", &shards[2], &shards[0], &shards[1], "-o", &path("merged.csv")], 0);
    assert_eq!(read("merged.csv"), written);
    bad_input(&["merge", &shards[0], &shards[1], "-o", &path("x.csv")], &["shard 2/3 is missing"]);
    // A shard given twice names both files.
    std::fs::copy(&shards[0], path("copy-0.csv")).unwrap();
    bad_input(
        &["merge", &shards[0], &path("copy-0.csv"), &shards[1], &shards[2], "-o", &path("x.csv")],
        &[&format!("{}: shard 0/3 is given twice (also {})", path("copy-0.csv"), shards[0])],
    );
    let (_, stderr) = pack("2", "200", &["--walk-cache", &shards[1]], &path("x.csv"), 2);
    assert!(stderr.contains("one shard of a walk array"), "{stderr}");
    // A shard stopped before its end (here: one square dropped) is not done, and --continue
    // walks only what it lacks.
    // A dropped line is noticed by the checksum; under a matching one, the shard is not done.
    let whole_shard = read("shard-1.csv");
    let drop_b1 = |body: &str| -> String {
        body.lines().filter(|l| !l.starts_with("rook,b1,")).map(|l| format!("{l}\n")).collect()
    };
    std::fs::write(&shards[1], drop_b1(&whole_shard)).unwrap();
    bad_input(
        &["merge", &shards[0], &shards[1], &shards[2], "-o", &path("x.csv")],
        &["shard-1.csv", "a line was changed"],
    );
    std::fs::write(&shards[1], edited(&whole_shard, drop_b1)).unwrap();
    bad_input(&["merge", &shards[0], &shards[1], &shards[2], "-o", &path("x.csv")], &["shard 1/3 is not done"]);
    let (_, stderr) = walked(&["--shard", "1/3", "--continue"], &shards[1], 0);
    assert!(stderr.contains("walking 1 of the shard's 43 squares"), "{stderr}");
    run(&["merge", &shards[0], &shards[1], &shards[2], "-o", &path("merged.csv")], 0);
    assert_eq!(read("merged.csv"), written);
    // Reused: the same recipe, the file unchanged.
    let (_, stderr) = pack("2", "200", &["--walk-cache", &cache], &path("again.csv"), 0);
    assert!(stderr.contains("2 walks per square") && !stderr.contains("walks kept"), "{stderr}");
    assert_eq!(read("again.csv"), read("plain.csv"));
    pack("1", "200", &["--walk-cache", &cache], &path("one.csv"), 0);
    pack("1", "200", &[], &path("one-plain.csv"), 0);
    assert_eq!(read("one.csv"), read("one-plain.csv"));
    assert_eq!(std::fs::read_to_string(&cache).unwrap(), written);
    // A resumption reuses them too.
    let resume = |extra: &[&str], out: &str| {
        let first = path("first.csv");
        let mut args = vec!["pack", "--resume", &first, "--iterations", "5", "--preset", "classic"];
        args.extend_from_slice(&["--set", "pool=4", "--set", "fresh=64", "--set", "init-valid=1"]);
        args.extend_from_slice(&["--set", "init-draws=1", "--set", "walks=2", "--set", "walk-steps=200"]);
        args.extend_from_slice(&["--set", "walk-gap=64", "-o", out]);
        args.extend_from_slice(extra);
        run(&args, 0)
    };
    resume(&[], &path("resumed.csv"));
    resume(&["--walk-cache", &cache], &path("resumed-cached.csv"));
    assert_eq!(read("resumed-cached.csv"), read("resumed.csv"));
    // More walks: the first two come from the file, the third is walked and added.
    let (_, stderr) = pack("3", "200", &["--walk-cache", &cache], &path("three.csv"), 0);
    assert!(stderr.contains(": 3 per square"), "{stderr}");
    pack("3", "200", &[], &path("three-plain.csv"), 0);
    assert_eq!(read("three.csv"), read("three-plain.csv"));
    // Walks 1 and 2 of every square swapped and the file resealed: each magic is still valid,
    // and the run walks again only walk 3; the walks its recipe names are walked before it is
    // written, so the swap is refused and nothing is written.
    let three = std::fs::read_to_string(&cache).unwrap();
    let swapped = edited(&three, |body| {
        let mut lines: Vec<String> = body.lines().map(str::to_owned).collect();
        for i in 0..lines.len() {
            let fields: Vec<String> = lines[i].split(',').map(str::to_owned).collect();
            if fields.len() == 6 && fields[3] == "1" {
                let next: Vec<String> = lines[i + 1].split(',').map(str::to_owned).collect();
                assert_eq!((&next[..2], next[3].as_str()), (&fields[..2], "2"), "walk 2 follows walk 1");
                lines[i] = format!("{},{}", fields[..5].join(","), next[5]);
                lines[i + 1] = format!("{},{}", next[..5].join(","), fields[5]);
            }
        }
        lines.iter().map(|l| format!("{l}\n")).collect()
    });
    assert_ne!(swapped, three);
    let swapped_cache = path("swapped.csv");
    std::fs::write(&swapped_cache, &swapped).unwrap();
    let (_, stderr) = pack("3", "200", &["--walk-cache", &swapped_cache], &path("swapped-recipe.csv"), 2);
    assert!(stderr.contains("swapped.csv: the walk cache is not this run's walks: "), "{stderr}");
    assert!(stderr.contains("walking again finds"), "{stderr}");
    assert!(!Path::new(&path("swapped-recipe.csv")).exists(), "nothing written");
    // Refused: other walks, a damaged file, no walks, the recipe's own file.
    let (_, stderr) = pack("2", "100", &["--walk-cache", &cache], &path("x.csv"), 2);
    assert!(stderr.contains("made with walk_steps=200, this run has walk_steps=100"), "{stderr}");
    let damaged = path("damaged.csv");
    std::fs::write(&damaged, edited(&written, |body| body.replacen("rook,a1,12,2,", "rook,a1,12,3,", 1))).unwrap();
    let (_, stderr) = pack("2", "200", &["--walk-cache", &damaged], &path("x.csv"), 2);
    assert!(stderr.contains("damaged.csv:9: rook a1: walk 3 where walk 2 comes next"), "{stderr}");
    let out = path("x.csv");
    bad_input(
        &["pack", "--preset", "classic", "--walk-cache", &cache, "-o", &out],
        &["--walk-cache keeps the walks of a run with walks"],
    );
    let (_, stderr) = pack("2", "200", &["--walk-cache", &out], &out, 2);
    assert!(stderr.contains("a file of their own"), "{stderr}");
}

/// A small, fast classic fixed-shift packing (seed 5, its pools cut to a few candidates), then
/// `extra`: the runs whose recipes the packing tests compare. The seed is word 6.
fn small_pack<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut flags = vec![
        "pack",
        "--preset",
        "classic",
        "--layout",
        "fixed-shift",
        "--seed",
        "5",
        "--set",
        "pool=4",
        "--set",
        "fresh=64",
        "--set",
        "init-valid=1",
        "--set",
        "init-draws=1",
    ];
    flags.extend_from_slice(extra);
    flags
}

/// `pack --continue`: a run suspended by SIGTERM hands out the state of its last restart, and
/// the same command with `--continue` ends with the recipe of the run that never stopped; run
/// again on the finished file, it does nothing; on another run's file, it refuses. And a
/// portfolio's members (`--shard I/N`) merge into what `--portfolio N` writes.
#[test]
fn pack_continues_suspended_runs_and_portfolios_merge() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let flags = small_pack(&["--set", "restart-every=50", "--iterations", "2000", "--progress", "0.05"]);
    let straight = path("straight.csv");
    let mut args = flags.to_vec();
    args.extend_from_slice(&["-o", &straight]);
    run(&args, 0);
    let continued = path("continued.csv");
    let mut args = flags.to_vec();
    args.extend_from_slice(&["--continue", "-o", &continued]);
    // Suspended by SIGTERM once its progress passes iteration 120 (after two restarts).
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_magic-gen"))
        .args(&args)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut signalled = false;
    // Read to the end: a closed pipe would stop the run by SIGPIPE instead.
    for line in std::io::BufRead::lines(stderr) {
        let line = line.unwrap();
        let at = line.strip_prefix("iteration ").and_then(|rest| rest.split(' ').next()?.parse::<u64>().ok());
        if !signalled && at.is_some_and(|at| at > 120) {
            std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
            signalled = true;
        }
    }
    assert_eq!(child.wait().unwrap().code(), Some(143));
    let text = std::fs::read_to_string(&continued).unwrap();
    assert!(text.contains("# stopped=suspended: SIGTERM after "), "{text}");
    assert!(!text.contains("# iteration=0\n"), "suspended after a restart: {text}");
    let (_, stderr) = run(&args, 0);
    assert!(stderr.contains("continuing"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&continued).unwrap(), std::fs::read_to_string(&straight).unwrap());
    let (_, stderr) = run(&args, 0);
    assert!(stderr.contains("finished: nothing to do"), "{stderr}");
    let mut other = flags.to_vec();
    other[6] = "6";
    other.extend_from_slice(&["--continue", "-o", &continued]);
    bad_input(&other, &["--continue", "continued.csv holds another run"]);

    // A portfolio of 3, in one process and as three array tasks merged.
    let mut portfolio = flags.to_vec();
    let budget = portfolio.len() - 3;
    portfolio[budget] = "60";
    let member = |i: u64| path(&format!("member-{i}.csv"));
    for i in 0..3 {
        let mut args = portfolio.clone();
        let (shard, out) = (format!("{i}/3"), member(i));
        args.extend_from_slice(&["--shard", &shard, "-o", &out]);
        run(&args, 0);
    }
    let whole = path("whole.csv");
    let mut args = portfolio.clone();
    args.extend_from_slice(&["--portfolio", "3", "-o", &whole]);
    run(&args, 0);
    run(&["merge", &member(1), &member(2), &member(0), "-o", &path("merged.csv")], 0);
    assert_eq!(std::fs::read_to_string(path("merged.csv")).unwrap(), std::fs::read_to_string(&whole).unwrap());
    assert!(std::fs::read_to_string(&whole).unwrap().contains("--iterations 60 --portfolio 3\n"));
    // The members decide otherwise: they draw other candidates (their cursors differ), or this
    // could not tell a portfolio from one run.
    let cursors = |i| {
        std::fs::read_to_string(member(i)).unwrap().lines().find(|l| l.starts_with("# cursors=")).map(str::to_owned)
    };
    assert_ne!(cursors(0), cursors(1));
}

/// `pack --time`: a run the time limit ends records the budget it reached (`--iterations K`,
/// `# stopped=budget`), and that command, run again, writes the same recipe byte for byte.
#[test]
fn pack_time_stop_records_the_equivalent_budget() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    // No restarts: a time stop on one keeps the time limit's record (the unit test of
    // `equivalent_budget` covers that case). Both runs end with the bishops re-placed.
    let flags = small_pack(&["--set", "compact-bishops=2000"]);
    let timed = path("timed.csv");
    let mut args = flags.to_vec();
    // Long enough for the first placement on a loaded machine (2 s was not, beside a search).
    args.extend_from_slice(&["--iterations", "100000000", "--time", "8", "-o", &timed]);
    let (_, stderr) = run(&args, 0);
    assert!(stderr.contains("--time ended the run after"), "{stderr}");
    let text = std::fs::read_to_string(&timed).unwrap();
    assert!(text.contains("# stopped=budget\n"), "{text}");
    let command = text.lines().find_map(|l| l.strip_prefix("# command=")).unwrap();
    let budget: u64 = command.split(" --iterations ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(budget > 0 && budget < 100_000_000, "{command}");
    // The recorded command, without its program name, into another file.
    let again = path("again.csv");
    let mut words: Vec<&str> = command.split(' ').skip(1).collect();
    words.extend_from_slice(&["-o", &again]);
    let (_, stderr) = run(&words, 0);
    assert!(!stderr.contains("--time ended"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    // The timed command again, as a requeued job would run it: the file holds that run, with
    // the budget it reached, which `--continue` says rather than start again.
    let mut requeued = args.clone();
    requeued.insert(requeued.len() - 2, "--continue");
    let expected = format!("holds this run with another budget, --iterations {budget}");
    bad_input(&requeued, &["--continue", &expected, "--resume"]);
    // Members of one portfolio that reached different budgets do not merge, and say why.
    let member = |i: &str, budget: &'static str| {
        let out = path(&format!("member-{i}.csv"));
        let shard = format!("{i}/2");
        run(&[&small_pack(&["--iterations", budget])[..], &["--shard", &shard, "-o", &out]].concat(), 0);
        out
    };
    let (first, second) = (member("0", "30"), member("1", "40"));
    bad_input(
        &["merge", &first, &second, "-o", &path("merged.csv")],
        &["member 1/2 ran another budget", "40 against 30"],
    );
}

/// `pack --time T` ends the whole run within T seconds whatever it is doing, here walking (the
/// `record` preset's walks take an hour), with a table `verify` accepts, placed in haste, whose
/// recipe says where the run was cut; it prints where it is as it goes (`--progress`), walks
/// included, and exits 0. The bound, T + 2 s from the start of the process, is the issue's.
#[test]
fn pack_time_ends_any_phase_on_time_with_a_table() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("timed.csv").to_str().unwrap().to_owned();
    let started = std::time::Instant::now();
    // Fixed-shift (white) magics are common: the haste takes milliseconds on a loaded machine.
    let (_, stderr) = run(&["pack", "--layout", "fixed-shift", "--time", "5", "--progress", "1", "-o", &out], 0);
    let took = started.elapsed();
    assert!(took < std::time::Duration::from_secs(7), "{took:?}: {stderr}");
    assert!(stderr.contains("walks: 0 of 128 squares walked, ") && stderr.contains(" s left"), "{stderr}");
    // A budget too short for the walks is said on one line, once, as soon as the pace of the
    // walks shows it (at the latest when the search ends), before the table...
    let short = "--time is too short for a packed table: ";
    assert_eq!(stderr.matches(short).count(), 1, "{stderr}");
    let said = stderr.find(short).unwrap();
    assert!(said < stderr.find("done (").unwrap(), "{stderr}");
    assert!(stderr[said..].lines().next().unwrap().contains("every square will be placed in haste"), "{stderr}");
    // ...and the table it gives is measured against the one that needs no packing.
    assert!(stderr.contains("is larger than the fancy layout's 107648, which needs no packing: --time 5"), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("# stopped=time limit while walking (0 of 128 squares walked); every square placed in haste\n"),
        "{text}"
    );
    // The command is the run's own (no budget was reached: nothing reproduces a cut run).
    assert!(text.contains("# iteration=0\n") && text.contains(" --iterations 1000000\n"), "{text}");
    let entries = text.lines().find_map(|l| l.strip_prefix("# table_entries=")).unwrap().to_owned();
    let (stdout, _) = run(&["verify", &out], 0);
    assert!(stdout.contains(&format!("entries: {entries} ")), "{stdout}");
}

/// A run that no `--time` cuts writes the recipe it always wrote, byte for byte (frozen: a
/// small run with walks, restarts and the bishops' compaction, as the packer wrote it before
/// `--time` could cut the construction and the compaction).
#[test]
fn an_uncut_pack_writes_the_recipe_it_always_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("uncut.csv").to_str().unwrap().to_owned();
    let flags = ["--set", "walks=2", "--set", "walk-steps=200", "--set", "restart-every=50"];
    let mut args = small_pack(&flags);
    args.extend_from_slice(&["--set", "compact-bishops=300", "--iterations", "120", "--time", "600", "-o", &out]);
    run(&args, 0);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("# table_entries=195810\n# used_slots=88572\n"), "{text}");
    assert!(text.ends_with("# checksum=fnv1a64:5677f88064f919bb\n"), "{text}");
}

/// `pack --layout black-variable --searched FILE`: a square found by `search --black` keeps
/// that magic and its bits (here bishop h2 with 4 index bits, one fewer than its mask), named
/// `search:N` in the recipe; the recipe verifies, resumes with it, and a file searched with
/// another seed is refused.
#[test]
fn pack_keeps_searched_black_magics() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    // What `magic-gen search --black --slider bishop --square h2 --bits-below 1 --seed 7
    // --format csv` writes (397,771 candidates: too slow to search unoptimized here).
    let found_with = |seed: u64| {
        format!(
            "# magic-gen search --black results\n# seed={seed}\n# shard=0/1\n\
             slider,square,bits,black_magic,candidate,drawn\nbishop,h2,4,0xc8b8292ea68bc08c,397771,397771\n"
        )
    };
    std::fs::write(path("found.csv"), found_with(7)).unwrap();
    let (found, a, c, d) = (path("found.csv"), path("a.csv"), path("c.csv"), path("d.csv"));
    let pack = |seed: &str, out: &str| -> Vec<String> {
        let args = [
            "pack",
            "--preset",
            "classic",
            "--layout",
            "black-variable",
            "--seed",
            seed,
            "--iterations",
            "20",
            "--set",
            "pool=4",
        ];
        let small =
            ["--set", "fresh=64", "--set", "init-valid=1", "--set", "init-draws=1", "--searched", &found, "-o", out];
        args.iter().chain(&small).map(|s| s.to_string()).collect()
    };
    run(&strs(&pack("7", &a)), 0);
    let recipe = std::fs::read_to_string(&a).unwrap();
    let row = recipe.lines().find(|l| l.starts_with("bishop,h2,")).unwrap();
    assert!(row.starts_with("bishop,h2,search:397771,") && row.ends_with(",4,0xC8B8292EA68BC08C"), "{row}");
    assert!(recipe.contains("--searched "), "the command names the file: {recipe}");
    let (stdout, _) = run(&["verify", &path("a.csv")], 0);
    assert!(stdout.contains("ok"), "{stdout}");
    run(&["pack", "--preset", "classic", "--resume", &path("a.csv"), "--iterations", "10", "-o", &path("b.csv")], 0);
    let resumed = std::fs::read_to_string(path("b.csv")).unwrap();
    assert!(resumed.lines().any(|l| l.starts_with("bishop,h2,search:397771,")), "{resumed}");

    bad_input(&strs(&pack("8", &c)), &["found.csv", "searched with seed 7, not this packing's seed 8"]);
    // A file that claims seed 8 for seed 7's magic is caught by re-deriving the candidate.
    std::fs::write(path("found.csv"), found_with(8)).unwrap();
    bad_input(&strs(&pack("8", &c)), &["bishop h2", "is not candidate 397771 of the search with seed 8"]);
    std::fs::write(path("found.csv"), found_with(7)).unwrap();

    // Resuming a recipe that drew bishop h2 from its stream, with the file: h2 takes the
    // searched magic, placed afresh; a recipe with one shift per slider cannot take it.
    let plain: Vec<String> = pack("7", &c).into_iter().filter(|a| a != "--searched" && a != &found).collect();
    run(&strs(&plain), 0);
    assert!(
        std::fs::read_to_string(&c).unwrap().lines().any(|l| l.starts_with("bishop,h2,") && !l.contains("search:"))
    );
    run(&["pack", "--preset", "classic", "--resume", &c, "--searched", &found, "--iterations", "5", "-o", &d], 0);
    let replaced = std::fs::read_to_string(&d).unwrap();
    assert!(replaced.lines().any(|l| l.starts_with("bishop,h2,search:397771,")), "{replaced}");
    run(&["verify", &d], 0);
    let fixed = path("fixed.csv");
    run(
        &[
            "pack",
            "--preset",
            "classic",
            "--seed",
            "7",
            "--iterations",
            "5",
            "--set",
            "pool=4",
            "--set",
            "init-valid=1",
            "--set",
            "init-draws=1",
            "-o",
            &fixed,
        ],
        0,
    );
    bad_input(
        &["pack", "--resume", &fixed, "--searched", &found, "-o", &path("e.csv")],
        &["is not a black-variable recipe"],
    );
    bad_input(
        &["pack", "--layout", "black", "--searched", &found, "-o", &d],
        &["--searched gives squares of --layout black-variable"],
    );
}

/// The bishops' compaction moves a searched bishop but keeps its magic: the recipe names the
/// searched magic, so a stream candidate in its place would write a row whose magic is not
/// the one placed (an internal error at the end of the run, before this was fixed).
#[test]
fn compaction_keeps_searched_bishops() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    // What `magic-gen search --black --slider bishop --square c1,d1,e2 --bits-below 0 --seed 7
    // --format csv` writes: one magic at the full five bits each, whose stream offers
    // candidates with fewer cache lines.
    std::fs::write(
        path("found.csv"),
        "# magic-gen search --black results\n# seed=7\n# shard=0/1\n\
         slider,square,bits,black_magic,candidate,drawn\n\
         bishop,c1,5,0x0018049402800000,283,283\n\
         bishop,d1,5,0x00140c0080440000,1798,1798\n\
         bishop,e2,5,0x0008491040001004,445,445\n",
    )
    .unwrap();
    let (found, out) = (path("found.csv"), path("a.csv"));
    // Small walks and construction, and enough compaction draws to beat the searched bishops.
    let settings = "walks=1 walk-steps=100 init-valid=1 init-draws=1 fresh=64 compact-bishops=65536";
    let mut args = vec!["pack", "--layout", "black-variable", "--seed", "7", "--iterations", "20"];
    args.extend(settings.split(' ').flat_map(|setting| ["--set", setting]));
    args.extend(["--searched", &found, "-o", &out]);
    let (_, stderr) = run(&args, 0);
    // The compaction did something (so it had the chance to replace a searched square).
    let lines = stderr.lines().find(|l| l.starts_with("bishops' cache lines: ")).unwrap_or_else(|| panic!("{stderr}"));
    let (before, after) = lines["bishops' cache lines: ".len()..].split_once(" -> ").unwrap();
    assert!(after.parse::<u32>().unwrap() < before.parse::<u32>().unwrap(), "{lines}");
    let recipe = std::fs::read_to_string(&out).unwrap();
    for (square, number, magic) in
        [("c1", 283, "0x0018049402800000"), ("d1", 1798, "0x00140C0080440000"), ("e2", 445, "0x0008491040001004")]
    {
        let row = recipe.lines().find(|l| l.starts_with(&format!("bishop,{square},"))).unwrap();
        assert!(row.starts_with(&format!("bishop,{square},search:{number},")) && row.ends_with(magic), "{row}");
    }
    run(&["verify", &out], 0);
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// A reader that closes the pipe early (`magic-gen verify … | head -1`) ends the command
/// quietly: a SIGPIPE exit (or 0), no panic, no "bad input".
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::os::unix::process::ExitStatusExt as _;
    let published = test_data().join("published/black_magic_annuss_fiekas_87988.csv");
    for args in [vec!["verify", published.to_str().unwrap()], vec!["emit", "--layout", "fancy", "--seed", "tuned"]] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_magic-gen"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Read one byte, then close the pipe.
        let mut stdout = child.stdout.take().unwrap();
        let mut byte = [0u8; 1];
        std::io::Read::read_exact(&mut stdout, &mut byte).unwrap();
        drop(stdout);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.code() == Some(0) || output.status.signal() == Some(13),
            "{args:?}: {:?} {stderr}",
            output.status
        );
        assert!(!stderr.contains("panicked") && !stderr.contains("error"), "{args:?}: {stderr}");
    }
}

/// SIGTERM (what a cluster's scheduler sends at a time limit) stops a search, which writes the
/// squares it has searched so far and exits 143; SIGINT stops a pack run, which writes its
/// checkpoint and exits 130.
#[test]
fn signals_write_what_was_found_and_exit_128_plus_the_signal() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("partial.json");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_magic-gen"))
        .args(["search", "--slider", "rook", "--bits-below", "1", "--max-candidates", "100000000000", "-o"])
        .arg(&results)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143));
    let text = std::fs::read_to_string(&results).unwrap();
    assert!(text.contains("\"format\": \"magic-gen-results/1\"") && text.contains("\"drawn\""), "{text}");

    let recipe = dir.path().join("pack.csv");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_magic-gen"))
        .args([
            "pack",
            "--preset",
            "classic",
            "--layout",
            "fixed-shift",
            "--iterations",
            "100000000",
            "--set",
            "pool=4",
        ])
        .args(["--set", "init-valid=1", "--set", "init-draws=1", "--set", "fresh=64", "-o"])
        .arg(&recipe)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Until the first checkpoint is written.
    let started = std::time::Instant::now();
    while !recipe.exists() && started.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let text = std::fs::read_to_string(&recipe).unwrap();
    assert!(text.contains("# stopped=SIGINT after"), "{text}");
    // Nothing but the recipe in the directory (no temporary files).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

/// An output that cannot be written is refused before any work, naming it.
#[test]
fn an_unwritable_output_is_refused_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/dir/out.json");
    let started = std::time::Instant::now();
    bad_input(
        &[
            "search",
            "--slider",
            "rook",
            "--bits-below",
            "1",
            "--max-candidates",
            "100000000000",
            "-o",
            missing.to_str().unwrap(),
        ],
        &["cannot write", "out.json"],
    );
    bad_input(&["pack", "--iterations", "1", "-o", missing.to_str().unwrap()], &["cannot write"]);
    bad_input(
        &["emit", "--layout", "fancy", "--seed", "tuned", "-o", dir.path().to_str().unwrap()],
        &["is a directory"],
    );
    assert!(started.elapsed().as_secs() < 30, "refused at once");
}

/// `sweep` lists every magic of a square: shards merged give the unsharded file byte for byte,
/// a stopped sweep resumed ends as one that never stopped, and `verify` checks the list.
#[test]
fn sweeps_shard_merge_resume_and_verify() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let common = ["sweep", "--slider", "bishop", "--square", "d8", "--bits", "5"];
    let with = |extra: &[&str]| -> Vec<String> { common.iter().chain(extra).map(|s| s.to_string()).collect() };
    let whole = path("whole.txt");
    run(&with(&["-o", &whole]).iter().map(String::as_str).collect::<Vec<_>>(), 0);
    let text = std::fs::read_to_string(&whole).unwrap();
    assert!(text.contains("# status=complete") && text.lines().filter(|l| l.starts_with("0x")).count() == 9547);
    let shards: Vec<String> = (0..3).map(|i| path(&format!("s{i}.txt"))).collect();
    for (i, shard) in shards.iter().enumerate() {
        let args = with(&["--shard", &format!("{i}/3"), "-o", shard]);
        run(&args.iter().map(String::as_str).collect::<Vec<_>>(), 0);
    }
    let merged = path("merged.txt");
    run(&["merge", &shards[0], &shards[1], &shards[2], "-o", &merged], 0);
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), text);
    bad_input(&["merge", &shards[0], &shards[1]], &["shard 2/3 is missing"]);
    // Stopped at once by --time, then resumed to the end.
    let partial = path("partial.txt");
    run(&with(&["--time", "0.001", "-o", &partial]).iter().map(String::as_str).collect::<Vec<_>>(), 0);
    run(&with(&["--resume", &partial, "-o", &partial]).iter().map(String::as_str).collect::<Vec<_>>(), 0);
    assert_eq!(std::fs::read_to_string(&partial).unwrap(), text);
    let (stdout, _) = run(&["verify", &whole, "--slider", "bishop", "--square", "d8", "--bits", "5"], 0);
    assert!(stdout.contains("valid: yes, all 9547"), "{stdout}");
}

/// Shards finer than the first field (rook h8: 4 first-field values, each split in 4): merged,
/// the unsharded file byte for byte; `merge` of some says how far the sweep is; a count that
/// does not split the values is refused.
#[test]
fn sweeps_split_below_the_first_field() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let sweep = ["sweep", "--slider", "rook", "--square", "h8", "--bits", "8"];
    run(&[&sweep[..], &["-o", &path("whole.txt")]].concat(), 0);
    let shards: Vec<String> = (0..16).map(|i| path(&format!("s{i}.txt"))).collect();
    for (i, shard) in shards.iter().enumerate() {
        run(&[&sweep[..], &["--shard", &format!("{i}/16"), "-o", shard]].concat(), 0);
    }
    let files: Vec<&str> = shards.iter().map(String::as_str).collect();
    let (_, stderr) = run(&[&["merge"], &files[..], &["-o", &path("merged.txt")]].concat(), 0);
    assert!(stderr.contains("16 of 16 shards complete, magics found: none"), "{stderr}");
    let whole = std::fs::read_to_string(path("whole.txt")).unwrap();
    assert_eq!(std::fs::read_to_string(path("merged.txt")).unwrap(), whole);
    bad_input(&[&["merge"], &files[..15]].concat(), &["15 of 16 shards complete, magics found: none; shard 15/16 is"]);
    bad_input(&[&sweep[..], &["--shard", "0/6", "-o", &path("x.txt")]].concat(), &["6 shards do not split"]);
}

/// `sweep --black --from-top` writes its own color, shards, merges and resumes like the other
/// sweeps, and refuses the masks it cannot take (rook d2 with 7 bits: no magic, fast).
#[test]
fn sweeps_from_the_top() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let sweep = ["sweep", "--slider", "rook", "--square", "d2", "--bits", "7", "--black", "--from-top"];
    let go = |extra: &[&str], code: i32| run(&[&sweep[..], extra].concat(), code);
    go(&["--shard", "0/128", "-o", &path("whole.txt")], 0);
    let whole = std::fs::read_to_string(path("whole.txt")).unwrap();
    assert!(whole.contains("# color=black-from-top\n") && whole.contains("# status=complete"), "{whole}");
    assert!(whole.contains("# magics=0\n") && whole.contains("# next=32\n"), "{whole}");
    for i in 0..2 {
        go(&["--shard", &format!("{i}/256"), "-o", &path(&format!("s{i}.txt"))], 0);
    }
    // Two of 256 shards do not make a sweep: merge names the first one missing.
    bad_input(&["merge", &path("s0.txt"), &path("s1.txt")], &["shard 2/256 is missing"]);
    // Stopped at once, then resumed to the end: the same file.
    go(&["--shard", "0/128", "--time", "0.001", "-o", &path("partial.txt")], 0);
    go(&["--shard", "0/128", "--resume", &path("partial.txt"), "-o", &path("partial.txt")], 0);
    assert_eq!(std::fs::read_to_string(path("partial.txt")).unwrap(), whole);
    bad_input(
        &["sweep", "--slider", "bishop", "--square", "d8", "--bits", "4", "--black", "--from-top", "-o", &path("x")],
        &["lowest square is bit 38"],
    );
    let (_, stderr) =
        run(&["sweep", "--slider", "rook", "--square", "d2", "--bits", "9", "--from-top", "-o", &path("x")], 2);
    assert!(stderr.contains("--black"), "{stderr}");
}

/// `sweep --black --negation-below B --max-ones K` records its limit, refuses to resume under
/// another, and `pack --searched` takes its list: the square keeps the listed black magic with
/// the sweep's bits, named `sweep:N` with the magic in the recipe, which verifies and resumes.
/// (The list is this test's: rook d8's one-bit-fewer black magic of `search --black --seed 1`
/// added to a quick sweep's file, since finding it by sweeping takes minutes unoptimized.)
#[test]
fn pack_keeps_swept_black_magics() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let sweep = ["sweep", "--slider", "rook", "--square", "d8", "--bits-below", "1", "--black"];
    let limited = ["--negation-below", "40", "--max-ones", "3"];
    let args: Vec<&str> = sweep.iter().chain(&limited).copied().collect();
    run(&[&args[..], &["-o", &path("d8.txt")]].concat(), 0);
    let text = std::fs::read_to_string(path("d8.txt")).unwrap();
    assert!(text.contains("# below=40\n# ones=3\n"), "{text}");
    assert!(text.contains("# status=complete"), "{text}");
    // Resuming under another limit is another sweep.
    let other: Vec<&str> = sweep.iter().copied().chain(["--negation-below", "40", "--max-ones", "4"]).collect();
    bad_input(&[&other[..], &["--resume", &path("d8.txt"), "-o", &path("e.txt")]].concat(), &["other settings"]);
    bad_input(
        &[&sweep[..], &["--negation-below", "40", "--max-ones", "0", "-o", &path("e.txt")]].concat(),
        &["1 to 64"],
    );

    // The published d8 magic added to the list (its count and checksum with it); an addition
    // without them is refused.
    std::fs::write(path("d8.txt"), format!("{text}0xffffffb8dfb5fb76\n")).unwrap();
    bad_input(&[&args[..], &["--resume", &path("d8.txt"), "-o", &path("e.txt")]].concat(), &["d8.txt", "cut short"]);
    let count = text.lines().find_map(|l| l.strip_prefix("# magics=")).unwrap().parse::<usize>().unwrap();
    let added = edited(&text, |body| {
        body.replace(&format!("# magics={count}\n"), &format!("# magics={}\n", count + 1)) + "0xffffffb8dfb5fb76\n"
    });
    std::fs::write(path("d8.txt"), added).unwrap();
    let (recipe, resumed) = (path("a.csv"), path("b.csv"));
    let pack = [
        "pack",
        "--preset",
        "classic",
        "--layout",
        "black-variable",
        "--seed",
        "7",
        "--iterations",
        "20",
        "--set",
        "pool=4",
    ];
    let small = ["--set", "fresh=64", "--set", "init-valid=1", "--set", "init-draws=1", "--searched", &path("d8.txt")];
    run(&[&pack[..], &small, &["-o", &recipe]].concat(), 0);
    let text = std::fs::read_to_string(&recipe).unwrap();
    let row = text.lines().find(|l| l.starts_with("rook,d8,")).unwrap();
    assert!(row.starts_with("rook,d8,sweep:1,") && row.ends_with(",10,0xFFFFFFB8DFB5FB76"), "{row}");
    let (stdout, _) = run(&["verify", &recipe], 0);
    assert!(stdout.contains("ok"), "{stdout}");
    // With walks: the searched square (one bit fewer, where valid starts are too rare to draw)
    // keeps its magic and does not walk; the walk cache keeps the others' walks with their starts.
    let walks = ["--set", "walks=2", "--set", "walk-steps=200", "--walk-cache", &path("walks.csv")];
    run(&[&pack[..], &small, &walks, &["-o", &path("walked.csv")]].concat(), 0);
    let cache = std::fs::read_to_string(path("walks.csv")).unwrap();
    assert!(cache.contains("\nslider,square,bits,walk,start,magic\n") && !cache.contains("\nrook,d8,"), "{cache}");
    let walked = std::fs::read_to_string(path("walked.csv")).unwrap();
    assert!(walked.lines().any(|l| l.starts_with("rook,d8,sweep:1,")), "{walked}");
    run(&[&pack[..], &small, &walks, &["-o", &path("walked-again.csv")]].concat(), 0);
    assert_eq!(std::fs::read_to_string(path("walked-again.csv")).unwrap(), walked);
    run(&["pack", "--preset", "classic", "--resume", &recipe, "--iterations", "10", "-o", &resumed], 0);
    let text = std::fs::read_to_string(&resumed).unwrap();
    assert!(text.lines().any(|l| l.starts_with("rook,d8,sweep:1,") && l.ends_with(",0xFFFFFFB8DFB5FB76")), "{text}");

    // A stated magic that is not one fails the recipe's check (it is not re-derived).
    let damaged = edited(&text, |body| body.replace(",0xFFFFFFB8DFB5FB76", ",0xFFFFFFB8DFB5FB77"));
    std::fs::write(path("damaged.csv"), damaged).unwrap();
    let (stdout, _) = run(&["verify", &path("damaged.csv")], 1);
    assert!(stdout.contains("rook d8 (magic 0xffffffb8dfb5fb77) is not magic"), "{stdout}");
    // A sweep of white magics cannot give a black packing its magic.
    let white = edited(&std::fs::read_to_string(path("d8.txt")).unwrap(), |body| {
        body.replace("# color=negated-black", "# color=white")
    });
    std::fs::write(path("white.txt"), white).unwrap();
    bad_input(
        &[&pack[..], &["--searched", &path("white.txt"), "-o", &path("c.csv")]].concat(),
        &["white.txt", "white magics"],
    );
}

/// A small `black-variable` packing (seed 7) of the span tests.
const SPAN_PACK: [&str; 9] =
    ["pack", "--preset", "classic", "--layout", "black-variable", "--seed", "7", "--iterations", "10"];
const SPAN_PACK_SMALL: [&str; 8] =
    ["--set", "pool=4", "--set", "fresh=64", "--set", "init-valid=1", "--set", "init-draws=1"];

/// A span list row's merit: its span, then its used slots (`name,magic,span,used`).
fn row_merit(row: &str) -> (u32, u32) {
    let f: Vec<&str> = row.split(',').collect();
    (f[2].parse().unwrap(), f[3].parse().unwrap())
}

/// A span list row's name and magic, the magic as a recipe writes it (`0x` and upper case).
fn row_name_and_magic(row: &str) -> (&str, String) {
    let mut fields = row.split(',');
    (fields.next().unwrap(), fields.next().unwrap().to_uppercase().replace("0X", "0x"))
}

/// The recipe of [`SPAN_PACK`] with the span list `list` searched, written to `recipe`.
fn pack_span_list(list: &str, recipe: &str) -> String {
    run(&[&SPAN_PACK[..], &SPAN_PACK_SMALL, &["--searched", list, "-o", recipe]].concat(), 0);
    std::fs::read_to_string(recipe).unwrap()
}

/// Packs [`SPAN_PACK`] with the list `list` searched into `recipe`: the row of the list's
/// square must be `row_name` with `magic` at the list's bits, and the recipe verifies, resumes
/// (to `resumed`) with the row kept, and re-derives with one row of the kind `kind_line` names.
/// The packed recipe's text.
fn packed_and_audited(
    list: &str,
    (recipe, resumed): (&str, &str),
    (row_name, magic): (&str, &str),
    kind_line: &str,
) -> String {
    // The list's square and bits, from its header.
    let header = std::fs::read_to_string(list).unwrap();
    let setting = |key: &str| header.lines().find_map(|l| l.strip_prefix(&format!("# {key}="))).unwrap().to_owned();
    let (square, bits) = (format!("{},{},", setting("slider"), setting("square")), setting("bits"));
    let packed = pack_span_list(list, recipe);
    let row = packed.lines().find(|l| l.starts_with(&square)).unwrap();
    assert!(row.starts_with(&format!("{square}{row_name},")) && row.ends_with(&format!(",{bits},{magic}")), "{row}");
    let (stdout, _) = run(&["verify", recipe], 0);
    assert!(stdout.contains("ok"), "{stdout}");
    run(&["pack", "--preset", "classic", "--resume", recipe, "--iterations", "15", "-o", resumed], 0);
    let text = std::fs::read_to_string(resumed).unwrap();
    assert!(text.lines().any(|l| l.starts_with(&format!("{square}{row_name},"))), "{text}");
    let (stdout, _) = run(&["verify", "--rederive", recipe], 0);
    assert!(stdout.contains(kind_line) && stdout.contains("128 of 128 rows re-derived"), "{stdout}");
    packed
}

/// `magic-gen span`: the list of one square's shortest-span black magics; a run stopped at
/// once and continued ends with the list of the straight run; `pack --searched` gives the
/// square the list's best magic as `span:N` with its bits, which verifies and resumes; a list
/// whose magic is not its candidate's, another seed's or another search's is refused by name.
#[test]
fn span_lists_are_searched_continued_and_packed() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let span = ["span", "--slider", "bishop", "--square", "c1", "--seed", "7", "--threads", "2"];
    let (whole, part) = (path("whole.csv"), path("part.csv"));
    let (_, stderr) = run(&[&span[..], &["--candidates", "400000", "-o", &whole]].concat(), 0);
    assert!(stderr.contains("done: 400000 candidates tested") && stderr.contains("best span"), "{stderr}");
    let text = std::fs::read_to_string(&whole).unwrap();
    assert!(text.starts_with("# magic-gen span search\n# seed=7\n# slider=bishop\n# square=c1\n# bits=5\n"), "{text}");
    let rows = text.lines().filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit())).count();
    assert!((20..=64).contains(&rows), "the list keeps at most the 64 best: {text}");
    // Stopped at once, then continued in two steps: the straight run's list.
    run(&[&span[..], &["--candidates", "400000", "--time", "0.001", "-o", &part]].concat(), 0);
    run(&[&span[..], &["--candidates", "150000", "--continue", "-o", &part]].concat(), 0);
    run(&[&span[..], &["--candidates", "400000", "--continue", "-o", &part]].concat(), 0);
    assert_eq!(std::fs::read_to_string(&part).unwrap(), text);
    // Another square's search does not continue this list.
    bad_input(
        &[
            "span",
            "--slider",
            "bishop",
            "--square",
            "d1",
            "--seed",
            "7",
            "--candidates",
            "9",
            "--continue",
            "-o",
            &part,
        ],
        &["--continue", "another search", "bishop c1"],
    );
    // The packing takes the best: the first row of the shortest span and fewest used slots.
    let best = text
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let n = f[0].parse::<u64>().ok()?;
            Some((
                f[2].parse::<u32>().unwrap(),
                f[3].parse::<u32>().unwrap(),
                n,
                f[1].to_uppercase().replace("0X", "0x"),
            ))
        })
        .min()
        .unwrap();
    let (pack, small) = (SPAN_PACK, SPAN_PACK_SMALL);
    let recipe = path("recipe.csv");
    let packed = pack_span_list(&whole, &recipe);
    let row = packed.lines().find(|l| l.starts_with("bishop,c1,")).unwrap();
    assert!(
        row.starts_with(&format!("bishop,c1,span:{},", best.2)) && row.ends_with(&format!(",5,{}", best.3)),
        "{row}"
    );
    let (stdout, _) = run(&["verify", &recipe], 0);
    assert!(stdout.contains("ok"), "{stdout}");
    run(&["pack", "--preset", "classic", "--resume", &recipe, "--iterations", "15", "-o", &path("resumed.csv")], 0);
    let resumed = std::fs::read_to_string(path("resumed.csv")).unwrap();
    let kept = format!("bishop,c1,span:{},", best.2);
    assert!(resumed.lines().any(|l| l.starts_with(&kept) && l.ends_with(&format!(",5,{}", best.3))), "{resumed}");
    // Tampered lists: the best row renumbered (its magic kept), another seed.
    let number = best.2;
    let listed = text.lines().find(|l| l.starts_with(&format!("{number},"))).unwrap();
    let swap =
        |body: &str| body.replace(listed, &listed.replacen(&format!("{number},"), &format!("{},", number + 1), 1));
    std::fs::write(path("swapped.csv"), swap(&text)).unwrap();
    bad_input(
        &[&pack[..], &small, &["--searched", &path("swapped.csv"), "-o", &path("x.csv")]].concat(),
        &["swapped.csv", "a line was changed"],
    );
    std::fs::write(path("swapped.csv"), edited(&text, swap)).unwrap();
    bad_input(
        &[&pack[..], &small, &["--searched", &path("swapped.csv"), "-o", &path("x.csv")]].concat(),
        &["swapped.csv", "bishop c1", &format!("candidate {}", number + 1), "not the listed"],
    );
    std::fs::write(path("seed.csv"), edited(&text, |body| body.replace("# seed=7", "# seed=8"))).unwrap();
    bad_input(
        &[&pack[..], &small, &["--searched", &path("seed.csv"), "-o", &path("x.csv")]].concat(),
        &["seed.csv", "seed 8", "span --seed 7"],
    );
}

/// `magic-gen span --climb`: the list's best candidates climb; a run stopped at once and
/// continued ends with the straight run's list; another number of tries does not continue it;
/// `pack --searched` gives the square the best climb as `span:N+a.b.c`, which verifies,
/// resumes and re-derives, and a row naming other moves is refused by `verify --rederive`.
#[test]
fn span_climbs_are_continued_packed_and_rederived() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let span =
        ["span", "--slider", "bishop", "--square", "c1", "--seed", "7", "--candidates", "40000", "--threads", "2"];
    let (whole, part) = (path("whole.csv"), path("part.csv"));
    let (_, stderr) = run(&[&span[..], &["--climb", "20000", "-o", &whole]].concat(), 0);
    assert!(stderr.contains("8 climbs of 20000 moves each"), "{stderr}");
    let text = std::fs::read_to_string(&whole).unwrap();
    assert!(text.contains("# climb=20000\n"), "{text}");
    let climbed: Vec<&str> = text.lines().filter(|l| l.contains('+')).collect();
    assert!(!climbed.is_empty() && climbed.len() <= 8, "{text}");
    // The best of the list is a climb.
    let rows: Vec<&str> = text.lines().filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit())).collect();
    let best = *rows.iter().min_by_key(|l| row_merit(l)).unwrap();
    assert!(best.contains('+'), "{text}");
    // Stopped at once, continued without climbing, then with: the straight run's list.
    run(&[&span[..], &["--climb", "20000", "--time", "0.001", "-o", &part]].concat(), 0);
    run(
        &[
            "span",
            "--slider",
            "bishop",
            "--square",
            "c1",
            "--seed",
            "7",
            "--candidates",
            "9000",
            "--continue",
            "-o",
            &part,
        ],
        0,
    );
    run(&[&span[..], &["--climb", "20000", "--continue", "-o", &part]].concat(), 0);
    assert_eq!(std::fs::read_to_string(&part).unwrap(), text);
    bad_input(
        &[&span[..], &["--climb", "30000", "--continue", "-o", &part]].concat(),
        &["climbed 20000 moves", "not 30000"],
    );
    bad_input(&[&span[..], &["--climb", "0", "-o", &path("zero.csv")]].concat(), &["--climb 0 is out of range"]);
    // Packed: the row names the climb, and it verifies, resumes and re-derives.
    let name = best.split(',').next().unwrap();
    let magic = best.split(',').nth(1).unwrap().to_uppercase().replace("0X", "0x");
    let recipe = path("recipe.csv");
    let packed = pack_span_list(&whole, &recipe);
    let row = packed.lines().find(|l| l.starts_with("bishop,c1,")).unwrap();
    assert!(row.starts_with(&format!("bishop,c1,span:{name},")) && row.ends_with(&format!(",5,{magic}")), "{row}");
    let (stdout, _) = run(&["verify", &recipe], 0);
    assert!(stdout.contains("ok"), "{stdout}");
    run(&["pack", "--preset", "classic", "--resume", &recipe, "--iterations", "15", "-o", &path("resumed.csv")], 0);
    let resumed = std::fs::read_to_string(path("resumed.csv")).unwrap();
    assert!(resumed.lines().any(|l| l.starts_with(&format!("bishop,c1,span:{name},"))), "{resumed}");
    let (stdout, _) = run(&["verify", "--rederive", &recipe], 0);
    assert!(stdout.contains("  span: 1 rows"), "{stdout}");
    // The climb without its last move, the magic kept: refused.
    let (start, moves) = name.split_once('+').unwrap();
    let fewer = match moves.rsplit_once('.') {
        Some((rest, _)) => format!("{start}+{rest}"),
        None => start.to_owned(),
    };
    let renamed = edited(&packed, |body| body.replace(&format!("span:{name},"), &format!("span:{fewer},")));
    std::fs::write(path("renamed.csv"), renamed).unwrap();
    let (_, stderr) = run(&["verify", "--rederive", &path("renamed.csv")], 1);
    assert!(stderr.contains("bishop c1: span:") && stderr.contains("re-deriving it gives"), "{stderr}");
    // Moves out of order or past the limit are refused as the recipe is read.
    let backwards = edited(&packed, |body| body.replace(&format!("span:{name},"), &format!("span:{start}+9.3,")));
    std::fs::write(path("backwards.csv"), backwards).unwrap();
    bad_input(&["verify", &path("backwards.csv")], &["backwards.csv:", "bishop c1", "moves increase from 1"]);
}

/// `magic-gen span --walks CACHE --climb T`: climbs from a packing's walks; `pack --searched`
/// walks the chosen walk again, gives the square the climb as `walk:N@K+a.b.c`, which verifies,
/// resumes and re-derives (a row with a move dropped does not); a packing with other walk
/// settings, and caches that cannot serve, are refused by name.
#[test]
#[ignore = "9 to 17 CPU-seconds: .ci/run runs it once, in release, beside the README test command"]
fn span_climbs_from_walks_are_packed_and_rederived() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let (cache, list, recipe) = (path("walks.csv"), path("climbs.csv"), path("recipe.csv"));
    let walks = ["--set", "walks=4", "--set", "walk-steps=2000"];
    run(&[&SPAN_PACK[..], &SPAN_PACK_SMALL, &walks, &["--walk-cache", &cache, "-o", &path("plain.csv")]].concat(), 0);
    let span = ["span", "--slider", "bishop", "--square", "c1", "--seed", "7", "--threads", "2"];
    let climb = ["--walks", &cache, "--climb", "20000", "--rounds", "2"];
    let (_, stderr) = run(&[&span[..], &climb, &["-o", &list]].concat(), 0);
    assert!(stderr.contains("8 climbs of 20000 moves from its walks") && stderr.contains("best span"), "{stderr}");
    let text = std::fs::read_to_string(&list).unwrap();
    assert!(
        text.contains("# candidates=0\n# climb=20000\n# walks=4\n# walk_steps=2000\n# walk_gap=0\n# rounds=2\n"),
        "{text}"
    );
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("walk:")).collect();
    assert!(!rows.is_empty() && rows.iter().all(|l| l.contains('@') && l.contains('+')), "{text}");
    // The same run writes the same list.
    let one = ["span", "--slider", "bishop", "--square", "c1", "--seed", "7", "--threads", "1", "--walks", &cache];
    run(&[&one[..], &["--climb", "20000", "--rounds", "2", "-o", &path("again.csv")]].concat(), 0);
    assert_eq!(std::fs::read_to_string(path("again.csv")).unwrap(), text);
    let best = *rows.iter().min_by_key(|l| row_merit(l)).unwrap();
    let (name, magic) = row_name_and_magic(best);
    // Packed with the walks' settings: the row names the walk and the climb.
    run(
        &[&SPAN_PACK[..], &SPAN_PACK_SMALL, &walks, &["--walk-cache", &cache, "--searched", &list, "-o", &recipe]]
            .concat(),
        0,
    );
    let packed = std::fs::read_to_string(&recipe).unwrap();
    let row = packed.lines().find(|l| l.starts_with("bishop,c1,")).unwrap();
    assert!(row.starts_with(&format!("bishop,c1,{name},")) && row.ends_with(&format!(",5,{magic}")), "{row}");
    let (stdout, _) = run(&["verify", &recipe], 0);
    assert!(stdout.contains("ok"), "{stdout}");
    let resume = ["pack", "--preset", "classic", "--set", "walks=4", "--set", "walk-steps=2000", "--resume", &recipe];
    run(&[&resume[..], &["--iterations", "15", "-o", &path("resumed.csv")]].concat(), 0);
    let resumed = std::fs::read_to_string(path("resumed.csv")).unwrap();
    assert!(resumed.lines().any(|l| l.starts_with(&format!("bishop,c1,{name},"))), "{resumed}");
    let (stdout, _) = run(&["verify", "--rederive", &recipe], 0);
    assert!(stdout.contains("128 of 128 rows re-derived"), "{stdout}");
    // The climb without its last move, the magic kept: refused by the audit.
    let fewer = match name.rsplit_once('.') {
        Some((rest, _)) => rest.to_owned(),
        None => name.split_once('+').unwrap().0.to_owned() + "+1",
    };
    let renamed = edited(&packed, |body| body.replace(&format!("{name},"), &format!("{fewer},")));
    std::fs::write(path("renamed.csv"), renamed).unwrap();
    let (_, stderr) = run(&["verify", "--rederive", &path("renamed.csv")], 1);
    assert!(stderr.contains("bishop c1: walk:") && stderr.contains("re-deriving it gives"), "{stderr}");
    // Other walks than the list's, or none: refused before packing.
    let other = ["--set", "walks=4", "--set", "walk-steps=1000"];
    let (_, stderr) =
        run(&[&SPAN_PACK[..], &SPAN_PACK_SMALL, &other, &["--searched", &list, "-o", &path("x.csv")]].concat(), 2);
    assert!(
        stderr.contains(&format!("error: bishop c1: the climb {name}")) && stderr.contains("other walk settings"),
        "{stderr}"
    );
    let (_, stderr) =
        run(&[&SPAN_PACK[..], &SPAN_PACK_SMALL, &["--searched", &list, "-o", &path("x.csv")]].concat(), 2);
    assert!(stderr.contains("error: bishop c1:") && stderr.contains("this run makes no walks"), "{stderr}");
    // Caches that cannot serve the climbs.
    let seed8 = ["span", "--slider", "bishop", "--square", "c1", "--seed", "8", "--walks", &cache, "--climb", "9"];
    bad_input(&[&seed8[..], &["-o", &path("x.csv")]].concat(), &["walks.csv", "walks of seed 7, not --seed 8"]);
    let nine = ["span", "--slider", "rook", "--square", "d2", "--bits", "9", "--seed", "7", "--walks", &cache];
    bad_input(
        &[&nine[..], &["--climb", "9", "-o", &path("x.csv")]].concat(),
        &["rook d2 walked with 10 index bits, not 9"],
    );
    // Command-line conflicts (clap's usage errors): no --climb, or --continue.
    let (_, stderr) = run(&[&span[..], &["--walks", &cache, "-o", &path("x.csv")]].concat(), 2);
    assert!(stderr.contains("--climb"), "{stderr}");
    let (_, stderr) =
        run(&[&span[..], &["--walks", &cache, "--climb", "9", "--continue", "-o", &path("x.csv")]].concat(), 2);
    assert!(stderr.contains("--continue"), "{stderr}");
}

/// `magic-gen span --terms K --bound B`: the best term sums of a square, the same list on 1
/// or 2 threads; `pack --searched` gives the square the best as `terms:+c.e…`, which verifies,
/// resumes and re-derives (a row naming another sum does not); lists whose row is not its
/// sum's magic or lies beyond the list's bound are refused by name.
#[test]
fn span_term_sums_are_packed_and_rederived() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let (list, recipe) = (path("sums.csv"), path("recipe.csv"));
    let span = ["span", "--slider", "bishop", "--square", "c1", "--seed", "7", "--terms", "3", "--bound", "32"];
    let (_, stderr) = run(&[&span[..], &["--threads", "2", "-o", &list]].concat(), 0);
    assert!(
        stderr.contains("the sums of at most 3 terms and 32 slots of cost") && stderr.contains("best span"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&list).unwrap();
    assert!(text.contains("# candidates=0\n# terms=3\n# bound=32\n"), "{text}");
    run(&[&span[..], &["--threads", "1", "-o", &path("again.csv")]].concat(), 0);
    assert_eq!(std::fs::read_to_string(path("again.csv")).unwrap(), text);
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("terms:")).collect();
    assert!(!rows.is_empty() && rows.len() <= 64, "{text}");
    let best = *rows.iter().min_by_key(|l| row_merit(l)).unwrap();
    assert!(row_merit(best).0 < 32, "a sum shorter than the index range: {best}");
    let (name, magic) = row_name_and_magic(best);
    // Packed: the row names the sum, and it verifies, resumes and re-derives.
    let packed = packed_and_audited(&list, (&recipe, &path("resumed.csv")), (name, &magic), "  terms: 1 rows");
    // Another sum named, the magic kept: refused by the audit.
    let other = match name.strip_suffix("@half") {
        Some(whole) => whole.to_owned(),
        None => format!("{name}@half"),
    };
    let renamed = edited(&packed, |body| body.replace(&format!("{name},"), &format!("{other},")));
    std::fs::write(path("renamed.csv"), renamed).unwrap();
    let (_, stderr) = run(&["verify", "--rederive", &path("renamed.csv")], 1);
    assert!(stderr.contains("bishop c1: terms:") && stderr.contains("re-deriving it gives"), "{stderr}");
    // A sum that is not a term sum is refused as the recipe is read.
    let five = edited(&packed, |body| body.replace(&format!("{name},"), "terms:+5.3,"));
    std::fs::write(path("five.csv"), five).unwrap();
    bad_input(&["verify", &path("five.csv")], &["five.csv:", "bishop c1", "+5.3 is not a term"]);
    // Lists: the best row's sum renamed, or a bound below its cost.
    let swapped = edited(&text, |body| body.replace(best, &best.replacen(name, &other, 1)));
    std::fs::write(path("swapped.csv"), swapped).unwrap();
    bad_input(
        &[&SPAN_PACK[..], &SPAN_PACK_SMALL, &["--searched", &path("swapped.csv"), "-o", &path("x.csv")]].concat(),
        &["swapped.csv", "bishop c1", "not the listed"],
    );
    let tight = edited(&text, |body| body.replace("# bound=32", "# bound=2"));
    std::fs::write(path("tight.csv"), tight).unwrap();
    bad_input(
        &[&SPAN_PACK[..], &SPAN_PACK_SMALL, &["--searched", &path("tight.csv"), "-o", &path("x.csv")]].concat(),
        &["tight.csv", "is not a sum of at most 3 terms and 2 slots of cost"],
    );
    // Out of range, and clap's usage errors: no --bound, or --terms with --climb.
    bad_input(
        &["span", "--slider", "bishop", "--square", "c1", "--terms", "9", "--bound", "8", "-o", &path("x.csv")],
        &["--terms 9 is out of range: 1 to 8"],
    );
    bad_input(
        &["span", "--slider", "bishop", "--square", "c1", "--terms", "3", "--bound", "33", "-o", &path("x.csv")],
        &["--bound 33 is out of range"],
    );
    let (_, stderr) = run(&["span", "--slider", "bishop", "--square", "c1", "--terms", "3", "-o", &path("x.csv")], 2);
    assert!(stderr.contains("--bound"), "{stderr}");
    let (_, stderr) = run(&[&span[..], &["--climb", "9", "-o", &path("x.csv")]].concat(), 2);
    assert!(stderr.contains("--climb"), "{stderr}");
}

/// `span --terms K --bound B --quarters`: each sum is tried at every quarter of a slot. Bishop
/// e3's sums of 3 terms and 128 slots name no valid magic at 0 or half a slot, and one at a
/// quarter; the list says `# quarters=1`, and its best row (`…@1/4` or `…@3/4`) is packed,
/// verified, resumed and re-derived. The same row in a list without quarters is refused.
#[test]
fn span_term_sums_at_quarters_are_packed_and_rederived() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let e3 = ["span", "--slider", "bishop", "--square", "e3", "--seed", "7", "--terms", "3", "--bound", "128"];
    let (_, stderr) = run(&[&e3[..], &["-o", &path("halves.csv")]].concat(), 0);
    assert!(stderr.contains("no valid magic"), "{stderr}");
    let (list, recipe) = (path("quarters.csv"), path("recipe.csv"));
    let (_, stderr) = run(&[&e3[..], &["--quarters", "-o", &list]].concat(), 0);
    assert!(stderr.contains("at every quarter of a slot") && stderr.contains("best span"), "{stderr}");
    let text = std::fs::read_to_string(&list).unwrap();
    assert!(text.contains("# terms=3\n# bound=128\n# quarters=1\n"), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("terms:")).collect();
    assert!(!rows.is_empty() && rows.iter().all(|r| r.contains("@1/4,") || r.contains("@3/4,")), "{text}");
    let best = *rows.iter().min_by_key(|l| row_merit(l)).unwrap();
    assert!(row_merit(best).0 < 128, "{best}");
    let (name, magic) = row_name_and_magic(best);
    packed_and_audited(&list, (&recipe, &path("resumed.csv")), (name, &magic), "  terms: 1 rows");
    let unsaid = edited(&text, |body| body.replace("# quarters=1\n", ""));
    std::fs::write(path("unsaid.csv"), unsaid).unwrap();
    bad_input(
        &[&SPAN_PACK[..], &SPAN_PACK_SMALL, &["--searched", &path("unsaid.csv"), "-o", &path("x.csv")]].concat(),
        &["unsaid.csv", "adds a quarter of a slot in a list without `# quarters=1`"],
    );
    let (_, stderr) = run(&["span", "--slider", "bishop", "--square", "e3", "--quarters", "-o", &path("x.csv")], 2);
    assert!(stderr.contains("--terms"), "{stderr}");
}

/// `span --terms … --parts N` enumerates the first N parts and says so (`# parts_done=N`);
/// `--continue` goes on, on other thread counts, and ends with the whole run's list byte for
/// byte; a whole list is left as it is, and a list of another enumeration is refused.
#[test]
fn span_term_sums_stop_at_a_part_and_continue() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let read = |name: &str| std::fs::read_to_string(path(name)).unwrap();
    let e3 = ["span", "--slider", "bishop", "--square", "e3", "--seed", "7", "--terms", "3", "--bound", "128"];
    let quarters = [&e3[..], &["--quarters"]].concat();
    let (_, stderr) = run(&[&quarters[..], &["--threads", "2", "-o", &path("whole.csv")]].concat(), 0);
    assert!(stderr.contains("best span"), "{stderr}");
    let whole = read("whole.csv");
    assert!(!whole.contains("parts_done"), "{whole}");
    let part = path("part.csv");
    let (_, stderr) = run(&[&quarters[..], &["--parts", "500", "--threads", "1", "-o", &part]].concat(), 0);
    assert!(stderr.contains("parts 1 to 500 of ") && stderr.contains("500 of the "), "{stderr}");
    assert!(read("part.csv").contains("# quarters=1\n# parts_done=500\ncandidate,"), "{}", read("part.csv"));
    let (_, stderr) = run(&[&quarters[..], &["--parts", "20000", "--continue", "-o", &part]].concat(), 0);
    assert!(stderr.contains("parts 501 to 20000 of "), "{stderr}");
    assert!(read("part.csv").contains("# parts_done=20000\n"));
    assert_ne!(read("part.csv"), whole);
    run(&[&quarters[..], &["--continue", "--threads", "2", "-o", &part]].concat(), 0);
    assert_eq!(read("part.csv"), whole);
    let (_, stderr) = run(&[&quarters[..], &["--continue", "-o", &part]].concat(), 0);
    assert!(stderr.contains("holds the whole enumeration") && stderr.contains("nothing to do"), "{stderr}");
    assert_eq!(read("part.csv"), whole);
    // Without quarters, it is another enumeration; an annealed list does not go on either.
    bad_input(&[&e3[..], &["--continue", "-o", &part]].concat(), &["part.csv", "holds another search"]);
    let annealed = path("annealed.csv");
    let square = &e3[..7];
    run(&[square, &["--from", &path("whole.csv"), "--anneal", "1000", "--chains", "1", "-o", &annealed]].concat(), 0);
    bad_input(&[&quarters[..], &["--continue", "-o", &annealed]].concat(), &["annealed.csv", "holds another search"]);
    bad_input(&[&quarters[..], &["--parts", "0", "-o", &path("x.csv")]].concat(), &["--parts 0"]);
}

/// `magic-gen span --from LIST --anneal M --chains K`: the list's best annealed, the same list
/// on 1 or 2 threads; `pack --searched` gives the square the best chain's magic as
/// `N~j.m`, which verifies, resumes and re-derives (a move count one short does not); lists
/// with a stray annealed row, inputs of another square or already annealed are refused.
#[test]
fn span_annealing_is_packed_and_rederived() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let (list, annealed, recipe) = (path("span.csv"), path("annealed.csv"), path("recipe.csv"));
    let span = ["span", "--slider", "bishop", "--square", "c1", "--seed", "7"];
    run(&[&span[..], &["--candidates", "20000", "-o", &list]].concat(), 0);
    let anneal = ["--from", &list, "--anneal", "200000", "--chains", "4"];
    let (_, stderr) = run(&[&span[..], &anneal, &["--threads", "2", "-o", &annealed]].concat(), 0);
    assert!(stderr.contains("4 chains of 200000 moves from 15809 (span 28, 24 used)"), "{stderr}");
    let text = std::fs::read_to_string(&annealed).unwrap();
    assert!(text.contains("# anneal=200000\n# chains=4\n"), "{text}");
    run(&[&span[..], &anneal, &["--threads", "1", "-o", &path("again.csv")]].concat(), 0);
    assert_eq!(std::fs::read_to_string(path("again.csv")).unwrap(), text);
    // The list's rows, then the chains that beat its best (span 28), each after it.
    let original = std::fs::read_to_string(&list).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| l.contains('~')).collect();
    assert!(rows.len() >= 2 && rows.iter().all(|l| l.starts_with("15809~")), "{text}");
    assert!(rows.iter().all(|l| row_merit(l) < (28, 24)), "{text}");
    for line in original.lines().filter(|l| !l.starts_with("# checksum")) {
        assert!(text.contains(line), "{line} kept: {text}");
    }
    let best = *rows.iter().min_by_key(|l| row_merit(l)).unwrap();
    let (name, magic) = row_name_and_magic(best);
    // Two starts: chains 8 to 15 anneal the list's second best, and pack takes the best.
    let (_, stderr) = run(
        &[
            &span[..],
            &["--from", &list, "--anneal", "200000", "--chains", "16", "--starts", "2"],
            &["-o", &path("two.csv")],
        ]
        .concat(),
        0,
    );
    assert!(stderr.contains("16 chains of 200000 moves from 15809 and the next 1 best"), "{stderr}");
    let two = std::fs::read_to_string(path("two.csv")).unwrap();
    assert!(two.lines().any(|l| l.contains('~') && !l.starts_with("15809~")), "{two}");
    pack_span_list(&path("two.csv"), &path("two-recipe.csv"));
    // Packed: the row names the chain, and it verifies, resumes and re-derives.
    let row_name = format!("span:{name}");
    let packed =
        packed_and_audited(&annealed, (&recipe, &path("resumed.csv")), (&row_name, &magic), "  anneal: 1 rows");
    // One move short, the magic kept: refused by the audit; by the packer in a list.
    let (start, moves) = name.rsplit_once('.').unwrap();
    let short = format!("{start}.{}", moves.parse::<u64>().unwrap() - 1);
    let renamed = edited(&packed, |body| body.replace(&format!("span:{name},"), &format!("span:{short},")));
    std::fs::write(path("renamed.csv"), renamed).unwrap();
    let (_, stderr) = run(&["verify", "--rederive", &path("renamed.csv")], 1);
    assert!(stderr.contains("bishop c1: span:15809~") && stderr.contains("re-deriving it gives"), "{stderr}");
    let swapped = edited(&text, |body| body.replace(&format!("{name},"), &format!("{short},")));
    std::fs::write(path("swapped.csv"), swapped).unwrap();
    bad_input(
        &[&SPAN_PACK[..], &SPAN_PACK_SMALL, &["--searched", &path("swapped.csv"), "-o", &path("x.csv")]].concat(),
        &["swapped.csv", "bishop c1", "of the annealing is", "not the listed"],
    );
    // An annealed row in a recipe whose row kind is not annealed.
    let stream = edited(&packed, |body| body.replace(&format!("span:{name},"), "17~0.5,"));
    std::fs::write(path("stream.csv"), stream).unwrap();
    bad_input(&["verify", &path("stream.csv")], &["stream.csv:", "bishop c1", "only a span, climb or term-sum row"]);
    // Inputs that cannot be annealed.
    let many = ["--from", &list, "--anneal", "9", "--chains", "65"];
    bad_input(&[&span[..], &many, &["-o", &path("x.csv")]].concat(), &["--chains 65 is out of range"]);
    let starts = ["--from", &list, "--anneal", "9", "--starts", "65"];
    bad_input(&[&span[..], &starts, &["-o", &path("x.csv")]].concat(), &["--starts 65 is out of range: 1 to 64"]);
    let zero = ["--from", &list, "--anneal", "0"];
    bad_input(&[&span[..], &zero, &["-o", &path("x.csv")]].concat(), &["--anneal 0 is out of range"]);
    let twice = ["--from", &annealed, "--anneal", "9"];
    bad_input(&[&span[..], &twice, &["-o", &path("x.csv")]].concat(), &["annealed.csv: already annealed"]);
    // A span search does not go on in an annealed list.
    bad_input(
        &[&span[..], &["--candidates", "30000", "--continue", "-o", &annealed]].concat(),
        &["holds another search"],
    );
    // A climb from a walk (which only the packer re-derives) edited to an invalid magic.
    let walk_list = "# magic-gen span search\n# seed=7\n# slider=bishop\n# square=c1\n# bits=5\n# candidates=0\n\
                     # climb=9\n# walks=4\n# walk_steps=2000\n# walk_gap=0\n# rounds=1\ncandidate,magic,span,used\n\
                     walk:1@5+3,0x0000000000000000,20,20\n";
    std::fs::write(path("walk.csv"), magic_gen::text::seal(walk_list)).unwrap();
    let walk = ["--from", &path("walk.csv"), "--anneal", "9"];
    bad_input(
        &[&span[..], &walk, &["-o", &path("x.csv")]].concat(),
        &["walk.csv: walk:1@5+3 is not the black magic of bishop c1 it lists"],
    );
    let d3 = ["span", "--slider", "bishop", "--square", "d3", "--seed", "7"];
    bad_input(&[&d3[..], &anneal, &["-o", &path("x.csv")]].concat(), &["span.csv: a list of bishop c1"]);
    let (_, stderr) = run(&[&span[..], &["--anneal", "9", "-o", &path("x.csv")]].concat(), 2);
    assert!(stderr.contains("--from"), "{stderr}");
}

/// The shipped recipes, read from the checkout.
fn shipped(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("recipes").join(name).to_str().unwrap().to_owned()
}

/// The rows of the shipped recipe `name` that `keep` picks, under its header, each changed by
/// `edit`: a recipe that `verify --rederive` reads as it reads the whole one.
fn shipped_rows(name: &str, keep: &dyn Fn(&str) -> bool, edit: &dyn Fn(&str) -> String) -> String {
    let text = std::fs::read_to_string(shipped(name)).unwrap();
    let mut out = String::new();
    let mut header = true;
    for line in text.lines() {
        if header || keep(line) {
            out += &if header { line.to_owned() } else { edit(line) };
            out.push('\n');
        }
        header &= !line.starts_with("slider,");
    }
    out
}

/// Every kind of row of every shipped recipe re-derives from its seed, in every test run: all
/// the rows sought in a stream (stream positions, `search:N`, `span:N` and its climbs, term
/// sums: milliseconds each), the whole fancy-dense recipe (its two sweep shards take a second),
/// and of the rows that cost a walk, an annealing or a sweep shard (from a tenth of a second to
/// a minute each in this build), quick ones of every kind: a walk on each slider of each packed
/// recipe, a climbed walk, annealings from a walk, a term sum and a span, a black sweep shard.
/// A change to any of the streams, walks, climbs, annealings or sweeps the rows name fails here.
/// Every row of every recipe, minutes of CPU, is re-derived by `every_shipped_recipe_rederives`,
/// which CI runs in a release build.
#[test]
fn every_kind_of_shipped_row_rederives() {
    let dir = tempfile::tempdir().unwrap();
    // The third column: a stream position, or `search:`, `span:`, `terms:`, `walk:` or `sweep:`
    // and what it names; an annealed row has a `~`.
    let kind = |line: &str| line.split(',').nth(2).unwrap_or("").to_owned();
    let sought = |k: &str| !k.starts_with("walk:") && !k.starts_with("sweep:") && !k.contains('~');
    // (recipe, the costly rows re-derived beside the sought ones, each recipe's kinds and rows)
    let samples: [(&str, &[&str], &[&str]); 3] = [
        ("black.recipe.csv", &["rook,b7,walk:", "bishop,f5,walk:"], &["stream: 78 rows", "walk: 2 rows"]),
        ("fixed_shift.recipe.csv", &["rook,a6,walk:", "bishop,d6,walk:"], &["stream: 85 rows", "walk: 2 rows"]),
        (
            "black_variable.recipe.csv",
            // A walk, a climbed walk; annealings from a walk, a term sum and a span; a sweep shard.
            &[
                "bishop,a5,walk:",
                "bishop,g5,walk:",
                "bishop,e2,walk:",
                "rook,c6,terms:",
                "rook,e6,span:",
                "rook,g7,sweep:",
            ],
            &[
                "stream: 3 rows",
                "search: 26 rows",
                "span: 11 rows",
                "terms: 12 rows",
                "walk: 2 rows",
                "anneal: 3 rows",
                "sweep: 1 rows",
            ],
        ),
    ];
    let mut files = Vec::new();
    for (name, costly, _) in samples {
        let cut = shipped_rows(
            name,
            &|line| sought(&kind(line)) || costly.iter().any(|row| line.starts_with(row)),
            &|line| line.to_owned(),
        );
        for row in costly {
            assert!(cut.lines().any(|line| line.starts_with(row)), "{name}: no row {row}");
        }
        let file = dir.path().join(name);
        std::fs::write(&file, cut).unwrap();
        files.push(file.to_str().unwrap().to_owned());
    }
    let climbed = std::fs::read_to_string(&files[2]).unwrap();
    assert!(climbed.lines().any(|l| l.starts_with("bishop,g5,walk:") && kind(l).contains('+')), "{climbed}");
    files.push(shipped("fancy_dense.recipe.csv"));
    let args: Vec<&str> = ["verify", "--rederive"].into_iter().chain(files.iter().map(String::as_str)).collect();
    let (stdout, _) = run(&args, 0);
    let expected = samples
        .iter()
        .map(|&(name, _, kinds)| (name, kinds))
        .chain([("fancy_dense.recipe.csv", &["stream: 37 rows", "sweep: 2 rows"][..])]);
    for (name, kinds) in expected {
        // The recipe's line, then its kinds' lines (indented), each `kind: N rows, ...`.
        let mut lines = stdout.lines().skip_while(|l| !l.contains(&format!("{name}: ")));
        let line = lines.next().unwrap_or_else(|| panic!("{name}: {stdout}"));
        let rows: u32 = kinds.iter().map(|k| k.split(' ').nth(1).unwrap().parse::<u32>().unwrap()).sum();
        assert!(line.contains(&format!("{rows} of {rows} rows re-derived from seed")), "{line}");
        let said: Vec<&str> =
            lines.take_while(|l| l.starts_with("  ")).map(|l| l.trim_start().split(',').next().unwrap()).collect();
        assert_eq!(said, kinds, "{name}: {stdout}");
    }
}

/// Every row of every shipped recipe re-derives from its seed: stream rows by seeking, walks by
/// one walk each, sweeps by their shard (`verify --rederive`, the audit of
/// docs/auditing.md). Four minutes of CPU in this build (most of it the sweeps and annealings of
/// black_variable.recipe.csv), two in a release build: `every_kind_of_shipped_row_rederives`
/// re-derives every kind of row in every test run, and CI runs this one in a release build.
#[test]
#[ignore = "minutes of CPU; CI runs it: cargo test --release -p magic-gen --test cli -- --ignored every_shipped_recipe_rederives"]
fn every_shipped_recipe_rederives() {
    let names = ["black.recipe.csv", "black_variable.recipe.csv", "fancy_dense.recipe.csv", "fixed_shift.recipe.csv"];
    let files: Vec<String> = names.iter().map(|name| shipped(name)).collect();
    let args: Vec<&str> = ["verify", "--rederive"].into_iter().chain(files.iter().map(String::as_str)).collect();
    let (stdout, _) = run(&args, 0);
    for (name, rows) in names.iter().zip([128, 128, 39, 128]) {
        let line = stdout.lines().find(|l| l.contains(name)).unwrap_or_else(|| panic!("{name}: {stdout}"));
        assert!(line.contains(&format!("{rows} of {rows} rows re-derived from seed")), "{line}");
    }
    for kind in [
        "  stream: ",
        "  walk: 50 rows",
        "  walk: 43 rows",
        "  anneal: 25 rows",
        "  span: 11 rows",
        "  terms: 12 rows",
        "  sweep: 8 rows",
        "  sweep: 2 rows",
        "  search: 26 rows",
    ] {
        assert!(stdout.contains(kind), "{kind} missing: {stdout}");
    }
}

/// A recipe whose rows name other walks, sweep entries or stream positions than their magics'
/// still builds (the magics are valid), but `verify --rederive` refuses it, naming the file,
/// line and square.
#[test]
fn rederive_refuses_renamed_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    // Walk N+1 (and the start K+1) instead of walk N, the magic kept, on a walked rook and a
    // walked bishop of the shipped black recipe. (Not rook a1: its walks cannot leave their
    // start, so every walk number re-derives its magic.)
    let walk_row = |line: &str| line.starts_with("rook,c1,walk:") || line.starts_with("bishop,d3,walk:");
    let renamed = |line: &str| {
        let (head, rest) = line.split_once(",walk:").unwrap();
        let (number, tail) = rest.split_once('@').unwrap();
        let (start, tail) = tail.split_once(',').unwrap();
        let number: u64 = number.parse().unwrap();
        let start: u64 = start.parse().unwrap();
        match head {
            "rook,c1" => format!("{head},walk:{}@{start},{tail}", number + 1),
            _ => format!("{head},walk:{number}@{},{tail}", start + 1),
        }
    };
    let original = shipped_rows("black.recipe.csv", &walk_row, &|l| l.to_owned());
    assert!(original.contains("rook,c1,walk:") && original.contains("bishop,d3,walk:"), "{original}");
    std::fs::write(path("walks.csv"), &original).unwrap();
    run(&["verify", "--rederive", &path("walks.csv")], 0);
    std::fs::write(path("renamed.csv"), shipped_rows("black.recipe.csv", &walk_row, &renamed)).unwrap();
    let (_, stderr) = run(&["verify", "--rederive", &path("renamed.csv")], 1);
    assert!(stderr.contains("renamed.csv:") && stderr.contains("rook c1: walk:"), "{stderr}");
    assert!(stderr.contains("bishop d3: walk:") && stderr.contains("re-deriving it gives"), "{stderr}");
    assert_eq!(stderr.lines().filter(|l| l.starts_with("error: ")).count(), 2, "{stderr}");
    // Entry 2 of the sweep shard instead of entry 1.
    let sweep_row = |line: &str| line.starts_with("rook,e7,sweep:");
    let next = |line: &str| line.replace("sweep:1@", "sweep:2@");
    std::fs::write(path("sweep.csv"), shipped_rows("black_variable.recipe.csv", &sweep_row, &next)).unwrap();
    let (_, stderr) = run(&["verify", "--rederive", &path("sweep.csv")], 1);
    assert!(stderr.contains("rook e7: sweep:2@512/1024 states 0x002FFF95FF997600"), "{stderr}");
    // A command that sweeps e7 twice, first white magics in another shard: the row is derived
    // with the colour of the command of its own shard (with the white one's colour, shard
    // 512/1024 gives another first magic, and the row is refused).
    let own = "--class 3 --shard 512/1024 -o e7.txt";
    let twice = |line: &str| {
        let other = "magic-gen sweep --slider rook --square e7 --bits-below 1 --shard 3/4 -o e7-white.txt && ";
        line.replace(
            "&& magic-gen sweep --slider rook --square e7",
            &format!("&& {other}magic-gen sweep --slider rook --square e7"),
        )
    };
    let text = shipped_rows("black_variable.recipe.csv", &sweep_row, &|l| l.to_owned());
    assert!(text.contains(own), "{text}");
    let text: String =
        text.lines().map(|l| if l.starts_with("# command=") { twice(l) } else { l.to_owned() } + "\n").collect();
    assert_eq!(text.matches("--square e7").count(), 2, "{text}");
    std::fs::write(path("twice.csv"), text).unwrap();
    let (stdout, _) = run(&["verify", "--rederive", &path("twice.csv")], 0);
    assert!(stdout.contains("1 of 1 rows re-derived from seed"), "{stdout}");
    // Both commands of the row's shard, in two colours: which made the row is not said.
    let same_shard = std::fs::read_to_string(path("twice.csv")).unwrap().replace("--shard 3/4", "--shard 512/1024");
    std::fs::write(path("ambiguous.csv"), same_shard).unwrap();
    bad_input(
        &["verify", "--rederive", &path("ambiguous.csv")],
        &["ambiguous.csv:", "rook e7: sweep:1@512/1024", "sweeps the square in more than one colour"],
    );
    // Stream position k+1 with the magic kept: refused as the recipe is read.
    let stream_row = |line: &str| line.starts_with("rook,d4,");
    let plus_one = |line: &str| {
        let fields: Vec<&str> = line.split(',').collect();
        let k: u64 = fields[2].parse().unwrap();
        format!("{},{},{},{}", fields[0], fields[1], k + 1, fields[3..].join(","))
    };
    std::fs::write(path("stream.csv"), shipped_rows("black.recipe.csv", &stream_row, &plus_one)).unwrap();
    bad_input(&["verify", "--rederive", &path("stream.csv")], &["stream.csv:", "rook d4", "is not the one its seed"]);
}

/// Inputs that are not our text, or have no end, are refused at their first bad byte or at the
/// size limit, with one line naming the file and line: memory stays bounded.
#[test]
fn endless_and_binary_inputs_are_refused_at_once() {
    bad_input(&["verify", "/dev/zero"], &["/dev/zero:1: not text (control byte 0x00"]);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    bad_input(&["pack", "--resume", "/dev/zero", "-o", out.to_str().unwrap()], &["/dev/zero:1: not text"]);
    let binary = dir.path().join("binary.csv");
    std::fs::write(&binary, b"# seed=1\nrook,a1,\x1b[31m\n").unwrap();
    bad_input(&["verify", binary.to_str().unwrap()], &["binary.csv:2: not text (control byte 0x1b at column 9)"]);
    std::fs::write(&binary, b"# seed=1\n\xff\xfe").unwrap();
    bad_input(&["verify", binary.to_str().unwrap()], &["binary.csv:2: not UTF-8 text"]);
    // Standard input is read the same way.
    let output = magic_gen().args(["verify", "-"]).write_stdin(vec![0u8; 1 << 20]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: -:1: not text"));
}

/// A report that cannot be written is an error (exit 2, one line), never a panic, and never a
/// success with nothing written.
#[test]
fn unwritable_standard_output_is_an_error() {
    let recipe = shipped("fancy_dense.recipe.csv");
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let output =
        std::process::Command::new(env!("CARGO_BIN_EXE_magic-gen")).args(["stats"]).stdout(full).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: cannot write to standard output") && stderr.lines().count() == 1, "{stderr}");
    // A closed standard output (`>&-`).
    let closed = std::process::Command::new("sh")
        .args(["-c", &format!("'{}' verify '{recipe}' >&-", env!("CARGO_BIN_EXE_magic-gen"))])
        .output()
        .unwrap();
    assert_eq!(closed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&closed.stderr).contains("standard output: it is closed"));
    // Redirected to /dev/null on purpose is fine.
    let null = std::process::Command::new(env!("CARGO_BIN_EXE_magic-gen"))
        .args(["verify", &recipe])
        .stdout(std::fs::File::create("/dev/null").unwrap())
        .output()
        .unwrap();
    assert_eq!(null.status.code(), Some(0));
}

/// `--time` is a number like any other: NaN, infinities, zero, negative and huge values are
/// refused before any work, in one line that does not echo a huge argument.
#[test]
fn time_limits_are_checked_like_every_number() {
    let sweep = ["sweep", "--slider", "rook", "--square", "g7", "--bits-below", "1", "--black", "-o", "/tmp/unused"];
    for bad in ["--time=nan", "--time=inf", "--time=-inf", "--time=0", "--time=-1", "--time=1e300", "--time=x"] {
        let args: Vec<&str> = sweep.iter().copied().chain([bad]).collect();
        bad_input(&args, &["--time", "seconds above 0 and at most 31536000 (a year)"]);
    }
    let huge = "9".repeat(5000);
    let (_, stderr) = run(&["pack", "--layout", "black", "--time", &huge, "-o", "/tmp/unused"], 2);
    assert!(stderr.len() < 300 && stderr.lines().count() == 1, "{stderr}");
    let (_, stderr) = run(&["stats", "--square", &"x".repeat(5000)], 2);
    assert!(stderr.len() < 300 && stderr.lines().count() == 1, "{stderr}");
}

/// No output replaces an input: compared by file identity (another spelling, a symbolic or a
/// hard link), before any work, and the input is left as it was.
#[test]
fn outputs_never_replace_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    std::fs::copy(shipped("black.recipe.csv"), path("r.csv")).unwrap();
    let before = std::fs::read(path("r.csv")).unwrap();
    std::os::unix::fs::symlink(path("r.csv"), path("link.csv")).unwrap();
    std::fs::hard_link(path("r.csv"), path("hard.csv")).unwrap();
    let same = format!("{}/./r.csv", dir.path().display());
    for output in [same.as_str(), &path("link.csv"), &path("hard.csv")] {
        bad_input(
            &["emit", "--layout", "black", "--input", &path("r.csv"), "-o", output],
            &["is the input --input", "write the output to another file"],
        );
        bad_input(&["merge", &path("r.csv"), "-o", output], &["is the input"]);
    }
    assert_eq!(std::fs::read(path("r.csv")).unwrap(), before);
    // A walk cache is not a recipe's file, by any name.
    std::fs::write(path("w.csv"), "").unwrap();
    bad_input(
        &[
            "pack",
            "--layout",
            "black",
            "--walk-cache",
            &format!("{}/./w.csv", dir.path().display()),
            "-o",
            &path("w.csv"),
        ],
        &["--walk-cache", "give the walks a file of their own"],
    );
    // Nor when neither exists yet: the run would write the walks, then the recipe over them.
    let absent = format!("{}/./absent.csv", dir.path().display());
    bad_input(
        &["pack", "--layout", "black", "--walk-cache", &absent, "-o", &path("absent.csv")],
        &["--walk-cache", "give the walks a file of their own"],
    );
    assert!(!Path::new(&path("absent.csv")).exists());
    // span's inputs: the list it anneals, the walks it climbs from.
    let e4 = ["span", "--slider", "rook", "--square", "e4"];
    run(&[&e4[..], &["--candidates", "20000", "-o", &path("list.csv")]].concat(), 0);
    let list = std::fs::read(path("list.csv")).unwrap();
    for output in [format!("{}/./list.csv", dir.path().display()), path("list.csv")] {
        bad_input(
            &[&e4[..], &["--from", &path("list.csv"), "--anneal", "1000", "-o", &output]].concat(),
            &["is the input --from"],
        );
        bad_input(
            &[&e4[..], &["--walks", &path("list.csv"), "--climb", "10", "-o", &output]].concat(),
            &["is the input --walks"],
        );
    }
    assert_eq!(std::fs::read(path("list.csv")).unwrap(), list);
}

/// A stop that keeps nothing (span's climbs from walks, annealing: their lists are written
/// whole) is not a success: exit 1, and no file. Term sums keep the parts done: exit 0, and
/// a list that says how far it went.
#[test]
fn a_time_limit_that_keeps_nothing_exits_1_without_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let c1 = ["span", "--slider", "bishop", "--square", "c1", "--seed", "7"];
    run(&[&c1[..], &["--candidates", "20000", "-o", &path("list.csv")]].concat(), 0);
    let started = std::time::Instant::now();
    let (_, stderr) =
        run(&[&c1[..], &["--terms", "8", "--bound", "32", "--time", "0.5", "-o", &path("sums.csv")]].concat(), 0);
    assert!(stderr.contains("time limit: ") && stderr.contains("--continue goes on"), "{stderr}");
    assert!(std::fs::read_to_string(path("sums.csv")).unwrap().contains("# parts_done="));
    assert!(started.elapsed().as_secs_f64() < 20.0, "{:?}", started.elapsed());
    let anneal = ["--from", &path("list.csv"), "--anneal", "68719476736", "--time", "0.5"];
    let started = std::time::Instant::now();
    let (_, stderr) = run(&[&c1[..], &anneal, &["-o", &path("annealed.csv")]].concat(), 1);
    assert!(stderr.contains("nothing was written"), "{stderr}");
    assert!(!Path::new(&path("annealed.csv")).exists());
    // Stopped within the time a loaded machine needs, not when the work would end.
    assert!(started.elapsed().as_secs_f64() < 20.0, "{:?}", started.elapsed());
}

/// An option of another mode is refused, not ignored, whatever else is given (clap lets a
/// `requires` go when its target conflicts with an argument given).
#[test]
fn span_options_of_another_mode_are_refused() {
    let e4 = ["span", "--slider", "rook", "--square", "e4", "--candidates", "10", "-o", "never.csv"];
    for extra in
        [&["--bound", "5"][..], &["--from", "l.csv"], &["--chains", "3"], &["--starts", "2"], &["--rounds", "2"]]
    {
        let (stdout, stderr) = run(&[&e4[..], extra].concat(), 2);
        assert!(stdout.is_empty() && stderr.starts_with("error: "), "{extra:?}: {stderr}");
    }
    assert!(!Path::new("never.csv").exists());
}

/// `pack --continue` starts a run over an empty output file (as its help says), and refuses a
/// file that is not one of its sealed checkpoints (its checksum line dropped).
#[test]
fn pack_continue_starts_over_an_empty_file_and_refuses_unsealed_ones() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.csv");
    let out = out.to_str().unwrap();
    // The small packing: what `--continue` makes of the file does not depend on the run's size.
    let args = small_pack(&["--iterations", "200", "--continue", "-o", out]);
    std::fs::write(out, "").unwrap();
    let (_, stderr) = run(&args, 0);
    assert!(stderr.contains("is empty: starting"), "{stderr}");
    let sealed = std::fs::read_to_string(out).unwrap();
    assert!(magic_gen::text::is_sealed(&sealed));
    let unsealed = magic_gen::text::unseal(&sealed).unwrap().replace("# iteration=", "# iteration=1");
    std::fs::write(out, &unsealed).unwrap();
    bad_input(&args, &["--continue", "r.csv", "not a checkpoint of magic-gen pack"]);
    assert_eq!(std::fs::read_to_string(out).unwrap(), unsealed);
}

/// A file name that would break a recorded command line or a generated header is refused
/// where it enters; one with blanks is quoted in `# command=`, so the command runs again.
#[test]
fn file_names_cannot_become_code() {
    for bad in ["r\n#error x.csv", "r\rx.csv", "a\u{1b}[31m.csv"] {
        bad_input(&["emit", "--layout", "black", "--input", bad], &["--input", "control character"]);
        bad_input(&["pack", "--layout", "black", "-o", bad], &["--output", "control character"]);
    }
    let dir = tempfile::tempdir().unwrap();
    let spaced = dir.path().join("my lists");
    std::fs::create_dir(&spaced).unwrap();
    let list = spaced.join("it's c1.csv");
    let list = list.to_str().unwrap();
    run(&["span", "--slider", "bishop", "--square", "c1", "--seed", "7", "--candidates", "20000", "-o", list], 0);
    let recipe = dir.path().join("r.csv");
    let recipe = recipe.to_str().unwrap();
    let pack = ["pack", "--preset", "classic", "--layout", "black-variable", "--seed", "7", "--iterations", "5"];
    let small = ["--set", "pool=4", "--set", "fresh=64", "--set", "init-valid=1", "--set", "init-draws=1"];
    run(&[&pack[..], &small, &["--searched", list, "-o", recipe]].concat(), 0);
    let text = std::fs::read_to_string(recipe).unwrap();
    let command = text.lines().find_map(|l| l.strip_prefix("# command=")).unwrap();
    let quoted = magic_gen::text::shell_quote(list);
    assert!(command.contains(&format!("--searched {quoted}")), "{command}");
    // The recorded command, split as a shell splits it, runs and writes the same recipe.
    let words = magic_gen::text::shell_words(command).unwrap();
    assert_eq!(words[0], "magic-gen");
    let again = dir.path().join("again.csv");
    run(
        &[&words[1..].iter().map(String::as_str).collect::<Vec<_>>()[..], &["-o", again.to_str().unwrap()]].concat(),
        0,
    );
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
}

/// A recipe's stated size is part of what it claims: `verify` says "valid: no" and `emit`
/// refuses a recipe whose `# table_entries=` or `# used_slots=` is wrong.
#[test]
fn stated_sizes_are_checked_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(shipped("black.recipe.csv")).unwrap();
    let entries = text.lines().find_map(|l| l.strip_prefix("# table_entries=")).unwrap().to_owned();
    let used = text.lines().find_map(|l| l.strip_prefix("# used_slots=")).unwrap().to_owned();
    let wrong_entries = text.replacen(&format!("# table_entries={entries}"), "# table_entries=90646", 1);
    let wrong_used = text.replacen(
        &format!("# used_slots={used}"),
        &format!("# used_slots={}", used.parse::<u64>().unwrap() + 1),
        1,
    );
    for (name, damaged) in [("entries.csv", wrong_entries), ("used.csv", wrong_used)] {
        let file = dir.path().join(name);
        std::fs::write(&file, damaged).unwrap();
        let file = file.to_str().unwrap();
        let (stdout, _) = run(&["verify", file], 1);
        // Named by the file (and, for the entries, the line of the square with the last slot).
        assert!(stdout.contains(&format!("valid: no: {file}")) && stdout.contains("the file states"), "{stdout}");
        bad_input(
            &["emit", "--layout", "black", "--input", file, "-o", dir.path().join("o.rs").to_str().unwrap()],
            &["black: ", name, "states", "but its rows make"],
        );
        assert!(!dir.path().join("o.rs").exists());
    }
    // A row whose magic fails is named by its file and line (as the build names it).
    let line = text.lines().position(|l| l.starts_with("rook,a1,")).unwrap() + 1;
    let magic = text.lines().nth(line - 1).unwrap().rsplit(',').next().unwrap();
    let file = dir.path().join("magic.csv");
    std::fs::write(&file, text.replacen(magic, "0x0000000000000001", 1)).unwrap();
    bad_input(
        &["emit", "--layout", "black", "--input", file.to_str().unwrap()],
        &[&format!("magic.csv:{line}: rook a1 (magic 0x0000000000000001) is not magic")],
    );
    // So is a fancy-dense row whose candidate number gives no magic for its bits.
    let dense = std::fs::read_to_string(shipped("fancy_dense.recipe.csv")).unwrap();
    let line = dense.lines().position(|l| l.starts_with("rook,a7,10,")).unwrap() + 1;
    let row = dense.lines().nth(line - 1).unwrap();
    let number: u64 = row.split(',').nth(3).unwrap().parse().unwrap();
    let file = dir.path().join("dense.csv");
    std::fs::write(&file, dense.replacen(row, &row.replacen(&number.to_string(), &(number + 1).to_string(), 1), 1))
        .unwrap();
    bad_input(
        &["emit", "--layout", "fancy-dense", "--input", file.to_str().unwrap()],
        &[&format!("dense.csv:{line}: rook a7: `{}` gives", number + 1), "fancy-dense: ", "not a fancy magic for 10"],
    );
}

/// `merge` of search shards calls a magic the first only if every shard searched every
/// candidate below it: a shard stopped early (by `--time`) is refused by name.
#[test]
fn merges_refuse_shards_that_stopped_early() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let search = [
        "search",
        "--slider",
        "rook",
        "--square",
        "a1",
        "--seed",
        "3",
        "--max-candidates",
        "1000000",
        "--format",
        "json",
    ];
    for i in 0..2 {
        run(&[&search[..], &["--shard", &format!("{i}/2"), "-o", &path(&format!("s{i}.json"))]].concat(), 0);
    }
    run(&["merge", &path("s0.json"), &path("s1.json"), "-o", &path("m.json")], 0);
    // Shard 0 as a run stopped after 100 candidates would have written it.
    let mut stopped: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path("s0.json")).unwrap()).unwrap();
    let square = &mut stopped["squares"][0];
    let found_in_0 = !square["magic"].is_null();
    square["magic"] = serde_json::Value::Null;
    square["candidate"] = serde_json::Value::Null;
    square["drawn"] = 100.into();
    std::fs::write(path("s0.json"), serde_json::to_string_pretty(&stopped).unwrap()).unwrap();
    let needles: &[&str] = if found_in_0 {
        &["shard 0/2", "rook a1", "drew 100 of its"]
    } else {
        &["shard 0/2", "rook a1", "stopped early"]
    };
    bad_input(&["merge", &path("s0.json"), &path("s1.json"), "-o", &path("x.json")], needles);
}

/// A sweep list says what it holds: a resumed or merged list with a magic twice, a non-magic,
/// a dropped line or a shard of another count is refused.
#[test]
fn sweep_lists_are_checked_on_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let sweep = ["sweep", "--slider", "bishop", "--square", "d8", "--bits", "5"];
    run(&[&sweep[..], &["--shard", "0/2", "-o", &path("s0.txt")]].concat(), 0);
    run(&[&sweep[..], &["--shard", "1/2", "-o", &path("s1.txt")]].concat(), 0);
    let s0 = std::fs::read_to_string(path("s0.txt")).unwrap();
    let first = s0.lines().find(|l| l.starts_with("0x")).expect("shard 0 lists magics").to_owned();
    let count = s0.lines().find_map(|l| l.strip_prefix("# magics=")).unwrap().parse::<usize>().unwrap();
    let twice = edited(&s0, |b| {
        b.replacen(&format!("{first}\n"), &format!("{first}\n{first}\n"), 1).replacen(
            &format!("# magics={count}"),
            &format!("# magics={}", count + 1),
            1,
        )
    });
    let not_magic = edited(&s0, |b| b.replacen(&first, "0x0000000000000001", 1));
    for (damaged, needle) in [
        (twice, "not above the magic before it"),
        (not_magic, "is not a magic of this sweep"),
        (s0.replacen(&format!("{first}\n"), "", 1), "a line was changed"),
    ] {
        std::fs::write(path("bad.txt"), damaged).unwrap();
        bad_input(&["merge", &path("bad.txt"), &path("s1.txt"), "-o", &path("m.txt")], &["bad.txt", needle]);
        bad_input(
            &[&sweep[..], &["--shard", "0/2", "--resume", &path("bad.txt"), "-o", &path("r.txt")]].concat(),
            &["bad.txt", needle],
        );
    }
    // A task of an array of another size does not take over the shard's file.
    bad_input(
        &[&sweep[..], &["--shard", "0/3", "--resume", &path("s0.txt"), "-o", &path("s0.txt")]].concat(),
        &["shard 0/2 of the sweep, not shard 0/3"],
    );
    run(&["merge", &path("s0.txt"), &path("s1.txt"), "-o", &path("m.txt")], 0);
}

/// A command that writes checkpoints again and again refuses a fifo or a device as its file
/// (the second write would block for ever once the reader is gone).
#[test]
fn checkpoints_need_a_regular_file() {
    bad_input(&["pack", "--layout", "black", "-o", "/dev/null"], &["/dev/null: not a regular file"]);
    bad_input(&["walk", "--layout", "black", "--shard", "0/128", "-o", "/dev/null"], &["not a regular file"]);
}

/// `verify --rederive` of a row that claims 2^36 moves of annealing is bounded by `--time` (and
/// by signals): it ends on time with exit 1, saying the recipes were not re-derived.
#[test]
fn rederiving_ends_on_time_whatever_a_row_claims() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.recipe.csv");
    let text = std::fs::read_to_string(shipped("black_variable.recipe.csv")).unwrap();
    let row = text.lines().find(|line| line.contains('~')).expect("an annealed row");
    let at = row.find('~').unwrap();
    let chain = &row[at + 1..at + 1 + row[at + 1..].find('.').unwrap()];
    let rest = &row[at..];
    let end = at + rest.find(',').unwrap();
    let long = format!("{}~{chain}.68719476736{}", &row[..at], &row[end..]);
    std::fs::write(&file, text.replace(row, &long)).unwrap();
    let started = std::time::Instant::now();
    let (_, stderr) = run(&["verify", "--rederive", "--time", "2", file.to_str().unwrap()], 1);
    assert!(stderr.contains("stopped while re-deriving"), "{stderr}");
    assert!(started.elapsed().as_secs_f64() < 30.0, "{:?}", started.elapsed());
    bad_input(&["verify", "--time", "2", file.to_str().unwrap()], &["--rederive"]);
}

/// `pack --searched` of a span list whose annealed rows claim 2^36 moves: the replay that checks
/// them is bounded by `--time` (and by signals), ending with exit 1 and nothing written.
#[test]
fn checking_a_searched_list_ends_on_time_whatever_a_row_claims() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("anneal-rook-b5.csv");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("lab/black-variable/anneal-rook-b5.csv"))
            .unwrap();
    let long = edited(&text, |body| {
        let mut out = String::new();
        for line in body.lines() {
            let line = match line.split_once('~') {
                // `…~j.m,magic,…`: the chain kept, its moves made 2^36.
                Some((name, rest)) => {
                    let (chain, after) = rest.split_once('.').unwrap();
                    format!("{name}~{chain}.68719476736{}", &after[after.find(',').unwrap()..])
                }
                None if line.starts_with("# anneal=") => "# anneal=68719476736".to_owned(),
                None => line.to_owned(),
            };
            out.push_str(&line);
            out.push('\n');
        }
        out
    });
    assert!(long.contains(".68719476736,"), "{long}");
    std::fs::write(&list, long).unwrap();
    let out = dir.path().join("r.csv");
    let started = std::time::Instant::now();
    let args = ["pack", "--layout", "black-variable", "--seed", "1", "--searched", list.to_str().unwrap()];
    let (_, stderr) = run(&[&args[..], &["--time", "2", "-o", out.to_str().unwrap()]].concat(), 1);
    assert!(stderr.contains("time limit: stopped while checking the --searched lists"), "{stderr}");
    assert!(started.elapsed().as_secs_f64() < 30.0, "{:?}", started.elapsed());
    assert!(!out.exists(), "nothing is written");
}

/// A walk cache of another run is refused before anything is said: one `error:` line, naming
/// the file.
#[test]
fn a_walk_cache_of_other_settings_is_one_error_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("walks.csv");
    std::fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join("lab/walks-black-record-seed1.csv"), &cache).unwrap();
    let cache = cache.to_str().unwrap();
    let out = dir.path().join("r.csv");
    let recipe = shipped("black.recipe.csv");
    for settings in [
        &["--layout", "fixed-shift"][..],
        &["--layout", "black", "--set", "walk-steps=5000"],
        // A resumed run's too, checked against the recipe's seed, layout and stream.
        &["--resume", &recipe, "--set", "walk-steps=5000"],
    ] {
        let args = [&["pack"][..], settings, &["--walk-cache", cache, "-o", out.to_str().unwrap()]].concat();
        bad_input(&args, &["walks.csv: the walk cache is another run's walks"]);
    }
}

/// Every error of the layout check (two squares that collide, a magic that does not index its
/// square) names the file and the failing row's line, and of two squares that collide the
/// other row's `file:line` too (either may be the one that was changed), whichever command
/// reads the file: `emit` of a recipe and of a published table, `verify`, and `pack --resume`
/// (the build script goes through `emit`'s code, `magic_gen::layouts`).
#[test]
fn layout_check_errors_name_the_file_and_the_line_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    // A row's offset moved onto another square's: rook b1 on rook a1's range.
    let moved = |text: &str, row_of: &dyn Fn(&str, &str) -> bool, offset_column: usize| -> (String, usize, usize) {
        let lines: Vec<&str> = text.lines().collect();
        let a1 = lines.iter().position(|l| row_of(l, "a1")).unwrap();
        let b1 = lines.iter().position(|l| row_of(l, "b1")).unwrap();
        let a1_offset = lines[a1].split(',').nth(offset_column).unwrap().to_owned();
        let mut fields: Vec<String> = lines[b1].split(',').map(str::to_owned).collect();
        fields[offset_column] = a1_offset;
        let mut out: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        out[b1] = fields.join(",");
        (out.join("\n") + "\n", b1 + 1, a1 + 1)
    };
    let recipe = std::fs::read_to_string(shipped("fixed_shift.recipe.csv")).unwrap();
    let (damaged, line, a1) = moved(&recipe, &|l, sq| l.starts_with(&format!("rook,{sq},")), 3);
    let recipe_file = write(dir.path(), "recipe.csv", &damaged);
    let recipe_file = recipe_file.to_str().unwrap();
    let at = format!("{recipe_file}:{line}: rook b1 and rook a1 ({recipe_file}:{a1}) are incompatible");
    let out = dir.path().join("out.csv");
    let out = out.to_str().unwrap();
    bad_input(&["emit", "--layout", "fixed-shift", "--input", recipe_file, "-o", out], &[&at]);
    let (stdout, _) = run(&["verify", recipe_file], 1);
    assert!(stdout.contains(&format!("valid: no: {at}")), "{stdout}");
    bad_input(&["pack", "--resume", recipe_file, "--iterations", "1", "-o", out], &[&at]);
    // A published table (comparison data) the same way.
    let published = std::fs::read_to_string(test_data().join("published/fixed_shift_white_annuss_88772.csv")).unwrap();
    let (damaged, line, a1) = moved(&published, &|l, sq| l.starts_with(&format!("{sq},")) && l.contains(",rook,"), 5);
    let table = write(dir.path(), "table.csv", &damaged);
    let table = table.to_str().unwrap();
    let at = format!("{table}:{line}: rook b1 and rook a1 ({table}:{a1}) are incompatible");
    bad_input(&["emit", "--layout", "fixed-shift", "--input", table, "-o", out], &[&at]);
    let (stdout, _) = run(&["verify", table], 1);
    assert!(stdout.contains(&format!("valid: no: {at}")), "{stdout}");
    assert!(!Path::new(out).exists());
}
