-- Apple Books' library store, BKLibrary/BKLibrary-1-091020131601.sqlite, as the public tools
-- named in README.md read it: a Core Data store, built here on Linux, not copied from a Mac.
CREATE TABLE ZBKLIBRARYASSET (
    Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
    ZCONTENTTYPE INTEGER, ZISFINISHED INTEGER, ZISSAMPLE INTEGER, ZISSTOREAUDIOBOOK INTEGER,
    ZCREATIONDATE TIMESTAMP, ZDATEFINISHED TIMESTAMP, ZLASTOPENDATE TIMESTAMP, ZREADINGPROGRESS FLOAT,
    ZASSETID VARCHAR, ZAUTHOR VARCHAR, ZGENRE VARCHAR, ZLANGUAGE VARCHAR, ZPATH VARCHAR,
    ZSORTAUTHOR VARCHAR, ZSORTTITLE VARCHAR, ZTITLE VARCHAR
);
CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
-- Finished on 2025-08-02 (12:00 UTC), added 2025-01-05.
INSERT INTO ZBKLIBRARYASSET VALUES (1, 2, 5, 1, 1, 0, 0, 757760400, 775828800, 775828800, 1.0,
    'A1B2C3D4E5F60718293A4B5C6D7E8F90', 'Ursula K. Le Guin', 'Sci-Fi & Fantasy', 'en',
    '/Users/reader/Library/Mobile Documents/iCloud~com~apple~iBooks/Documents/The Left Hand of Darkness.epub',
    'Le Guin, Ursula K.', 'Left Hand of Darkness', 'The Left Hand of Darkness');
-- Half read; two authors as Apple Books writes them.
INSERT INTO ZBKLIBRARYASSET VALUES (2, 2, 3, 1, 0, 0, 0, 757760400, NULL, 774871200, 0.42,
    '1008523221', 'Terry Pratchett & Neil Gaiman', 'Fantasy', 'en-GB', NULL,
    'Pratchett, Terry', 'Good Omens', 'Good Omens');
-- Not opened; three authors.
INSERT INTO ZBKLIBRARYASSET VALUES (3, 2, 1, 1, 0, 0, 0, 757760400, NULL, NULL, 0.0,
    '394582013', 'Jim Webber, Savas Parastatidis, and Ian Robinson', 'Computers', 'en', NULL,
    'Webber, Jim', 'REST in Practice', 'REST in Practice');
-- A sample, with a highlight: left out.
INSERT INTO ZBKLIBRARYASSET VALUES (4, 2, 2, 1, 0, 1, 0, 770502600, NULL, 770502600, 0.01,
    '377523453', 'Neal Stephenson', 'Sci-Fi & Fantasy', 'en', NULL,
    'Stephenson, Neal', 'Snow Crash', 'Snow Crash');
-- A PDF: left out.
INSERT INTO ZBKLIBRARYASSET VALUES (5, 2, 2, 3, 0, 0, 0, 770502600, NULL, 770502600, 0.83,
    '5C1F2E3D4B5A69788796A5B4C3D2E1F0', 'Unknown Author', NULL, NULL, NULL,
    NULL, 'Manual_Coffee_Machine', 'Manual_Coffee_Machine');
-- An audiobook from the store, begun.
INSERT INTO ZBKLIBRARYASSET VALUES (6, 2, 2, 1, 0, 0, 1, 770502600, NULL, 770544900, 0.1,
    '1540392212', 'Susanna Clarke', 'Fantasy', 'en', NULL,
    'Clarke, Susanna', 'Piranesi', 'Piranesi');
-- Hostile: markup and an escape code in the title, a bell in the author, text where numbers go.
INSERT INTO ZBKLIBRARYASSET VALUES (7, 2, 1, 1, 0, 0, 0, 'soon', 'yesterday', NULL, 'lots',
    'EVIL0001', 'Mallory' || char(7) || ' Evil', NULL, 'zz-!!', NULL,
    NULL, NULL, '<script>alert(1)</script> Hostile' || char(27) || '[31m Red');
-- No title: skipped.
INSERT INTO ZBKLIBRARYASSET VALUES (8, 2, 1, 1, 0, 0, 0, 757760400, NULL, NULL, 0.0,
    'NOTITLE0001', 'Nobody', NULL, 'en', NULL, NULL, NULL, NULL);
INSERT INTO Z_PRIMARYKEY VALUES (2, 'BKLibraryAsset', 0, 8);
