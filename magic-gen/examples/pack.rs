//! Dense packing of black (or white, fixed-shift) magics into one shared attack array.
//!
//! ```text
//! cargo run --release -p magic-gen --example pack -- --seed 1 --iterations 200000 --out recipes/black.csv
//! cargo run --release -p magic-gen --example pack -- --resume recipes/black.csv --iterations 1000000 --out recipes/black.csv
//! cargo run --release -p magic-gen --example pack -- --stats 2000000     # candidate family statistics
//! ```
//!
//! The same seed, parameters and iteration budget give a byte-identical recipe. `--time SECS`
//! may stop a run early; the recipe then says so (`# stopped=time limit ...`). The best recipe so
//! far is written (verified, to `<out>.tmp`, then renamed) after every improvement, so an
//! interrupted run loses nothing.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use magic_gen::ReferenceSet;
use magic_gen::dense::pack::{Layout, Packer, Params, SquareData, Tester};
use magic_gen::dense::{Recipe, candidate};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

struct Args {
    seed: Option<u64>,
    layout: Layout,
    iterations: u64,
    time: Option<f64>,
    out: Option<PathBuf>,
    resume: Option<PathBuf>,
    progress: f64,
    params: Params,
    stats: Option<u64>,
}

fn usage() -> ! {
    eprintln!(
        "usage: pack [--seed N] [--layout black|white] [--iterations N] [--time SECS] [--out PATH] \
         [--resume PATH] [--progress SECS] [--pool N] [--fresh N] [--init-valid N] [--init-draws N] \
         [--kick-every N] [--kick-size N] [--lambda N] [--rebuild-every N] [--kick-slack N] [--kick-window N] | --stats N"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut a = Args {
        seed: None,
        layout: Layout::Black,
        iterations: 100_000,
        time: None,
        out: None,
        resume: None,
        progress: 10.0,
        params: Params::default(),
        stats: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut val = || it.next().unwrap_or_else(|| usage());
        fn num<T: std::str::FromStr>(s: String) -> T {
            s.parse().unwrap_or_else(|_| usage())
        }
        match flag.as_str() {
            "--seed" => a.seed = Some(num(val())),
            "--layout" => a.layout = Layout::parse(&val()).unwrap_or_else(|| usage()),
            "--iterations" => a.iterations = num(val()),
            "--time" => a.time = Some(num(val())),
            "--out" => a.out = Some(val().into()),
            "--resume" => a.resume = Some(val().into()),
            "--progress" => a.progress = num(val()),
            "--pool" => a.params.pool = num(val()),
            "--fresh" => a.params.fresh = num(val()),
            "--init-valid" => a.params.init_valid = num(val()),
            "--init-draws" => a.params.init_draws = num(val()),
            "--kick-every" => a.params.kick_every = num(val()),
            "--kick-size" => a.params.kick_size = num(val()),
            "--rebuild-every" => a.params.rebuild_every = num(val()),
            "--kick-slack" => a.params.kick_slack = num(val()),
            "--kick-window" => a.params.kick_window = num(val()),
            "--lambda" => a.params.lambda = num(val()),
            "--stats" => a.stats = Some(num(val())),
            _ => usage(),
        }
    }
    a
}

/// User + system CPU seconds of this process (Linux), or 0.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else { return 0.0 };
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 (utime, stime) are at 11 and 12 after the command name.
    (tick(11) + tick(12)) / 100.0
}

fn stats(references: &ReferenceSet, layout: Layout, n: u64) {
    let mut tester = Tester::default();
    let names = ["rook a1", "rook b1", "rook d4", "rook b7", "rook h8", "bishop a1", "bishop d4", "bishop b2"];
    let pairs = [0usize, 1, 27, 49, 63, 64, 64 + 27, 64 + 9];
    for (name, &p) in names.iter().zip(&pairs) {
        let sd = SquareData::new(references.iter().nth(p).unwrap(), layout);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        rng.set_stream(candidate::stream_id((p / 64) as u32, (p % 64) as u32));
        // [sub-family] -> (drawn, valid, sum used, sum span, min used)
        let mut acc = vec![(0u64, 0u64, 0u64, 0u64, u64::MAX); 11];
        for k in 0..n {
            let mut w = [0u32; 8];
            for x in &mut w {
                *x = rng.next_u32();
            }
            let magic = candidate::from_words(&w);
            let fam = match w[0] & 7 {
                0 => 0,
                1 => 1,
                _ => 2 + ((w[0] >> 3) % 9) as usize,
            };
            acc[fam].0 += 1;
            if tester.is_valid(&sd, magic) {
                let c = tester.cand(&sd, k, magic);
                let e = &mut acc[fam];
                e.1 += 1;
                e.2 += c.used.len() as u64;
                e.3 += u64::from(c.span);
                e.4 = e.4.min(c.used.len() as u64);
                if c.span < 2600 {
                    e.0 += 1 << 40;
                }
            }
        }
        println!("{name}: {} keys", sd.keys.len());
        for (f, e) in acc.iter().enumerate() {
            let label = match f {
                0 => "sparse".to_string(),
                1 => "dense".to_string(),
                _ => format!("sd{}", f + 2),
            };
            let v = e.1.max(1) as f64;
            println!(
                "  {label:>6}: drawn {:>8} valid {:>6} (1 in {:>8.0}) mean used {:>6.0} mean span {:>6.0} min used {} compact {}",
                e.0 & ((1 << 40) - 1),
                e.1,
                (e.0 & ((1 << 40) - 1)) as f64 / v,
                e.2 as f64 / v,
                e.3 as f64 / v,
                if e.4 == u64::MAX { 0 } else { e.4 },
                e.0 >> 40
            );
        }
    }
}

