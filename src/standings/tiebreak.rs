//! Tie-break descriptors in the grammar of C.07 Art. 14 and the TRF/MTB26 lists:
//! `CODE[/C1|/C2|/M1|/M2][/P][/F][/Lx][/R]`, read with `/` or `-` between the parts
//! (`BH-C1`, `BH/C1`, `SB/C1/P`, `KS/L-2`, `TPN/R`), written canonically with `/`.

use std::fmt;
use std::str::FromStr;

/// Every individual tie-break of the FIDE 2026 list (C.07 Art. 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// Direct encounter, Art. 6.
    De,
    /// Number of wins, Art. 7.1.
    Win,
    /// Number of games won over the board, Art. 7.2.
    Won,
    /// Games played with Black, Art. 7.3.
    Bpg,
    /// Games won with Black, Art. 7.4.
    Bwg,
    /// Sum of progressive scores, Art. 7.5.
    Ps,
    /// Rounds one elected to play, Art. 7.6 (`GE` before 2026).
    Rep,
    /// Standard points, Art. 7.7 (2026).
    Std,
    /// Tournament pairing number, Art. 7.8 (2026).
    Tpn,
    /// Buchholz, Art. 8.1.
    Bh,
    /// Average of opponents' Buchholz, Art. 8.2.
    Aob,
    /// Fore Buchholz, Art. 8.3.
    Fb,
    /// Sonneborn-Berger, Art. 9.1.
    Sb,
    /// Koya system, Art. 9.2.
    Ks,
    /// Average rating of opponents, Art. 10.1.
    Aro,
    /// Tournament performance rating, Art. 10.2.
    Tpr,
    /// Perfect tournament performance, Art. 10.3.
    Ptp,
    /// Average performance rating of opponents, Art. 10.4.
    Apro,
    /// Average perfect performance of opponents, Art. 10.5.
    Appo,
    /// The participant's rating, Art. 10.6 (2026).
    Rtng,
}

impl Code {
    pub const ALL: [Code; 20] = [
        Code::De,
        Code::Win,
        Code::Won,
        Code::Bpg,
        Code::Bwg,
        Code::Ps,
        Code::Rep,
        Code::Std,
        Code::Tpn,
        Code::Bh,
        Code::Aob,
        Code::Fb,
        Code::Sb,
        Code::Ks,
        Code::Aro,
        Code::Tpr,
        Code::Ptp,
        Code::Apro,
        Code::Appo,
        Code::Rtng,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Code::De => "DE",
            Code::Win => "WIN",
            Code::Won => "WON",
            Code::Bpg => "BPG",
            Code::Bwg => "BWG",
            Code::Ps => "PS",
            Code::Rep => "REP",
            Code::Std => "STD",
            Code::Tpn => "TPN",
            Code::Bh => "BH",
            Code::Aob => "AOB",
            Code::Fb => "FB",
            Code::Sb => "SB",
            Code::Ks => "KS",
            Code::Aro => "ARO",
            Code::Tpr => "TPR",
            Code::Ptp => "PTP",
            Code::Apro => "APRO",
            Code::Appo => "APPO",
            Code::Rtng => "RTNG",
        }
    }

    /// The C.07 article that defines it.
    pub const fn article(self) -> &'static str {
        match self {
            Code::De => "6",
            Code::Win => "7.1",
            Code::Won => "7.2",
            Code::Bpg => "7.3",
            Code::Bwg => "7.4",
            Code::Ps => "7.5",
            Code::Rep => "7.6",
            Code::Std => "7.7",
            Code::Tpn => "7.8",
            Code::Bh => "8.1",
            Code::Aob => "8.2",
            Code::Fb => "8.3",
            Code::Sb => "9.1",
            Code::Ks => "9.2",
            Code::Aro => "10.1",
            Code::Tpr => "10.2",
            Code::Ptp => "10.3",
            Code::Apro => "10.4",
            Code::Appo => "10.5",
            Code::Rtng => "10.6",
        }
    }

    /// The modifier kinds C.07 allows with this tie-break.
    pub fn allowed(self) -> &'static [ModifierKind] {
        use ModifierKind::*;
        match self {
            Code::Bh | Code::Fb | Code::Sb => &[Cut, Median, Played],
            Code::Aro => &[Cut, Median],
            Code::Ps => &[Cut],
            Code::De => &[Played],
            Code::Aob => &[Fore],
            Code::Ks => &[Limit],
            Code::Tpn | Code::Rtng => &[Reverse],
            _ => &[],
        }
    }

    /// Built on opponents' ratings or the participant's own (Art. 10): dropped when unrated
    /// players are present and no rule for them is given.
    pub const fn rating_based(self) -> bool {
        matches!(
            self,
            Code::Aro | Code::Tpr | Code::Ptp | Code::Apro | Code::Appo | Code::Rtng
        )
    }

    /// Buchholz and its relatives (Art. 8): not for round robins.
    pub const fn buchholz_family(self) -> bool {
        matches!(self, Code::Bh | Code::Aob | Code::Fb)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A kind of modifier, for the messages that list what a tie-break allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModifierKind {
    /// `/C1`, `/C2` (Art. 14.1, 14.2).
    Cut,
    /// `/M1`, `/M2` (Art. 14.3, 14.4).
    Median,
    /// `/P`: forfeits count as games played against the scheduled opponent.
    Played,
    /// `/F`: Fore Buchholz in AOB.
    Fore,
    /// `/Lx`: the Koya limit moved by x half-points (Art. 14.5).
    Limit,
    /// `/R`: reverse order (TPN, RTNG).
    Reverse,
}

impl ModifierKind {
    const fn spelling(self) -> &'static str {
        match self {
            ModifierKind::Cut => "/C1, /C2",
            ModifierKind::Median => "/M1, /M2",
            ModifierKind::Played => "/P",
            ModifierKind::Fore => "/F",
            ModifierKind::Limit => "/Lx (x half-points, e.g. /L1, /L-1)",
            ModifierKind::Reverse => "/R",
        }
    }
}

