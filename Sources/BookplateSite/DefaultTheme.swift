// Generated from templates/ by `BOOKPLATE_RECORD_THEME=1 swift test --filter DefaultThemeTests`; do not edit.

/// The default theme, built into Bookplate so that `init` can write it out and a shelf's own
/// `templates/` need only hold the files it changes.
package enum DefaultTheme {
    /// templates/README.md: what every template receives.
    package static let readme = ####"""
        # The default theme

        These files are Bookplate's default theme, built into Bookplate. A shelf's own `templates/` folder
        overrides it file by file: copy just the file you want to change (`bookplate theme copy
        book.mustache`; `bookplate theme list` shows them all, `bookplate theme copy` with no name copies
        every one), and Bookplate takes the rest from the theme built into it — so a new version's
        improvements reach every file you did not change. Templates are [Mustache](https://mustache.github.io),
        read as swift-mustache 2 reads it: variables, sections, inverted sections, comments, partials and
        set delimiters; template inheritance (`{{<layout}}` … `{{$content}}`); and transforms —
        `empty(…)`, `count(…)`, `first(…)`, `last(…)`, `reversed(…)` of a list and `sorted(…)` of a
        list of text or numbers (such as `bioParagraphs`; a list of books or authors is already in its
        order, and `sorted` of it renders nothing, with a warning),
        `uppercased(…)`, `lowercased(…)`, `capitalized(…)` of text, `plusone(…)`, `minusone(…)`,
        `equalzero(…)`, `even(…)`, `odd(…)` of a number, and `first()`, `last()`, `index()`, `even()`,
        `odd()` inside a list's section; there are no others, and a tag naming another
        (`{{uppercase(title)}}`) is a syntax error. One given a value of another kind
        (`{{uppercased(authors)}}`, a list) renders nothing, and the build warns of it with the file and
        line of the tag, as it does a misspelt name. A block a template fills inside its parent tag
        (`{{<layout}}{{$contnet}}`) must be one its parent has — in itself, its own parents or the partials
        they include — or one the tag's own blocks have or include (they are rendered inside the parent),
        or the build stops at that tag, naming the parent's blocks. A dynamic partial,
        `{{>*name}}`, renders the partial whose name
        is the value of `name`, looked up as `{{name}}` would be — `{{>*t.colophon}}` renders the partial
        your translation file names under `colophon`, so each language can have its own — and renders
        nothing when the name finds nothing. What the data names cannot stop a build: a template it names
        that would include itself without end (`{{>*slug}}` in a book's shelves, for a shelf an import
        named `layout`) shows nothing there, and the build says so with the file and line of the tag, as
        it does a misspelt name. There are no lambdas: a template sees values only. A
        `{{% … }}` configuration tag (`{{%CONTENT_TYPE:TEXT}}`, as swift-mustache reads it) is not
        supported: it stops the build as a syntax error does. A missing partial or a syntax error stops
        the build with the file, line and column (for a section left open, where
        it was opened too); a partial that includes itself without end stops it (but for one the data names) with the
        partial's name, and the file, line and column of the tag that includes it where the tag is written
        out. An empty page template or layout (nothing but white space), or a page template that renders
        a page of nothing but white space, stops the build too: the site the last build made stays.

        Bookplate renders Mustache itself, and quickly: each page model answers for its fields by name
        with a typed value, where swift-mustache cast every value from `Any` and read fields by
        reflection. The official Mustache spec runs in Bookplate's `swift test`, all of it but the lambdas
        (templates see page models, never code) and two cases of how an inherited block is re-indented
        (Bookplate indents blocks as swift-mustache 2 did, so themes written for it render unchanged).

        Every value is HTML-escaped by `{{ }}`. Only six values are HTML already and go in `{{{ }}}`:
        `noteHTML` (cmark, safe mode; a book's note's headings have ids, `n-` and a slug of their
        words, so a theme's own ids should not begin with `n-` or `h-`; an Obsidian callout, `> [!tip] Title`, is a
        `<div class="callout" data-callout="tip">` whose first child is `<p class="callout-title">`, or, when it folds
        (`[!tip]-`), a `<details class="callout">` whose `<summary class="callout-title">` is its title;
        a highlight's note too, whose relative links and images are
        written from its book's page, as the book's note's are, and made to lead to the same place from
        every other page that shows it), `bioHTML` (cmark, safe mode, web links
        only), `descriptionHTML` (allow-listed), `textHTML` (a highlight's passage, escaped, each line
        break a `<br>`), `contentHTML` (one of your own pages, through cmark as a note is) and `jsonLD`
        (escaped for a script element). They are the only values `{{{ }}}` and
        `{{& }}` write unescaped: anything else there (a title, a translation) is escaped as `{{ }}` would
        escape it, so no text from a catalog or an import can reach a page as markup.

        ## The site's words

        Every word of the theme comes from `translations/<language>.yaml`, chosen by `language` in
        `content/site.yaml`: English, French, German and Spanish are built in, complete. A template reads a
        word as `{{t.key}}` (`{{t.readingNow}}`); labels that hold numbers or dates ("3 books",
        "14 March 2025", "1,266 pages") arrive already written the language's way. A shelf's own
        `templates/translations/fr.yaml` changes only the keys it names and may add keys for its own
        templates; a key missing everywhere falls back to English, as does a key set to nothing (`key: ~`),
        and `pt-BR` reads `pt.yaml` and then `pt-BR.yaml`. Translations are text: `{{t.key}}` escapes them
        like every value. The `{name}` words of the theme's keys are filled by Bookplate (`readIn: "Read in
        {year}"`); a name it does not fill is published as written, and `build` warns of it.

        A word that counts comes in the forms of the CLDR's plural rules, one key each: `book.one`,
        `book.other`, and for a language that has them `book.zero`, `book.two`, `book.few` and
        `book.many` — a shelf's own `ru.yaml` writes `book.one: "{count} книга"` (1, 21),
        `book.few: "{count} книги"` (2–4, 22) and `book.many: "{count} книг"` (5–20, 25). Bookplate picks
        the form by the count for the labels it writes (`countLabel`, `bookCountLabel`): a template cannot
        (`{{t.book.one}}` shows nothing, and the build says why). A form a table
        does not give is written as `.other`: a `tr.yaml` that gives only `book.other`, as Turkish writes a
        noun the same after any number, is read for every count, and English's `book.one` is not (English
        stays only for the words no table of the language gives at all; over a built-in table, its forms
        stay where yours gives none). The rules are the CLDR's cardinal plural rules (CLDR 47) for
        every language it has rules for, from Afrikaans to Zulu — the rules `Intl.PluralRules` follows in
        the browser, where the search words its counts, so a count on a page and in the search take the
        same form. A tag's region or script is looked past as the browser does (`sr-Latn` counts as `sr`,
        `pt-BR` as `pt`; `pt-PT` has rules of its own), and a language the CLDR has no rules for counts as
        English does, `one` for 1 alone. The search's two counts are written
        `searchFoundOne` and `searchFoundOther`, `searchHighlightsOne` and `searchHighlightsOther`, and
        take the other forms the same way (`searchFoundFew`, `searchHighlightsMany`). Every word that holds a
        `{count}` comes in forms, among them `readTimes` and `readTimesIn` ("Read 3 times: 2019, 2024"),
        `allBeingRead` ("All 14 books being read"), and the goal's `goalAhead` and `goalBehind` ("5 ahead
        of pace"). A counting word written without forms, as `seriesReadCount` was before it had `.one`
        and `.other` and these five were before they had theirs, is still read: as its `.other`, for every
        count. Links are relative; `{{root}}` leads back to the top of the site.

        ## What every page receives

        | variable | meaning |
        |---|---|
        | `root` | the way back to the top, such as `../../` (on `404.html`, the site's absolute path) |
        | `pageTitle` | the text for `<title>` ("Kindred — My Shelf"; a series' page "Dune (series) — My Shelf" and a shelf's "Shelf: Discworld — My Shelf", in the words of `seriesPageTitle` and `shelfPageTitle`, so that no two kinds of page share a title; a name holding right-to-left text or a directional control is isolated in it by U+2068 … U+2069) |
        | `site.title`, `site.description`, `site.language`, `site.owner` | from `content/site.yaml` (a title or description it leaves out is `t.siteTitle` or `t.siteDescription`; `site.description` is absent when set empty) |
        | `site.dir` | `rtl` when the site's language is written right to left, by its primary subtag (`ar`, `he`, `fa`, `ur`, `yi`, `ps`, `sd`, `ug`, `ckb`, `dv`…), absent otherwise; the layout sets `<html dir="rtl">` from it |
        | `site.ownerLabel` | the owner in the site's words, "Ada Reader’s bookshelf" (`t.footerOwner`), for the footer; absent without an `owner` |
        | `site.hasFeed` | whether `feed.xml` exists (it needs `base_url`). The feeds are Bookplate's own, not the theme's: each entry's id (the README says which) never changes and is never given to another book's entry, whatever a theme does |
        | `site.credits` | the catalogs the shelf's facts came from (`name`, `url`, `separator`), for the footer |
        | `site.pages` | the reader's own pages (`content/pages/<name>.md`), by title: each `title` and `url` from the top of the site (`{{root}}{{url}}`); empty when there are none. Past 10 pages, the first 10 and a last link, `t.navAllPages` ("All pages"), to `pages/index.html`, which lists them all: a header linking every page made the site grow with the square of their number |
        | `site.creditsLead` | the words before them, with what joins them to the first: "book data from ", French's "données des livres d’" before Open Library; none when the shelf credits no catalog |
        | `canonical` | the page's own address when `site.yaml` sets `base_url` (none on `404.html`), for `<link rel="canonical">` |
        | `assetVersions.style`, `assetVersions.search`, `assetVersions.favicon` | the first ten hex digits of the SHA-256 of `assets/style.css`, `assets/search.js` and `assets/favicon.svg` (yours where you have one), written after their addresses (`{{root}}assets/style.css?v={{assetVersions.style}}`): a changed file gets a new address, so no browser or CDN pairs new pages with the copy it holds of the old file (GitHub Pages lets them keep one ten minutes); the file keeps its name, and the query is read from `file://` too. A layout of yours that does not write them still renders, with the addresses as they were |

        Blocks of `layout.mustache` a page may fill: `head` (extra `<head>` content), `content`,
        `scripts` (before `</body>`), `description` (the meta description). The layout includes
        `partials/header` (the site's name and its links: shelf, shelves, authors, year in books, and
        the reader's own pages) and
        `partials/footer` (the owner or the site's name, the credits, the feed), which read only what
        every page receives.

        ## Shared shapes

        - **book card** (`partials/book-card`): `url`, `title`, `subtitle`, `lang` (the book's language when it is not the site's, for a `lang` attribute), `authors`, `year`, `cover`,
          `rating`. On a series page it also has `seriesLabel` ("#2 · Read": its place and your status).
        - **authors** (`partials/authors`): a list of `name`, `url`, `separator` (", ", " and " or "").
          The partial's links carry no `dir`: `style.css` sets each name apart from the words beside it
          (`unicode-bidi: plaintext`, on `.byline a` and `.book-card-authors a`), "by …" on a book's page
          and a card's author line alike. A `dir` on each link would not do: a card's author line
          (`dir="auto"`) takes no direction from text that sits only in elements with their own `dir`, and
          was left-aligned in Arabic under a right-aligned title; as it is, the line takes the direction
          of its first name. Set a
          catalog's or the reader's name in running text apart, in `<bdi>` or an element with
          `dir="auto"`: an Arabic title and its Arabic author on an English page come out in the wrong
          order otherwise.
        - **cover** (`partials/cover`): `cover.src`, `cover.width`, `cover.height`, `cover.alt`,
          `cover.isPlaceholder`; for a cover image, `cover.srcset` and `cover.sizes` (its thumbnails, and
          the width it is shown at: a grid column on cards, the cover column on a book's page),
          `cover.color` (its dominant colour, `#rrggbb`), `cover.images` (`path` from the site's top,
          `width`, `height`) and `cover.loadsFirst` (on a book's own page, whose cover is above the fold:
          `loading="eager"`, where cards' covers load lazily). A book without a cover image has a
          placeholder instead, drawn by the theme's CSS, not an image file: `cover.title`, `cover.author` (may be empty; the theme gives both the card's or the book page's `lang`) and `cover.hue`,
          one of twelve colours (0–11, the classes `cover-hue-0` to `cover-hue-11`); `src` is empty.
        - **list link**: `id`, `title` (the year, or "3 books"), `url` (its first page), `count`,
          `countLabel` (beside a year), `pages` (`number`, `url`, `isCurrent`; empty for a list of one page).
        - **pagination** (`partials/pagination`; absent on a list of one page): `label` ("Page 2 of 5"),
          `previous`, `next` (addresses, absent at either end), `pages` (`number`, `url`, `isCurrent`).
        - **extremes** (`partials/extremes`, on `stats` and `year`): the longest and the shortest book
          read, as cards, with `longestPages` and `shortestPages`.
        - **ratings** (`partials/ratings`, on `stats` and `year`): `ratings`, the bars of how many books
          had each rating — each `label` (the stars), `value`, `percent`, `description`.
        - **chart** (`partials/chart`): `id`, `title`, `bars` — each `label`, `value` (written the
          language's way), `percent` (of the largest), `description` (for screen readers, on ratings).
        - **rating**: `stars` (0.25–5 in quarter steps, "4.5" with the language's decimal mark), `filled` (the whole stars, ★), `partial` (how much of the next star is filled — 25, 50 or 75 percent — or nothing for a whole rating; the default theme draws it with `style="--part: {{.}}%"` and the `.rating-part` rule), `empty` (☆), `label` ("Rated 4.5 out of 5").

        ## Page by page

        | template | page | variables |
        |---|---|---|
        | `index` | `index.html` | `bookCount`, `authorCount`, `countsLabel`, `isEmpty`, `reading` (the 12 books begun last among those being read, cards), `readingList` (a list link, when more are being read), `allBeingReadLabel` ("All 14 being read", the words of the link to `readingList`), `recent` (the 12 books finished last, cards), `groups` (each: `id`, `title` — a reading status, or "Series" with a link to each of the first 20 series' pages by name and, when there are more, a last one, `all-series`, "All 34 series", to `series/index.html` — and `lists`: list links), `shelfCount`, `commonplaceURL` (the commonplace book's address, when any highlight is published), `searchCountForms` (the search's counts in forms besides one and other, and its minimum grouping when a language has one: each `attribute` such as `data-found-few` and its `text`) |
        | `list` | `reading/`, `read/<year>/` (`read/undated/`), `to-read/`, `abandoned/`, each `index.html`, then `page/<n>/index.html` | `id`, `title` ("Read in 2024"), `countLabel`, `books` (cards, 100 a page), `pagination` |
        | `book` | `books/<slug>/index.html` | `title`, `subtitle`, `lang` (the book's language when it is not the site's), `authors`, `cover`, `facts` (`label`, `value`), `descriptionHTML` (allow-listed HTML: paragraphs, line breaks, emphasis, lists, block quotes, no attributes — use `{{{descriptionHTML}}}`), `status`, `statusID`, `rating`, `started` (absent for a book to read again), `finished` ("Finished 2 January 2007", "Set aside 10 June 2023" for a book set aside, or "Last read 24 June 2023" for a book to read again), `reads` ("Read 3 times: 2019, 2021, 2024", for a book finished more than once), `series` (each `name`, `url` of its page, `position` such as 2 or 2.5, and `place`, the words of `seriesPlace` — "#2", French "n° 2" —, both absent when unnumbered), `shelves` (`name`, `slug`, `url`), `noteHTML`, `highlights` (the first 100 passages the reader publishes, in the book's order: `anchor` — `h-<id>`, the fragment of its permalink —, `text`, `textHTML`, `noteHTML`, `place` — "p. 42 · loc. 170–172" —), `pagination` (to the pages of the rest of its highlights; absent with 100 or fewer), `credits` (`what` — "Description from ", the words before the link with what joins them to it, French's "Couverture d’" before Open Library —, `source` — "Google Books" —, `url`: where each kind of fact and the cover came from; write `{{what}}<a href="{{url}}">{{source}}</a>`), `metaDescription` (what the book is about, for `<meta name="description">` and `og:description`: its description's start cut after a word, or "Kindred by Octavia E. Butler"), `openGraph` (`property`, `content`), `jsonLD` |
        | `author` | `authors/<slug>/index.html`, then `authors/<slug>/page/<n>/index.html` past 100 books | `name`, `lifeDates`, `photo` (the author's photo from `content/photos/`, absent without one: `src`, `width`, `height`, `alt` — one image, with none of a cover's `srcset`, `sizes` or `color`), `bioHTML` (the bio's Markdown through cmark in safe mode, links kept only to http(s) addresses, images as their description: use `{{{bioHTML}}}`), `metaDescription` (for `<meta name="description">`: the bio's start cut after a word, or "3 books by Terry Pratchett on the shelf"), `bioParagraphs` (the same as plain paragraphs: the rendered bio's text), `books` (cards, 100 a page), `bookCountLabel`, `links` (`title`, `url`), `otherWorks` (`title`, `year`), `pagination`; on the pages after the first only `name`, `lifeDates`, `photo`, `metaDescription`, `books`, `bookCountLabel` and `pagination` (no bio, links or other works) |
        | `authors` | `authors/index.html`, and past 2,000 authors `authors/<letter>.html` (`a.html`, `other.html`), a letter of more than 2,000 paged as `p-2.html` and on | `title` ("Authors", "Authors: B"), `countLabel`, `letterLinks` (`letter`, `url` — its section, or its page —, `countLabel`, `isCurrent`), `letters` (each: `letter`, `anchor`, `authors` — `name`, `sortName`, `url`, `bookCountLabel`; none on a split index), `pagination` (between a letter's pages, when it has several) |
        | `shelves` | `shelves/index.html`, and past 2,000 shelves `shelves/<letter>.html` (`a.html`, `other.html`), a letter of more than 2,000 paged as `t-2.html` and on | `title` ("Shelves", "Shelves: B"), `countLabel`, `shelves` (`name`, `url`, `bookCountLabel`: every shelf by name, one letter's on a letter's page, none on a split index), `letterLinks` (on a split index and its letters' pages: `letter`, `url` of its page, `countLabel`, `isCurrent`; empty otherwise), `isEmpty` (no book is on a shelf), `pagination` (between a letter's pages, when it has several) |
        | `shelf` | `shelves/<slug>/index.html`, then `shelves/<slug>/page/<n>/index.html` | `name`, `bookCountLabel`, `books` (cards, 100 a page), `pagination` |
        | `series-index` | `series/index.html`, when there is a series, and past 2,000 series `series/<letter>.html` (`a.html`, `other.html`), a letter of more than 2,000 paged as `s-2.html` and on | `title` ("Series", "Series: B"), `countLabel`, `letterLinks` (`letter`, `url` — its section, or its page —, `countLabel`, `isCurrent`), `letters` (each: `letter`, `anchor`, `series` — `name`, `url`, `bookCountLabel`; none on a split index), `pagination` (between a letter's pages, when it has several) |
        | `series` | `series/<slug>/index.html`, then `series/<slug>/page/<n>/index.html` | `name`, `countLabel` ("3 books · 2 of 3 read", on every page), `entries` in reading order, each a `book` (a card with `seriesLabel`) or a `gap` ("#3 is not on your shelf", "#5–#9 are not on your shelf"), 100 a page (books and gaps alike, each gap where it falls), `pagination` |
        | `stats` | `stats/index.html` | `hasReadBooks`, `totalsLabel`, `goal` (the current year's pace, when `site.yaml` sets `goal`), `years` (`year`, `url` of its page, `books`, `rereads` — reads finished that year of books read before —, `pages`, "–" when no book has a page count, `averageRating`; books read on no recorded date last, `year` "Date not recorded", `url` their list), `booksChart` and `pagesChart` (charts), `ratings` (bars), `longest`, `shortest` (cards), `longestPages`, `shortestPages` |
        | `year` | `stats/<year>/index.html` | `year`, `title` ("2024 in books"), `summary` (`label`, `value`: books read, pages read, average rating), `goal`, `monthsChart` (a chart of the twelve months), `ratings` (bars), `longest`, `shortest`, `longestPages`, `shortestPages`, `booksLink` (`title`, `url` of the year's list), `olderYear`, `newerYear` (`title`, `url`, and `label`, the year with an arrow that points the way the page reads: "← 2023" and "2025 →", on a right-to-left site "→ 2023" and "2025 ←") |
        | `book-highlights` | `books/<slug>/highlights/page/<n>/index.html`, for a book with more than 100 published highlights (page 1 is the book's own page) | `title` ("Highlights from Kindred"), `heading` (the title around the book's, for a heading that sets the book's title apart with its `lang`: `before` — "Highlights from " —, `name` — the book's title, none when a translation leaves it out —, `after`), `bookTitle`, `bookURL`, `lang` (the book's language when it is not the site's), `countLabel` ("5,000 highlights"), `highlights` (100 a page, as the book's page has them), `pagination` |
        | `commonplace` | `highlights/index.html` (the newest fifty), each year's `highlights/<year>/index.html`, then `page/<n>/index.html`, when any highlight is published | `title` ("Commonplace book", "Highlights of 2024"), `countLabel` ("120 highlights from 14 books"), `years` (list links, on the home only), `homeURL` (the way back to the home, on a year's pages only), `highlights` (each as a book page's, with `bookTitle`, `bookURL`, `lang` — the book's language when it is not the site's —, `authors` (as a card's: `name`, `url`, `separator`; the theme sets each name in `<bdi>`), `byline` — "Terry Pratchett and Neil Gaiman", plain text whose names are not set apart —, `date`, `datetime`, `permalink` — its anchor on the page of its book's highlights that shows it —), `pagination` |
        | `page` | `pages/<name>/index.html`, for each of the reader's `content/pages/<name>.md`; and `pages/index.html`, the list of them all, when there are more than 10 (its title `t.navAllPages`, no `metaDescription`, its `contentHTML` a list of links to them by title) | `title` (the front matter's `title`, else the file's first line when it is a `# Heading`, else the name in words), `metaDescription` (the front matter's `description`, when it has one), `contentHTML` (the Markdown below the title through cmark, as a note: safe unless `allow_raw_html_in_notes`; its top heading an `<h2>`) |
        | `404` | `404.html` | only what every page receives |

        Files under `assets/` are published under `site/assets/`: `style.css`, `favicon.svg` (the open
        book each page names as its icon, outlined so that it shows on light and dark tab bars alike;
        no `<style>` or script, as no SVG the site publishes may hold one), and `search.js`, each
        linked with its `assetVersions` after its address, which loads
        `search-index.js` (named by its `data-index` attribute), which the build writes, the first time the
        search box is used (its address stays the same: it changes with every book, and an address that
        changed with it would rewrite every page at every change; an index that does not load, or does
        not run, or has not come in 30 seconds, gets the words of `data-failed`, and the next use of the
        box tries again), and searches the shelf by title, author and shelf. It lists the books whose
        title is the query first, then those whose title begins with it, then the entries in which every
        word of the query begins a word, then the rest, each group in the index's order (by title),
        looking for a word typed twice once, none that is the start of another word of the query (`dun`
        of `dune dun`), and no more than sixteen words, so that a query of thousands, which a `?q=` link
        can carry, answers at once; it
        folds case, accents, the vowel points of Arabic and Hebrew and width (NFKD) in the query and
        the index alike, and the letters written for one another as the library folds them (Persian ک
        and Arabic ك, ی ى and ي, ة and ه, Hebrew ״ and `"`: the index's first line gives the table); it
        drops apostrophes, a `"` between two Hebrew letters and the characters nobody sees (Unicode's
        default ignorable code points: soft hyphens, zero-width spaces and joiners, byte order marks),
        reads `&` as "and", and cuts words at punctuation as at spaces, and finds a Chinese, Japanese or Korean name written with or without the space
        between its parts ("村上春樹" finds 村上 春樹). It writes its counts with
        the words of its `data-found-…` and `data-highlights-…` attributes, in the forms the browser's
        `Intl.PluralRules` gives the page's `<html lang>` (English's, when a layout of your own writes a
        `lang` the browser cannot read) (and lists the first hundred
        results, each title, name and passage cut after a word past 160 characters, with "…" (a cut
        title or name whole in its `title` attribute), and every book titled exactly as the query past them, saying so with
        `data-showing-first` when there are more), their thousands grouped by its
        `data-group` (`{{t.numberGroupSeparator}}`, as the pages group theirs: "1,234", "1 234"), and only
        from as many digits as the table's `numberGroupMinimum` allows (Spanish's `2` leaves "1234" whole,
        as its pages do; `searchCountForms` then carries `data-group-minimum`); a
        `templates/index.mustache` of your own without `data-group` gets counts ungrouped, as before.

        A style sheet of your own under `assets/` may link fonts and images with `url(…)` and `@import`,
        read from where the sheet is published (`assets/fonts/mine.woff2` is `url(fonts/mine.woff2)` from
        `assets/style.css`): put them under `assets/` too, or in a folder of yours at the top of the site
        (`site/images/`, `url(../images/paper.png)`). Every build names a link to a file that is in
        neither, and where to put it.

        The files editors, sync clients and the system leave in this folder are no part of the theme:
        an editor's backup (`book.mustache~`, `4913`), a system file (`desktop.ini`, `Thumbs.db`,
        `Icon`) and a sync client's conflict copy of a file beside it (`book (Ada's conflicted copy
        2026-11-27).mustache`, `style 2.css`) are left out, templates and assets alike, and every build
        names each. This folder may be a symbolic link (a theme kept in a synced folder): it is
        followed; a link inside it is refused.

        """####

    package static let files: [String: String] = [
        "404.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>{{t.notFoundTitle}}</h1>
        <p class="lede">{{t.notFoundText}}</p>
        <p><a href="{{root}}index.html">{{t.backToShelf}}</a></p>
        {{/content}}
        {{/layout}}

        """####,
        "assets/favicon.svg": ####"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path fill="#e08a4f" stroke="#6e2c0b" stroke-width="1.5" stroke-linejoin="round" d="M3 7c4.5-1.5 9-1.2 12 1v18c-3-2-7.5-2.3-12-1zM29 7c-4.5-1.5-9-1.2-12 1v18c3-2 7.5-2.3 12-1z"/></svg>

        """####,
        "assets/search.js": ####"""
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

        .skip-link { position: absolute; inset-inline-start: -999px; top: 0.5rem; background: var(--card); padding: 0.5rem 1rem; }
        .skip-link:focus { inset-inline-start: 0.5rem; }

        .site-header, .site-footer, main { max-width: 72rem; margin: 0 auto; padding: 0 1.25rem; }
        .site-header {
          display: flex; flex-wrap: wrap; gap: 1rem; align-items: baseline; justify-content: space-between;
          padding-top: 1.25rem; padding-bottom: 1rem; border-bottom: 1px solid var(--rule);
        }
        .site-title { font-size: 1.35rem; font-weight: bold; color: var(--ink); text-decoration: none; }
        /* The links wrap to a second line rather than run off a phone's edge at a large font size or
           with wider text spacing (WCAG 1.4.10, 1.4.12). */
        .site-header ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; list-style: none; margin: 0; padding: 0; }
        .site-footer { margin-top: 4rem; padding-top: 1rem; padding-bottom: 2rem; border-top: 1px solid var(--rule); color: var(--muted); font-size: 0.9rem; }

        h1 { font-size: 2.2rem; line-height: 1.2; margin: 2rem 0 0.5rem; }
        h2 { font-size: 1.4rem; margin: 2.5rem 0 1rem; }
        /* A title of one long word ("Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz")
           breaks where it must rather than pushing the page wider than a phone. */
        h1, h2 { overflow-wrap: anywhere; }
        /* So does a link: an author's name of one long word pushed the book page and the authors index
           wider than the screen. */
        main a { overflow-wrap: anywhere; }
        .lede, .counts, .count, .life-dates, .subtitle, .book-card-meta { color: var(--muted); }
        .lede { max-width: var(--measure); }

        .book-grid {
          display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
          gap: 1.75rem 1.25rem; list-style: none; margin: 0; padding: 0;
        }
        /* A title of one long word wraps in its card rather than widening the grid past a phone. */
        .book-card { display: flex; flex-direction: column; min-width: 0; overflow-wrap: anywhere; }
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
        /* Authors' names carry no dir of their own, which would hide them from a card line's dir="auto"
           (an Arabic author line stood left-aligned under its right-aligned title): the line takes the
           direction of its first name, and each name, on a card and in a book's byline, is still set
           apart in its own. */
        .book-card-authors a, .byline a { unicode-bidi: plaintext; }

        .rating { color: var(--accent); letter-spacing: 0.05em; }
        .rating-empty { color: var(--muted); }
        .series { margin: 0.25rem 0 0; color: var(--muted); }
        .book-card-series { margin: 0; font-size: 0.85rem; color: var(--muted); }
        .series-gap { display: flex; align-items: center; justify-content: center; min-height: 8rem; padding: 1rem;
          border: 1px dashed var(--rule); border-radius: 4px; text-align: center; font-size: 0.9rem; color: var(--muted); }
        .series-books { padding-inline-start: 0; }
        /* A star filled in part: a whole star up to --part, an empty star's outline after it, as the
           empty stars are drawn. The element's own star only holds the place. Drawn as text, it prints
           without the browser's background graphics, which it needed as a background clipped to the
           text (4.5 stars printed as 4), and its two parts no longer differ only by the accent against
           the empty stars' colour, 1.09:1 (3.75 looked like 4): found by an exploratory session. */
        .rating-part { display: inline-block; position: relative; visibility: hidden; }
        .rating-part::before, .rating-part::after { position: absolute; top: 0; left: 0; visibility: visible; }
        .rating-part::before { content: "\2605"; clip-path: inset(0 calc(100% - var(--part)) 0 0); }
        .rating-part::after { content: "\2606"; color: var(--muted); clip-path: inset(0 0 0 var(--part)); }
        /* Right to left, stars fill from the right: a star mirrored is the same star, its fill turned. */
        [dir="rtl"] .rating-part { transform: scaleX(-1); }

        .book { display: grid; grid-template-columns: minmax(10rem, 16rem) 1fr; gap: 2.5rem; margin-top: 2rem; }
        .book h1 { margin-top: 0; }
        .book-body { max-width: var(--measure); min-width: 0; }
        /* A long address in a note or description wraps rather than widening a phone's page. */
        .note, .description, .highlight-note, .page-text { overflow-wrap: anywhere; }
        /* A page title of one long word breaks, as the page's own heading does, and no page is wider than a phone. */
        .site-header a { overflow-wrap: anywhere; }
        .subtitle { font-size: 1.2rem; margin: 0 0 0.5rem; }
        .byline { font-size: 1.1rem; margin: 0; }
        .reading { margin: 1.5rem 0; padding: 1rem 1.25rem; background: var(--card); border: 1px solid var(--rule); border-radius: 6px; }
        .reading p { margin: 0.2rem 0; }
        .status { font-weight: bold; }
        .shelves { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; margin: 0.6rem 0 0; padding: 0; }
        .shelves li { font-size: 0.85rem; padding: 0.1rem 0.6rem; border: 1px solid var(--rule); border-radius: 999px; }
        /* One column on a phone at a large font size: 12rem at 200 % text was wider than the screen
           (found by an exploratory session). */
        .facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(12rem, 100%), 1fr)); gap: 0.75rem 1.5rem; margin: 1.5rem 0; }
        .facts dt { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); }
        .facts dd { margin: 0; }
        .note { border-top: 1px solid var(--rule); margin-top: 2rem; }
        .note blockquote, .page-text blockquote { margin: 1rem 0; padding-inline-start: 1rem; border-inline-start: 3px solid var(--rule); color: var(--muted); }
        /* Obsidian's callouts (`> [!tip] Title`) in a note, a highlight's note or a page: a box with its title;
           one that folds (`[!tip]-`) is a <details> whose title opens it. */
        .callout { margin: 1rem 0; padding: 0 1rem; background: var(--card); border: 1px solid var(--rule); border-inline-start: 4px solid var(--accent); border-radius: 4px; }
        .callout-title { font-weight: bold; margin: 0.75rem 0; }
        summary.callout-title { cursor: pointer; }
        .note pre, .page-text pre { overflow-x: auto; padding: 0.75rem; background: var(--card); border: 1px solid var(--rule); }
        .page-text { max-width: var(--measure); }
        /* An image in anything rendered from Markdown (a note, a highlight's note, a bio, a page) stays in the column. */
        .note img, .highlight-note img, .bio img, .page-text img { max-width: 100%; height: auto; }
        .highlights { border-top: 1px solid var(--rule); margin-top: 2rem; }
        .highlight { margin: 1.25rem 0; }
        .highlight blockquote { margin: 0; padding-inline-start: 1rem; border-inline-start: 3px solid var(--accent); font-style: italic; overflow-wrap: anywhere; }
        .highlight figcaption { margin-top: 0.25rem; color: var(--muted); font-size: 0.9rem; }
        .highlight .permalink { color: var(--muted); text-decoration: none; display: inline-block; min-width: 1.5rem; min-height: 1.5rem; line-height: 1.5rem; text-align: center; }
        .highlight-note { margin-inline-start: 1rem; color: var(--ink); font-size: 1.05rem; }
        .highlight cite { font-style: normal; }
        .year-links h2 { font-size: 1rem; margin-bottom: 0.25rem; }

        .author-header { display: flex; gap: 1.5rem; align-items: center; margin-top: 2rem; }
        .author-header h1 { margin: 0 0 0.25rem; }
        /* A photo of any shape fits the space a portrait takes: one 10×20000 made an author page 256,000 px tall. */
        .author-photo { width: 8rem; height: auto; min-height: 4rem; max-height: 12rem; object-fit: cover; border-radius: 4px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.25); }
        .other-works ul { columns: 18rem; padding-inline-start: 1.2rem; }
        .author-links { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; }
        .bio { max-width: var(--measure); }
        .author-list, .series-list { list-style: none; padding: 0; columns: 16rem; }
        .letter-links ul { display: flex; flex-wrap: wrap; gap: 0.25rem; list-style: none; margin: 1rem 0; padding: 0; }
        .letter-links a { display: inline-block; min-width: 2rem; padding: 0.2rem 0.4rem; text-align: center;
          border: 1px solid var(--rule); border-radius: 4px; text-decoration: none; }
        .letter-links a[aria-current] { background: var(--accent); border-color: var(--accent); color: var(--paper); }
        .author-list li, .series-list li { margin: 0.25rem 0; break-inside: avoid; }

        @media (max-width: 40rem) {
          h1 { font-size: 1.7rem; }
          .book { grid-template-columns: 1fr; gap: 1.25rem; }
          .book-cover { max-width: 12rem; }
          .book-grid { grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); }
          .stats-table th, .stats-table td { padding-inline-end: 0.5rem; }
          .stats-table thead th { font-size: 0.85rem; }
        }

        @media print {
          /* Paper is light whatever the screen is: printed in dark mode, text in the dark colours was
             pale on white. */
          :root { --paper: #fff; --ink: #000; --muted: #444; --accent: #000; --rule: #ccc; --card: #fff; color-scheme: light; }
          /* A search box is nothing on paper. */
          .site-header nav, .skip-link, .search { display: none; }
          body { background: #fff; color: #000; }
          a { color: inherit; }
          /* Paper does not scroll: a long line of code wraps rather than being cut at the block's edge. */
          .note pre, .page-text pre, .highlight-note pre { white-space: pre-wrap; overflow-wrap: anywhere; overflow: visible; }
          /* Browsers leave backgrounds off paper by default: a bar is drawn as its borders, which print,
             and a cover without an image as dark words in a frame (its light words stood on a colour
             that was not printed). Found by an exploratory session. */
          .bar-chart .bar, .bars .bar { background: none; border-block: 0.45rem solid #000; }
          .cover-placeholder { color: #000; background: #fff; box-shadow: none; border: 1px solid #000; }
          .cover-author { color: #444; }
        }

        .search { margin: 1.5rem 0; max-width: var(--measure); }
        .search label { display: block; font-weight: bold; margin-bottom: 0.3rem; }
        .search input {
          width: 100%; font: inherit; padding: 0.5rem 0.75rem; color: var(--ink); background: var(--card);
          border: 1px solid var(--muted); border-radius: 4px;
        }
        .search-results { padding-inline-start: 1.2rem; overflow-wrap: anywhere; }
        .more { margin: 1rem 0 0; }
        .credits { margin-top: 2rem; color: var(--muted); font-size: 0.85rem; }
        .browse > div { display: grid; grid-template-columns: 8rem 1fr; gap: 1rem; padding: 0.6rem 0; border-bottom: 1px solid var(--rule); }
        .browse dt { font-weight: bold; }
        .browse dd { margin: 0; }
        .list-links { list-style: none; margin: 0; padding: 0; columns: 14rem; }
        .list-links li { margin: 0 0 0.3rem; break-inside: avoid; }
        /* A count is one phrase: "Remembrance of Earth's Past 1" over "book" split it in two. */
        .count { white-space: nowrap; }
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
        .chart-figure figcaption { color: var(--muted); font-size: 0.9rem; margin-bottom: 0.4rem; }
        .bar-chart { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
        .bar-chart th { width: 4.5rem; padding-block: 0.15rem; padding-inline: 0 0.75rem; text-align: start; font-weight: normal; white-space: nowrap; }
        /* Bars are a share of the cell's width; the value after the longest runs into its padding. */
        .bar-chart td { padding-block: 0.15rem; padding-inline: 0 3.5rem; white-space: nowrap; }
        .bar-chart .bar { vertical-align: middle; max-width: 100%; }
        .goal { font-size: 1.1rem; }
        .stats-table { border-collapse: collapse; margin: 1.5rem 0; }
        .stats-table caption { text-align: start; color: var(--muted); margin-bottom: 0.5rem; }
        .stats-table th, .stats-table td { padding-block: 0.3rem; padding-inline: 0 1rem; text-align: start; border-bottom: 1px solid var(--rule); }
        /* A table wider than a phone (German and Spanish headings are long) scrolls in its own box
           rather than widening the page. */
        .table-wrap { overflow-x: auto; }
        /* A year in the table never breaks inside ("202" over "5" at 320 px): the table scrolls instead. */
        .stats-table a { overflow-wrap: normal; }
        .bars { max-width: 32rem; }
        /* The stars' column and the room kept for the value after the longest bar shrink on a phone at a
           large font size, where 6rem and 3.5rem made the rows wider than the screen (found by an
           exploratory session). */
        .bar-row { display: grid; grid-template-columns: minmax(0, 6rem) minmax(0, 1fr); align-items: center; gap: 0.5rem; }
        .bar-row dd { margin: 0; padding-inline-end: min(3.5rem, 20%); display: flex; align-items: center; gap: 0.4rem; white-space: nowrap; }
        .bar-row .bar { max-width: 100%; flex-shrink: 0; }
        .bar { display: inline-block; height: 0.9rem; background: var(--accent); min-width: 1px; max-width: calc(100% - 3rem); }
        @media (max-width: 40rem) {
          .browse > div { grid-template-columns: 1fr; gap: 0.3rem; }
        }
        /* High contrast (forced colours) takes away backgrounds and shadows: the current page, the bars
           of the charts and the frame of a cover without an image are drawn in the system's colours
           instead. (A part star is text, a whole star and an outline, which the system's colours keep.) */
        @media (forced-colors: active) {
          .pagination a[aria-current], .letter-links a[aria-current] {
            forced-color-adjust: none; background: Highlight; border-color: Highlight; color: HighlightText;
          }
          .bar { forced-color-adjust: none; background: CanvasText; }
          .cover-placeholder { border: 2px solid CanvasText; }
        }

        """####,
        "author.mustache": ####"""
        {{<layout}}
        {{$description}}{{metaDescription}}{{/description}}
        {{$content}}
        <article class="author">
          <header class="author-header">
            {{#photo}}<img class="author-photo" src="{{src}}" width="{{width}}" height="{{height}}" alt="{{alt}}">{{/photo}}
            <div>
              <h1 dir="auto">{{name}}</h1>
              {{#lifeDates}}<p class="life-dates">{{.}}</p>{{/lifeDates}}
            </div>
          </header>
          {{#bioHTML}}
          <section class="bio" aria-labelledby="bio-heading">
            <h2 id="bio-heading">{{t.biography}}</h2>
            <div dir="auto">
        {{{bioHTML}}}
            </div>
          </section>
          {{/bioHTML}}
          <section aria-labelledby="books-heading">
            <h2 id="books-heading">{{bookCountLabel}}</h2>
            <ul class="book-grid">
        {{#books}}
        {{> partials/book-card}}
        {{/books}}
            </ul>
        {{> partials/pagination}}
          </section>
          {{^empty(links)}}
          <ul class="author-links" aria-label="{{t.elsewhere}}">
        {{#links}}
            <li><a href="{{url}}" rel="external">{{title}}</a></li>
        {{/links}}
          </ul>
          {{/empty(links)}}
          {{^empty(otherWorks)}}
          <section class="other-works" aria-labelledby="works-heading">
            <h2 id="works-heading">{{t.otherWorks}}</h2>
            <ul>
        {{#otherWorks}}
              <li><bdi>{{title}}</bdi>{{#year}} <span class="count">({{.}})</span>{{/year}}</li>
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
        <h1>{{title}}</h1>
        <p class="counts">{{countLabel}}</p>
        <nav class="letter-links" aria-label="{{t.authorsByLetter}}">
          <ul>
        {{#letterLinks}}
            <li>{{#isCurrent}}<a href="{{url}}" aria-current="page">{{letter}}</a>{{/isCurrent}}{{^isCurrent}}<a href="{{url}}" title="{{countLabel}}">{{letter}}</a>{{/isCurrent}}</li>
        {{/letterLinks}}
          </ul>
        </nav>
        {{#letters}}
        <section class="author-letter" aria-labelledby="letter-{{anchor}}">
          <h2 id="letter-{{anchor}}">{{letter}}</h2>
          <ul class="author-list">
        {{#authors}}
            <li><a href="{{url}}" dir="auto">{{name}}</a> <span class="count">{{bookCountLabel}}</span></li>
        {{/authors}}
          </ul>
        </section>
        {{/letters}}
        {{> partials/pagination}}
        {{/content}}
        {{/layout}}

        """####,
        "book-highlights.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1 dir="auto">{{#heading}}{{before}}{{#name}}<span dir="auto"{{#lang}} lang="{{.}}"{{/lang}}>{{.}}</span>{{/name}}{{after}}{{/heading}}</h1>
        <p class="counts">{{countLabel}} · <a href="{{bookURL}}" dir="auto"{{#lang}} lang="{{.}}"{{/lang}}>{{bookTitle}}</a>{{#pagination}} · {{label}}{{#next}} · <a href="{{.}}" rel="next">{{t.next}}</a>{{/next}}{{/pagination}}</p>
        <section class="highlights" aria-label="{{t.highlights}}">
        {{#highlights}}
          <figure class="highlight" id="{{anchor}}">
            <blockquote dir="auto"{{#lang}} lang="{{.}}"{{/lang}}><p>{{{textHTML}}}</p></blockquote>
            <figcaption>{{#place}}<span class="place">{{place}}</span> {{/place}}<a class="permalink" href="#{{anchor}}" aria-label="{{t.linkToHighlight}}">#</a>
        {{#noteHTML}}
            <div class="highlight-note" dir="auto">
        {{{noteHTML}}}
            </div>
        {{/noteHTML}}
            </figcaption>
          </figure>
        {{/highlights}}
        </section>
        {{> partials/pagination}}
        {{/content}}
        {{/layout}}

        """####,
        "book.mustache": ####"""
        {{<layout}}
        {{$description}}{{metaDescription}}{{/description}}
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
              <h1 dir="auto"{{#lang}} lang="{{.}}"{{/lang}}>{{title}}</h1>
              {{#subtitle}}<p class="subtitle" dir="auto"{{#lang}} lang="{{.}}"{{/lang}}>{{.}}</p>{{/subtitle}}
              {{^empty(authors)}}<p class="byline">{{t.by}} {{> partials/authors}}</p>{{/empty(authors)}}{{#series}}<p class="series"><a href="{{url}}" dir="auto">{{name}}</a>{{#place}} · {{.}}{{/place}}</p>{{/series}}
            </header>
            <section class="reading" aria-label="{{t.myReading}}">
              <p><span class="status status-{{statusID}}">{{status}}</span>{{#rating}} <span class="rating" role="img" aria-label="{{label}}"><span aria-hidden="true">{{filled}}{{#partial}}<span class="rating-part" style="--part: {{.}}%">★</span>{{/partial}}<span class="rating-empty">{{empty}}</span></span></span>{{/rating}}</p>
              {{#started}}<p>{{.}}</p>{{/started}}
              {{#finished}}<p>{{.}}</p>{{/finished}}{{#reads}}<p class="reads">{{.}}</p>{{/reads}}
              {{^empty(shelves)}}<ul class="shelves" aria-label="{{t.navShelves}}">{{#shelves}}<li><a href="{{url}}" dir="auto">{{name}}</a></li>{{/shelves}}</ul>{{/empty(shelves)}}
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
              <h2 id="about-heading">{{t.aboutTheBook}}</h2>
              <div dir="auto">
        {{{descriptionHTML}}}
              </div>
            </section>
            {{/descriptionHTML}}
            {{#noteHTML}}
            <section class="note" aria-labelledby="note-heading">
              <h2 id="note-heading">{{t.myNotes}}</h2>
              <div dir="auto">
        {{{noteHTML}}}
              </div>
            </section>
            {{/noteHTML}}
            {{^empty(highlights)}}
            <section class="highlights" aria-labelledby="highlights-heading">
              <h2 id="highlights-heading">{{t.highlights}}</h2>
              {{#highlights}}
              <figure class="highlight" id="{{anchor}}">
                <blockquote dir="auto"{{#lang}} lang="{{.}}"{{/lang}}><p>{{{textHTML}}}</p></blockquote>
                <figcaption>{{#place}}<span class="place">{{place}}</span> {{/place}}<a class="permalink" href="#{{anchor}}" aria-label="{{t.linkToHighlight}}">#</a>
                {{#noteHTML}}
                <div class="highlight-note" dir="auto">
        {{{noteHTML}}}
                </div>
                {{/noteHTML}}
                </figcaption>
              </figure>
              {{/highlights}}
        {{> partials/pagination}}
              <p class="more"><a href="{{root}}highlights/index.html">{{t.allHighlights}}</a></p>
            </section>
            {{/empty(highlights)}}
            {{^empty(credits)}}
            <p class="credits">{{#credits}}{{what}}<a href="{{url}}">{{source}}</a>{{^last()}} · {{/last()}}{{/credits}}</p>
            {{/empty(credits)}}
          </div>
        </article>
        {{/content}}
        {{/layout}}

        """####,
        "commonplace.mustache": ####"""
        {{<layout}}
        {{$head}}
        {{#site.hasFeed}}
        <link rel="alternate" type="application/atom+xml" title="{{t.highlightsFeed}}" href="{{root}}highlights/feed.xml">
        {{/site.hasFeed}}
        {{/head}}
        {{$content}}
        <h1 id="page-heading">{{title}}</h1>
        <p class="counts">{{countLabel}}{{#homeURL}} · <a href="{{.}}">{{t.commonplaceBook}}</a>{{/homeURL}} · <a href="{{root}}index.html#browse">{{t.wholeShelf}}</a>{{#site.hasFeed}} · <a href="{{root}}highlights/feed.xml">{{t.highlightsFeed}}</a>{{/site.hasFeed}}{{#pagination}} · {{label}}{{#next}} · <a href="{{.}}" rel="next">{{t.next}}</a>{{/next}}{{/pagination}}</p>
        {{^empty(years)}}
        <nav class="year-links" aria-labelledby="highlight-years">
          <h2 id="highlight-years">{{t.highlightsByYear}}</h2>
          <ul class="list-links">
        {{#years}}
            <li id="list-{{id}}"><a href="{{url}}">{{title}}</a> <span class="count">{{countLabel}}</span>{{^empty(pages)}}<span class="page-links"> · {{t.pages}}{{#pages}} <a href="{{url}}">{{number}}</a>{{/pages}}</span>{{/empty(pages)}}</li>
        {{/years}}
          </ul>
        </nav>
        {{/empty(years)}}
        {{^homeURL}}
        <section class="commonplace" aria-labelledby="commonplace-heading">
          <h2 id="commonplace-heading">{{t.latestHighlights}}</h2>
        {{/homeURL}}
        {{#homeURL}}
        <section class="commonplace" aria-labelledby="page-heading">
        {{/homeURL}}
        {{#highlights}}
          <figure class="highlight" id="{{anchor}}">
            <blockquote dir="auto"{{#lang}} lang="{{.}}"{{/lang}}><p>{{{textHTML}}}</p></blockquote>
            <figcaption><cite dir="auto"{{#lang}} lang="{{.}}"{{/lang}}><a href="{{bookURL}}">{{bookTitle}}</a></cite>{{^empty(authors)}}, {{#authors}}<bdi>{{name}}</bdi>{{separator}}{{/authors}}{{/empty(authors)}}{{#place}} · <span class="place">{{.}}</span>{{/place}}{{#date}} · <time datetime="{{datetime}}">{{.}}</time>{{/date}} <a class="permalink" href="{{permalink}}" aria-label="{{t.linkToHighlight}}">#</a>
        {{#noteHTML}}
            <div class="highlight-note" dir="auto">
        {{{noteHTML}}}
            </div>
        {{/noteHTML}}
            </figcaption>
          </figure>
        {{/highlights}}
        </section>
        {{> partials/pagination}}
        {{/content}}
        {{/layout}}

        """####,
        "index.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>{{site.title}}</h1>
        {{#site.description}}
        <p class="lede">{{site.description}}</p>
        {{/site.description}}
        {{#isEmpty}}
        <p class="empty">{{t.emptyShelf}} {{t.emptyShelfHint}} <code>bookplate add --title "…" --author "…"</code></p>
        {{/isEmpty}}
        {{^isEmpty}}
        <p class="counts">{{countsLabel}} · <a href="authors/index.html">{{t.allAuthors}}</a> · <a href="shelves/index.html">{{t.shelves}}</a>{{#commonplaceURL}} · <a href="{{.}}">{{t.commonplaceBook}}</a>{{/commonplaceURL}}</p>
        <form class="search" role="search" hidden>
          <label for="search-input">{{t.searchLabel}}</label>
          <input id="search-input" type="search" autocomplete="off" placeholder="{{t.searchPlaceholder}}">
          <p id="search-status" class="counts" aria-live="polite"></p>
          <ul id="search-results" class="search-results"></ul>
        </form>
        {{/isEmpty}}
        <div id="shelf-sections">
        {{^empty(reading)}}
        <section class="shelf-section" id="reading-now" aria-labelledby="reading-now-heading">
          <h2 id="reading-now-heading">{{t.readingNow}}</h2>
          <ul class="book-grid">
        {{#reading}}
        {{> partials/book-card}}
        {{/reading}}
          </ul>
        {{#readingList}}
          <p class="more"><a href="{{url}}">{{allBeingReadLabel}}</a></p>
        {{/readingList}}
        </section>
        {{/empty(reading)}}
        {{^empty(groups)}}
        <section class="shelf-section" id="browse" aria-labelledby="browse-heading">
          <h2 id="browse-heading">{{t.wholeShelf}}</h2>
          <dl class="browse">
        {{#groups}}
            <div><dt id="{{id}}-lists">{{title}}</dt><dd><ul class="list-links" aria-labelledby="{{id}}-lists">
        {{#lists}}
              <li id="list-{{id}}"><a href="{{url}}" dir="auto">{{title}}</a>{{#countLabel}} <span class="count">{{.}}</span>{{/countLabel}}{{^empty(pages)}}<span class="page-links"> · {{t.pages}}{{#pages}} <a href="{{url}}">{{number}}</a>{{/pages}}</span>{{/empty(pages)}}</li>
        {{/lists}}
            </ul></dd></div>
        {{/groups}}
          </dl>
        </section>
        {{/empty(groups)}}
        {{^empty(recent)}}
        <section class="shelf-section" id="recent" aria-labelledby="recent-heading">
          <h2 id="recent-heading">{{t.finishedLately}}</h2>
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
        <script src="assets/search.js?v={{assetVersions.search}}" data-index="search-index.js" data-loading="{{t.searchLoading}}" data-failed="{{t.searchFailed}}" data-found-one="{{t.searchFoundOne}}" data-found-other="{{t.searchFoundOther}}" data-highlights-one="{{t.searchHighlightsOne}}" data-highlights-other="{{t.searchHighlightsOther}}" data-quote-open="{{t.quoteOpen}}" data-quote-close="{{t.quoteClose}}" data-showing-first="{{t.searchShowingFirst}}" data-group="{{t.numberGroupSeparator}}"{{#searchCountForms}} {{attribute}}="{{text}}"{{/searchCountForms}}></script>
        {{/isEmpty}}
        {{/scripts}}
        {{/layout}}

        """####,
        "layout.mustache": ####"""
        <!doctype html>
        <html lang="{{site.language}}"{{#site.dir}} dir="{{.}}"{{/site.dir}}>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{pageTitle}}</title>
        <meta name="description" content="{{$description}}{{site.description}}{{/description}}">
        <meta name="color-scheme" content="light dark">
        {{#canonical}}<link rel="canonical" href="{{.}}">{{/canonical}}
        <meta name="generator" content="Bookplate">
        <link rel="stylesheet" href="{{root}}assets/style.css?v={{assetVersions.style}}">
        <link rel="icon" href="{{root}}assets/favicon.svg?v={{assetVersions.favicon}}" type="image/svg+xml">
        {{#site.hasFeed}}
        <link rel="alternate" type="application/atom+xml" title="{{site.title}}" href="{{root}}feed.xml">
        {{/site.hasFeed}}
        {{$head}}{{/head}}
        </head>
        <body>
        <a class="skip-link" href="#main">{{t.skipToContent}}</a>
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
        <p class="counts">{{countLabel}} · <a href="{{root}}index.html#browse">{{t.wholeShelf}}</a>{{#pagination}} · {{label}}{{#next}} · <a href="{{.}}" rel="next">{{t.next}}</a>{{/next}}{{/pagination}}</p>
        <ul class="book-grid" id="{{id}}">
        {{#books}}
        {{> partials/book-card}}
        {{/books}}
        </ul>
        {{> partials/pagination}}
        {{/content}}
        {{/layout}}

        """####,
        "page.mustache": ####"""
        {{<layout}}
        {{$description}}{{#metaDescription}}{{.}}{{/metaDescription}}{{^metaDescription}}{{site.description}}{{/metaDescription}}{{/description}}
        {{$content}}
        <article class="page">
        <h1 dir="auto">{{title}}</h1>
        <div class="page-text" dir="auto">
        {{{contentHTML}}}
        </div>
        </article>
        {{/content}}
        {{/layout}}

        """####,
        "partials/authors.mustache": ####"""
        {{#authors}}<a href="{{url}}">{{name}}</a>{{separator}}{{/authors}}
        """####,
        "partials/book-card.mustache": ####"""
        <li class="book-card">
          <a class="book-card-cover" href="{{url}}" tabindex="-1" aria-hidden="true">{{> partials/cover}}</a>
          {{#seriesLabel}}<p class="book-card-series">{{.}}</p>{{/seriesLabel}}<p class="book-card-title" dir="auto"{{#lang}} lang="{{.}}"{{/lang}}><a href="{{url}}">{{title}}</a></p>
          {{^empty(authors)}}<p class="book-card-authors" dir="auto">{{> partials/authors}}</p>{{/empty(authors)}}
          <p class="book-card-meta">{{#year}}<span>{{.}}</span>{{/year}}{{#rating}} <span class="rating" role="img" aria-label="{{label}}"><span aria-hidden="true">{{filled}}{{#partial}}<span class="rating-part" style="--part: {{.}}%">★</span>{{/partial}}<span class="rating-empty">{{empty}}</span></span></span>{{/rating}}</p>
        </li>

        """####,
        "partials/chart.mustache": ####"""
        <figure class="chart-figure" id="{{id}}">
          <figcaption>{{title}}</figcaption>
          <table class="bar-chart">
            <tbody>
        {{#bars}}
              <tr><th scope="row">{{label}}</th><td><span class="bar" style="width: {{percent}}%"></span> {{value}}</td></tr>
        {{/bars}}
            </tbody>
          </table>
        </figure>

        """####,
        "partials/cover.mustache": ####"""
        {{#cover}}{{#isPlaceholder}}<span class="cover cover-placeholder cover-hue-{{hue}}" role="img" aria-label="{{alt}}"><span class="cover-title" dir="auto"{{#lang}} lang="{{.}}"{{/lang}}>{{title}}</span>{{#cover.author}}<span class="cover-author" dir="auto"{{#lang}} lang="{{.}}"{{/lang}}>{{.}}</span>{{/cover.author}}</span>{{/isPlaceholder}}{{^isPlaceholder}}<img class="cover" src="{{src}}"{{#srcset}} srcset="{{srcset}}" sizes="{{sizes}}"{{/srcset}} width="{{width}}" height="{{height}}" alt="{{alt}}" loading="{{#loadsFirst}}eager{{/loadsFirst}}{{^loadsFirst}}lazy{{/loadsFirst}}" decoding="async"{{#color}} style="background-color: {{.}}"{{/color}}>{{/isPlaceholder}}{{/cover}}

        """####,
        "partials/extremes.mustache": ####"""
        {{#longest}}
        <section aria-labelledby="extremes-heading">
          <h2 id="extremes-heading">{{t.longestAndShortest}}</h2>
          <ul class="book-grid">
        {{#longest}}
        {{> partials/book-card}}
        {{/longest}}
        {{#shortest}}
        {{> partials/book-card}}
        {{/shortest}}
          </ul>
          <p class="counts">{{longestPages}}{{#shortestPages}} · {{.}}{{/shortestPages}}</p>
        </section>
        {{/longest}}

        """####,
        "partials/footer.mustache": ####"""
        <footer class="site-footer">
          <p>{{#site.ownerLabel}}{{.}} · {{/site.ownerLabel}}{{^site.ownerLabel}}<bdi>{{site.title}}</bdi> · {{/site.ownerLabel}}{{t.footerMadeWith}}{{#site.creditsLead}} · {{.}}{{#site.credits}}<a href="{{url}}">{{name}}</a>{{separator}}{{/site.credits}}{{/site.creditsLead}}{{#site.hasFeed}} · <a href="{{root}}feed.xml">{{t.footerFeed}}</a>{{/site.hasFeed}}</p>
        </footer>

        """####,
        "partials/header.mustache": ####"""
        <header class="site-header">
          <a class="site-title" href="{{root}}index.html">{{site.title}}</a>
          <nav aria-label="{{t.navSite}}">
            <ul>
              <li><a href="{{root}}index.html">{{t.navShelf}}</a></li>
              <li><a href="{{root}}shelves/index.html">{{t.navShelves}}</a></li>
              <li><a href="{{root}}authors/index.html">{{t.navAuthors}}</a></li>
              <li><a href="{{root}}stats/index.html">{{t.navYearInBooks}}</a></li>
        {{#site.pages}}
              <li><a href="{{root}}{{url}}">{{title}}</a></li>
        {{/site.pages}}
            </ul>
          </nav>
        </header>

        """####,
        "partials/pagination.mustache": ####"""
        {{#pagination}}
        <nav class="pagination" aria-label="{{t.paginationLabel}}">
          <p class="counts">{{label}}</p>
          <ul>
        {{#previous}}    <li><a href="{{.}}" rel="prev">{{t.previous}}</a></li>
        {{/previous}}
        {{#pages}}
            <li>{{#isCurrent}}<a href="{{url}}" aria-current="page">{{number}}</a>{{/isCurrent}}{{^isCurrent}}<a href="{{url}}">{{number}}</a>{{/isCurrent}}</li>
        {{/pages}}
        {{#next}}    <li><a href="{{.}}" rel="next">{{t.next}}</a></li>
        {{/next}}
          </ul>
        </nav>
        {{/pagination}}

        """####,
        "partials/ratings.mustache": ####"""
        <dl class="bars">
        {{#ratings}}
          <div class="bar-row"><dt><span class="rating" role="img" aria-label="{{description}}">{{label}}</span></dt><dd><span class="bar" style="width: {{percent}}%"></span> {{value}}</dd></div>
        {{/ratings}}
        </dl>

        """####,
        "series-index.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>{{title}}</h1>
        <p class="counts">{{countLabel}}</p>
        <nav class="letter-links" aria-label="{{t.seriesByLetter}}">
          <ul>
        {{#letterLinks}}
            <li>{{#isCurrent}}<a href="{{url}}" aria-current="page">{{letter}}</a>{{/isCurrent}}{{^isCurrent}}<a href="{{url}}" title="{{countLabel}}">{{letter}}</a>{{/isCurrent}}</li>
        {{/letterLinks}}
          </ul>
        </nav>
        {{#letters}}
        <section class="series-letter" aria-labelledby="letter-{{anchor}}">
          <h2 id="letter-{{anchor}}">{{letter}}</h2>
          <ul class="series-list">
        {{#series}}
            <li><a href="{{url}}" dir="auto">{{name}}</a> <span class="count">{{bookCountLabel}}</span></li>
        {{/series}}
          </ul>
        </section>
        {{/letters}}
        {{> partials/pagination}}
        {{/content}}
        {{/layout}}

        """####,
        "series.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1 dir="auto">{{name}}</h1>
        <p class="counts">{{countLabel}} · <a href="{{root}}series/index.html">{{t.allSeries}}</a>{{#pagination}} · {{label}}{{#next}} · <a href="{{.}}" rel="next">{{t.next}}</a>{{/next}}{{/pagination}}</p>
        <ol class="book-grid series-books">
        {{#entries}}
        {{#book}}
        {{> partials/book-card}}
        {{/book}}
        {{#gap}}
        <li class="series-gap"><p>{{.}}</p></li>
        {{/gap}}
        {{/entries}}
        </ol>
        {{> partials/pagination}}
        {{/content}}
        {{/layout}}

        """####,
        "shelf.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1 dir="auto">{{name}}</h1>
        <p class="counts">{{bookCountLabel}} · <a href="{{root}}shelves/index.html">{{t.allShelves}}</a>{{#pagination}} · {{label}}{{#next}} · <a href="{{.}}" rel="next">{{t.next}}</a>{{/next}}{{/pagination}}</p>
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
        <h1>{{title}}</h1>
        <p class="counts">{{countLabel}}</p>
        {{^empty(letterLinks)}}
        <nav class="letter-links" aria-label="{{t.shelvesByLetter}}">
          <ul>
        {{#letterLinks}}
            <li>{{#isCurrent}}<a href="{{url}}" aria-current="page">{{letter}}</a>{{/isCurrent}}{{^isCurrent}}<a href="{{url}}" title="{{countLabel}}">{{letter}}</a>{{/isCurrent}}</li>
        {{/letterLinks}}
          </ul>
        </nav>
        {{/empty(letterLinks)}}
        {{^empty(shelves)}}
        <ul class="shelf-list">
        {{#shelves}}
          <li><a href="{{url}}" dir="auto">{{name}}</a> <span class="count">{{bookCountLabel}}</span></li>
        {{/shelves}}
        </ul>
        {{/empty(shelves)}}
        {{> partials/pagination}}
        {{#isEmpty}}
        <p class="empty">{{t.noShelves}} <code>bookplate edit BOOK --shelf NAME</code></p>
        {{/isEmpty}}
        {{/content}}
        {{/layout}}

        """####,
        "stats.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>{{t.yearInBooks}}</h1>
        {{^hasReadBooks}}
        <p class="empty">{{t.noReadBooks}} <code>bookplate edit BOOK --status read</code></p>
        {{/hasReadBooks}}
        {{#hasReadBooks}}
        <p class="lede">{{totalsLabel}}</p>
        {{#goal}}<p class="goal"><strong>{{t.goal}}</strong> · {{.}}</p>{{/goal}}
        {{^empty(years)}}
        <section aria-labelledby="per-year-heading">
          <h2 id="per-year-heading">{{t.perYear}}</h2>
          <div class="table-wrap" tabindex="0" role="region" aria-labelledby="per-year-caption">
          <table class="stats-table">
            <caption id="per-year-caption">{{t.booksAndPagesByYear}}</caption>
            <thead><tr><th scope="col">{{t.year}}</th><th scope="col">{{t.books}}</th><th scope="col">{{t.rereads}}</th><th scope="col">{{t.pageCount}}</th><th scope="col">{{t.averageRating}}</th></tr></thead>
            <tbody>
        {{#years}}
              <tr><th scope="row"><a href="{{url}}">{{year}}</a></th><td>{{books}}</td><td>{{rereads}}</td><td>{{pages}}</td><td>{{#averageRating}}{{averageRating}}{{/averageRating}}{{^averageRating}}–{{/averageRating}}</td></tr>
        {{/years}}
            </tbody>
          </table>
          </div>
        {{#booksChart}}
        {{> partials/chart}}
        {{/booksChart}}
        {{#pagesChart}}
        {{> partials/chart}}
        {{/pagesChart}}
        </section>
        {{/empty(years)}}
        <section aria-labelledby="ratings-heading">
          <h2 id="ratings-heading">{{t.ratingsGiven}}</h2>
        {{> partials/ratings}}
        </section>
        {{> partials/extremes}}
        {{/hasReadBooks}}
        {{/content}}
        {{/layout}}

        """####,
        "translations/de.yaml": ####"""
        # Die Wörter des Standardthemas, auf Deutsch (siehe en.yaml).
        skipToContent: Zum Inhalt springen
        navSite: Website
        navShelf: Regal
        navShelves: Regale
        navAuthors: Autoren
        navYearInBooks: Lesejahr
        navAllPages: Alle Seiten
        footerOwner: "Das Bücherregal von {owner}"
        siteTitle: Mein Bücherregal
        siteDescription: Die Bücher, die ich gelesen habe, gerade lese und noch lesen will.
        footerMadeWith: gemacht mit Bookplate
        footerBookData: Buchdaten von
        footerBookDataEach: ""
        footerFeed: Atom-Feed
        allAuthors: alle Autoren
        allShelves: alle Regale
        shelves: Regale
        emptyShelf: Das Regal ist leer.
        emptyShelfHint: "Füge mit diesem Befehl ein Buch hinzu und baue dann neu:"
        searchLabel: Im Regal suchen
        searchPlaceholder: Titel, Autor, Regal oder Textstelle
        searchLoading: Der Index wird geladen…
        searchFailed: Der Suchindex konnte nicht geladen werden.
        searchFoundOne: "{count} Buch gefunden"
        searchFoundOther: "{count} Bücher gefunden"
        searchShowingFirst: "die ersten {count} angezeigt: ein weiteres Wort grenzt ein"
        readingNow: Aktuelle Lektüre
        allBeingRead.one: "Das {count} Buch, das gerade gelesen wird"
        allBeingRead.other: "Alle {count} Bücher, die gerade gelesen werden"
        wholeShelf: Das ganze Regal
        finishedLately: Zuletzt beendet
        pages: Seiten
        statusReading: Aktuelle Lektüre
        statusRead: Gelesen
        statusToRead: Zu lesen
        statusAbandoned: Beiseitegelegt
        bookStatusReading: Wird gelesen
        bookStatusRead: Gelesen
        bookStatusToRead: Zu lesen
        bookStatusAbandoned: Beiseitegelegt
        readIn: "Gelesen {year}"
        readUndated: Gelesen, ohne Datum
        statsUndated: Ohne Datum
        dateNotRecorded: Ohne Datum
        pageTitleNumbered: "{name}, Seite {page}"
        seriesPageTitle: "{name} (Reihe)"
        shelfPageTitle: "Regal: {name}"
        pageOf: "Seite {page} von {pages}"
        paginationLabel: Seiten
        previous: ← Zurück
        next: Weiter →
        book.one: "{count} Buch"
        book.other: "{count} Bücher"
        author.one: "{count} Autor"
        author.other: "{count} Autoren"
        shelf.one: "{count} Regal"
        shelf.other: "{count} Regale"
        page.one: "{count} Seite"
        page.other: "{count} Seiten"
        bookOnShelf.one: "{count} Buch im Regal"
        bookOnShelf.other: "{count} Bücher im Regal"
        booksByAuthors: "{books} von {authors}"
        noShelves: "Noch keine Regale. Stelle ein Buch mit diesem Befehl in eines:"
        authorsByLetter: Autoren nach Buchstaben
        authorsOfLetter: "Autoren: {letter}"
        authorsTitle: Autoren
        shelvesTitle: Regale
        shelvesByLetter: Regale nach Buchstaben
        shelvesOfLetter: "Regale: {letter}"
        by: von
        myReading: Meine Lektüre
        started: "Begonnen am {date}"
        finished: "Beendet am {date}"
        setAside: "Beiseitegelegt am {date}"
        lastRead: "Zuletzt gelesen am {date}"
        startedIn: "Begonnen {date}"
        finishedIn: "Beendet {date}"
        setAsideIn: "Beiseitegelegt {date}"
        lastReadIn: "Zuletzt gelesen {date}"
        readTimes.one: "{count}-mal gelesen"
        readTimes.other: "{count}-mal gelesen"
        readTimesIn.one: "{count}-mal gelesen: {years}"
        readTimesIn.other: "{count}-mal gelesen: {years}"
        aboutTheBook: Über das Buch
        myNotes: Meine Notizen
        highlights: Markierungen
        bookHighlightsTitle: "Markierungen aus {name}"
        linkToHighlight: Link zu dieser Markierung
        highlightPage: "S. {page}"
        highlightLocation: "Pos. {location}"
        commonplaceBook: Zitatsammlung
        highlightsOf: "Markierungen aus {year}"
        highlight.one: "{count} Markierung"
        highlight.other: "{count} Markierungen"
        # „aus“ verlangt den Dativ („aus 2 Büchern“), den das Zählwort nicht kennt: die Bücher zuerst,
        # und nach „mit“ bleibt „Markierung(en)“, wie es ist.
        highlightsFromBooks: "{books} mit {highlights}"
        highlightsByYear: Nach Jahr
        latestHighlights: Neueste Markierungen
        allHighlights: Alle Markierungen
        highlightsFeed: Markierungen (Atom-Feed)
        searchHighlightsOne: "{count} Markierung"
        searchHighlightsOther: "{count} Markierungen"
        publisher: Verlag
        published: Erschienen
        pageCount: Seiten
        language: Sprache
        isbn13: ISBN-13
        isbn10: ISBN-10
        descriptionFrom: Beschreibung von
        detailsFrom: Angaben von
        coverFrom: Cover von
        coverOf: "Cover von {title}"
        photoOf: "Foto von {name}"
        ratedOutOfFive: "Bewertet mit {stars} von 5"
        listAndTwo: " und "
        listAndLast: " und "
        listComma: ", "
        born: "geboren {date}"
        died: "gestorben {date}"
        bornIn: "geboren {date}"
        diedIn: "gestorben {date}"
        authorDescription: "{books} von {name} im Regal"
        biography: Biografie
        elsewhere: Anderswo
        otherWorks: Weitere Werke
        notFoundTitle: Seite nicht gefunden
        notFoundText: Unter dieser Adresse gibt es keine Seite. Vielleicht ist das Buch umgezogen, oder der Link ist falsch geschrieben.
        backToShelf: Zurück zum Regal
        yearInBooks: Lesejahr
        yearInBooksOf: "Das Lesejahr {year}"
        noReadBooks: "Noch ist kein Buch als gelesen markiert. Markiere eines mit diesem Befehl:"
        totalsRead.one: "{books} gelesen, {pages}"
        totalsRead.other: "{books} gelesen, {pages}"
        totalsReadWithoutPages.one: "{books} gelesen"
        totalsReadWithoutPages.other: "{books} gelesen"
        perYear: Pro Jahr
        booksPerYear: Gelesene Bücher pro Jahr
        pagesPerYear: Gelesene Seiten pro Jahr
        booksAndPagesByYear: Gelesene Bücher und Seiten, nach Jahr des Lesens
        year: Jahr
        books: Bücher
        averageRating: Durchschnittliche Bewertung
        ratingsGiven: Vergebene Bewertungen
        stars.one: "{count} Stern"
        stars.other: "{count} Sterne"
        longestAndShortest: Das längste und das kürzeste
        longest: "Das längste: {pages}"
        shortest: "das kürzeste: {pages}"
        theYear: Das Jahr
        booksRead: Gelesene Bücher
        rereads: Erneut gelesen
        pagesRead: Gelesene Seiten
        monthByMonth: Monat für Monat
        booksPerMonth: Beendete Bücher pro Monat
        goal: Leseziel
        goalAhead.one: "{read} von {goal}, {count} vor dem Plan"
        goalAhead.other: "{read} von {goal}, {count} vor dem Plan"
        goalBehind.one: "{read} von {goal}, {count} hinter dem Plan"
        goalBehind.other: "{read} von {goal}, {count} hinter dem Plan"
        goalOnPace: "{read} von {goal}, im Plan"
        goalMet: "{read} von {goal}: Ziel erreicht"
        everyYear: Alle Jahre
        booksOfTheYear: "{year} beendete Bücher"
        numberGroupSeparator: "."
        numberGroupMinimum: "1"
        numberDecimalSeparator: ","
        dayFirst: "1"
        dateDay: "{day}. {month} {year}"
        dateMonth: "{month} {year}"
        month1: Januar
        month2: Februar
        month3: März
        month4: April
        month5: Mai
        month6: Juni
        month7: Juli
        month8: August
        month9: September
        month10: Oktober
        month11: November
        month12: Dezember
        monthShort1: Jan.
        monthShort2: Feb.
        monthShort3: März
        monthShort4: Apr.
        monthShort5: Mai
        monthShort6: Juni
        monthShort7: Juli
        monthShort8: Aug.
        monthShort9: Sept.
        monthShort10: Okt.
        monthShort11: Nov.
        monthShort12: Dez.
        seriesTitle: Reihen
        allSeries: alle Reihen
        allSeriesCount: "Alle {series}"
        seriesByLetter: Reihen nach Buchstaben
        seriesOfLetter: "Reihen: {letter}"
        series.one: "{count} Reihe"
        series.other: "{count} Reihen"
        seriesPlace: "Nr. {position}"
        seriesGap: "Nr. {number} steht nicht in Ihrem Regal"
        seriesGapRange: "Nr. {from}–{to} stehen nicht in Ihrem Regal"
        seriesReadCount.one: "{read} von {books} gelesen"
        seriesReadCount.other: "{read} von {books} gelesen"
        firstPublished: Erstveröffentlichung
        format: Format
        format.paperback: Taschenbuch
        format.hardcover: Gebunden
        format.ebook: E-Book
        format.audiobook: Hörbuch
        format.other: Andere
        audioLength: "{hours} Std. {minutes} Min."
        copy: Mein Exemplar
        owned: Im Besitz
        notOwned: Nicht im Besitz
        feedFinished: "Gelesen: {book}"
        feedFinishedAgain: "Erneut gelesen: {book}"
        feedAdded: "Hinzugefügt: {book}"
        titleByAuthors: "{title} von {authors}"
        highlightsFeedTitle: "{site}: Markierungen"
        highlightFrom: "Aus {book}"
        quoteOpen: "„"
        quoteClose: "“"

        """####,
        "translations/en.yaml": ####"""
        # The words of the default theme, in English: every other language falls back to these.
        # Templates use a key as {{t.key}}; a reader's own templates/translations/<language>.yaml may
        # change any of them or add keys of its own. Words in {braces} are filled in by Bookplate.
        # Values are text: markup in them is shown as it is, never read as HTML.
        skipToContent: Skip to content
        navSite: Site
        navShelf: Shelf
        navShelves: Shelves
        navAuthors: Authors
        navYearInBooks: Year in books
        navAllPages: All pages
        footerOwner: "{owner}’s bookshelf"
        siteTitle: My Bookshelf
        siteDescription: The books I have read, am reading, and want to read.
        footerMadeWith: made with Bookplate
        footerBookData: book data from
        footerBookDataEach: ""
        footerFeed: Atom feed
        allAuthors: all authors
        allShelves: all shelves
        shelves: shelves
        emptyShelf: The shelf is empty.
        emptyShelfHint: "Add a book with this command, then build again:"
        searchLabel: Search the shelf
        searchPlaceholder: Title, author, shelf or passage
        searchLoading: Loading the index…
        searchFailed: The search index could not be loaded.
        searchFoundOne: "{count} book found"
        searchFoundOther: "{count} books found"
        searchShowingFirst: "the first {count} shown: add a word to narrow"
        readingNow: Reading now
        allBeingRead.one: "The {count} book being read"
        allBeingRead.other: "All {count} books being read"
        wholeShelf: The whole shelf
        finishedLately: Finished lately
        pages: pages
        statusReading: Reading now
        statusRead: Read
        statusToRead: To read
        statusAbandoned: Set aside
        bookStatusReading: Reading now
        bookStatusRead: Read
        bookStatusToRead: To read
        bookStatusAbandoned: Set aside
        readIn: "Read in {year}"
        readUndated: Read, date not recorded
        statsUndated: Date not recorded
        dateNotRecorded: Date not recorded
        pageTitleNumbered: "{name}, page {page}"
        seriesPageTitle: "{name} (series)"
        shelfPageTitle: "Shelf: {name}"
        pageOf: "Page {page} of {pages}"
        paginationLabel: Pages
        previous: ← Previous
        next: Next →
        book.one: "{count} book"
        book.other: "{count} books"
        author.one: "{count} author"
        author.other: "{count} authors"
        shelf.one: "{count} shelf"
        shelf.other: "{count} shelves"
        page.one: "{count} page"
        page.other: "{count} pages"
        bookOnShelf.one: "{count} book on the shelf"
        bookOnShelf.other: "{count} books on the shelf"
        booksByAuthors: "{books} by {authors}"
        noShelves: "No shelves yet. Put a book on one with this command:"
        authorsByLetter: Authors by letter
        authorsOfLetter: "Authors: {letter}"
        authorsTitle: Authors
        shelvesTitle: Shelves
        shelvesByLetter: Shelves by letter
        shelvesOfLetter: "Shelves: {letter}"
        by: by
        myReading: My reading
        started: "Started {date}"
        finished: "Finished {date}"
        setAside: "Set aside {date}"
        lastRead: "Last read {date}"
        startedIn: "Started {date}"
        finishedIn: "Finished {date}"
        setAsideIn: "Set aside {date}"
        lastReadIn: "Last read {date}"
        readTimes.one: "Read {count} time"
        readTimes.other: "Read {count} times"
        readTimesIn.one: "Read {count} time: {years}"
        readTimesIn.other: "Read {count} times: {years}"
        aboutTheBook: About the book
        myNotes: My notes
        highlights: Highlights
        bookHighlightsTitle: "Highlights from {name}"
        linkToHighlight: Link to this highlight
        highlightPage: "p. {page}"
        highlightLocation: "loc. {location}"
        commonplaceBook: Commonplace book
        highlightsOf: "Highlights of {year}"
        highlight.one: "{count} highlight"
        highlight.other: "{count} highlights"
        highlightsFromBooks: "{highlights} from {books}"
        highlightsByYear: By year
        latestHighlights: Latest highlights
        allHighlights: All highlights
        highlightsFeed: Highlights (Atom feed)
        searchHighlightsOne: "{count} highlight"
        searchHighlightsOther: "{count} highlights"
        publisher: Publisher
        published: Published
        pageCount: Pages
        language: Language
        isbn13: ISBN-13
        isbn10: ISBN-10
        descriptionFrom: Description from
        detailsFrom: Details from
        coverFrom: Cover from
        coverOf: "Cover of {title}"
        photoOf: "Photo of {name}"
        ratedOutOfFive: "Rated {stars} out of 5"
        listAndTwo: " and "
        listAndLast: ", and "
        listComma: ", "
        born: "born {date}"
        died: "died {date}"
        bornIn: "born {date}"
        diedIn: "died {date}"
        authorDescription: "{books} by {name} on the shelf"
        biography: Biography
        elsewhere: Elsewhere
        otherWorks: Other works
        notFoundTitle: Page not found
        notFoundText: There is no page at this address. The book may have moved, or the link may be mistyped.
        backToShelf: Back to the shelf
        yearInBooks: Year in books
        yearInBooksOf: "{year} in books"
        noReadBooks: "No book is marked as read yet. Mark one with this command:"
        totalsRead.one: "{books} read, {pages}"
        totalsRead.other: "{books} read, {pages}"
        totalsReadWithoutPages.one: "{books} read"
        totalsReadWithoutPages.other: "{books} read"
        perYear: Per year
        booksPerYear: Books read per year
        pagesPerYear: Pages read per year
        booksAndPagesByYear: Books and pages read, by year finished
        year: Year
        books: Books
        averageRating: Average rating
        ratingsGiven: Ratings given
        stars.one: "{count} star"
        stars.other: "{count} stars"
        longestAndShortest: Longest and shortest
        longest: "Longest: {pages}"
        shortest: "shortest: {pages}"
        theYear: The year
        booksRead: Books read
        rereads: Re-reads
        pagesRead: Pages read
        monthByMonth: Month by month
        booksPerMonth: Books finished each month
        goal: Reading goal
        goalAhead.one: "{read} of {goal}, {count} ahead of pace"
        goalAhead.other: "{read} of {goal}, {count} ahead of pace"
        goalBehind.one: "{read} of {goal}, {count} behind pace"
        goalBehind.other: "{read} of {goal}, {count} behind pace"
        goalOnPace: "{read} of {goal}, on pace"
        goalMet: "{read} of {goal}: goal reached"
        everyYear: Every year
        booksOfTheYear: Books finished in {year}
        numberGroupSeparator: ","
        numberGroupMinimum: "1"
        numberDecimalSeparator: "."
        dayFirst: "1"
        dateDay: "{day} {month} {year}"
        dateMonth: "{month} {year}"
        month1: January
        month2: February
        month3: March
        month4: April
        month5: May
        month6: June
        month7: July
        month8: August
        month9: September
        month10: October
        month11: November
        month12: December
        monthShort1: Jan
        monthShort2: Feb
        monthShort3: Mar
        monthShort4: Apr
        monthShort5: May
        monthShort6: Jun
        monthShort7: Jul
        monthShort8: Aug
        monthShort9: Sep
        monthShort10: Oct
        monthShort11: Nov
        monthShort12: Dec
        seriesTitle: Series
        allSeries: all series
        allSeriesCount: "All {series}"
        seriesByLetter: Series by letter
        seriesOfLetter: "Series: {letter}"
        series.one: "{count} series"
        series.other: "{count} series"
        # A book's place in its series, on its page and on its card in the series ("#2 · Read").
        seriesPlace: "#{position}"
        seriesGap: "#{number} is not on your shelf"
        seriesGapRange: "#{from}–#{to} are not on your shelf"
        seriesReadCount.one: "{read} of {books} read"
        seriesReadCount.other: "{read} of {books} read"
        firstPublished: First published
        format: Format
        format.paperback: Paperback
        format.hardcover: Hardcover
        format.ebook: Ebook
        format.audiobook: Audiobook
        format.other: Other
        audioLength: "{hours} h {minutes} min"
        copy: My copy
        owned: Owned
        notOwned: Not owned
        feedFinished: "Finished: {book}"
        feedFinishedAgain: "Finished again: {book}"
        feedAdded: "Added: {book}"
        titleByAuthors: "{title} by {authors}"
        highlightsFeedTitle: "{site}: highlights"
        highlightFrom: "From {book}"
        quoteOpen: "“"
        quoteClose: "”"

        """####,
        "translations/es.yaml": ####"""
        # Las palabras del tema por defecto, en español (véase en.yaml).
        skipToContent: Saltar al contenido
        navSite: Sitio
        navShelf: Estante
        navShelves: Estantes
        navAuthors: Autores
        navYearInBooks: El año en libros
        navAllPages: Todas las páginas
        footerOwner: "La biblioteca de {owner}"
        siteTitle: Mi biblioteca
        siteDescription: Los libros que he leído, que estoy leyendo y que quiero leer.
        footerMadeWith: hecha con Bookplate
        footerBookData: datos de los libros de
        footerBookDataEach: de
        footerFeed: canal Atom
        allAuthors: todos los autores
        allShelves: todos los estantes
        shelves: estantes
        emptyShelf: El estante está vacío.
        emptyShelfHint: "Añade un libro con este comando y vuelve a construir:"
        searchLabel: Buscar en el estante
        searchPlaceholder: Título, autor, estante o pasaje
        searchLoading: Cargando el índice…
        searchFailed: No se pudo cargar el índice de búsqueda.
        searchFoundOne: "{count} libro encontrado"
        searchFoundOther: "{count} libros encontrados"
        searchShowingFirst: "se muestran los {count} primeros: añade una palabra para afinar"
        readingNow: Leyendo ahora
        allBeingRead.one: "El {count} libro que se está leyendo"
        allBeingRead.other: "Los {count} libros que se están leyendo"
        wholeShelf: Todo el estante
        finishedLately: Terminados hace poco
        pages: páginas
        statusReading: Leyendo
        statusRead: Leídos
        statusToRead: Por leer
        statusAbandoned: Dejados de lado
        bookStatusReading: Leyendo
        bookStatusRead: Leído
        bookStatusToRead: Por leer
        bookStatusAbandoned: Dejado de lado
        readIn: "Leídos en {year}"
        readUndated: Leídos, sin fecha
        statsUndated: Sin fecha
        dateNotRecorded: Sin fecha
        pageTitleNumbered: "{name}, página {page}"
        seriesPageTitle: "{name} (serie)"
        shelfPageTitle: "Estante: {name}"
        pageOf: "Página {page} de {pages}"
        paginationLabel: Páginas
        previous: ← Anterior
        next: Siguiente →
        book.one: "{count} libro"
        book.other: "{count} libros"
        author.one: "{count} autor"
        author.other: "{count} autores"
        shelf.one: "{count} estante"
        shelf.other: "{count} estantes"
        page.one: "{count} página"
        page.other: "{count} páginas"
        bookOnShelf.one: "{count} libro en el estante"
        bookOnShelf.other: "{count} libros en el estante"
        booksByAuthors: "{books} de {authors}"
        noShelves: "Todavía no hay estantes. Pon un libro en uno con este comando:"
        authorsByLetter: Autores por letra
        authorsOfLetter: "Autores: {letter}"
        authorsTitle: Autores
        shelvesTitle: Estantes
        shelvesByLetter: Estantes por letra
        shelvesOfLetter: "Estantes: {letter}"
        by: de
        myReading: Mi lectura
        started: "Empezado el {date}"
        finished: "Terminado el {date}"
        setAside: "Dejado de lado el {date}"
        lastRead: "Leído por última vez el {date}"
        startedIn: "Empezado en {date}"
        finishedIn: "Terminado en {date}"
        setAsideIn: "Dejado de lado en {date}"
        lastReadIn: "Leído por última vez en {date}"
        readTimes.one: "Leído {count} vez"
        readTimes.other: "Leído {count} veces"
        readTimesIn.one: "Leído {count} vez: {years}"
        readTimesIn.other: "Leído {count} veces: {years}"
        aboutTheBook: Sobre el libro
        myNotes: Mis notas
        highlights: Subrayados
        bookHighlightsTitle: "Subrayados de {name}"
        linkToHighlight: Enlace a este subrayado
        highlightPage: "p. {page}"
        highlightLocation: "pos. {location}"
        commonplaceBook: Libro de citas
        highlightsOf: "Subrayados de {year}"
        highlight.one: "{count} subrayado"
        highlight.other: "{count} subrayados"
        highlightsFromBooks: "{highlights} de {books}"
        highlightsByYear: Por año
        latestHighlights: Últimos subrayados
        allHighlights: Todos los subrayados
        highlightsFeed: Subrayados (feed Atom)
        searchHighlightsOne: "{count} subrayado"
        searchHighlightsOther: "{count} subrayados"
        publisher: Editorial
        published: Publicado
        pageCount: Páginas
        language: Idioma
        isbn13: ISBN-13
        isbn10: ISBN-10
        descriptionFrom: Descripción de
        detailsFrom: Datos de
        coverFrom: Cubierta de
        coverOf: "Cubierta de {title}"
        photoOf: "Foto de {name}"
        ratedOutOfFive: "Valorado con {stars} de 5"
        listAndTwo: " y "
        listAndLast: " y "
        listComma: ", "
        born: "nacido el {date}"
        died: "fallecido el {date}"
        bornIn: "nacido en {date}"
        diedIn: "fallecido en {date}"
        authorDescription: "{books} de {name} en el estante"
        biography: Biografía
        elsewhere: En otros sitios
        otherWorks: Otras obras
        notFoundTitle: Página no encontrada
        notFoundText: No hay ninguna página en esta dirección. Puede que el libro se haya movido o que el enlace esté mal escrito.
        backToShelf: Volver al estante
        yearInBooks: El año en libros
        yearInBooksOf: "{year} en libros"
        noReadBooks: "Todavía no hay ningún libro marcado como leído. Marca uno con este comando:"
        totalsRead.one: "{books} leído, {pages}"
        totalsRead.other: "{books} leídos, {pages}"
        totalsReadWithoutPages.one: "{books} leído"
        totalsReadWithoutPages.other: "{books} leídos"
        perYear: Por año
        booksPerYear: Libros leídos por año
        pagesPerYear: Páginas leídas por año
        booksAndPagesByYear: Libros y páginas leídos, por año de lectura
        year: Año
        books: Libros
        averageRating: Valoración media
        ratingsGiven: Valoraciones dadas
        stars.one: "{count} estrella"
        stars.other: "{count} estrellas"
        longestAndShortest: El más largo y el más corto
        longest: "El más largo: {pages}"
        shortest: "el más corto: {pages}"
        theYear: El año
        booksRead: Libros leídos
        rereads: Relecturas
        pagesRead: Páginas leídas
        monthByMonth: Mes a mes
        booksPerMonth: Libros terminados cada mes
        goal: Objetivo de lectura
        goalAhead.one: "{read} de {goal}, {count} por delante del ritmo"
        goalAhead.other: "{read} de {goal}, {count} por delante del ritmo"
        goalBehind.one: "{read} de {goal}, {count} por detrás del ritmo"
        goalBehind.other: "{read} de {goal}, {count} por detrás del ritmo"
        goalOnPace: "{read} de {goal}, al ritmo previsto"
        goalMet: "{read} de {goal}: objetivo cumplido"
        everyYear: Todos los años
        booksOfTheYear: Libros terminados en {year}
        numberGroupSeparator: "."
        numberGroupMinimum: "2"
        numberDecimalSeparator: ","
        dayFirst: "1"
        dateDay: "{day} de {month} de {year}"
        dateMonth: "{month} de {year}"
        month1: enero
        month2: febrero
        month3: marzo
        month4: abril
        month5: mayo
        month6: junio
        month7: julio
        month8: agosto
        month9: septiembre
        month10: octubre
        month11: noviembre
        month12: diciembre
        monthShort1: ene.
        monthShort2: feb.
        monthShort3: mar.
        monthShort4: abr.
        monthShort5: may.
        monthShort6: jun.
        monthShort7: jul.
        monthShort8: ago.
        monthShort9: sept.
        monthShort10: oct.
        monthShort11: nov.
        monthShort12: dic.
        seriesTitle: Series
        allSeries: todas las series
        allSeriesCount: "Todas las {series}"
        seriesByLetter: Series por letra
        seriesOfLetter: "Series: {letter}"
        series.one: "{count} serie"
        series.other: "{count} series"
        seriesPlace: "n.º {position}"
        seriesGap: "El n.º {number} no está en tu estante"
        seriesGapRange: "Del n.º {from} al {to} no están en tu estante"
        seriesReadCount.one: "{read} de {books} leídos"
        seriesReadCount.other: "{read} de {books} leídos"
        firstPublished: Primera publicación
        format: Formato
        format.paperback: Tapa blanda
        format.hardcover: Tapa dura
        format.ebook: Libro electrónico
        format.audiobook: Audiolibro
        format.other: Otro
        audioLength: "{hours} h {minutes} min"
        copy: Mi ejemplar
        owned: Lo tengo
        notOwned: No lo tengo
        feedFinished: "Terminado: {book}"
        feedFinishedAgain: "Terminado de nuevo: {book}"
        feedAdded: "Añadido: {book}"
        titleByAuthors: "{title} de {authors}"
        highlightsFeedTitle: "{site}: subrayados"
        highlightFrom: "De {book}"
        quoteOpen: "«"
        quoteClose: "»"

        """####,
        "translations/fr.yaml": ####"""
        # Les mots du thème par défaut, en français (voir en.yaml).
        skipToContent: Aller au contenu
        navSite: Site
        navShelf: Étagère
        navShelves: Étagères
        navAuthors: Auteurs
        navYearInBooks: L’année en livres
        navAllPages: Toutes les pages
        footerOwner: "La bibliothèque de {owner}"
        siteTitle: Ma bibliothèque
        siteDescription: Les livres que j’ai lus, que je lis et que je veux lire.
        footerMadeWith: fait avec Bookplate
        footerBookData: données des livres de
        footerBookDataEach: de
        footerFeed: flux Atom
        allAuthors: tous les auteurs
        allShelves: toutes les étagères
        shelves: étagères
        emptyShelf: L’étagère est vide.
        emptyShelfHint: "Ajoutez un livre avec cette commande, puis relancez la construction :"
        searchLabel: Chercher sur l’étagère
        searchPlaceholder: Titre, auteur, étagère ou passage
        searchLoading: Chargement de l’index…
        searchFailed: L’index de recherche n’a pas pu être chargé.
        searchFoundOne: "{count} livre trouvé"
        searchFoundOther: "{count} livres trouvés"
        searchShowingFirst: "les {count} premiers affichés : ajoutez un mot pour affiner"
        readingNow: En cours de lecture
        allBeingRead.one: "Le {count} livre en cours de lecture"
        allBeingRead.other: "Les {count} livres en cours de lecture"
        wholeShelf: Toute l’étagère
        finishedLately: Terminés récemment
        pages: pages
        statusReading: En cours
        statusRead: Lus
        statusToRead: À lire
        statusAbandoned: Mis de côté
        bookStatusReading: En cours
        bookStatusRead: Lu
        bookStatusToRead: À lire
        bookStatusAbandoned: Mis de côté
        readIn: "Lus en {year}"
        readUndated: Lus, date non notée
        statsUndated: Date non notée
        dateNotRecorded: Date non notée
        pageTitleNumbered: "{name}, page {page}"
        seriesPageTitle: "{name} (série)"
        shelfPageTitle: "Étagère : {name}"
        pageOf: "Page {page} sur {pages}"
        paginationLabel: Pages
        previous: ← Précédente
        next: Suivante →
        book.one: "{count} livre"
        book.other: "{count} livres"
        author.one: "{count} auteur"
        author.other: "{count} auteurs"
        shelf.one: "{count} étagère"
        shelf.other: "{count} étagères"
        page.one: "{count} page"
        page.other: "{count} pages"
        bookOnShelf.one: "{count} livre sur l’étagère"
        bookOnShelf.other: "{count} livres sur l’étagère"
        booksByAuthors: "{books} de {authors}"
        noShelves: "Pas encore d’étagère. Rangez-y un livre avec cette commande :"
        authorsByLetter: Auteurs par lettre
        authorsOfLetter: "Auteurs : {letter}"
        authorsTitle: Auteurs
        shelvesTitle: Étagères
        shelvesByLetter: Étagères par lettre
        shelvesOfLetter: "Étagères : {letter}"
        by: par
        myReading: Ma lecture
        started: "Commencé le {date}"
        finished: "Terminé le {date}"
        setAside: "Mis de côté le {date}"
        lastRead: "Dernière lecture le {date}"
        startedIn: "Commencé en {date}"
        finishedIn: "Terminé en {date}"
        setAsideIn: "Mis de côté en {date}"
        lastReadIn: "Dernière lecture en {date}"
        readTimes.one: "Lu {count} fois"
        readTimes.other: "Lu {count} fois"
        readTimesIn.one: "Lu {count} fois : {years}"
        readTimesIn.other: "Lu {count} fois : {years}"
        aboutTheBook: À propos du livre
        myNotes: Mes notes
        highlights: Passages surlignés
        bookHighlightsTitle: "Passages surlignés de {name}"
        linkToHighlight: Lien vers ce passage
        highlightPage: "p. {page}"
        highlightLocation: "empl. {location}"
        commonplaceBook: Carnet de citations
        highlightsOf: "Passages surlignés en {year}"
        highlight.one: "{count} passage"
        highlight.other: "{count} passages"
        highlightsFromBooks: "{highlights} de {books}"
        highlightsByYear: Par année
        latestHighlights: Derniers passages surlignés
        allHighlights: Tous les passages surlignés
        highlightsFeed: Passages (flux Atom)
        searchHighlightsOne: "{count} passage"
        searchHighlightsOther: "{count} passages"
        publisher: Éditeur
        published: Parution
        pageCount: Pages
        language: Langue
        isbn13: ISBN-13
        isbn10: ISBN-10
        descriptionFrom: Description de
        detailsFrom: Informations de
        coverFrom: Couverture de
        coverOf: "Couverture de {title}"
        photoOf: "Photo de {name}"
        ratedOutOfFive: "Noté {stars} sur 5"
        listAndTwo: " et "
        listAndLast: " et "
        listComma: ", "
        born: "né·e le {date}"
        died: "mort·e le {date}"
        bornIn: "né·e en {date}"
        diedIn: "mort·e en {date}"
        authorDescription: "{books} de {name} sur l’étagère"
        biography: Biographie
        elsewhere: Ailleurs
        otherWorks: Autres œuvres
        notFoundTitle: Page introuvable
        notFoundText: Il n’y a pas de page à cette adresse. Le livre a peut-être changé de place, ou le lien est mal écrit.
        backToShelf: Retour à l’étagère
        yearInBooks: L’année en livres
        yearInBooksOf: "{year} en livres"
        noReadBooks: "Aucun livre n’est encore marqué comme lu. Marquez-en un avec cette commande :"
        totalsRead.one: "{books} lu, {pages}"
        totalsRead.other: "{books} lus, {pages}"
        totalsReadWithoutPages.one: "{books} lu"
        totalsReadWithoutPages.other: "{books} lus"
        perYear: Par année
        booksPerYear: Livres lus par année
        pagesPerYear: Pages lues par année
        booksAndPagesByYear: Livres et pages lus, par année de fin de lecture
        year: Année
        books: Livres
        averageRating: Note moyenne
        ratingsGiven: Notes données
        stars.one: "{count} étoile"
        stars.other: "{count} étoiles"
        longestAndShortest: Le plus long et le plus court
        longest: "Le plus long : {pages}"
        shortest: "le plus court : {pages}"
        theYear: L’année
        booksRead: Livres lus
        rereads: Relectures
        pagesRead: Pages lues
        monthByMonth: Mois par mois
        booksPerMonth: Livres terminés chaque mois
        goal: Objectif de lecture
        goalAhead.one: "{read} sur {goal}, {count} d’avance sur le rythme"
        goalAhead.other: "{read} sur {goal}, {count} d’avance sur le rythme"
        goalBehind.one: "{read} sur {goal}, {count} de retard sur le rythme"
        goalBehind.other: "{read} sur {goal}, {count} de retard sur le rythme"
        goalOnPace: "{read} sur {goal}, dans le rythme"
        goalMet: "{read} sur {goal} : objectif atteint"
        everyYear: Toutes les années
        booksOfTheYear: Livres terminés en {year}
        numberGroupSeparator: " "
        numberGroupMinimum: "1"
        numberDecimalSeparator: ","
        dayFirst: "1er"
        dateDay: "{day} {month} {year}"
        dateMonth: "{month} {year}"
        month1: janvier
        month2: février
        month3: mars
        month4: avril
        month5: mai
        month6: juin
        month7: juillet
        month8: août
        month9: septembre
        month10: octobre
        month11: novembre
        month12: décembre
        monthShort1: janv.
        monthShort2: févr.
        monthShort3: mars
        monthShort4: avr.
        monthShort5: mai
        monthShort6: juin
        monthShort7: juil.
        monthShort8: août
        monthShort9: sept.
        monthShort10: oct.
        monthShort11: nov.
        monthShort12: déc.
        seriesTitle: Séries
        allSeries: toutes les séries
        allSeriesCount: "Toutes les {series}"
        seriesByLetter: Séries par lettre
        seriesOfLetter: "Séries : {letter}"
        series.one: "{count} série"
        series.other: "{count} séries"
        seriesPlace: "n° {position}"
        seriesGap: "Le n° {number} n’est pas sur vos étagères"
        seriesGapRange: "Les n° {from} à {to} ne sont pas sur vos étagères"
        seriesReadCount.one: "{read} lu sur {books}"
        seriesReadCount.other: "{read} lus sur {books}"
        firstPublished: Première publication
        format: Format
        format.paperback: Poche
        format.hardcover: Relié
        format.ebook: Livre numérique
        format.audiobook: Livre audio
        format.other: Autre
        audioLength: "{hours} h {minutes} min"
        copy: Mon exemplaire
        owned: En ma possession
        notOwned: Pas en ma possession
        feedFinished: "Terminé : {book}"
        feedFinishedAgain: "Terminé de nouveau : {book}"
        feedAdded: "Ajouté : {book}"
        titleByAuthors: "{title} de {authors}"
        highlightsFeedTitle: "{site} : passages surlignés"
        highlightFrom: "Extrait de {book}"
        quoteOpen: "« "
        quoteClose: " »"

        """####,
        "year.mustache": ####"""
        {{<layout}}
        {{$content}}
        <h1>{{title}}</h1>
        <p class="counts"><a href="{{root}}stats/index.html">{{t.everyYear}}</a>{{#olderYear}} · <a href="{{url}}" rel="prev">{{label}}</a>{{/olderYear}}{{#newerYear}} · <a href="{{url}}" rel="next">{{label}}</a>{{/newerYear}}</p>
        {{#goal}}<p class="goal"><strong>{{t.goal}}</strong> · {{.}}</p>{{/goal}}
        <section aria-labelledby="year-heading">
          <h2 id="year-heading">{{t.theYear}}</h2>
          <dl class="facts">
        {{#summary}}
            <div><dt>{{label}}</dt><dd>{{value}}</dd></div>
        {{/summary}}
          </dl>
          <p><a href="{{booksLink.url}}">{{booksLink.title}}</a></p>
        </section>
        <section aria-labelledby="months-heading">
          <h2 id="months-heading">{{t.monthByMonth}}</h2>
        {{#monthsChart}}
        {{> partials/chart}}
        {{/monthsChart}}
        </section>
        <section aria-labelledby="ratings-heading">
          <h2 id="ratings-heading">{{t.ratingsGiven}}</h2>
        {{> partials/ratings}}
        </section>
        {{> partials/extremes}}
        {{/content}}
        {{/layout}}

        """####,
    ]
}
