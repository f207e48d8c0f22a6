// Runs the module tests/targets/measure-wasm.sh built: ns per lookup of each layout, measured by
// one call that loops inside the module, and the checksum of every answer (the host program's
// formula), which must equal the host's.
//   node measure-wasm.mjs lookups.wasm default,fancy,...
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [file, names] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const e = instance.exports;
const mask = (1n << 64n) - 1n;
const u64 = (x) => BigInt.asUintN(64, x);
const rotl = (x, n) => ((x << BigInt(n)) | (x >> BigInt(64 - n))) & mask;
const rounds = 200;
let checksum = 0n;
// V8 compiles the module in tiers: run everything first, so that no layout is timed before the
// optimized code is in place.
const count = names.split(',').length;
for (let pass = 0; pass < 3; pass++) {
  for (let layout = 0; layout < count; layout++) {
    e.run(layout, 0, 50);
    e.run(layout, 1, 50);
  }
}
console.log('| layout | independent-rook ns | independent-bishop ns |');
console.log('|---|---:|---:|');
names.split(',').forEach((name, layout) => {
  const ns = [0, 1].map((slider) => {
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      e.run(layout, slider, rounds);
      best = Math.min(best, ((performance.now() - start) * 1e6) / (rounds * 4096));
    }
    return best;
  });
  const r = u64(e.hash(layout, 0));
  const b = u64(e.hash(layout, 1));
  checksum = layout === 0 ? checksum ^ r ^ rotl(b, 1) : checksum ^ (r ^ rotl(b, 1)) ^ rotl(checksum, 7);
  console.log(`| ${name} | ${ns[0].toFixed(2)} | ${ns[1].toFixed(2)} |`);
});
console.log(`checksum ${checksum.toString(16).padStart(16, '0')}`);