/// Cut-n or Median-n.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trim {
    /// Remove the n least significant values.
    Cut(u8),
    /// Remove the n least and the n most significant values.
    Median(u8),
}

impl Trim {
    /// How many values are removed from the bottom and from the top.
    pub const fn counts(self) -> (usize, usize) {
        match self {
            Trim::Cut(n) => (n as usize, 0),
            Trim::Median(n) => (n as usize, n as usize),
        }
    }
}

/// One entry of a tie-break list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TieBreak {
    pub code: Code,
    pub trim: Option<Trim>,
    /// `/P`.
    pub forfeits_played: bool,
    /// `/F`.
    pub fore: bool,
    /// `/Lx`: half-points added to the Koya limit (negative lowers it).
    pub limit: i8,
    /// `/R`.
    pub reverse: bool,
}

impl TieBreak {
    pub const fn new(code: Code) -> TieBreak {
        TieBreak {
            code,
            trim: None,
            forfeits_played: false,
            fore: false,
            limit: 0,
            reverse: false,
        }
    }

    pub const fn cut(self, n: u8) -> TieBreak {
        TieBreak {
            trim: Some(Trim::Cut(n)),
            ..self
        }
    }

    pub const fn median(self, n: u8) -> TieBreak {
        TieBreak {
            trim: Some(Trim::Median(n)),
            ..self
        }
    }

    /// Lower values rank higher: TPN, and RTNG with `/R`; TPN with `/R` ranks higher first.
    pub const fn ascending(self) -> bool {
        match self.code {
            Code::Tpn => !self.reverse,
            Code::Rtng => self.reverse,
            // DE's value is a place within the tied group (1 is first).
            Code::De => true,
            _ => false,
        }
    }

    /// Every descriptor C.07 allows: each code bare and with each allowed modifier and the
    /// allowed combinations of a trim with `/P` (`KS` with `/L-2` to `/L2`).
    pub fn every_allowed() -> Vec<TieBreak> {
        let mut out = Vec::new();
        for code in Code::ALL {
            let base = TieBreak::new(code);
            let allowed = code.allowed();
            let trims: Vec<Option<Trim>> = {
                let mut t = vec![None];
                if allowed.contains(&ModifierKind::Cut) {
                    t.extend([Some(Trim::Cut(1)), Some(Trim::Cut(2))]);
                }
                if allowed.contains(&ModifierKind::Median) {
                    t.extend([Some(Trim::Median(1)), Some(Trim::Median(2))]);
                }
                t
            };
            let played: &[bool] = if allowed.contains(&ModifierKind::Played) {
                &[false, true]
            } else {
                &[false]
            };
            for &trim in &trims {
                for &p in played {
                    out.push(TieBreak {
                        trim,
                        forfeits_played: p,
                        ..base
                    });
                }
            }
            if allowed.contains(&ModifierKind::Fore) {
                out.push(TieBreak { fore: true, ..base });
            }
            if allowed.contains(&ModifierKind::Reverse) {
                out.push(TieBreak {
                    reverse: true,
                    ..base
                });
            }
            if allowed.contains(&ModifierKind::Limit) {
                for limit in [-2, -1, 1, 2] {
                    out.push(TieBreak { limit, ..base });
                }
            }
        }
        out
    }
}

