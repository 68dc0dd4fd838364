PRAGMA user_version=25;
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE authors ( id   INTEGER PRIMARY KEY,
                              name TEXT NOT NULL COLLATE NOCASE,
                              sort TEXT COLLATE NOCASE,
                              link TEXT NOT NULL DEFAULT "",
                              UNIQUE(name)
                             );
INSERT INTO authors VALUES(1,'Ursula K. Le Guin','Guin, Ursula K. Le','');
INSERT INTO authors VALUES(2,'Terry Pratchett','Pratchett, Terry','');
INSERT INTO authors VALUES(3,'Neil Gaiman','Gaiman, Neil','');
INSERT INTO authors VALUES(4,'Mallory Evil','Evil, Mallory','');
INSERT INTO authors VALUES(5,'刘慈欣','刘慈欣','');
INSERT INTO authors VALUES(6,'Михаил Булгаков','Булгаков, Михаил','');
INSERT INTO authors VALUES(7,'Martin Luther King| Jr.','Martin Luther King, Jr.','');
CREATE TABLE books ( id      INTEGER PRIMARY KEY AUTOINCREMENT,
                             title     TEXT NOT NULL DEFAULT 'Unknown' COLLATE NOCASE,
                             sort      TEXT COLLATE NOCASE,
                             timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
                             pubdate   TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
                             series_index REAL NOT NULL DEFAULT 1.0,
                             author_sort TEXT COLLATE NOCASE,
                             isbn TEXT DEFAULT "" COLLATE NOCASE,
                             lccn TEXT DEFAULT "" COLLATE NOCASE,
                             path TEXT NOT NULL DEFAULT "",
                             flags INTEGER NOT NULL DEFAULT 1,
                             uuid TEXT,
                             has_cover BOOL DEFAULT 0,
                             last_modified TIMESTAMP NOT NULL DEFAULT "2000-01-01 00:00:00+00:00");
INSERT INTO books VALUES(1,'The Left Hand of Darkness','Left Hand of Darkness, The','2026-11-28 21:00:15.394354+00:00','1969-03-02 00:00:00+00:00',4.0,'Guin, Ursula K. Le','','','Ursula K. Le Guin/The Left Hand of Darkness (1)',1,'fefadf28-921d-45bf-a0be-5727709a2126',1,'2026-11-28 21:01:02.381963+00:00');
INSERT INTO books VALUES(2,'Good Omens','Good Omens','2026-11-28 21:00:18.297380+00:00','1990-05-02 00:00:00+00:00',1.0,'Pratchett, Terry & Gaiman, Neil','','','Terry Pratchett/Good Omens (2)',1,'7dce60cd-cc62-4e86-8526-6c5f8231fab6',1,'2026-11-28 21:01:19.463065+00:00');
INSERT INTO books VALUES(3,'<script>alert(1)</script> Hostile','<script>alert(1)</script> Hostile','2026-11-28 21:00:21.449652+00:00','0101-01-01 00:00:00+00:00',1.0,'Evil, Mallory','','','Mallory Evil/_script_alert(1)__script_ Hostile (3)',1,'b132be08-ac51-4285-a67f-73f9f0b480c7',0,'2026-11-28 21:01:21.980414+00:00');
INSERT INTO books VALUES(4,'三体','三体','2026-11-28 21:00:25.534017+00:00','2008-01-02 00:00:00+00:00',1.0,'刘慈欣','','','Liu Ci Xin/San Ti (4)',1,'538e998f-ef0c-46dd-9ba5-d89cdb3511c2',0,'2026-11-28 21:01:24.711600+00:00');
INSERT INTO books VALUES(5,'黑暗森林','黑暗森林','2026-11-28 21:00:28.430575+00:00','0101-01-01 00:00:00+00:00',2.5,'刘慈欣','','','Liu Ci Xin/Hei An Sen Lin (5)',1,'41d22c0f-f41d-4ff7-8b3a-014833f61090',0,'2026-11-28 21:00:56.558513+00:00');
INSERT INTO books VALUES(6,'Мастер и Маргарита','Мастер и Маргарита','2026-11-28 21:00:31.786458+00:00','0101-01-01 00:00:00+00:00',1.0,'Булгаков, Михаил','','','Mikhail Bulghakov/Mastier i Margharita (6)',1,'b8aff50f-0cfd-4dc3-aa9e-98697253ef86',1,'2026-11-28 21:01:05.030489+00:00');
INSERT INTO books VALUES(7,'Why We Can''t Wait','Why We Can''t Wait','2026-11-28 21:00:34.891032+00:00','0101-01-01 00:00:00+00:00',1.0,'Martin Luther King, Jr.','','','Martin Luther King, Jr_/Why We Can''t Wait (7)',1,'79c3cfff-326b-44ce-b893-48f38d7ad869',0,'2026-11-28 21:00:56.558513+00:00');
CREATE TABLE books_authors_link ( id INTEGER PRIMARY KEY,
                                          book INTEGER NOT NULL,
                                          author INTEGER NOT NULL,
                                          UNIQUE(book, author)
                                        );
INSERT INTO books_authors_link VALUES(1,1,1);
INSERT INTO books_authors_link VALUES(2,2,2);
INSERT INTO books_authors_link VALUES(3,2,3);
INSERT INTO books_authors_link VALUES(4,3,4);
INSERT INTO books_authors_link VALUES(5,4,5);
INSERT INTO books_authors_link VALUES(6,5,5);
INSERT INTO books_authors_link VALUES(7,6,6);
INSERT INTO books_authors_link VALUES(8,7,7);
CREATE TABLE books_languages_link ( id INTEGER PRIMARY KEY,
                                            book INTEGER NOT NULL,
                                            lang_code INTEGER NOT NULL,
                                            item_order INTEGER NOT NULL DEFAULT 0,
                                            UNIQUE(book, lang_code)
        );
