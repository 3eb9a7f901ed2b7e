//! The readers on lists laid out as FIDE publishes them (fixtures/ratings/: the combined TXT
//! with FOA, the legacy TXT without it, the XML), zips of them made here, and broken copies.
//! The expected values are the fixtures' own lines, read by eye.

use super::*;

const TXT: &str = include_str!("../../fixtures/ratings/players_list_foa.txt");
const LEGACY: &str = include_str!("../../fixtures/ratings/players_list_legacy.txt");
const XML: &str = include_str!("../../fixtures/ratings/players_list_xml_foa.xml");
// Zips of the two lists as FIDE publishes them (one deflated member each), and of the TXT
// list with a letter in Carlsen's rating; made with Python's zipfile from the lists above.
const TXT_ZIP: &[u8] = include_bytes!("../../fixtures/ratings/players_list_foa.zip");
const XML_ZIP: &[u8] = include_bytes!("../../fixtures/ratings/players_list_xml_foa.zip");
const BROKEN_ZIP: &[u8] = include_bytes!("../../fixtures/ratings/players_list_broken.zip");

fn all(bytes: &[u8]) -> Result<(ListSummary, Vec<ListPlayer>), ReadListError<()>> {
    let mut players = Vec::new();
    let summary = read_list(bytes, |p| {
        players.push(p);
        Ok(())
    })?;
    Ok((summary, players))
}

fn parse_error(bytes: &[u8]) -> ParseListError {
    match all(bytes) {
        Err(ReadListError::Parse(err)) => err,
        other => panic!("expected a parse error, got {other:?}"),
    }
}

fn by_id(players: &[ListPlayer], id: u64) -> &ListPlayer {
    players
        .iter()
        .find(|p| p.fide_id == id)
        .expect("on the list")
}

#[test]
fn the_combined_txt_list_reads_every_field() {
    let (summary, players) = all(TXT.as_bytes()).unwrap();
    assert_eq!(summary.format, ListFormat::Txt);
    assert_eq!(summary.players, 32);
    assert_eq!(players.len(), 32);
    let carlsen = by_id(&players, 1503014);
    assert_eq!(
        carlsen,
        &ListPlayer {
            fide_id: 1503014,
            name: "Carlsen, Magnus".into(),
            federation: "NOR".into(),
            sex: "M".into(),
            title: "GM".into(),
            birth_year: Some(1990),
            standard: RateFigures {
                rating: Some(2833),
                games: Some(0),
                k: Some(10)
            },
            rapid: RateFigures {
                rating: Some(2817),
                games: Some(4),
                k: Some(10)
            },
            blitz: RateFigures {
                rating: Some(2886),
                games: Some(0),
                k: Some(10)
            },
            ..ListPlayer::default()
        }
    );
    let hou = by_id(&players, 8602980);
    assert_eq!(
        (
            hou.title.as_str(),
            hou.women_title.as_str(),
            hou.flag.as_str()
        ),
        ("GM", "WGM", "w")
    );
    let nunez = by_id(&players, 4100034);
    assert_eq!(nunez.foa, "AGM");
    assert_eq!(nunez.rapid, RateFigures::default());
    assert_eq!(nunez.blitz.rating, Some(1980));
    // A player with no rating at all: every figure blank.
    let young = by_id(&players, 4100042);
    assert_eq!(young.standard, RateFigures::default());
    assert_eq!(young.birth_year, Some(2014));
}

#[test]
fn other_titles_may_run_into_the_next_column() {
    let (_, players) = all(TXT.as_bytes()).unwrap();
    let gijssen = by_id(&players, 1000500);
    assert_eq!(gijssen.other_titles, "IA,FA,FST,FI,DI,IO");
    assert_eq!(gijssen.foa, "");
    assert_eq!(gijssen.standard.rating, Some(1950));
    assert_eq!(gijssen.flag, "i");
}

#[test]
fn unknown_titles_and_non_ascii_names_keep_the_columns() {
    let (_, players) = all(TXT.as_bytes()).unwrap();
    let lukasiewicz = by_id(&players, 4100026);
    assert_eq!(lukasiewicz.name, "Łukasiewicz, Józefina");
    assert_eq!(lukasiewicz.title, "WH");
    assert_eq!(lukasiewicz.women_title, "WH");
    assert_eq!(lukasiewicz.standard.rating, Some(1840));
    assert_eq!(lukasiewicz.standard.k, Some(40));
    let muller = by_id(&players, 4100018);
    assert_eq!(muller.name, "Müller, Jürgen");
    assert_eq!(muller.rapid.rating, Some(2250));
    assert_eq!(muller.birth_year, Some(1971));
}