/// Canonical form: `BH/C1/P`, `KS/L-1`, `TPN/R`.
impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = self.code.as_str().to_owned();
        match self.trim {
            Some(Trim::Cut(n)) => s.push_str(&format!("/C{n}")),
            Some(Trim::Median(n)) => s.push_str(&format!("/M{n}")),
            None => {}
        }
        if self.forfeits_played {
            s.push_str("/P");
        }
        if self.fore {
            s.push_str("/F");
        }
        if self.limit != 0 {
            s.push_str(&format!("/L{}", self.limit));
        }
        if self.reverse {
            s.push_str("/R");
        }
        f.pad(&s)
    }
}

/// Why a descriptor was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseTieBreakError {
    Empty,
    UnknownCode(String),
    UnknownModifier { code: Code, modifier: String },
    NotAllowed { code: Code, modifier: String },
    Repeated { code: Code, modifier: String },
}

fn allowed_list(code: Code) -> String {
    let allowed = code.allowed();
    if allowed.is_empty() {
        "none".to_owned()
    } else {
        allowed
            .iter()
            .map(|k| k.spelling())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn code_list() -> String {
    let mut names: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    names.push("GE");
    names.join(", ")
}

impl fmt::Display for ParseTieBreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTieBreakError::Empty => {
                write!(f, "empty tie-break: expected one of {}", code_list())
            }
            ParseTieBreakError::UnknownCode(text) => write!(
                f,
                "unknown tie-break `{text}`: expected one of {}",
                code_list()
            ),
            ParseTieBreakError::UnknownModifier { code, modifier } => write!(
                f,
                "unknown modifier `{modifier}` for {code}: allowed modifiers: {}",
                allowed_list(*code)
            ),
            ParseTieBreakError::NotAllowed { code, modifier } => write!(
                f,
                "modifier `{modifier}` is not allowed for {code} (c.07 art. {}): allowed modifiers: {}",
                code.article(),
                allowed_list(*code)
            ),
            ParseTieBreakError::Repeated { code, modifier } => write!(
                f,
                "modifier `{modifier}` given twice or with another cut or median for {code}: allowed modifiers: {}",
                allowed_list(*code)
            ),
        }
    }
}

impl std::error::Error for ParseTieBreakError {}

impl FromStr for TieBreak {
    type Err = ParseTieBreakError;

    /// Reads `BH`, `BH/C1`, `BH-C1`, `bh/c1`, `SB/C1/P`, `KS/L-1`, `KS/L+1`, `TPN/R`, and
    /// `GE` (the 2024 name of REP). A `-` followed by a digit belongs to a Koya limit.
    fn from_str(text: &str) -> Result<TieBreak, ParseTieBreakError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseTieBreakError::Empty);
        }
        // Split on `/` and on `-` that does not start a negative limit (`L-1`).
        let mut parts: Vec<String> = Vec::new();
        let mut current = String::new();
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let negative_limit = c == '-'
                && current.eq_ignore_ascii_case("L")
                && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit());
            if (c == '/' || c == '-') && !negative_limit {
                parts.push(std::mem::take(&mut current));
            } else {
                current.push(c);
            }
        }
        parts.push(current);
        TieBreak::from_parts(&parts[0], &parts[1..])
    }
}

