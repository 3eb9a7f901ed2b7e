//! Writes a FIDE combined rating list of any size, in the TXT layout (with FOA) or the XML,
//! for measuring `arbiter ratings import` on a list as big as FIDE's (1.9 million lines):
//!
//!   cargo run --example fide_list -- 400000 txt > players_list_foa.txt
//!   cargo run --example fide_list -- 400000 xml > players_list_xml_foa.xml
//!
//! The players are made up from a seeded generator: names with and without non-ASCII
//! letters, titles, other titles, all three rates, inactive and women's flags.

use std::io::{BufWriter, Write};

const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let lines: u64 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(400_000);
    let xml = args.get(2).is_some_and(|f| f == "xml");
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    const LAST: [&str; 8] = [
        "Smith",
        "Müller",
        "Núñez",
        "Kovač",
        "Łukasiewicz",
        "Ivanov",
        "Zhang",
        "O'Brien",
    ];
    const FIRST: [&str; 6] = ["Anna", "José", "Jürgen", "Li", "Maria", "Peter"];
    const FEDS: [&str; 6] = ["GER", "ESP", "CRO", "POL", "RUS", "CHN"];
    const TITLES: [&str; 8] = ["", "", "", "", "GM", "IM", "FM", "CM"];
    const OTHER: [&str; 4] = ["", "", "FA", "IA,FA,FST,FI,DI,IO"];
    if xml {
        writeln!(
            out,
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<playerslist>"
        )?;
    } else {
        writeln!(out, "{HEADER}")?;
    }
    for i in 0..lines {
        let id = 1_000_000 + i * 7;
        let name = format!(
            "{}{}, {}",
            LAST[rng.below(8) as usize],
            i,
            FIRST[rng.below(6) as usize]
        );
        let fed = FEDS[rng.below(6) as usize];
        let woman = rng.below(4) == 0;
        let sex = if woman { "F" } else { "M" };
        let title = TITLES[rng.below(8) as usize];
        let other = OTHER[rng.below(4) as usize];
        let rated = |rng: &mut Rng| (rng.below(3) != 0).then(|| 1400 + rng.below(1400));
        let rates = [rated(&mut rng), rated(&mut rng), rated(&mut rng)];
        let games: Vec<u64> = (0..3).map(|_| rng.below(12)).collect();
        let k = |r: Option<u64>| r.map(|r| if r >= 2400 { 10 } else { 20 });
        let born = 1940 + rng.below(75);
        let flag = match (woman, rng.below(5) == 0) {
            (true, true) => "wi",
            (true, false) => "w",
            (false, true) => "i",
            (false, false) => "",
        };
        if xml {
            let n = |v: Option<u64>| v.unwrap_or(0);
            writeln!(
                out,
                "<player>\n<fideid>{id}</fideid>\n<name>{}</name>\n<country>{fed}</country>\n<sex>{sex}</sex>\n<title>{title}</title>\n<w_title></w_title>\n<o_title>{other}</o_title>\n<foa_title></foa_title>\n<rating>{}</rating>\n<games>{}</games>\n<k>{}</k>\n<rapid_rating>{}</rapid_rating>\n<rapid_games>{}</rapid_games>\n<rapid_k>{}</rapid_k>\n<blitz_rating>{}</blitz_rating>\n<blitz_games>{}</blitz_games>\n<blitz_k>{}</blitz_k>\n<birthday>{born}</birthday>\n<flag>{flag}</flag>\n</player>",
                name.replace('\'', "&apos;"),
                n(rates[0]),
                games[0],
                n(k(rates[0])),
                n(rates[1]),
                games[1],
                n(k(rates[1])),
                n(rates[2]),
                games[2],
                n(k(rates[2])),
            )?;
        } else {
            let cell = |v: Option<u64>, width: usize| match v {
                Some(v) => format!("{v:<width$}"),
                None => " ".repeat(width),
            };
            let mut line = format!(
                "{id:<15}{:<61}{fed} {sex:<4}{title:<5}{:<5}{other:<15}",
                name, ""
            );
            // Other titles longer than their column run into the FOA column, as in FIDE's file.
            let foa_at = 109;
            let width = line.chars().count();
            if width < foa_at {
                line.push_str(&" ".repeat(foa_at - width));
            } else {
                line.push(' ');
            }
            let width = line.chars().count();
            line.push_str(&" ".repeat(113usize.saturating_sub(width)));
            for (r, rate) in rates.iter().enumerate() {
                line.push_str(&cell(*rate, 6));
                line.push_str(&cell(rate.map(|_| games[r]), 4));
                line.push_str(&cell(k(*rate), 3));
            }
            line.push_str(&format!("{born:<6}{flag}"));
            writeln!(out, "{}", line.trim_end())?;
        }
    }
    if xml {
        writeln!(out, "</playerslist>")?;
    }
    Ok(())
}