#[test]
fn the_legacy_layout_without_foa_reads_the_same_players() {
    let (_, legacy) = all(LEGACY.as_bytes()).unwrap();
    let (_, current) = all(TXT.as_bytes()).unwrap();
    assert_eq!(legacy.len(), 8);
    for player in &legacy {
        let mut expected = by_id(&current, player.fide_id).clone();
        expected.foa.clear();
        assert_eq!(player, &expected);
    }
}

#[test]
fn a_latin1_list_reads_its_letters() {
    let header = TXT.lines().next().unwrap();
    let line = TXT.lines().find(|l| l.starts_with("4100018")).unwrap();
    let mut bytes: Vec<u8> = format!("{header}\n").into_bytes();
    bytes.extend(line.chars().map(|c| c as u32 as u8));
    let (_, players) = all(&bytes).unwrap();
    assert_eq!(players[0].name, "Müller, Jürgen");
    assert_eq!(players[0].standard.rating, Some(2301));
}

#[test]
fn the_xml_list_reads_the_same_players_as_the_txt() {
    let (summary, xml) = all(XML.as_bytes()).unwrap();
    let (_, mut txt) = all(TXT.as_bytes()).unwrap();
    assert_eq!(summary.format, ListFormat::Xml);
    // The XML writes 0 games for a rate the player has no rating in, where the TXT leaves
    // the column blank.
    for player in &mut txt {
        for rate in [&mut player.standard, &mut player.rapid, &mut player.blitz] {
            rate.games = rate.games.or(Some(0));
        }
    }
    assert_eq!(xml, txt);
}

#[test]
fn a_zip_of_either_reads_as_its_member() {
    for (name, content, zip) in [
        ("players_list_foa.txt", TXT, TXT_ZIP),
        ("players_list_xml_foa.xml", XML, XML_ZIP),
    ] {
        let (summary, players) = all(zip).unwrap();
        assert_eq!(summary.format, ListFormat::Zip);
        assert_eq!(summary.member.as_deref(), Some(name));
        assert_eq!(players.len(), 32);
        assert_eq!(players, all(content.as_bytes()).unwrap().1);
    }
}