INSERT INTO books_languages_link VALUES(1,1,1,0);
INSERT INTO books_languages_link VALUES(2,2,2,0);
INSERT INTO books_languages_link VALUES(3,4,3,0);
INSERT INTO books_languages_link VALUES(4,5,3,0);
INSERT INTO books_languages_link VALUES(5,6,4,0);
INSERT INTO books_languages_link VALUES(6,7,1,0);
CREATE TABLE books_plugin_data(id INTEGER PRIMARY KEY,
                                     book INTEGER NOT NULL,
                                     name TEXT NOT NULL,
                                     val TEXT NOT NULL,
                                     UNIQUE(book,name));
CREATE TABLE books_publishers_link ( id INTEGER PRIMARY KEY,
                                          book INTEGER NOT NULL,
                                          publisher INTEGER NOT NULL,
                                          UNIQUE(book)
                                        );
INSERT INTO books_publishers_link VALUES(1,1,1);
INSERT INTO books_publishers_link VALUES(2,2,2);
INSERT INTO books_publishers_link VALUES(3,4,3);
CREATE TABLE books_ratings_link ( id INTEGER PRIMARY KEY,
                                          book INTEGER NOT NULL,
                                          rating INTEGER NOT NULL,
                                          UNIQUE(book, rating)
                                        );
INSERT INTO books_ratings_link VALUES(1,1,1);
INSERT INTO books_ratings_link VALUES(5,2,3);
INSERT INTO books_ratings_link VALUES(6,3,4);
INSERT INTO books_ratings_link VALUES(7,4,5);
CREATE TABLE books_series_link ( id INTEGER PRIMARY KEY,
                                          book INTEGER NOT NULL,
                                          series INTEGER NOT NULL,
                                          UNIQUE(book)
                                        );
INSERT INTO books_series_link VALUES(1,1,1);
INSERT INTO books_series_link VALUES(2,4,2);
INSERT INTO books_series_link VALUES(3,5,2);
CREATE TABLE books_tags_link ( id INTEGER PRIMARY KEY,
                                          book INTEGER NOT NULL,
                                          tag INTEGER NOT NULL,
                                          UNIQUE(book, tag)
                                        );
INSERT INTO books_tags_link VALUES(1,1,1);
INSERT INTO books_tags_link VALUES(2,1,2);
INSERT INTO books_tags_link VALUES(3,2,3);
INSERT INTO books_tags_link VALUES(4,2,4);
INSERT INTO books_tags_link VALUES(5,3,5);
INSERT INTO books_tags_link VALUES(6,4,6);
CREATE TABLE comments ( id INTEGER PRIMARY KEY,
                              book INTEGER NOT NULL,
                              text TEXT NOT NULL COLLATE NOCASE,
                              UNIQUE(book)
                            );
INSERT INTO comments VALUES(1,1,'<p>A <b>classic</b> of speculative fiction &amp; gender.</p>');
INSERT INTO comments VALUES(2,2,'<div><p>The world will end on Saturday.</p><p>Next Saturday, <i>in fact</i>.</p></div>');
INSERT INTO comments VALUES(3,3,'<p onclick="alert(1)" style="color:red">Evil <script>alert(2)</script><a href="javascript:alert(3)">click</a> &lt;b&gt;not bold&lt;/b&gt; <img src=x onerror=alert(4)><iframe src="https://evil.example/"></iframe></p>');
CREATE TABLE conversion_options ( id INTEGER PRIMARY KEY,
                                          format TEXT NOT NULL COLLATE NOCASE,
                                          book INTEGER,
                                          data BLOB NOT NULL,
                                          UNIQUE(format,book)
                                        );
CREATE TABLE custom_columns (
                    id       INTEGER PRIMARY KEY AUTOINCREMENT,
                    label    TEXT NOT NULL,
                    name     TEXT NOT NULL,
                    datatype TEXT NOT NULL,
                    mark_for_delete   BOOL DEFAULT 0 NOT NULL,
                    editable BOOL DEFAULT 1 NOT NULL,
                    display  TEXT DEFAULT "{}" NOT NULL,
                    is_multiple BOOL DEFAULT 0 NOT NULL,
                    normalized BOOL NOT NULL,
                    UNIQUE(label)
                );
INSERT INTO custom_columns VALUES(1,'read','Read','bool',0,1,'{}',0,0);
INSERT INTO custom_columns VALUES(2,'date_read','Date read','datetime',0,1,'{}',0,0);
CREATE TABLE data ( id     INTEGER PRIMARY KEY,
                            book   INTEGER NOT NULL,
                            format TEXT NOT NULL COLLATE NOCASE,
                            uncompressed_size INTEGER NOT NULL,
                            name TEXT NOT NULL,
                            UNIQUE(book, format)
);
CREATE TABLE feeds ( id   INTEGER PRIMARY KEY,
                              title TEXT NOT NULL,
                              script TEXT NOT NULL,
                              UNIQUE(title)
                             );
CREATE TABLE identifiers  ( id     INTEGER PRIMARY KEY,
                                    book   INTEGER NOT NULL,
                                    type   TEXT NOT NULL DEFAULT "isbn" COLLATE NOCASE,
                                    val    TEXT NOT NULL COLLATE NOCASE,
                                    UNIQUE(book, type)
        );
