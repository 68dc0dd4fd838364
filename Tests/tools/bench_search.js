#!/usr/bin/env node
// Times templates/assets/search.js's matching and ranking, as a keystroke runs them, on an index
// of 50,000 made-up books: the queries a visitor types first (a letter) find most of them.
// Prints, per query, the matches and the best of five runs in milliseconds.
//
// Usage: node Tests/tools/bench_search.js [path/to/search.js]
"use strict";
const fs = require("fs");
const path = require("path");

const file = process.argv[2] || path.join(__dirname, "../../templates/assets/search.js");
const source = fs.readFileSync(file, "utf8");
// The script's functions, from its table of folds to the last function ranking uses, run without a page.
const start = source.indexOf("  var folds = {};");
const end = source.indexOf("  // Sets `element`'s text");
const search = new Function("window", "script", "document",
  source.slice(start, end) + "\nreturn {fold, joinCJK, wordsOf, distinct, ranked,"
  + " joinedInitials: typeof joinedInitials === 'function' ? joinedInitials : function () { return ''; }};")(
  globalThis, { getAttribute: function () { return null; } }, {});

const words = ["dune", "the", "of", "a", "and", "night", "house", "river", "stone", "light", "war", "peace",
  "garden", "city", "dark", "blue", "red", "king", "queen", "ghost", "history", "love", "time", "sea", "star", "moon"];
const names = ["Frank Herbert", "J. K. Rowling", "Ursula K. Le Guin", "J.R.R. Tolkien", "Ann Smith", "Bob Jones",
  "Carla Diaz", "Dmitri Ivanov", "Eve Adams"];
let seed = 1;
function random(n) {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed >> 8) % n;
}
const index = [];
for (let i = 0; i < 50000; i++) {
  const title = [];
  for (let j = 1 + random(6); j > 0; j--) { title.push(words[random(words.length)]); }
  index.push({
    t: title.map(function (word) { return word[0].toUpperCase() + word.slice(1); }).join(" "),
    a: names[random(names.length)] + ", " + names[random(names.length)], s: "fiction"
  });
}
index.sort(function (a, b) { return a.t < b.t ? -1 : a.t > b.t ? 1 : 0; });
// As take() makes its entries.
const entries = index.map(function (entry) {
  return {
    entry: entry,
    text: search.joinCJK(search.fold(entry.t + " " + entry.a + " " + entry.s))
      + search.joinedInitials(search.fold(entry.t + ", " + entry.a)),
    title: search.joinCJK(search.wordsOf(search.fold(entry.t)).join(" "))
  };
});
for (const query of ["a", "e", "d", "s", "the", "the night", "herbert dune", "jk rowling"]) {
  let best = Infinity;
  let found = 0;
  for (let run = 0; run < 5; run++) {
    const began = process.hrtime.bigint();
    const folded = search.wordsOf(search.fold(query));
    const kept = search.distinct(folded);
    found = search.ranked(entries.filter(function (item) {
      return kept.every(function (word) { return item.text.indexOf(word) !== -1; });
    }), folded, kept).matches.length;
    best = Math.min(best, Number(process.hrtime.bigint() - began) / 1e6);
  }
  console.log(JSON.stringify(query).padEnd(16) + String(found).padStart(7) + " found " + best.toFixed(1).padStart(7) + " ms");
}