#[test]
fn a_letter_in_a_rating_is_refused_at_its_column() {
    let broken = TXT.replacen("2833  0   10", "28X3  0   10", 1);
    let err = parse_error(broken.as_bytes());
    // Carlsen is on line 2; SRtng starts at character 114 (1-based) under the header.
    assert_eq!((err.line, err.column), (2, 114));
    assert_eq!(
        err.kind,
        ParseListErrorKind::NotANumber {
            field: "SRtng",
            found: "28X3".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "line 2, column 114: SRtng: expected a number, found `28X3`"
    );
}

#[test]
fn a_letter_after_a_non_ascii_name_is_placed_by_characters() {
    // Line 5 is Łukasiewicz, whose name has two letters of two bytes each.
    let broken = TXT.replacen("1840  5   40", "1840  5   4O", 1);
    let err = parse_error(broken.as_bytes());
    assert_eq!((err.line, err.column), (6, 124));
}

#[test]
fn a_truncated_line_is_refused_where_it_ends() {
    let mut lines: Vec<&str> = TXT.lines().collect();
    lines[3] = "1000500        Gijssen, Geu";
    let err = parse_error(lines.join("\n").as_bytes());
    assert_eq!((err.line, err.column), (4, 28));
    assert!(matches!(err.kind, ParseListErrorKind::Truncated { .. }));
}

#[test]
fn a_file_without_the_header_is_refused_on_line_one() {
    let body: String = TXT.lines().skip(1).collect::<Vec<_>>().join("\n");
    let err = parse_error(body.as_bytes());
    assert_eq!(
        (err.line, err.column, err.kind),
        (1, 1, ParseListErrorKind::NoHeader)
    );
    let err = parse_error(b"");
    assert_eq!(err.kind, ParseListErrorKind::Empty);
}

#[test]
fn bad_xml_is_refused_with_its_line_and_column() {
    // Line 27 holds Hou's <country>; a misspelt closing tag is not well-formed.
    let broken = XML.replacen("<country>CHN</country>", "<country>CHN</countyr>", 1);
    let err = parse_error(broken.as_bytes());
    assert_eq!(err.line, 27);
    assert!(matches!(err.kind, ParseListErrorKind::Xml(_)), "{err}");
    // An element out of FIDE's order.
    let swapped = XML.replacen(
        "  <name>Carlsen, Magnus</name>\n  <country>NOR</country>",
        "  <country>NOR</country>\n  <name>Carlsen, Magnus</name>",
        1,
    );
    let err = parse_error(swapped.as_bytes());
    assert_eq!((err.line, err.column), (6, 3));
    assert_eq!(
        err.kind,
        ParseListErrorKind::UnexpectedElement {
            expected: "<sex> or a later element".into(),
            found: "<name>".into()
        }
    );
    // A letter in a rating.
    let letter = XML.replacen("<rating>2833</rating>", "<rating>28x3</rating>", 1);
    let err = parse_error(letter.as_bytes());
    assert_eq!(err.line, 12);
    assert_eq!(
        err.kind,
        ParseListErrorKind::NotANumber {
            field: "rating",
            found: "28x3".into()
        }
    );
    // The file ends inside the list.
    let cut = &XML[..XML.find("</playerslist>").unwrap()];
    let err = parse_error(cut.as_bytes());
    assert_eq!(
        err.kind,
        ParseListErrorKind::UnexpectedElement {
            expected: "</playerslist>".into(),
            found: "the end of the file".into()
        }
    );
}

#[test]
fn an_error_inside_a_zip_names_the_member() {
    let err = parse_error(BROKEN_ZIP);
    assert_eq!(err.member.as_deref(), Some("players_list_foa.txt"));
    assert_eq!((err.line, err.column), (2, 114));
    let err = parse_error(b"PK\x03\x04 not really a zip");
    assert!(matches!(err.kind, ParseListErrorKind::Zip(_)), "{err}");
}

#[test]
fn the_caller_may_refuse_a_player_and_is_told_its_line() {
    let result = read_list(TXT.as_bytes(), |p| {
        if p.fide_id == 1000500 {
            Err("no")
        } else {
            Ok(())
        }
    });
    assert_eq!(
        result,
        Err(ReadListError::Sink {
            line: 4,
            error: "no"
        })
    );
}

#[test]
fn periods_are_checked_and_found_in_archive_names() {
    assert_eq!(parse_period("2026-07"), Ok("2026-07".into()));
    assert!(parse_period("2026-13").is_err());
    assert!(parse_period("26-07").is_err());
    assert_eq!(
        period_in_name("players_list_foa_jul26.zip").as_deref(),
        Some("2026-07")
    );
    assert_eq!(
        period_in_name("standard_sep25frl.txt").as_deref(),
        Some("2025-09")
    );
    assert_eq!(period_in_name("players_list_foa.txt"), None);
}

#[test]
fn a_list_of_one_rate_is_refused_with_what_to_import_instead() {
    // The header of FIDE's standard list alone, as its January 2023 file writes it (the rating
    // column named by the month), with one of its lines.
    let text = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN23 Gms K  B-day Flag\n\
                5045886        A K, Kalshyan                                                IND M                                1671  0   20 1964\n";
    let err = parse_error(text.as_bytes());
    assert_eq!((err.line, err.column), (1, 114));
    assert_eq!(err.kind, ParseListErrorKind::OneRateList("JAN23".into()));
    assert!(
        err.to_string().contains("expected FIDE's combined list"),
        "{err}"
    );
}

#[test]
fn lines_of_the_real_list_read_with_crlf_line_ends() {
    // The header and a line of FIDE's combined list as published (quoted in public code that
    // parses it; the real file is ASCII with CRLF line ends), and a line of FIDE's list from
    // the years before the FOA column, under its own header.
    let current = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\r\n\
                   2016192        Nakamura, Hikaru                                             USA M   GM                           2750  0   10 2837  0   10 2850  0   10 1987      \r\n";
    let (_, players) = all(current.as_bytes()).unwrap();
    let hikaru = &players[0];
    assert_eq!(
        (
            hikaru.fide_id,
            hikaru.name.as_str(),
            hikaru.federation.as_str(),
            hikaru.title.as_str()
        ),
        (2016192, "Nakamura, Hikaru", "USA", "GM")
    );
    assert_eq!(
        (
            hikaru.standard.rating,
            hikaru.rapid.rating,
            hikaru.blitz.rating,
            hikaru.birth_year
        ),
        (Some(2750), Some(2837), Some(2850), Some(1987))
    );
    assert_eq!(hikaru.flag, "");
    let legacy = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\r\n\
                  10207538       A E M, Doshtagir                                             BAN M                            1840  0   40 1836  0   20 1860  0   20 1974      \r\n";
    let (_, players) = all(legacy.as_bytes()).unwrap();
    assert_eq!(
        (
            players[0].fide_id,
            players[0].standard.rating,
            players[0].standard.k
        ),
        (10207538, Some(1840), Some(40))
    );
    assert_eq!(players[0].blitz.k, Some(20));
}