INSERT INTO identifiers VALUES(1,1,'isbn','9780441478125');
INSERT INTO identifiers VALUES(2,1,'google','mqaoAQAAMAAJ');
INSERT INTO identifiers VALUES(3,1,'goodreads','18423');
INSERT INTO identifiers VALUES(4,1,'amazon','B000FC0PDA');
INSERT INTO identifiers VALUES(5,2,'isbn','0060853980');
INSERT INTO identifiers VALUES(6,3,'isbn','1234567890');
CREATE TABLE languages    ( id        INTEGER PRIMARY KEY,
                                    lang_code TEXT NOT NULL COLLATE NOCASE,
                                    UNIQUE(lang_code)
        );
INSERT INTO languages VALUES(1,'eng');
INSERT INTO languages VALUES(2,'fra');
INSERT INTO languages VALUES(3,'zho');
INSERT INTO languages VALUES(4,'rus');
CREATE TABLE library_id ( id   INTEGER PRIMARY KEY,
                                  uuid TEXT NOT NULL,
                                  UNIQUE(uuid)
        );
INSERT INTO library_id VALUES(1,'421182b4-2c84-4fa1-b7a2-42d5f2fe8031');
CREATE TABLE metadata_dirtied(id INTEGER PRIMARY KEY,
                             book INTEGER NOT NULL,
                             UNIQUE(book));
INSERT INTO metadata_dirtied VALUES(1,1);
INSERT INTO metadata_dirtied VALUES(2,2);
INSERT INTO metadata_dirtied VALUES(3,3);
INSERT INTO metadata_dirtied VALUES(4,4);
INSERT INTO metadata_dirtied VALUES(5,6);
CREATE TABLE annotations_dirtied(id INTEGER PRIMARY KEY,
                             book INTEGER NOT NULL,
                             UNIQUE(book));
CREATE TABLE preferences(id INTEGER PRIMARY KEY,
                                 key TEXT NOT NULL,
                                 val TEXT NOT NULL,
                                 UNIQUE(key));