impl TieBreak {
    /// A descriptor from its acronym and its modifiers (without their `/`), as both the
    /// command line's spelling and the TRF records' grammar split it.
    fn from_parts<S: AsRef<str>>(
        acronym: &str,
        modifiers: &[S],
    ) -> Result<TieBreak, ParseTieBreakError> {
        let name = acronym.trim().to_ascii_uppercase();
        let code = match name.as_str() {
            "GE" => Code::Rep,
            "" => return Err(ParseTieBreakError::Empty),
            _ => Code::ALL
                .into_iter()
                .find(|c| c.as_str() == name)
                .ok_or_else(|| ParseTieBreakError::UnknownCode(acronym.trim().to_owned()))?,
        };
        let mut tb = TieBreak::new(code);
        let mut seen: Vec<ModifierKind> = Vec::new();
        for raw in modifiers {
            let raw = raw.as_ref();
            let m = raw.trim().to_ascii_uppercase();
            let shown = format!("/{}", raw.trim());
            let unknown = || ParseTieBreakError::UnknownModifier {
                code,
                modifier: shown.clone(),
            };
            let (kind, apply): (ModifierKind, Apply) = match m.as_str() {
                "C1" | "C2" => {
                    let n = if m == "C1" { 1 } else { 2 };
                    (
                        ModifierKind::Cut,
                        Box::new(move |t| t.trim = Some(Trim::Cut(n))),
                    )
                }
                "M1" | "M2" => {
                    let n = if m == "M1" { 1 } else { 2 };
                    (
                        ModifierKind::Median,
                        Box::new(move |t| t.trim = Some(Trim::Median(n))),
                    )
                }
                "P" => (ModifierKind::Played, Box::new(|t| t.forfeits_played = true)),
                "F" => (ModifierKind::Fore, Box::new(|t| t.fore = true)),
                "R" => (ModifierKind::Reverse, Box::new(|t| t.reverse = true)),
                _ if m.starts_with('L') => {
                    let n: i8 = m[1..]
                        .trim_start_matches('+')
                        .parse()
                        .map_err(|_| unknown())?;
                    if !(-20..=20).contains(&n) || m[1..].is_empty() {
                        return Err(unknown());
                    }
                    (ModifierKind::Limit, Box::new(move |t| t.limit = n))
                }
                _ => return Err(unknown()),
            };
            if !code.allowed().contains(&kind) {
                return Err(ParseTieBreakError::NotAllowed {
                    code,
                    modifier: shown,
                });
            }
            let clashes = seen.iter().any(|&k| {
                k == kind
                    || matches!(
                        (k, kind),
                        (ModifierKind::Cut, ModifierKind::Median)
                            | (ModifierKind::Median, ModifierKind::Cut)
                    )
            });
            if clashes {
                return Err(ParseTieBreakError::Repeated {
                    code,
                    modifier: shown,
                });
            }
            seen.push(kind);
            apply(&mut tb);
        }
        Ok(tb)
    }
}

/// How a modifier changes a descriptor.
type Apply = Box<dyn Fn(&mut TieBreak)>;

/// Reads a comma- or space-separated list (`BH/C1, BH, SB`).
pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, ParseTieBreakError> {
    text.split([',', ' ', ';'])
        .filter(|s| !s.trim().is_empty())
        .map(str::parse)
        .collect()
}

/// One entry of a tie-break list as TRF-2026 records `202` and `212` write it, split by the
/// MTB26 grammar of C.07 (2026): an acronym, a score parameter after `:` (`BH:MP`, `ESB:MG`),
/// then modifiers each after a `/` (`/C1`, `/P`, `/L-2`). `EMGSB/C1/P` is the acronym
/// `EMGSB` with the modifiers `C1` and `P`; `BH:MP/C1/P` is `BH` on match points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Descriptor {
    /// As written.
    pub text: String,
    /// Upper case, as C.07 spells it (`MPVGP` for `MPvGP`).
    pub acronym: String,
    /// The score the tie-break is computed on, after `:`, upper case (`MP`, `GP`, `MG`).
    pub score: Option<String>,
    /// Each modifier without its `/`, upper case.
    pub modifiers: Vec<String>,
}

impl Descriptor {
    /// Splits one entry; it never fails, because a record from another program may name
    /// what this one does not know, and is kept whatever it holds.
    pub fn read(text: &str) -> Descriptor {
        let text = text.trim();
        let mut parts = text.split('/');
        let head = parts.next().unwrap_or_default();
        let (acronym, score) = match head.split_once(':') {
            Some((acronym, score)) => (acronym, Some(score.trim().to_ascii_uppercase())),
            None => (head, None),
        };
        Descriptor {
            text: text.to_owned(),
            acronym: acronym.trim().to_ascii_uppercase(),
            score,
            modifiers: parts.map(|m| m.trim().to_ascii_uppercase()).collect(),
        }
    }

    /// The standings' own score (`PTS`), which `212` lists first: not a tie-break.
    pub fn is_points(&self) -> bool {
        self.acronym == "PTS" && self.score.is_none() && self.modifiers.is_empty()
    }
}

