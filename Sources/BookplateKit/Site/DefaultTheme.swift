// Generated from templates/ by `BOOKPLATE_RECORD_THEME=1 swift test --filter DefaultThemeTests`; do not edit.

/// The default theme, built into Bookplate so that `init` can write it out and a shelf's own
/// `templates/` need only hold the files it changes.
enum DefaultTheme {
    static let files: [String: String] = [
        "404.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>Page not found</h1>
        <p class="lede">There is no page at this address. The book may have moved, or the link may be mistyped.</p>
        <p><a href="{{root}}index.html">Back to the shelf</a></p>
        {{/content}}
        {{/layout}}

        """####,
        "assets/search.js": ####"""
        // Instant search over the shelf. The index is a script of its own, loaded the first time the
        // reader reaches for the search box (a script element works from file:// too, where fetch does
        // not), so the home page does not carry a megabyte of titles for readers who never search.
        // Results are built with textContent only; nothing from the index is parsed as HTML.
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

          function fold(text) {
            return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
          }

          function load() {
            if (entries || loading) { return; }
            loading = true;
            status.textContent = "Loading the index…";
            var tag = document.createElement("script");
            tag.src = script.getAttribute("data-index");
            tag.onload = function () {
              var index = window.BOOKPLATE_SEARCH_INDEX || [];
              entries = index.map(function (entry) {
                return { entry: entry, text: fold(entry.t + " " + entry.a + " " + entry.s) };
              });
              status.textContent = "";
              show(input.value);
            };
            tag.onerror = function () {
              loading = false;
              status.textContent = "The search index could not be loaded.";
            };
            document.body.appendChild(tag);
          }

          function show(query) {
            if (!entries) { load(); return; }
            while (results.firstChild) { results.removeChild(results.firstChild); }
            var words = fold(query).split(/\s+/).filter(function (word) { return word.length > 0; });
            if (words.length === 0) {
              sections.hidden = false;
              status.textContent = "";
              return;
            }
            var matches = entries.filter(function (item) {
              return words.every(function (word) { return item.text.indexOf(word) !== -1; });
            });
            sections.hidden = true;
            status.textContent = matches.length === 1 ? "1 book found" : matches.length + " books found";
            matches.slice(0, 100).forEach(function (item) {
              var li = document.createElement("li");
              var link = document.createElement("a");
              link.href = item.entry.u;
              link.textContent = item.entry.t;
              li.appendChild(link);
              if (item.entry.a) {
                var by = document.createElement("span");
                by.className = "count";
                by.textContent = " — " + item.entry.a;
                li.appendChild(by);
              }
              results.appendChild(li);
            });
          }

          form.hidden = false;
          form.addEventListener("submit", function (event) { event.preventDefault(); });
          input.addEventListener("focus", load);
          input.addEventListener("input", function () { show(input.value); });
          var initial = new URLSearchParams(window.location.search).get("q");
          if (initial) {
            input.value = initial;
            show(initial);
          }
        })();

        """####,
        "assets/style.css": ####"""
        /* Bookplate default theme. Light and dark follow the system setting. */
        :root {
          --paper: #fbf8f2;
          --ink: #1f1c18;
          --muted: #5e574d;
          --accent: #8a3b12;
          --rule: #e2dccf;
          --card: #ffffff;
          --focus: #1a5fb4;
          --measure: 42rem;
          color-scheme: light dark;
        }

        @media (prefers-color-scheme: dark) {
          :root {
            --paper: #181613;
            --ink: #ece6da;
            --muted: #b3aa9b;
            --accent: #f0a070;
            --rule: #3a352e;
            --card: #221f1b;
            --focus: #8cb8ff;
          }
        }

        *, *::before, *::after { box-sizing: border-box; }

        body {
          margin: 0;
          background: var(--paper);
          color: var(--ink);
          font: 1.0625rem/1.6 Georgia, "Iowan Old Style", "Times New Roman", serif;
        }

        a { color: var(--accent); text-underline-offset: 0.15em; }
        a:hover { text-decoration-thickness: 2px; }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }

        .skip-link { position: absolute; left: -999px; top: 0.5rem; background: var(--card); padding: 0.5rem 1rem; }
        .skip-link:focus { left: 0.5rem; }

        .site-header, .site-footer, main { max-width: 72rem; margin: 0 auto; padding: 0 1.25rem; }
        .site-header {
          display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; justify-content: space-between;
          padding-top: 1.25rem; padding-bottom: 1rem; border-bottom: 1px solid var(--rule);
        }
        .site-title { font-size: 1.35rem; font-weight: bold; color: var(--ink); text-decoration: none; }
        .site-header ul { display: flex; gap: 1.25rem; list-style: none; margin: 0; padding: 0; }
        .site-footer { margin-top: 4rem; padding-top: 1rem; padding-bottom: 2rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: 0.9rem; }

        h1 { font-size: 2.2rem; line-height: 1.2; margin: 2rem 0 0.5rem; }
        h2 { font-size: 1.4rem; margin: 2.5rem 0 1rem; }
        .lede, .counts, .count, .life-dates, .subtitle, .book-card-meta { color: var(--muted); }
        .lede { max-width: var(--measure); }

        .book-grid {
          display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
          gap: 1.75rem 1.25rem; list-style: none; margin: 0; padding: 0;
        }
        .book-card { display: flex; flex-direction: column; }
        .book-card-cover { display: block; text-decoration: none; }
        .cover {
          display: block; width: 100%; height: auto; aspect-ratio: 2 / 3; object-fit: cover;
          border-radius: 3px; background: var(--rule); box-shadow: 0 1px 3px rgb(0 0 0 / 0.25);
        }
        /* A book without a cover image: its title and author on a colour chosen from its name. */
        .cover-placeholder {
          --cover-hue: 200;
          display: flex; flex-direction: column; justify-content: space-between; box-sizing: border-box;
          container-type: inline-size; overflow: hidden; padding: 14% 9% 11%;
          text-align: center; overflow-wrap: anywhere; color: #fdfaf3;
          background: hsl(var(--cover-hue) 32% 28%);
          box-shadow: inset 0 0 0 0.35rem hsl(var(--cover-hue) 32% 28%), inset 0 0 0 0.45rem hsl(var(--cover-hue) 40% 72%),
            0 1px 3px rgb(0 0 0 / 0.25);
        }
        .cover-title, .cover-author { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
        .cover-title {
          -webkit-line-clamp: 6; line-clamp: 6;
          font: 1rem/1.2 Georgia, "Times New Roman", serif; font-size: 11cqw;
        }
        .cover-author {
          -webkit-line-clamp: 2; line-clamp: 2; color: hsl(var(--cover-hue) 40% 85%);
          font: 0.7rem/1.25 Helvetica, Arial, sans-serif; font-size: 6.5cqw;
        }
        .cover-hue-0 { --cover-hue: 0; }
        .cover-hue-1 { --cover-hue: 30; }
        .cover-hue-2 { --cover-hue: 60; }
        .cover-hue-3 { --cover-hue: 90; }
        .cover-hue-4 { --cover-hue: 120; }
        .cover-hue-5 { --cover-hue: 150; }
        .cover-hue-6 { --cover-hue: 180; }
        .cover-hue-7 { --cover-hue: 210; }
        .cover-hue-8 { --cover-hue: 240; }
        .cover-hue-9 { --cover-hue: 270; }
        .cover-hue-10 { --cover-hue: 300; }
        .cover-hue-11 { --cover-hue: 330; }
        .book-card-title { font-size: 1rem; font-weight: bold; line-height: 1.3; margin: 0.6rem 0 0.2rem; }
        .book-card-title a { color: var(--ink); text-decoration: none; }
        .book-card-title a:hover { text-decoration: underline; }
        .book-card-authors, .book-card-meta { margin: 0; font-size: 0.9rem; }

        .rating { color: var(--accent); letter-spacing: 0.05em; }
        .rating-empty { color: var(--rule); }

        .book { display: grid; grid-template-columns: minmax(10rem, 16rem) 1fr; gap: 2.5rem; margin-top: 2rem; }
        .book h1 { margin-top: 0; }
        .book-body { max-width: var(--measure); }
        .subtitle { font-size: 1.2rem; margin: 0 0 0.5rem; }
        .byline { font-size: 1.1rem; margin: 0; }
        .reading { margin: 1.5rem 0; padding: 1rem 1.25rem; background: var(--card); border: 1px solid var(--rule); border-radius: 6px; }
        .reading p { margin: 0.2rem 0; }
        .status { font-weight: bold; }
        .shelves { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; margin: 0.6rem 0 0; padding: 0; }
        .shelves li { font-size: 0.85rem; padding: 0.1rem 0.6rem; border: 1px solid var(--rule); border-radius: 999px; }
        .facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: 0.75rem 1.5rem; margin: 1.5rem 0; }
        .facts dt { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); }
        .facts dd { margin: 0; }
        .note { border-top: 1px solid var(--rule); margin-top: 2rem; }
        .note blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--rule); color: var(--muted); }
        .note pre { overflow-x: auto; padding: 0.75rem; background: var(--card); border: 1px solid var(--rule); }

        .author-header { display: flex; gap: 1.5rem; align-items: center; margin-top: 2rem; }
        .author-header h1 { margin: 0 0 0.25rem; }
        .author-photo { width: 8rem; height: auto; border-radius: 4px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.25); }
        .other-works ul { columns: 18rem; padding-left: 1.2rem; }
        .author-links { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; }
        .bio { max-width: var(--measure); }
        .author-list { list-style: none; padding: 0; columns: 16rem; }
        .author-list li { margin: 0.25rem 0; break-inside: avoid; }

        @media (max-width: 40rem) {
          h1 { font-size: 1.7rem; }
          .book { grid-template-columns: 1fr; gap: 1.25rem; }
          .book-cover { max-width: 12rem; }
          .book-grid { grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); }
        }

        @media print {
          .site-header nav, .skip-link { display: none; }
          body { background: #fff; color: #000; }
          a { color: inherit; }
        }

        .search { margin: 1.5rem 0; max-width: var(--measure); }
        .search label { display: block; font-weight: bold; margin-bottom: 0.3rem; }
        .search input {
          width: 100%; font: inherit; padding: 0.5rem 0.75rem; color: var(--ink); background: var(--card);
          border: 1px solid var(--muted); border-radius: 4px;
        }
        .search-results { padding-left: 1.2rem; }
        .more { margin: 1rem 0 0; }
        .credits { margin-top: 2rem; color: var(--muted); font-size: 0.85rem; }
        .browse > div { display: grid; grid-template-columns: 8rem 1fr; gap: 1rem; padding: 0.6rem 0; border-bottom: 1px solid var(--rule); }
        .browse dt { font-weight: bold; }
        .browse dd { margin: 0; }
        .list-links { list-style: none; margin: 0; padding: 0; columns: 14rem; }
        .list-links li { margin: 0 0 0.3rem; break-inside: avoid; }
        .page-links { color: var(--muted); font-size: 0.9rem; }
        .page-links a { display: inline-block; min-width: 1.5rem; text-align: center; }
        .pagination { margin: 2.5rem 0 0; }
        .pagination ul { display: flex; flex-wrap: wrap; gap: 0.35rem; list-style: none; margin: 0.5rem 0 0; padding: 0; }
        .pagination a { display: inline-block; min-width: 2.25rem; padding: 0.3rem 0.6rem; text-align: center;
          border: 1px solid var(--rule); border-radius: 4px; text-decoration: none; }
        .pagination a[aria-current] { background: var(--accent); border-color: var(--accent); color: var(--paper); }
        .shelf-list { list-style: none; padding: 0; columns: 16rem; }
        .shelf-list li { margin: 0.3rem 0; }
        .shelves a { text-decoration: none; color: inherit; }
        .chart-figure { margin: 1.5rem 0; max-width: 40rem; }
        .chart-figure figcaption { color: var(--muted); font-size: 0.9rem; }
        .chart { width: 100%; height: auto; }
        .chart-label, .chart-value { font: 14px Georgia, serif; fill: var(--ink); }
        .chart-bar { fill: var(--accent); }
        .stats-table { border-collapse: collapse; margin: 1.5rem 0; }
        .stats-table caption { text-align: left; color: var(--muted); margin-bottom: 0.5rem; }
        .stats-table th, .stats-table td { padding: 0.3rem 1rem 0.3rem 0; text-align: left; border-bottom: 1px solid var(--rule); }
        .bars { max-width: 32rem; }
        .bar-row { display: grid; grid-template-columns: 6rem 1fr; align-items: center; gap: 0.5rem; }
        .bar-row dd { margin: 0; display: flex; align-items: center; gap: 0.4rem; }
        .bar { display: inline-block; height: 0.9rem; background: var(--accent); min-width: 1px; max-width: calc(100% - 3rem); }
        @media (max-width: 40rem) {
          .browse > div { grid-template-columns: 1fr; gap: 0.3rem; }
        }

        """####,
        "author.mustache": ####"""
        {{<layout}}
        {{$content}}
        <article class="author">
          <header class="author-header">
            {{#photo}}<img class="author-photo" src="{{src}}" width="{{width}}" height="{{height}}" alt="{{alt}}">{{/photo}}
            <div>
              <h1>{{name}}</h1>
              {{#lifeDates}}<p class="life-dates">{{.}}</p>{{/lifeDates}}
            </div>
          </header>
          {{^empty(bioParagraphs)}}
          <section class="bio" aria-label="Biography">
        {{#bioParagraphs}}
            <p>{{.}}</p>
        {{/bioParagraphs}}
          </section>
          {{/empty(bioParagraphs)}}
          <section aria-labelledby="books-heading">
            <h2 id="books-heading">{{bookCountLabel}}</h2>
            <ul class="book-grid">
        {{#books}}
        {{> partials/book-card}}
        {{/books}}
            </ul>
          </section>
          {{^empty(links)}}
          <ul class="author-links" aria-label="Elsewhere">
        {{#links}}
            <li><a href="{{url}}" rel="external">{{title}}</a></li>
        {{/links}}
          </ul>
          {{/empty(links)}}
          {{^empty(otherWorks)}}
          <section class="other-works" aria-labelledby="works-heading">
            <h2 id="works-heading">Other works</h2>
            <ul>
        {{#otherWorks}}
              <li>{{title}}{{#year}} <span class="count">({{.}})</span>{{/year}}</li>
        {{/otherWorks}}
            </ul>
          </section>
          {{/empty(otherWorks)}}
        </article>
        {{/content}}
        {{/layout}}

        """####,
        "authors.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>Authors</h1>
        <p class="counts">{{countLabel}}</p>
        {{#letters}}
        <section class="author-letter" aria-labelledby="letter-{{letter}}">
          <h2 id="letter-{{letter}}">{{letter}}</h2>
          <ul class="author-list">
        {{#authors}}
            <li><a href="{{url}}">{{name}}</a> <span class="count">{{bookCountLabel}}</span></li>
        {{/authors}}
          </ul>
        </section>
        {{/letters}}
        {{/content}}
        {{/layout}}

        """####,
        "book.mustache": ####"""
        {{<layout}}
        {{$head}}
        {{#openGraph}}
        <meta property="{{property}}" content="{{content}}">
        {{/openGraph}}
        <script type="application/ld+json">{{{jsonLD}}}</script>
        {{/head}}
        {{$content}}
        <article class="book">
          <div class="book-cover">{{> partials/cover}}</div>
          <div class="book-body">
            <header class="book-header">
              <h1>{{title}}</h1>
              {{#subtitle}}<p class="subtitle">{{.}}</p>{{/subtitle}}
              {{^empty(authors)}}<p class="byline">by {{> partials/authors}}</p>{{/empty(authors)}}
            </header>
            <section class="reading" aria-label="My reading">
              <p><span class="status status-{{statusID}}">{{status}}</span>{{#rating}} <span class="rating" role="img" aria-label="{{label}}"><span aria-hidden="true">{{filled}}<span class="rating-empty">{{empty}}</span></span></span>{{/rating}}</p>
              {{#started}}<p>Started {{.}}</p>{{/started}}
              {{#finished}}<p>Finished {{.}}</p>{{/finished}}
              {{^empty(shelves)}}<ul class="shelves" aria-label="Shelves">{{#shelves}}<li><a href="{{url}}">{{name}}</a></li>{{/shelves}}</ul>{{/empty(shelves)}}
            </section>
            {{^empty(facts)}}
            <dl class="facts">
        {{#facts}}
              <div><dt>{{label}}</dt><dd>{{value}}</dd></div>
        {{/facts}}
            </dl>
            {{/empty(facts)}}
            {{#descriptionHTML}}
            <section class="description" aria-labelledby="about-heading">
              <h2 id="about-heading">About the book</h2>
        {{{descriptionHTML}}}
            </section>
            {{/descriptionHTML}}
            {{#noteHTML}}
            <section class="note" aria-labelledby="note-heading">
              <h2 id="note-heading">My notes</h2>
        {{{noteHTML}}}
            </section>
            {{/noteHTML}}
            {{^empty(credits)}}
            <p class="credits">{{#credits}}{{what}} <a href="{{url}}">{{source}}</a>{{^last()}} · {{/last()}}{{/credits}}</p>
            {{/empty(credits)}}
          </div>
        </article>
        {{/content}}
        {{/layout}}

        """####,
        "index.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>{{site.title}}</h1>
        <p class="lede">{{site.description}}</p>
        {{#isEmpty}}
        <p class="empty">The shelf is empty. Add a book with <code>bookplate add --title "…" --author "…"</code>, then build again.</p>
        {{/isEmpty}}
        {{^isEmpty}}
        <p class="counts">{{countsLabel}} · <a href="authors/index.html">all authors</a> · <a href="shelves/index.html">shelves</a></p>
        <form class="search" role="search" hidden>
          <label for="search-input">Search the shelf</label>
          <input id="search-input" type="search" autocomplete="off" placeholder="Title, author or shelf">
          <p id="search-status" class="counts" aria-live="polite"></p>
          <ul id="search-results" class="search-results"></ul>
        </form>
        {{/isEmpty}}
        <div id="shelf-sections">
        {{^empty(reading)}}
        <section class="shelf-section" id="reading-now" aria-labelledby="reading-now-heading">
          <h2 id="reading-now-heading">Reading now</h2>
          <ul class="book-grid">
        {{#reading}}
        {{> partials/book-card}}
        {{/reading}}
          </ul>
        {{#readingList}}
          <p class="more"><a href="{{url}}">All {{title}} being read</a></p>
        {{/readingList}}
        </section>
        {{/empty(reading)}}
        {{^empty(groups)}}
        <section class="shelf-section" id="browse" aria-labelledby="browse-heading">
          <h2 id="browse-heading">The whole shelf</h2>
          <dl class="browse">
        {{#groups}}
            <div><dt id="{{id}}-lists">{{title}}</dt><dd><ul class="list-links" aria-labelledby="{{id}}-lists">
        {{#lists}}
              <li id="list-{{id}}"><a href="{{url}}">{{title}}</a>{{#countLabel}} <span class="count">{{.}}</span>{{/countLabel}}{{^empty(pages)}}<span class="page-links"> · pages{{#pages}} <a href="{{url}}">{{number}}</a>{{/pages}}</span>{{/empty(pages)}}</li>
        {{/lists}}
            </ul></dd></div>
        {{/groups}}
          </dl>
        </section>
        {{/empty(groups)}}
        {{^empty(recent)}}
        <section class="shelf-section" id="recent" aria-labelledby="recent-heading">
          <h2 id="recent-heading">Finished lately</h2>
          <ul class="book-grid">
        {{#recent}}
        {{> partials/book-card}}
        {{/recent}}
          </ul>
        </section>
        {{/empty(recent)}}
        </div>
        {{/content}}
        {{$scripts}}
        {{^isEmpty}}
        <script src="assets/search.js" data-index="search-index.js"></script>
        {{/isEmpty}}
        {{/scripts}}
        {{/layout}}

        """####,
        "layout.mustache": ####"""
        <!doctype html>
        <html lang="{{site.language}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{pageTitle}}</title>
        <meta name="description" content="{{$description}}{{site.description}}{{/description}}">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="Bookplate">
        <link rel="stylesheet" href="{{root}}assets/style.css">
        {{#site.hasFeed}}
        <link rel="alternate" type="application/atom+xml" title="{{site.title}}" href="{{root}}feed.xml">
        {{/site.hasFeed}}
        {{$head}}{{/head}}
        </head>
        <body>
        <a class="skip-link" href="#main">Skip to content</a>
        {{> partials/header}}
        <main id="main">
        {{$content}}{{/content}}
        </main>
        {{> partials/footer}}
        {{$scripts}}{{/scripts}}
        </body>
        </html>

        """####,
        "list.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>{{title}}</h1>
        <p class="counts">{{countLabel}} · <a href="{{root}}index.html#browse">the whole shelf</a></p>
        <ul class="book-grid" id="{{id}}">
        {{#books}}
        {{> partials/book-card}}
        {{/books}}
        </ul>
        {{> partials/pagination}}
        {{/content}}
        {{/layout}}

        """####,
        "partials/authors.mustache": ####"""
        {{#authors}}<a href="{{url}}">{{name}}</a>{{separator}}{{/authors}}
        """####,
        "partials/book-card.mustache": ####"""
        <li class="book-card">
          <a class="book-card-cover" href="{{url}}" tabindex="-1" aria-hidden="true">{{> partials/cover}}</a>
          <p class="book-card-title"><a href="{{url}}">{{title}}</a></p>
          {{^empty(authors)}}<p class="book-card-authors">{{> partials/authors}}</p>{{/empty(authors)}}
          <p class="book-card-meta">{{#year}}<span>{{.}}</span>{{/year}}{{#rating}} <span class="rating" role="img" aria-label="{{label}}"><span aria-hidden="true">{{filled}}<span class="rating-empty">{{empty}}</span></span></span>{{/rating}}</p>
        </li>

        """####,
        "partials/cover.mustache": ####"""
        {{#cover}}{{#isPlaceholder}}<span class="cover cover-placeholder cover-hue-{{hue}}" role="img" aria-label="{{alt}}"><span class="cover-title">{{title}}</span>{{#cover.author}}<span class="cover-author">{{.}}</span>{{/cover.author}}</span>{{/isPlaceholder}}{{^isPlaceholder}}<img class="cover" src="{{src}}" width="{{width}}" height="{{height}}" alt="{{alt}}" loading="lazy">{{/isPlaceholder}}{{/cover}}

        """####,
        "partials/footer.mustache": ####"""
        <footer class="site-footer">
          <p>{{#site.owner}}{{.}}’s bookshelf · {{/site.owner}}{{^site.owner}}{{site.title}} · {{/site.owner}}made with Bookplate{{^empty(site.credits)}} · book data from {{#site.credits}}<a href="{{url}}">{{name}}</a>{{separator}}{{/site.credits}}{{/empty(site.credits)}}{{#site.hasFeed}} · <a href="{{root}}feed.xml">Atom feed</a>{{/site.hasFeed}}</p>
        </footer>

        """####,
        "partials/header.mustache": ####"""
        <header class="site-header">
          <a class="site-title" href="{{root}}index.html">{{site.title}}</a>
          <nav aria-label="Site">
            <ul>
              <li><a href="{{root}}index.html">Shelf</a></li>
              <li><a href="{{root}}shelves/index.html">Shelves</a></li>
              <li><a href="{{root}}authors/index.html">Authors</a></li>
              <li><a href="{{root}}stats/index.html">Year in books</a></li>
            </ul>
          </nav>
        </header>

        """####,
        "partials/pagination.mustache": ####"""
        {{#pagination}}
        <nav class="pagination" aria-label="Pages">
          <p class="counts">{{label}}</p>
          <ul>
        {{#previous}}    <li><a href="{{.}}" rel="prev">← Previous</a></li>
        {{/previous}}
        {{#pages}}
            <li>{{#isCurrent}}<a href="{{url}}" aria-current="page">{{number}}</a>{{/isCurrent}}{{^isCurrent}}<a href="{{url}}">{{number}}</a>{{/isCurrent}}</li>
        {{/pages}}
        {{#next}}    <li><a href="{{.}}" rel="next">Next →</a></li>
        {{/next}}
          </ul>
        </nav>
        {{/pagination}}

        """####,
        "shelf.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>{{name}}</h1>
        <p class="counts">{{bookCountLabel}} · <a href="{{root}}shelves/index.html">all shelves</a></p>
        <ul class="book-grid">
        {{#books}}
        {{> partials/book-card}}
        {{/books}}
        </ul>
        {{> partials/pagination}}
        {{/content}}
        {{/layout}}

        """####,
        "shelves.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>Shelves</h1>
        <p class="counts">{{countLabel}}</p>
        {{^empty(shelves)}}
        <ul class="shelf-list">
        {{#shelves}}
          <li><a href="{{url}}">{{name}}</a> <span class="count">{{bookCountLabel}}</span></li>
        {{/shelves}}
        </ul>
        {{/empty(shelves)}}
        {{#empty(shelves)}}
        <p class="empty">No shelves yet. Put a book on one with <code>bookplate edit BOOK --shelf NAME</code>.</p>
        {{/empty(shelves)}}
        {{/content}}
        {{/layout}}

        """####,
        "stats.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>Year in books</h1>
        {{^hasReadBooks}}
        <p class="empty">No book is marked as read yet. Mark one with <code>bookplate edit BOOK --status read</code>.</p>
        {{/hasReadBooks}}
        {{#hasReadBooks}}
        <p class="lede">{{totalsLabel}}</p>
        {{^empty(years)}}
        <section aria-labelledby="per-year-heading">
          <h2 id="per-year-heading">Per year</h2>
          <figure class="chart-figure">
            {{{booksChart.svg}}}
            <figcaption>{{booksChart.title}}</figcaption>
          </figure>
          <figure class="chart-figure">
            {{{pagesChart.svg}}}
            <figcaption>{{pagesChart.title}}</figcaption>
          </figure>
          <table class="stats-table">
            <caption>Books and pages read, by year finished</caption>
            <thead><tr><th scope="col">Year</th><th scope="col">Books</th><th scope="col">Pages</th><th scope="col">Average rating</th></tr></thead>
            <tbody>
        {{#years}}
              <tr><th scope="row">{{year}}</th><td>{{books}}</td><td>{{pages}}</td><td>{{#averageRating}}{{averageRating}}{{/averageRating}}{{^averageRating}}–{{/averageRating}}</td></tr>
        {{/years}}
            </tbody>
          </table>
        </section>
        {{/empty(years)}}
        <section aria-labelledby="ratings-heading">
          <h2 id="ratings-heading">Ratings given</h2>
          <dl class="bars">
        {{#ratings}}
            <div class="bar-row"><dt><span class="rating" role="img" aria-label="{{label}} stars">{{label}}</span></dt><dd><span class="bar" style="width: {{percent}}%"></span> {{value}}</dd></div>
        {{/ratings}}
          </dl>
        </section>
        {{#longest}}
        <section aria-labelledby="extremes-heading">
          <h2 id="extremes-heading">Longest and shortest</h2>
          <ul class="book-grid">
        {{#longest}}
        {{> partials/book-card}}
        {{/longest}}
        {{#shortest}}
        {{> partials/book-card}}
        {{/shortest}}
          </ul>
          <p class="counts">Longest: {{longestPages}}{{#shortestPages}} · shortest: {{shortestPages}}{{/shortestPages}}</p>
        </section>
        {{/longest}}
        {{/hasReadBooks}}
        {{/content}}
        {{/layout}}

        """####,
    ]
}
