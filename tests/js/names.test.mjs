// A side's name built from its players' always fits the API's limit (`node --test tests/js/`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { NAME_MOST, builtSideName, shortened } from "../../scorekeeper/web/static/names.js";

const length = (text) => [...text].length; // as Python's len() counts

test("short names are joined as typed", () => {
  assert.equal(builtSideName(["Ann", "Bo"]), "Ann & Bo");
  assert.equal(builtSideName(["Ann", ""]), "Ann");
});

test("two names at the limit give a side's name at the limit, ending with …", () => {
  const name = builtSideName(["A".repeat(NAME_MOST), "B".repeat(NAME_MOST)]);
  assert.equal(length(name), NAME_MOST);
  assert.equal(name, `${"A".repeat(NAME_MOST - 1)}…`);
});

test("a cut never ends on a space or splits an emoji or an accented letter", () => {
  const spaced = shortened(`${"a".repeat(58)} bcd`);
  assert.equal(spaced, `${"a".repeat(58)}…`);
  const family = "👨‍👩‍👧"; // five code points joined
  const cut = shortened(`${"x".repeat(56)}${family}yy`);
  assert.ok(length(cut) <= NAME_MOST && !cut.includes("\u200d"), cut);
  const accent = "e\u0301"; // é as e and a combining accent
  const cutAccent = shortened(`${"x".repeat(58)}${accent}zz`);
  assert.equal(cutAccent, `${"x".repeat(58)}…`);
});

test("exactly the limit is kept whole", () => {
  const name = "C".repeat(NAME_MOST);
  assert.equal(shortened(name), name);
});