INSERT INTO preferences VALUES(1,'bools_are_tristate','true');
INSERT INTO preferences VALUES(2,'user_categories','{}');
INSERT INTO preferences VALUES(3,'saved_searches','{}');
INSERT INTO preferences VALUES(4,'grouped_search_terms','{}');
INSERT INTO preferences VALUES(5,'update_all_last_mod_dates_on_start','false');
INSERT INTO preferences VALUES(6,'field_metadata',replace('{\n  "#date_read": {\n    "category_sort": "value",\n    "colnum": 2,\n    "column": "value",\n    "datatype": "datetime",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": true,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "date_read",\n    "link_column": "value",\n    "name": "Date read",\n    "rec_index": 22,\n    "search_terms": [\n      "#date_read"\n    ],\n    "table": "custom_column_2"\n  },\n  "#read": {\n    "category_sort": "value",\n    "colnum": 1,\n    "column": "value",\n    "datatype": "bool",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": true,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "read",\n    "link_column": "value",\n    "name": "Read",\n    "rec_index": 23,\n    "search_terms": [\n      "#read"\n    ],\n    "table": "custom_column_1"\n  },\n  "au_map": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {\n      "cache_to_list": ",",\n      "list_to_ui": null,\n      "ui_to_list": null\n    },\n    "kind": "field",\n    "label": "au_map",\n    "name": null,\n    "rec_index": 18,\n    "search_terms": [],\n    "table": null\n  },\n  "author_sort": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "author_sort",\n    "name": "Author sort",\n    "rec_index": 12,\n    "search_terms": [\n      "author_sort"\n    ],\n    "table": null\n  },\n  "authors": {\n    "category_sort": "sort",\n    "column": "name",\n    "datatype": "text",\n    "display": {},\n    "is_category": true,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {\n      "cache_to_list": ",",\n      "list_to_ui": " & ",\n      "ui_to_list": "&"\n    },\n    "kind": "field",\n    "label": "authors",\n    "link_column": "author",\n    "name": "Authors",\n    "rec_index": 2,\n    "search_terms": [\n      "authors",\n      "author"\n    ],\n    "table": "authors"\n  },\n  "comments": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "comments",\n    "name": "Comments",\n    "rec_index": 7,\n    "search_terms": [\n      "comments",\n      "comment"\n    ],\n    "table": null\n  },\n  "cover": {\n    "column": null,\n    "datatype": "int",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "cover",\n    "name": "Cover",\n    "rec_index": 17,\n    "search_terms": [\n      "cover"\n    ],\n    "table": null\n  },\n  "formats": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": true,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {\n      "cache_to_list": ",",\n      "list_to_ui": ", ",\n      "ui_to_list": ","\n    },\n    "kind": "field",\n    "label": "formats",\n    "name": "Formats",\n    "rec_index": 13,\n    "search_terms": [\n      "formats",\n      "format"\n    ],\n    "table": null\n  },\n  "id": {\n    "column": null,\n    "datatype": "int",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "id",\n    "name": null,\n    "rec_index": 0,\n    "search_terms": [\n      "id"\n    ],\n    "table": null\n  },\n  "identifiers": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": true,\n    "is_csp": true,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {\n      "cache_to_list": ",",\n      "list_to_ui": ", ",\n      "ui_to_list": ","\n    },\n    "kind": "field",\n    "label": "identifiers",\n    "name": "Identifiers",\n    "rec_index": 20,\n    "search_terms": [\n      "identifiers",\n      "identifier",\n      "isbn"\n    ],\n    "table": null\n  },\n  "in_tag_browser": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "in_tag_browser",\n    "name": null,\n    "rec_index": 27,\n    "search_terms": [\n      "in_tag_browser"\n    ],\n    "table": null\n  },\n  "languages": {\n    "category_sort": "lang_code",\n    "column": "lang_code",\n    "datatype": "text",\n    "display": {},\n    "is_category": true,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {\n      "cache_to_list": ",",\n      "list_to_ui": ", ",\n      "ui_to_list": ","\n    },\n    "kind": "field",\n    "label": "languages",\n    "link_column": "lang_code",\n    "name": "Languages",\n    "rec_index": 21,\n    "search_terms": [\n      "languages",\n      "language"\n    ],\n    "table": "languages"\n  },\n  "last_modified": {\n    "column": null,\n    "datatype": "datetime",\n    "display": {\n      "date_format": "dd MMM yyyy"\n    },\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "last_modified",\n    "name": "Modified",\n    "rec_index": 19,\n    "search_terms": [\n      "last_modified"\n    ],\n    "table": null\n  },\n  "marked": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "marked",\n    "name": null,\n    "rec_index": 25,\n    "search_terms": [\n      "marked"\n    ],\n    "table": null\n  },\n  "news": {\n    "category_sort": "name",\n    "column": "name",\n    "datatype": null,\n    "display": {},\n    "is_category": true,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "category",\n    "label": "news",\n    "name": "News",\n    "search_terms": [],\n    "table": "news"\n  },\n  "ondevice": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "ondevice",\n    "name": "On device",\n    "rec_index": 24,\n    "search_terms": [\n      "ondevice"\n    ],\n    "table": null\n  },\n  "path": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "path",\n    "name": "Path",\n    "rec_index": 14,\n    "search_terms": [],\n    "table": null\n  },\n  "pubdate": {\n    "column": null,\n    "datatype": "datetime",\n    "display": {\n      "date_format": "MMM yyyy"\n    },\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "pubdate",\n    "name": "Published",\n    "rec_index": 15,\n    "search_terms": [\n      "pubdate"\n    ],\n    "table": null\n  },\n  "publisher": {\n    "category_sort": "name",\n    "column": "name",\n    "datatype": "text",\n    "display": {},\n    "is_category": true,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "publisher",\n    "link_column": "publisher",\n    "name": "Publisher",\n    "rec_index": 9,\n    "search_terms": [\n      "publisher"\n    ],\n    "table": "publishers"\n  },\n  "rating": {\n    "category_sort": "rating",\n    "column": "rating",\n    "datatype": "rating",\n    "display": {},\n    "is_category": true,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "rating",\n    "link_column": "rating",\n    "name": "Rating",\n    "rec_index": 5,\n    "search_terms": [\n      "rating"\n    ],\n    "table": "ratings"\n  },\n  "series": {\n    "category_sort": "(title_sort(name))",\n    "column": "name",\n    "datatype": "series",\n    "display": {},\n    "is_category": true,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "series",\n    "link_column": "series",\n    "name": "Series",\n    "rec_index": 8,\n    "search_terms": [\n      "series"\n    ],\n    "table": "series"\n  },\n  "series_index": {\n    "column": null,\n    "datatype": "float",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "series_index",\n    "name": null,\n    "rec_index": 10,\n    "search_terms": [\n      "series_index"\n    ],\n    "table": null\n  },\n  "series_sort": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "series_sort",\n    "name": "Series sort",\n    "rec_index": 26,\n    "search_terms": [\n      "series_sort"\n    ],\n    "table": null\n  },\n  "size": {\n    "column": null,\n    "datatype": "float",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "size",\n    "name": "Size",\n    "rec_index": 4,\n    "search_terms": [\n      "size"\n    ],\n    "table": null\n  },\n  "sort": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "sort",\n    "name": "Title sort",\n    "rec_index": 11,\n    "search_terms": [\n      "title_sort"\n    ],\n    "table": null\n  },\n  "tags": {\n    "category_sort": "name",\n    "column": "name",\n    "datatype": "text",\n    "display": {},\n    "is_category": true,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {\n      "cache_to_list": ",",\n      "list_to_ui": ", ",\n      "ui_to_list": ","\n    },\n    "kind": "field",\n    "label": "tags",\n    "link_column": "tag",\n    "name": "Tags",\n    "rec_index": 6,\n    "search_terms": [\n      "tags",\n      "tag"\n    ],\n    "table": "tags"\n  },\n  "timestamp": {\n    "column": null,\n    "datatype": "datetime",\n    "display": {\n      "date_format": "dd MMM yyyy"\n    },\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "timestamp",\n    "name": "Date",\n    "rec_index": 3,\n    "search_terms": [\n      "date"\n    ],\n    "table": null\n  },\n  "title": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "title",\n    "name": "Title",\n    "rec_index": 1,\n    "search_terms": [\n      "title"\n    ],\n    "table": null\n  },\n  "uuid": {\n    "column": null,\n    "datatype": "text",\n    "display": {},\n    "is_category": false,\n    "is_csp": false,\n    "is_custom": false,\n    "is_editable": true,\n    "is_multiple": {},\n    "kind": "field",\n    "label": "uuid",\n    "name": null,\n    "rec_index": 16,\n    "search_terms": [\n      "uuid"\n    ],\n    "table": null\n  }\n}','\n',char(10)));
CREATE TABLE publishers ( id   INTEGER PRIMARY KEY,
                                  name TEXT NOT NULL COLLATE NOCASE,
                                  sort TEXT COLLATE NOCASE,
                                  UNIQUE(name)
                             );
