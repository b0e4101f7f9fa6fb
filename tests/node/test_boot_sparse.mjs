// The sparse snapshot format: what build.mjs encodes, boot.mjs decodes to the same bytes, and a
// damaged file is refused rather than restored.  Run: node --test tests/node/test_boot_sparse.mjs
import assert from "node:assert/strict";
import { test } from "node:test";

import { decodeSparseSnapshot } from "../../docs/assets/js/boot.mjs";
import { encodeSparseSnapshot } from "../../tools/pyodide_build/build.mjs";

function memoryLike(length, pageSize) {
  // zero pages, runs of stored pages, a page with one byte set at its very end, a partial last page
  const raw = new Uint8Array(length);
  let seed = 12345;
  for (let page = 0; page * pageSize < length; page++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    if (seed % 3 === 0) continue;
    const start = page * pageSize;
    const end = Math.min(length, start + pageSize);
    if (seed % 3 === 1) raw[end - 1] = 7;
    else for (let i = start; i < end; i += 13) raw[i] = (i * 31) & 0xff;
  }
  return raw;
}

test("decoding an encoded snapshot gives back every byte", () => {
  for (const [length, pageSize] of [[4096 * 37 + 100, 4096], [1000, 64], [64 * 8, 64], [17, 4096]]) {
    const raw = memoryLike(length, pageSize);
    const encoded = new Uint8Array(encodeSparseSnapshot(raw, pageSize));
    assert.deepEqual(decodeSparseSnapshot(encoded), raw);
  }
});

test("zero pages are not stored", () => {
  const raw = new Uint8Array(4096 * 100);
  raw[4096 * 50] = 1;
  assert.ok(encodeSparseSnapshot(raw).length < 2 * 4096);
});

test("a truncated, padded or foreign file is refused", () => {
  const encoded = new Uint8Array(encodeSparseSnapshot(memoryLike(4096 * 20, 4096)));
  assert.throws(() => decodeSparseSnapshot(encoded.subarray(0, encoded.length - 1)), /truncated/);
  const padded = new Uint8Array(encoded.length + 1);
  padded.set(encoded);
  assert.throws(() => decodeSparseSnapshot(padded), /trailing data/);
  const foreign = encoded.slice();
  foreign[0] ^= 1;
  assert.throws(() => decodeSparseSnapshot(foreign), /not a tutor snapshot/);
});
