-- Apple Books' annotation store, AEAnnotation/AEAnnotation_v10312011_1727_local.sqlite, as the
-- public tools named in README.md read it: a Core Data store, built here on Linux, not copied
-- from a Mac. Times are Core Data's, seconds since 2001-01-01 UTC.
CREATE TABLE ZAEANNOTATION (
    Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
    ZANNOTATIONDELETED INTEGER, ZANNOTATIONISUNDERLINE INTEGER, ZANNOTATIONSTYLE INTEGER,
    ZANNOTATIONTYPE INTEGER, ZPLLOCATIONRANGEEND INTEGER, ZPLLOCATIONRANGESTART INTEGER,
    ZANNOTATIONCREATIONDATE TIMESTAMP, ZANNOTATIONMODIFICATIONDATE TIMESTAMP,
    ZANNOTATIONASSETID VARCHAR, ZANNOTATIONLOCATION VARCHAR, ZANNOTATIONNOTE VARCHAR,
    ZANNOTATIONREPRESENTATIVETEXT VARCHAR, ZANNOTATIONSELECTEDTEXT VARCHAR, ZANNOTATIONUUID VARCHAR,
    ZFUTUREPROOFING5 VARCHAR
);
CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
-- The Left Hand of Darkness: made in another order than the book's (1 on 2025-07-19, 3 on the
-- 20th, 2 on the 21st; the book's is 2, 3, 1), and its chapter 10 (/6/20) sorts before chapter 4
-- (/6/8) as text.
INSERT INTO ZAEANNOTATION VALUES (1, 1, 2, 0, 0, 3, 2, 0, 10, 774612000, 774612000,
    'A1B2C3D4E5F60718293A4B5C6D7E8F90', 'epubcfi(/6/20[chapter10]!/4/2[p1],/1:0,/1:52)',
    'The whole book in a line.',
    'Light is the left hand of darkness and darkness the right hand of light.',
    'Light is the left hand of darkness', 'B4C1E2A0-0001-4000-8000-000000000001', 'Chapter 10');
INSERT INTO ZAEANNOTATION VALUES (2, 1, 1, 0, 1, 0, 2, 0, 4, 774784800, 774784800,
    'A1B2C3D4E5F60718293A4B5C6D7E8F90', 'epubcfi(/6/8[chapter4]!/4/12/1:5)', NULL,
    'The only thing that makes life possible is permanent, intolerable uncertainty.',
    'The only thing that makes life possible is permanent, intolerable uncertainty',
    'B4C1E2A0-0002-4000-8000-000000000002', NULL);
INSERT INTO ZAEANNOTATION VALUES (3, 1, 1, 0, 0, 1, 2, 0, 4, 774698400, 774698400,
    'A1B2C3D4E5F60718293A4B5C6D7E8F90', 'epubcfi(/6/8[chapter4]!/4/40/1:0)', NULL,
    'To learn which questions are unanswerable, and not to answer them.',
    'To learn which questions are unanswerable', 'B4C1E2A0-0003-4000-8000-000000000003', NULL);
-- Deleted in Apple Books: left out.
INSERT INTO ZAEANNOTATION VALUES (4, 1, 4, 1, 0, 3, 2, 0, 6, 774784800, 774871200,
    'A1B2C3D4E5F60718293A4B5C6D7E8F90', 'epubcfi(/6/12!/4/2/1:0)', NULL, NULL,
    'A passage the reader deleted', 'B4C1E2A0-0004-4000-8000-000000000004', NULL);
-- A bookmark and the place the reader stopped: no passage, left out.
INSERT INTO ZAEANNOTATION VALUES (5, 1, 1, 0, 0, 0, 1, 0, 12, 774871200, 774871200,
    'A1B2C3D4E5F60718293A4B5C6D7E8F90', 'epubcfi(/6/24!/4/2/1:0)', NULL, NULL, NULL,
    'B4C1E2A0-0005-4000-8000-000000000005', NULL);
INSERT INTO ZAEANNOTATION VALUES (6, 1, 9, 0, 0, 0, 3, 0, 12, 774871200, 775828800,
    'A1B2C3D4E5F60718293A4B5C6D7E8F90', 'epubcfi(/6/24!/4/8/1:120)', NULL, NULL, NULL,
    'B4C1E2A0-0006-4000-8000-000000000006', NULL);
-- A note on no passage: skipped.
INSERT INTO ZAEANNOTATION VALUES (7, 1, 1, 0, 0, 3, 2, 0, 2, 774871200, 774871200,
    'A1B2C3D4E5F60718293A4B5C6D7E8F90', 'epubcfi(/6/4!/4/2/1:0)', 'A note on nothing', NULL, '',
    'B4C1E2A0-0007-4000-8000-000000000007', NULL);
-- Good Omens: a note with markup in it, and a location that is no CFI.
INSERT INTO ZAEANNOTATION VALUES (8, 1, 1, 0, 0, 4, 2, 0, 3, 770544900, 770544900,
    '1008523221', 'epubcfi(/6/6[ch01]!/4/22/1:0)', 'Ha! <img src=x onerror=alert(1)>',
    NULL, 'Kind of an Ineffable Plan.', 'B4C1E2A0-0008-4000-8000-000000000008', NULL);
INSERT INTO ZAEANNOTATION VALUES (9, 1, 1, 0, 0, 4, 2, 0, 3, 770544900, 770544900,
    '1008523221', 'page 12', NULL, NULL, 'Just go with the flow.', 'B4C1E2A0-0009-4000-8000-000000000009', NULL);
-- The sample's highlight: left out with it.
INSERT INTO ZAEANNOTATION VALUES (10, 1, 1, 0, 0, 3, 2, 0, 1, 770502600, 770502600,
    '377523453', 'epubcfi(/6/4!/4/2/1:0)', NULL, NULL, 'The Deliverator belongs to an elite order.',
    'B4C1E2A0-0010-4000-8000-000000000010', NULL);
-- A book the library store does not have: skipped.
INSERT INTO ZAEANNOTATION VALUES (11, 1, 1, 0, 0, 3, 2, 0, 1, 770502600, 770502600,
    'GONE0001', 'epubcfi(/6/4!/4/2/1:0)', NULL, NULL, 'A passage of a book long gone.',
    'B4C1E2A0-0011-4000-8000-000000000011', NULL);
-- The hostile book: an escape code that sets the terminal's title, a formula, markup; a date
-- that is text.
INSERT INTO ZAEANNOTATION VALUES (12, 1, 1, 0, 0, 3, 2, 0, 1, 'last week', NULL,
    'EVIL0001', 'epubcfi(/6/4!/4/2/1:0)', '=HYPERLINK("https://evil.example/","click")',
    NULL, 'Evil ' || char(27) || ']0;pwned' || char(7) || '<script>alert(2)</script> passage',
    'B4C1E2A0-0012-4000-8000-000000000012', NULL);
INSERT INTO Z_PRIMARYKEY VALUES (1, 'AEAnnotation', 0, 12);