INSERT INTO publishers VALUES(1,'Ace',NULL);
INSERT INTO publishers VALUES(2,'Workman',NULL);
INSERT INTO publishers VALUES(3,'重庆出版社',NULL);
CREATE TABLE ratings ( id   INTEGER PRIMARY KEY,
                               rating INTEGER CHECK(rating > -1 AND rating < 11),
                               UNIQUE (rating)
                             );
INSERT INTO ratings VALUES(1,10);
INSERT INTO ratings VALUES(3,7);
INSERT INTO ratings VALUES(4,3);
INSERT INTO ratings VALUES(5,9);
CREATE TABLE series ( id   INTEGER PRIMARY KEY,
                              name TEXT NOT NULL COLLATE NOCASE,
                              sort TEXT COLLATE NOCASE,
                              UNIQUE (name)
                             );
INSERT INTO series VALUES(1,'Hainish Cycle','Hainish Cycle');
INSERT INTO series VALUES(2,'地球往事','地球往事');
CREATE TABLE tags ( id   INTEGER PRIMARY KEY,
                            name TEXT NOT NULL COLLATE NOCASE,
                            UNIQUE (name)
                             );
INSERT INTO tags VALUES(1,'Science Fiction');
INSERT INTO tags VALUES(2,'Favourites');
INSERT INTO tags VALUES(3,'fantasy');
INSERT INTO tags VALUES(4,'read');
INSERT INTO tags VALUES(5,'<b>tag</b>');
INSERT INTO tags VALUES(6,'科幻');
CREATE TABLE last_read_positions ( id INTEGER PRIMARY KEY,
	book INTEGER NOT NULL,
	format TEXT NOT NULL COLLATE NOCASE,
	user TEXT NOT NULL,
	device TEXT NOT NULL,
	cfi TEXT NOT NULL,
	epoch REAL NOT NULL,
	pos_frac REAL NOT NULL DEFAULT 0,
	UNIQUE(user, device, book, format)
);
CREATE TABLE annotations ( id INTEGER PRIMARY KEY,
	book INTEGER NOT NULL,
	format TEXT NOT NULL COLLATE NOCASE,
	user_type TEXT NOT NULL,
	user TEXT NOT NULL,
	timestamp REAL NOT NULL,
	annot_id TEXT NOT NULL,
	annot_type TEXT NOT NULL,
	annot_data TEXT NOT NULL,
    searchable_text TEXT NOT NULL DEFAULT "",
    UNIQUE(book, user_type, user, format, annot_type, annot_id)
);
PRAGMA writable_schema=ON;
INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table','annotations_fts','annotations_fts',0,'CREATE VIRTUAL TABLE annotations_fts USING fts5(searchable_text, content = ''annotations'', content_rowid = ''id'', tokenize = ''unicode61 remove_diacritics 2'')');
CREATE TABLE IF NOT EXISTS 'annotations_fts_data'(id INTEGER PRIMARY KEY, block BLOB);
INSERT INTO annotations_fts_data VALUES(1,X'');
INSERT INTO annotations_fts_data VALUES(10,X'00000000000000');
CREATE TABLE IF NOT EXISTS 'annotations_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS 'annotations_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
CREATE TABLE IF NOT EXISTS 'annotations_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;
INSERT INTO annotations_fts_config VALUES('version',4);
INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table','annotations_fts_stemmed','annotations_fts_stemmed',0,'CREATE VIRTUAL TABLE annotations_fts_stemmed USING fts5(searchable_text, content = ''annotations'', content_rowid = ''id'', tokenize = ''porter unicode61 remove_diacritics 2'')');
CREATE TABLE IF NOT EXISTS 'annotations_fts_stemmed_data'(id INTEGER PRIMARY KEY, block BLOB);
INSERT INTO annotations_fts_stemmed_data VALUES(1,X'');
INSERT INTO annotations_fts_stemmed_data VALUES(10,X'00000000000000');
CREATE TABLE IF NOT EXISTS 'annotations_fts_stemmed_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS 'annotations_fts_stemmed_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
CREATE TABLE IF NOT EXISTS 'annotations_fts_stemmed_config'(k PRIMARY KEY, v) WITHOUT ROWID;
INSERT INTO annotations_fts_stemmed_config VALUES('version',4);
CREATE TABLE custom_column_1(
                    id    INTEGER PRIMARY KEY AUTOINCREMENT,
                    book  INTEGER,
                    value BOOL NOT NULL ,
                    UNIQUE(book));
INSERT INTO custom_column_1 VALUES(1,1,1);
INSERT INTO custom_column_1 VALUES(2,6,0);
CREATE TABLE custom_column_2(
                    id    INTEGER PRIMARY KEY AUTOINCREMENT,
                    book  INTEGER,
                    value timestamp NOT NULL ,
                    UNIQUE(book));
INSERT INTO custom_column_2 VALUES(1,1,'2025-08-02 00:00:00+00:00');
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('books',7);
INSERT INTO sqlite_sequence VALUES('custom_columns',2);
INSERT INTO sqlite_sequence VALUES('custom_column_1',2);
INSERT INTO sqlite_sequence VALUES('custom_column_2',1);
CREATE TRIGGER annotations_fts_insert_trg AFTER INSERT ON annotations 
BEGIN
    INSERT INTO annotations_fts(rowid, searchable_text) VALUES (NEW.id, NEW.searchable_text);
    INSERT INTO annotations_fts_stemmed(rowid, searchable_text) VALUES (NEW.id, NEW.searchable_text);