/// Why an entry of a recorded list is not computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeftOut {
    /// A team tie-break (C.07 Arts. 11-13: `MPvGP`, `EMGSB`, `EDET`, `BC`, ...), or a team's
    /// primary score (`MPTS`, `GPTS`).
    Team,
    /// A tie-break computed on a team score (`BH:MP`, `KS:GP`, 13 preamble).
    TeamScore(String),
    /// Self-defined by the event's regulations (`OTHER_...`).
    SelfDefined,
    /// A C.07 tie-break with a modifier that C.07 does not give it (or another program's own,
    /// such as `/U1400`), or not a C.07 tie-break at all.
    Unreadable(ParseTieBreakError),
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeftOut::Team => f.write_str("a team tie-break"),
            LeftOut::TeamScore(score) => write!(f, "on the team score {score}"),
            LeftOut::SelfDefined => f.write_str("self-defined"),
            LeftOut::Unreadable(ParseTieBreakError::UnknownCode(_)) => {
                f.write_str("not a c.07 tie-break")
            }
            LeftOut::Unreadable(e) => e.fmt(f),
        }
    }
}

/// The team tie-breaks and team scores of C.07 Arts. 11-13 (2026), with the spellings
/// FIDE's reference tool accepts (`ESB`, `EDEC`).
const TEAM_ACRONYMS: [&str; 18] = [
    "MPTS", "GPTS", "MPVGP", "BC", "TBR", "BBE", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EDE",
    "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "SSSC",
];

/// A tie-break list read from a TRF record (`202`, or `212` after its `PTS`): each entry with
/// the tie-break computed for it, or why it is left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedList {
    pub entries: Vec<(Descriptor, Result<TieBreak, LeftOut>)>,
}

impl RecordedList {
    /// The event's tie-break record of a report, as the import and every command read it:
    /// `202`, else `212` (the standings' order, its `PTS` skipped). Gives the record's code,
    /// the line as written and the list read from it.
    pub fn of_report(trf: &crate::trf::Trf) -> Option<(&str, &str, RecordedList)> {
        use crate::trf::RecordKind;
        let records = crate::trf::EventRecords::of(trf);
        let listed = |wanted: fn(&RecordKind) -> Option<&String>| {
            records
                .records
                .iter()
                .enumerate()
                .find_map(|(at, r)| wanted(&r.kind).map(|list| (at, list)))
        };
        let (at, list) = listed(|kind| match kind {
            RecordKind::Tiebreaks(list) => Some(list),
            _ => None,
        })
        .or_else(|| {
            listed(|kind| match kind {
                RecordKind::StandingsOrder(list) => Some(list),
                _ => None,
            })
        })?;
        let (code, line) = &trf.other[at];
        Some((code.as_str(), line.as_str(), RecordedList::read(list)))
    }

    /// The entries as written, comma-separated: the event's `tiebreaks` setting.
    pub fn text(&self) -> String {
        self.entries
            .iter()
            .map(|(d, _)| d.text.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads a comma-separated list (blanks and `;` separate too) by the MTB26 grammar. The
    /// standings' own score (`PTS`) is skipped. Nothing is refused: what cannot be computed
    /// here is kept with its reason.
    pub fn read(text: &str) -> RecordedList {
        let entries = text
            .split([',', ';', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(Descriptor::read)
            .filter(|d| !d.is_points())
            .map(|d| {
                let meaning = Self::meaning(&d);
                (d, meaning)
            })
            .collect();
        RecordedList { entries }
    }

    fn meaning(d: &Descriptor) -> Result<TieBreak, LeftOut> {
        if TEAM_ACRONYMS.contains(&d.acronym.as_str()) || d.acronym == "PTS" {
            return Err(LeftOut::Team);
        }
        if d.acronym.starts_with("OTHER_") {
            return Err(LeftOut::SelfDefined);
        }
        // A list set with `arbiter config` may use the command line's `-` (`BH-C1`).
        let tb = TieBreak::from_parts(&d.acronym, &d.modifiers)
            .or_else(|e| d.text.parse().map_err(|_| e))
            .map_err(LeftOut::Unreadable)?;
        // An individual event's one score is its points; `:MP` and `:GP` choose between a
        // team's two.
        match &d.score {
            Some(score) => Err(LeftOut::TeamScore(score.clone())),
            None => Ok(tb),
        }
    }

    /// The tie-breaks computed, in the list's order.
    pub fn computed(&self) -> Vec<TieBreak> {
        self.entries
            .iter()
            .filter_map(|(_, meaning)| meaning.as_ref().ok().copied())
            .collect()
    }

    /// The entries left out, each as written with its reason: `EDET/P (a team tie-break)`.
    pub fn left_out(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter_map(|(d, meaning)| {
                meaning
                    .as_ref()
                    .err()
                    .map(|why| format!("{} ({why})", d.text))
            })
            .collect()
    }
}
