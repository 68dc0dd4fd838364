// Instant search over the shelf. The index is a script of its own, loaded the first time the
// reader reaches for the search box (a script element works from file:// too, where fetch does
// not), so the home page does not carry a megabyte of titles for readers who never search.
// Results are built with textContent only; nothing from the index is parsed as HTML. Its words
// come from the script element's data- attributes, in the site's language.
(function () {
  "use strict";
  var script = document.currentScript;
  var form = document.querySelector("form.search");
  var input = document.getElementById("search-input");
  var results = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var sections = document.getElementById("shelf-sections");
  if (!script || !form || !input || !results || !status || !sections) { return; }
  var entries = null;
  var loading = false;
  // Letters with no accent to take off, spelled as slugs spell them ("ø": "o"), and letters
  // written for one another, folded to one as the library's keys fold them (Persian ک and
  // Arabic ك, ی and ي, ة and ه, Hebrew ״ and "): from the index.
  var folds = {};

  // Accents off, lower case, and letters such as ø, ł, æ and ß in ASCII: "lucja" finds "Łucja".
  // Apostrophes go, as slugs drop them: "obrien" finds O'Brien, "dont" Don't Look Now. The
  // decomposition is the compatibility one (NFKD), which also takes full-width Latin to ASCII:
  // "ｄｕｎｅ", as a Japanese keyboard types it, found nothing. The vowel points of Arabic and
  // Hebrew go too, and the hamza and madda of أ إ آ, as the library's own folding drops them:
  // "الخبز" did not find الْخُبْزُ, nor "מיכאל" מִיכָאֵל.
  var marks = /[\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0640\u064b-\u065f\u0670]/g;
  // Characters nobody sees go too: a soft hyphen, the zero-width space, non-joiner and joiner,
  // the word joiner, a byte order mark, the marks of direction. "donaudampfschiff" did not find
  // "Donau\u00addampf\u00adschiff", nor "کتابهای" "کتاب\u200cهای". The gershayim of a Hebrew
  // acronym goes as an apostrophe does ('ש"י' and "שי" find ש״י), and "&" is read "and", as the
  // Kindle import reads it: "pride and prejudice" finds Pride & Prejudice.
  var unseen = /\p{Default_Ignorable_Code_Point}/gu;
  function fold(text) {
    return text.normalize("NFKD").replace(marks, "").replace(unseen, "").toLowerCase()
      .replace(/[^\u0000-\u007f]/g, function (letter) { return folds[letter] || letter; })
      .replace(/'/g, "").replace(/([\u05d0-\u05ea])"(?=[\u05d0-\u05ea])/g, "$1").replace(/&/g, " and ");
  }

  // The text searched in, with no space between two Chinese, Japanese or Korean characters: a
  // name in those scripts is written with a space between family and given name or without one
  // ("村上 春樹", "村上春樹"), and "村上春樹" found nothing on a shelf that had 村上 春樹. The
  // query keeps its spaces, each word still looked for on its own.
  var spacedCJK = /([\u1100-\u11ff\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3038-\u303b\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f]|[\ud840-\ud8bf][\udc00-\udfff])\s+(?=[\u1100-\u11ff\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3038-\u303b\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\ud840-\ud8bf])/g;
  function joinCJK(text) {
    return text.replace(spacedCJK, "$1");
  }

  // How long the index may take to arrive before the reader is told it could not be loaded: on
  // a connection that never finished it, "Loading the index…" stayed for good. An index that
  // arrives later is still taken (16.8 MB of highlights is long on a slow phone).
  var patience = 30000;
  var attempts = 0;

  function load() {
    if (entries || loading) { return; }
    loading = true;
    attempts += 1;
    var attempt = attempts;
    status.textContent = script.getAttribute("data-loading") || "";
    window.BOOKPLATE_SEARCH_INDEX = undefined;
    var tag = document.createElement("script");
    var address = script.getAttribute("data-index") || "";
    // A second try asks past the browser's cache, which may keep the broken copy it was given.
    tag.src = attempt === 1 ? address
      : address + (address.indexOf("?") === -1 ? "?" : "&") + "try=" + attempt + "-" + Date.now();
    var timer = window.setTimeout(function () { fail(attempt); }, patience);
    tag.onload = function () {
      window.clearTimeout(timer);
      if (entries) { return; }
      // The load event comes even when the script threw or never ran: an index cut short or a
      // page of HTML served in its place left no index, and read as an empty one every query
      // found "0 books" in, for good.
      if (!take()) {
        fail(attempt);
        return;
      }
      loading = false;
      status.textContent = "";
      show(input.value);
    };
    tag.onerror = function () {
      window.clearTimeout(timer);
      fail(attempt);
    };
    document.body.appendChild(tag);
  }

  // Says the index could not be loaded, and lets the next use of the box try again; unless an
  // index has arrived meanwhile, or a later try is under way.
  function fail(attempt) {
    if (entries || attempt !== attempts) { return; }
    loading = false;
    status.textContent = script.getAttribute("data-failed") || "";
  }

  // Makes the entries searched from the index the script defined; false when it defined none.
  function take() {
    var index = window.BOOKPLATE_SEARCH_INDEX;
    if (!Array.isArray(index)) { return false; }
    folds = window.BOOKPLATE_SEARCH_FOLDS || {};
    try {
      entries = index.map(function (entry) {
        return {
          entry: entry,
          text: joinCJK(fold(entry.t + " " + entry.a + " " + entry.s + " " + (entry.h || "")))
            + joinedInitials(fold(entry.t + ", " + entry.a)),
          // A book's title alone, its words joined by single spaces, to rank by; none for a
          // highlight, which is found by its passage and only follows the books.
          title: entry.h ? null : joinCJK(wordsOf(fold(entry.t)).join(" "))
        };
      });
    } catch (error) {
      entries = null;
      folds = {};
      return false;
    }
    return true;
  }

  // The form a count takes is the page's language's: French says "0 livre trouvé", Russian
  // "22 книги" and "25 книг". Bookplate picks the same forms for the counts on its pages. A
  // language the browser cannot read (a theme's own lang="en-USA") throws, and the search box
  // never showed: English's rules count then, as they do a language the CLDR has no rules for.
  var plurals = null;
  if (window.Intl && Intl.PluralRules) {
    try {
      plurals = new Intl.PluralRules(document.documentElement.lang || "en");
    } catch (error) {
      plurals = new Intl.PluralRules("en");
    }
  }

  // A count written as the pages write it: its thousands grouped by the separator the page gives
  // (data-group, from the same table the pages' numbers use: "1,234", "1 234", "1.234"), and
  // left whole below the language's minimum (data-group-minimum: Spanish writes 1234, 12.345).
  var group = script.getAttribute("data-group") || "";
  var groupMinimum = Number(script.getAttribute("data-group-minimum")) || 1;
  function number(count) {
    var digits = String(count);
    if (digits.replace("-", "").length < 3 + groupMinimum) return digits;
    return digits.replace(/\B(?=(\d{3})+$)/g, function () { return group; });
  }

  // "3 books found", "1 highlight": the words of data-NAME-FORM ("one", "few", …), or of
  // data-NAME-other when the language's table gives no words for that form.
  function counted(name, count) {
    var form = plurals ? plurals.select(count) : (count === 1 ? "one" : "other");
    var words = script.getAttribute("data-" + name + "-" + form) || script.getAttribute("data-" + name + "-other") || "";
    return words.replace("{count}", function () { return number(count); });
  }

  // A passage or a title in the results: at most 160 characters, cut after a word and followed
  // by "…" when there are more (a title of 10,000 characters filled some 270 lines of a phone).
  // By code points, so that an emoji is never cut in half; a word of more than half of that is
  // cut where the 160 end. Runs of the spaces a page collapses count as one: not \s,
  // which holds the byte order mark, and drew "Star\ufefffish" as "Star fish".
  var spaces = /[ \t\n\f\r]+/g;
  function excerpt(text) {
    var characters = Array.from(text.replace(spaces, " "));
    if (characters.length <= 160) { return characters.join(""); }
    var kept = characters.slice(0, 160);
    var space = characters[160] === " " ? 160 : kept.lastIndexOf(" ");
    return kept.slice(0, space > 80 ? space : 160).join("").trim() + "…";
  }

  // The words of folded text, cut at spaces and punctuation: "dune." and '"dune"' find Dune,
  // "Le Guin, Ursula K." her books, and "j.k. rowling" J. K. Rowling.
  function wordsOf(text) {
    return text.split(/[\s\p{P}]+/u).filter(function (word) { return word.length > 0; });
  }

  // The initials of folded text joined, each run a word after a space: " jk" for "j. k. rowling"
  // or "j.k. rowling", " jrr" for "j.r.r. tolkien", "" where there are none. A visitor types
  // initials joined as often as apart, and "jk rowling" found nothing on a shelf of J. K. Rowling.
  // An initial is a letter alone beside a full stop ("j.k" too); a run of one is no word to add.
  var lone = /^\p{L}$/u;
  function joinedInitials(text) {
    var joined = "", run = "";
    // A comma ends a run: the index joins a book's authors with one ("Ursula K. Le Guin, J. Doe").
    text.split(/\s+|(?=[,;])/).concat([""]).forEach(function (token) {
      var parts = token.split(".");
      var initials = parts.length > 1 && parts.every(function (part, at) {
        return lone.test(part) || (at === parts.length - 1 && part === "");
      });
      if (initials) {
        run += parts.join("");
        return;
      }
      if (Array.from(run).length > 1) { joined += " " + run; }
      run = "";
    });
    return joined;
  }

  // Whether `word` is in `text` where a word of it begins: after no letter or digit.
  var letter = /[\p{L}\p{N}]/u;
  function startsAWord(text, word) {
    for (var at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      if (at === 0 || !letter.test(text.charAt(at - 1))) { return true; }
    }
    return false;
  }

  // The words an entry is matched by: each once, none that begins another ("dun" of "dune
  // dun": an entry where "dune" begins a word has "dun" there too), and no more than sixteen. A
  // query of five thousand "e"s, which a ?q= link can carry, looked for each in every entry
  // and blocked the tab for seconds.
  var mostWords = 16;
  function distinct(words) {
    var kept = [];
    for (var i = 0; i < words.length && kept.length < mostWords; i++) {
      var word = words[i];
      if (kept.some(function (other) { return other.indexOf(word) === 0; })) { continue; }
      kept = kept.filter(function (other) { return word.indexOf(other) !== 0; });
      kept.push(word);
    }
    return kept;
  }

  // The matches in four ranks: the books whose title is the query, those whose title begins
  // with it, the entries where every word of the query begins a word, then the rest; each rank
  // in the index's order (by title). In the index's order alone, "Dune" listed "Children of
  // Dune" first and Enter opened it, and on a big shelf "It" was not among the hundred listed
  // (found by an exploratory session).
  //
  // Within the last two ranks, a book whose title the query's words cover more of comes first:
  // "herbert dune" listed "Children of Dune" before Dune, where "dune" is the whole title. Books
  // the query finds by other words alone (an author's name) stay in title order.
  var mostListed = 100;
  function ranked(matches, query, words) {
    var phrase = joinCJK(query.join(" "));
    var ranks = [[], [], [], []];
    matches.forEach(function (item) {
      var rank = item.title === phrase ? 0
        : item.title !== null && item.title.indexOf(phrase) === 0 ? 1
        : words.every(function (word) { return startsAWord(item.text, word); }) ? 2 : 3;
      ranks[rank].push(item);
    });
    // A rank that begins past the last entry listed is left in the index's order: it is counted,
    // not shown.
    var listed = Math.max(mostListed, ranks[0].length);
    var before = ranks[0].length + ranks[1].length;
    var third = before < listed ? byCoverage(ranks[2], words) : ranks[2];
    var fourth = before + third.length < listed ? byCoverage(ranks[3], words) : ranks[3];
    return { exact: ranks[0].length, matches: [].concat(ranks[0], ranks[1], third, fourth) };
  }

  // `rank` with the titles the query's words cover more of first, equal shares in the index's
  // order: grouped by share, not sorted by a comparison, and each share counted without
  // splitting the title. Splitting every title and sorting took a single letter's query, the
  // first a visitor types, from 70 to 300 ms on an index of 50,000 books (found by a review).
  function byCoverage(rank, words) {
    if (rank.length < 2) { return rank; }
    var groups = new Map();
    rank.forEach(function (item) {
      var share = covered(item.title, words);
      var group = groups.get(share);
      if (group) {
        group.push(item);
      } else {
        groups.set(share, [item]);
      }
    });
    if (groups.size < 2) { return rank; }
    var shares = Array.from(groups.keys()).sort(function (a, b) { return b - a; });
    return [].concat.apply([], shares.map(function (share) { return groups.get(share); }));
  }

  // The share of a title's words that a word of the query begins: 1 for "dune" of Dune, a third
  // for Children of Dune; 0 for a highlight, which has no title of its own. The title's words
  // are joined by single spaces, and no word of the query begins another (distinct), so no
  // title word is counted twice.
  function covered(title, words) {
    if (!title) { return 0; }
    var begun = 0;
    words.forEach(function (word) {
      for (var at = title.indexOf(word); at !== -1; at = title.indexOf(word, at + 1)) {
        if (at === 0 || title.charCodeAt(at - 1) === 32) { begun += 1; }
      }
    });
    if (begun === 0) { return 0; }
    var count = 1;
    for (var at = title.indexOf(" "); at !== -1; at = title.indexOf(" ", at + 1)) { count += 1; }
    return begun / count;
  }

  // Sets `element`'s text to `text` as excerpt() cuts it, and the whole in its title, read
  // when it is pointed at (and by screen readers) when it was cut.
  function shorten(element, text) {
    var shown = excerpt(text);
    element.textContent = shown;
    if (shown !== text.replace(spaces, " ")) { element.title = text; }
  }

  function show(query) {
    if (!entries) { load(); return; }
    while (results.firstChild) { results.removeChild(results.firstChild); }
    var folded = wordsOf(fold(query));
    if (folded.length === 0) {
      sections.hidden = false;
      status.textContent = "";
      return;
    }
    var words = distinct(folded);
    var found = ranked(entries.filter(function (item) {
      return words.every(function (word) { return item.text.indexOf(word) !== -1; });
    }), folded, words);
    var matches = found.matches;
    sections.hidden = true;
    var passages = matches.filter(function (item) { return item.entry.h; }).length;
    var books = matches.length - passages;
    // "3 books found", "3 books found · 2 highlights", or "2 highlights" when no book matches.
    var parts = [];
    if (books > 0 || passages === 0) { parts.push(counted("found", books)); }
    if (passages > 0) { parts.push(counted("highlights", passages)); }
    // Only the first hundred are listed, and the status says so (3,896 found with 100 listed
    // said nothing of the rest); every book with the very title searched for is, however many.
    var shown = Math.max(mostListed, found.exact);
    // A page of the reader's own without the words for it says nothing of them.
    var showing = script.getAttribute("data-showing-first");
    if (matches.length > shown && showing) {
      parts.push(showing.replace("{count}", function () { return number(shown); }));
    }
    status.textContent = parts.join(" · ");
    matches.slice(0, shown).forEach(function (item) {
      var li = document.createElement("li");
      var link = document.createElement("a");
      link.href = item.entry.u;
      // A highlight shows the start of its passage, then its book. The passage is isolated
      // within its quotation marks: one holding U+202E pulled the closing mark into its override.
      if (item.entry.h) {
        var passage = document.createElement("bdi");
        passage.textContent = excerpt(item.entry.h);
        link.appendChild(document.createTextNode(script.getAttribute("data-quote-open") || ""));
        link.appendChild(passage);
        link.appendChild(document.createTextNode(script.getAttribute("data-quote-close") || ""));
      } else {
        shorten(link, item.entry.t);
      }
      // A book in another language than the site's is read in its own (its passage and title).
      if (item.entry.l) { link.lang = item.entry.l; }
      // Each title and name is isolated, as on every page: an Arabic title by an Arabic author
      // read "author — title" on an English page, and a title ending in U+202E turned the name
      // after it around.
      link.dir = "auto";
      li.appendChild(link);
      // The index joins a book's authors with ", ": each is isolated as on the book's page.
      var authors = item.entry.a ? item.entry.a.split(", ") : [];
      var about = (item.entry.h ? [item.entry.t] : []).concat(authors);
      about = about.filter(function (text) { return text; });
      if (about.length) {
        var by = document.createElement("span");
        by.className = "count";
        by.appendChild(document.createTextNode(" — "));
        about.forEach(function (text, index) {
          if (index > 0) { by.appendChild(document.createTextNode(", ")); }
          var name = document.createElement("bdi");
          shorten(name, text);
          by.appendChild(name);
        });
        li.appendChild(by);
      }
      results.appendChild(li);
    });
  }

  form.hidden = false;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    // Enter opens the first result, as a site's search does.
    var first = results.querySelector("a");
    if (first) { window.location.href = first.href; }
  });
  input.addEventListener("focus", load);
  // The query is kept in the page's address (?q=), so that Back from a result shows the search
  // again: the field itself is not restored, its autocomplete being off.
  function remember(query) {
    try {
      var url = new URL(window.location.href);
      if (query) { url.searchParams.set("q", query); } else { url.searchParams.delete("q"); }
      window.history.replaceState(null, "", url.href);
    } catch (error) {
      // A browser that refuses it (some do from file://) searches all the same; Back forgets.
    }
  }
  input.addEventListener("input", function () {
    show(input.value);
    remember(input.value);
  });
  var initial = new URLSearchParams(window.location.search).get("q");
  if (initial) {
    input.value = initial;
    show(initial);
  }
})();