END;
CREATE TRIGGER annotations_fts_delete_trg AFTER DELETE ON annotations 
BEGIN
    INSERT INTO annotations_fts(annotations_fts, rowid, searchable_text) VALUES('delete', OLD.id, OLD.searchable_text);
    INSERT INTO annotations_fts_stemmed(annotations_fts_stemmed, rowid, searchable_text) VALUES('delete', OLD.id, OLD.searchable_text);
END;
CREATE TRIGGER annotations_fts_update_trg AFTER UPDATE ON annotations 
BEGIN
    INSERT INTO annotations_fts(annotations_fts, rowid, searchable_text) VALUES('delete', OLD.id, OLD.searchable_text);
    INSERT INTO annotations_fts(rowid, searchable_text) VALUES (NEW.id, NEW.searchable_text);
    INSERT INTO annotations_fts_stemmed(annotations_fts_stemmed, rowid, searchable_text) VALUES('delete', OLD.id, OLD.searchable_text);
    INSERT INTO annotations_fts_stemmed(rowid, searchable_text) VALUES (NEW.id, NEW.searchable_text);
END;
CREATE VIEW meta AS
        SELECT id, title,
               (SELECT sortconcat(bal.id, name) FROM books_authors_link AS bal JOIN authors ON(author = authors.id) WHERE book = books.id) authors,
               (SELECT name FROM publishers WHERE publishers.id IN (SELECT publisher from books_publishers_link WHERE book=books.id)) publisher,
               (SELECT rating FROM ratings WHERE ratings.id IN (SELECT rating from books_ratings_link WHERE book=books.id)) rating,
               timestamp,
               (SELECT MAX(uncompressed_size) FROM data WHERE book=books.id) size,
               (SELECT concat(name) FROM tags WHERE tags.id IN (SELECT tag from books_tags_link WHERE book=books.id)) tags,
               (SELECT text FROM comments WHERE book=books.id) comments,
               (SELECT name FROM series WHERE series.id IN (SELECT series FROM books_series_link WHERE book=books.id)) series,
               series_index,
               sort,
               author_sort,
               (SELECT concat(format) FROM data WHERE data.book=books.id) formats,
               isbn,
               path,
               lccn,
               pubdate,
               flags,
               uuid
        FROM books;
CREATE VIEW tag_browser_authors AS SELECT
                    id,
                    name,
                    (SELECT COUNT(id) FROM books_authors_link WHERE author=authors.id) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_authors_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.author=authors.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0) avg_rating,
                     sort AS sort
                FROM authors;
CREATE VIEW tag_browser_filtered_authors AS SELECT
                    id,
                    name,
                    (SELECT COUNT(books_authors_link.id) FROM books_authors_link WHERE
                        author=authors.id AND books_list_filter(book)) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_authors_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.author=authors.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0 AND
                     books_list_filter(bl.book)) avg_rating,
                     sort AS sort
                FROM authors;
CREATE VIEW tag_browser_filtered_publishers AS SELECT
                    id,
                    name,
                    (SELECT COUNT(books_publishers_link.id) FROM books_publishers_link WHERE
                        publisher=publishers.id AND books_list_filter(book)) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_publishers_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.publisher=publishers.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0 AND
                     books_list_filter(bl.book)) avg_rating,
                     name AS sort
                FROM publishers;
CREATE VIEW tag_browser_filtered_ratings AS SELECT
                    id,
                    rating,
                    (SELECT COUNT(books_ratings_link.id) FROM books_ratings_link WHERE
                        rating=ratings.id AND books_list_filter(book)) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_ratings_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.rating=ratings.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0 AND
                     books_list_filter(bl.book)) avg_rating,
                     rating AS sort
                FROM ratings;
CREATE VIEW tag_browser_filtered_series AS SELECT
                    id,
                    name,
                    (SELECT COUNT(books_series_link.id) FROM books_series_link WHERE
                        series=series.id AND books_list_filter(book)) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_series_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.series=series.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0 AND
                     books_list_filter(bl.book)) avg_rating,
                     (title_sort(name)) AS sort
                FROM series;
CREATE VIEW tag_browser_filtered_tags AS SELECT
                    id,
                    name,
                    (SELECT COUNT(books_tags_link.id) FROM books_tags_link WHERE
                        tag=tags.id AND books_list_filter(book)) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_tags_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.tag=tags.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0 AND
                     books_list_filter(bl.book)) avg_rating,
                     name AS sort
                FROM tags;
CREATE VIEW tag_browser_publishers AS SELECT
                    id,
                    name,
                    (SELECT COUNT(id) FROM books_publishers_link WHERE publisher=publishers.id) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_publishers_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.publisher=publishers.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0) avg_rating,
                     name AS sort
                FROM publishers;
CREATE VIEW tag_browser_ratings AS SELECT
                    id,
                    rating,
                    (SELECT COUNT(id) FROM books_ratings_link WHERE rating=ratings.id) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_ratings_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.rating=ratings.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0) avg_rating,
                     rating AS sort
                FROM ratings;
CREATE VIEW tag_browser_series AS SELECT
                    id,
                    name,
                    (SELECT COUNT(id) FROM books_series_link WHERE series=series.id) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_series_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.series=series.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0) avg_rating,
                     (title_sort(name)) AS sort
                FROM series;