fn main() {
    let args = parse_args();
    let references = ReferenceSet::new();
    if let Some(n) = args.stats {
        stats(&references, args.layout, n);
        return;
    }
    let command = std::iter::once("pack".to_string()).chain(std::env::args().skip(1)).collect::<Vec<_>>().join(" ");
    let started = Instant::now();
    let cpu0 = cpu_seconds();

    let resumed = args.resume.as_ref().map(|path| {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Recipe::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    });
    let (seed, layout) = match &resumed {
        Some(r) => {
            if args.seed.is_some_and(|s| s != r.seed) {
                eprintln!("--seed differs from the resumed recipe's seed {}", r.seed);
                std::process::exit(2);
            }
            (r.seed, r.layout)
        }
        None => (args.seed.unwrap_or(1), args.layout),
    };
    let mut packer = Packer::new(&references, layout, seed, args.params.clone());
    if let Some(r) = &resumed {
        magic_gen::dense::verify_recipe(&references, r).unwrap_or_else(|e| panic!("resumed recipe: {e}"));
        for &(p, k, offset) in &r.rows {
            assert!(packer.place_recipe(p, k, offset), "resumed recipe: pair {p} does not fit");
        }
        for (c, &rc) in packer.cursors.iter_mut().zip(&r.cursors) {
            *c = (*c).max(rc);
        }
        packer.iteration = r.iteration;
        eprintln!("resumed {} at iteration {}: table {}", seed, r.iteration, packer.table_end());
    }
    packer.construct();
    let write = |packer: &Packer, stopped: &str| Recipe {
        seed,
        layout,
        rows: packer.placement(),
        iteration: packer.iteration,
        cursors: packer.cursors.clone(),
        command: command.clone(),
        stopped: stopped.to_string(),
    };
    let save = |recipe: &Recipe| {
        if let Some(out) = &args.out {
            recipe.write_atomic(&references, out).unwrap_or_else(|e| panic!("checkpoint failed verification: {e}"));
        } else {
            magic_gen::dense::verify_recipe(&references, recipe).unwrap_or_else(|e| panic!("verification: {e}"));
        }
    };
    let mut best_end = packer.table_end();
    let mut best = write(&packer, "running");
    save(&best);
    eprintln!(
        "constructed: table {best_end}, used {}, drawn {}, cpu {:.1}s",
        packer.used_slots(),
        packer.drawn,
        cpu_seconds() - cpu0
    );

    let target = packer.iteration + args.iterations;
    let deadline = args.time.map(|t| started + Duration::from_secs_f64(t));
    let mut next_progress = Instant::now() + Duration::from_secs_f64(args.progress);
    let mut stopped = "budget".to_string();
    while packer.iteration < target {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            stopped = format!("time limit after {} iterations (of {})", packer.iteration, target);
            break;
        }
        packer.step();
        let end = packer.table_end();
        if end < best_end {
            best_end = end;
            best = write(&packer, "running");
            save(&best);
        }
        if Instant::now() >= next_progress {
            next_progress = Instant::now() + Duration::from_secs_f64(args.progress);
            eprintln!(
                "it {} best {best_end} now {end} used {} sumtop {} drawn {} kicks kept {} rebuilds kept {} cpu {:.0}s",
                packer.iteration,
                packer.used_slots(),
                packer.sum_tops(),
                packer.drawn,
                packer.kicks_kept,
                packer.rebuilds_kept,
                cpu_seconds() - cpu0
            );
        }
    }
    // The final recipe: the best placement, with the counters of the end of the run.
    best.iteration = packer.iteration;
    best.cursors = packer.cursors.clone();
    best.stopped = stopped.clone();
    save(&best);
    let (entries, used) = magic_gen::dense::verify_recipe(&references, &best).unwrap();
    eprintln!(
        "done ({stopped}): table {entries} entries, {used} used, {} iterations, kicks kept {}, rebuilds kept {}, cpu {:.1}s",
        packer.iteration,
        packer.kicks_kept,
        packer.rebuilds_kept,
        cpu_seconds() - cpu0
    );
    println!("{entries}");
}