CREATE VIEW tag_browser_tags AS SELECT
                    id,
                    name,
                    (SELECT COUNT(id) FROM books_tags_link WHERE tag=tags.id) count,
                    (SELECT AVG(ratings.rating)
                     FROM books_tags_link AS tl, books_ratings_link AS bl, ratings
                     WHERE tl.tag=tags.id AND bl.book=tl.book AND
                     ratings.id = bl.rating AND ratings.rating <> 0) avg_rating,
                     name AS sort
                FROM tags;
CREATE INDEX authors_idx ON books (author_sort COLLATE NOCASE);
CREATE INDEX books_authors_link_aidx ON books_authors_link (author);
CREATE INDEX books_authors_link_bidx ON books_authors_link (book);
CREATE INDEX books_idx ON books (sort COLLATE NOCASE);
CREATE INDEX books_languages_link_aidx ON books_languages_link (lang_code);
CREATE INDEX books_languages_link_bidx ON books_languages_link (book);
CREATE INDEX books_publishers_link_aidx ON books_publishers_link (publisher);
CREATE INDEX books_publishers_link_bidx ON books_publishers_link (book);
CREATE INDEX books_ratings_link_aidx ON books_ratings_link (rating);
CREATE INDEX books_ratings_link_bidx ON books_ratings_link (book);
CREATE INDEX books_series_link_aidx ON books_series_link (series);
CREATE INDEX books_series_link_bidx ON books_series_link (book);
CREATE INDEX books_tags_link_aidx ON books_tags_link (tag);
CREATE INDEX books_tags_link_bidx ON books_tags_link (book);
CREATE INDEX comments_idx ON comments (book);
CREATE INDEX conversion_options_idx_a ON conversion_options (format COLLATE NOCASE);
CREATE INDEX conversion_options_idx_b ON conversion_options (book);
CREATE INDEX custom_columns_idx ON custom_columns (label);
CREATE INDEX data_idx ON data (book);
CREATE INDEX lrp_idx ON last_read_positions (book);
CREATE INDEX annot_idx ON annotations (book);
CREATE INDEX formats_idx ON data (format);
CREATE INDEX languages_idx ON languages (lang_code COLLATE NOCASE);
CREATE INDEX publishers_idx ON publishers (name COLLATE NOCASE);
CREATE INDEX series_idx ON series (name COLLATE NOCASE);
CREATE INDEX tags_idx ON tags (name COLLATE NOCASE);
CREATE TRIGGER books_delete_trg
            AFTER DELETE ON books
            BEGIN
                DELETE FROM books_authors_link WHERE book=OLD.id;
                DELETE FROM books_publishers_link WHERE book=OLD.id;
                DELETE FROM books_ratings_link WHERE book=OLD.id;
                DELETE FROM books_series_link WHERE book=OLD.id;
                DELETE FROM books_tags_link WHERE book=OLD.id;
                DELETE FROM books_languages_link WHERE book=OLD.id;
                DELETE FROM data WHERE book=OLD.id;
                DELETE FROM last_read_positions WHERE book=OLD.id;
                DELETE FROM annotations WHERE book=OLD.id;
                DELETE FROM comments WHERE book=OLD.id;
                DELETE FROM conversion_options WHERE book=OLD.id;
                DELETE FROM books_plugin_data WHERE book=OLD.id;
                DELETE FROM identifiers WHERE book=OLD.id;
        END;
CREATE TRIGGER books_insert_trg AFTER INSERT ON books
        BEGIN
            UPDATE books SET sort=title_sort(NEW.title),uuid=uuid4() WHERE id=NEW.id;
        END;
CREATE TRIGGER books_update_trg
            AFTER UPDATE ON books
            BEGIN
            UPDATE books SET sort=title_sort(NEW.title)
                         WHERE id=NEW.id AND OLD.title <> NEW.title;
            END;
CREATE TRIGGER fkc_comments_insert
        BEFORE INSERT ON comments
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_comments_update
        BEFORE UPDATE OF book ON comments
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_data_insert
        BEFORE INSERT ON data
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_data_update
        BEFORE UPDATE OF book ON data
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_lrp_insert
        BEFORE INSERT ON last_read_positions
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_lrp_update
        BEFORE UPDATE OF book ON last_read_positions
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_annot_insert
        BEFORE INSERT ON annotations
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_annot_update
        BEFORE UPDATE OF book ON annotations
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_delete_on_authors
        BEFORE DELETE ON authors
        BEGIN
            SELECT CASE
                WHEN (SELECT COUNT(id) FROM books_authors_link WHERE author=OLD.id) > 0
                THEN RAISE(ABORT, 'Foreign key violation: authors is still referenced')
            END;
        END;
CREATE TRIGGER fkc_delete_on_languages
        BEFORE DELETE ON languages
        BEGIN
            SELECT CASE
                WHEN (SELECT COUNT(id) FROM books_languages_link WHERE lang_code=OLD.id) > 0
                THEN RAISE(ABORT, 'Foreign key violation: language is still referenced')
            END;
        END;
CREATE TRIGGER fkc_delete_on_languages_link
        BEFORE INSERT ON books_languages_link
        BEGIN
          SELECT CASE
              WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: book not in books')
              WHEN (SELECT id from languages WHERE id=NEW.lang_code) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: lang_code not in languages')
          END;
        END;
CREATE TRIGGER fkc_delete_on_publishers
        BEFORE DELETE ON publishers
        BEGIN
            SELECT CASE
                WHEN (SELECT COUNT(id) FROM books_publishers_link WHERE publisher=OLD.id) > 0
                THEN RAISE(ABORT, 'Foreign key violation: publishers is still referenced')
            END;
        END;
CREATE TRIGGER fkc_delete_on_series
        BEFORE DELETE ON series
        BEGIN
            SELECT CASE
                WHEN (SELECT COUNT(id) FROM books_series_link WHERE series=OLD.id) > 0
                THEN RAISE(ABORT, 'Foreign key violation: series is still referenced')
            END;
        END;
CREATE TRIGGER fkc_delete_on_tags
        BEFORE DELETE ON tags
        BEGIN
            SELECT CASE
                WHEN (SELECT COUNT(id) FROM books_tags_link WHERE tag=OLD.id) > 0
                THEN RAISE(ABORT, 'Foreign key violation: tags is still referenced')
            END;
        END;
CREATE TRIGGER fkc_insert_books_authors_link
        BEFORE INSERT ON books_authors_link
        BEGIN
          SELECT CASE
              WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: book not in books')
              WHEN (SELECT id from authors WHERE id=NEW.author) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: author not in authors')
          END;
        END;
CREATE TRIGGER fkc_insert_books_publishers_link
        BEFORE INSERT ON books_publishers_link
        BEGIN
          SELECT CASE
              WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: book not in books')
              WHEN (SELECT id from publishers WHERE id=NEW.publisher) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: publisher not in publishers')
          END;
        END;
CREATE TRIGGER fkc_insert_books_ratings_link
        BEFORE INSERT ON books_ratings_link
        BEGIN
          SELECT CASE
              WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: book not in books')
              WHEN (SELECT id from ratings WHERE id=NEW.rating) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: rating not in ratings')
          END;
        END;
CREATE TRIGGER fkc_insert_books_series_link
        BEFORE INSERT ON books_series_link
        BEGIN
          SELECT CASE
              WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: book not in books')
              WHEN (SELECT id from series WHERE id=NEW.series) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: series not in series')
          END;
        END;
CREATE TRIGGER fkc_insert_books_tags_link
        BEFORE INSERT ON books_tags_link
        BEGIN
          SELECT CASE
              WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: book not in books')
              WHEN (SELECT id from tags WHERE id=NEW.tag) IS NULL
              THEN RAISE(ABORT, 'Foreign key violation: tag not in tags')
          END;
        END;
CREATE TRIGGER fkc_update_books_authors_link_a
        BEFORE UPDATE OF book ON books_authors_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_update_books_authors_link_b
        BEFORE UPDATE OF author ON books_authors_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from authors WHERE id=NEW.author) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: author not in authors')
            END;
        END;
CREATE TRIGGER fkc_update_books_languages_link_a
        BEFORE UPDATE OF book ON books_languages_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_update_books_languages_link_b
        BEFORE UPDATE OF lang_code ON books_languages_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from languages WHERE id=NEW.lang_code) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: lang_code not in languages')
            END;
        END;
CREATE TRIGGER fkc_update_books_publishers_link_a
        BEFORE UPDATE OF book ON books_publishers_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_update_books_publishers_link_b
        BEFORE UPDATE OF publisher ON books_publishers_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from publishers WHERE id=NEW.publisher) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: publisher not in publishers')
            END;
        END;
CREATE TRIGGER fkc_update_books_ratings_link_a
        BEFORE UPDATE OF book ON books_ratings_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_update_books_ratings_link_b
        BEFORE UPDATE OF rating ON books_ratings_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from ratings WHERE id=NEW.rating) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: rating not in ratings')
            END;
        END;
CREATE TRIGGER fkc_update_books_series_link_a
        BEFORE UPDATE OF book ON books_series_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_update_books_series_link_b
        BEFORE UPDATE OF series ON books_series_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from series WHERE id=NEW.series) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: series not in series')
            END;
        END;
CREATE TRIGGER fkc_update_books_tags_link_a
        BEFORE UPDATE OF book ON books_tags_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
            END;
        END;
CREATE TRIGGER fkc_update_books_tags_link_b
        BEFORE UPDATE OF tag ON books_tags_link
        BEGIN
            SELECT CASE
                WHEN (SELECT id from tags WHERE id=NEW.tag) IS NULL
                THEN RAISE(ABORT, 'Foreign key violation: tag not in tags')
            END;
        END;
CREATE TRIGGER series_insert_trg
        AFTER INSERT ON series
        BEGIN
          UPDATE series SET sort=title_sort(NEW.name) WHERE id=NEW.id;
        END;
CREATE TRIGGER series_update_trg
        AFTER UPDATE ON series
        BEGIN
          UPDATE series SET sort=title_sort(NEW.name) WHERE id=NEW.id;
        END;
CREATE INDEX custom_column_1_idx ON custom_column_1 (book);
CREATE TRIGGER fkc_insert_custom_column_1
                        BEFORE INSERT ON custom_column_1
                        BEGIN
                            SELECT CASE
                                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
                            END;
                        END;
CREATE TRIGGER fkc_update_custom_column_1
                        BEFORE UPDATE OF book ON custom_column_1
                        BEGIN
                            SELECT CASE
                                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
                            END;
                        END;
CREATE INDEX custom_column_2_idx ON custom_column_2 (book);
CREATE TRIGGER fkc_insert_custom_column_2
                        BEFORE INSERT ON custom_column_2
                        BEGIN
                            SELECT CASE
                                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
                            END;
                        END;
CREATE TRIGGER fkc_update_custom_column_2
                        BEFORE UPDATE OF book ON custom_column_2
                        BEGIN
                            SELECT CASE
                                WHEN (SELECT id from books WHERE id=NEW.book) IS NULL
                                THEN RAISE(ABORT, 'Foreign key violation: book not in books')
                            END;
                        END;
PRAGMA writable_schema=OFF;
COMMIT;
