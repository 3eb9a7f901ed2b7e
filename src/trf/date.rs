//! Dates as the programs that write TRF files actually write them.
//!
//! The standard says `YYYY/MM/DD` for the start and end dates (`042`, `052`) and `YY/MM/DD` for
//! the round dates (`132`). Real files hold other forms: lichess writes `Oct 13, 2024` (Java's
//! medium date format), Swiss-Manager-era files `28. 07. 2005`, JaVaFo's sample `24/09/2010`,
//! others `2024-10-13` or `13.10.2024`. Each form is read when one reading fits it; a date with
//! the year last and the day and month in either order (`03/04/2010`) is the only ambiguous one,
//! and the file decides it where it can (a field above 12 in any such date of the file), else
//! day first, the habit of the European pairing programs that write these files. The caller
//! says which reading was taken.

use chrono::{Datelike, NaiveDate};

/// The forms read, as an error message lists them.
pub const FORMS: &str = "YYYY/MM/DD (the standard), YYYY-MM-DD, DD.MM.YYYY, DD/MM/YYYY or MM/DD/YYYY, YY/MM/DD, or a month by name as in `Oct 13, 2024` or `13 October 2024`";

/// What one date field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateReading {
    /// Nothing written: the date is not given.
    Empty,
    /// One reading only.
    Fixed(NaiveDate),
    /// Year last, day and month in either order: the day-first and the month-first reading,
    /// each when it is a date.
    Either {
        day_first: Option<NaiveDate>,
        month_first: Option<NaiveDate>,
    },
    /// Two-digit years and the year's place unknown (`24/10/13`): the standard's `YY/MM/DD`
    /// reading and the `DD/MM/YY` one, each when it is a date. The standard's wins when it is
    /// a date; the caller says so when the other is a different date.
    ShortYear {
        year_first: Option<NaiveDate>,
        year_last: Option<NaiveDate>,
    },
    /// No reading fits.
    Bad,
}

/// The order the file's ambiguous dates are read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    DayFirst,
    MonthFirst,
}

impl DateReading {
    /// The reading under `order`, or the only one that fits.
    pub fn resolve(self, order: Order) -> Option<NaiveDate> {
        match self {
            DateReading::Fixed(date) => Some(date),
            DateReading::Either {
                day_first,
                month_first,
            } => match order {
                Order::DayFirst => day_first.or(month_first),
                Order::MonthFirst => month_first.or(day_first),
            },
            DateReading::ShortYear {
                year_first,
                year_last,
            } => year_first.or(year_last),
            DateReading::Empty | DateReading::Bad => None,
        }
    }

    /// The order this date decides by itself: exactly one of its two readings is a date.
    pub fn decides(self) -> Option<Order> {
        match self {
            DateReading::Either {
                day_first: Some(_),
                month_first: None,
            } => Some(Order::DayFirst),
            DateReading::Either {
                day_first: None,
                month_first: Some(_),
            } => Some(Order::MonthFirst),
            _ => None,
        }
    }

    /// Both readings are dates and they differ: the file's order, or the default, chooses.
    pub fn is_ambiguous(self) -> bool {
        matches!(self, DateReading::Either { day_first: Some(a), month_first: Some(b) } if a != b)
    }
}

/// A two-digit year as POSIX `strptime` reads `%y`: 69-99 are 1969-1999, 00-68 are 2000-2068.
pub fn full_year(short: i32) -> i32 {
    if short >= 69 {
        1900 + short
    } else {
        2000 + short
    }
}

fn month_by_name(word: &str) -> Option<u32> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let word = word.trim_end_matches('.').to_ascii_lowercase();
    if word.len() < 3 {
        return None;
    }
    // `Oct`, `Sept`, `October`: a prefix of three letters or more of one month's name.
    MONTHS
        .iter()
        .position(|m| m.starts_with(&word))
        .map(|i| i as u32 + 1)
}

fn ymd(year: i32, month: u32, day: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, month, day)
}

/// Reads one date. A date of three two-digit numbers is `YY/MM/DD` (the `132` round dates'
/// standard form, the standard's own order shortened), or `DD/MM/YY` when only that fits,
/// unless it is written with dots, which is `DD.MM.YY` in every program that writes dots.
pub fn read(text: &str) -> DateReading {
    let text = text.trim();
    if text.is_empty() {
        return DateReading::Empty;
    }
    let dotted = text.contains('.');
    let tokens: Vec<&str> = text
        .split(['/', '-', '.', ',', ' '])
        .filter(|t| !t.is_empty())
        .collect();
    let [a, b, c] = tokens.as_slice() else {
        return DateReading::Bad;
    };
    let numeric = |t: &str| {
        (!t.is_empty() && t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<u32>().ok())
            .flatten()
    };
    let fixed = |date: Option<NaiveDate>| date.map_or(DateReading::Bad, DateReading::Fixed);
    let year = |t: &str| -> Option<i32> {
        let n = numeric(t)? as i32;
        match t.len() {
            4 => Some(n),
            2 => Some(full_year(n)),
            _ => None,
        }
    };
    match (numeric(a), numeric(b), numeric(c)) {
        (Some(y), Some(m), Some(d)) if a.len() == 4 => fixed(ymd(y as i32, m, d)),
        (Some(x), Some(y), Some(four)) if c.len() == 4 => {
            let year = four as i32;
            if dotted {
                // Nobody writes the month first with dots.
                return fixed(ymd(year, y, x));
            }
            match (ymd(year, y, x), ymd(year, x, y)) {
                (None, None) => DateReading::Bad,
                (day_first, month_first) => DateReading::Either {
                    day_first,
                    month_first,
                },
            }
        }
        (Some(x), Some(m), Some(z)) if a.len() <= 2 && b.len() <= 2 && c.len() == 2 => {
            if dotted {
                return fixed(year(c).and_then(|y| ymd(y, m, x)));
            }
            // YY/MM/DD, the short form of the standard's order; DD/MM/YY when only it fits.
            match (
                year(a).and_then(|y| ymd(y, m, z)),
                year(c).and_then(|y| ymd(y, m, x)),
            ) {
                (None, None) => DateReading::Bad,
                (year_first, year_last) => DateReading::ShortYear {
                    year_first,
                    year_last,
                },
            }
        }
        (Some(_), Some(_), Some(_)) => DateReading::Bad,
        // `Oct 13, 2024`, `13 Oct 2024`, `2024 Oct 13`.
        (None, Some(d), Some(_)) if c.len() == 4 => match (month_by_name(a), year(c)) {
            (Some(m), Some(y)) => fixed(ymd(y, m, d)),
            _ => DateReading::Bad,
        },
        (Some(d), None, Some(_)) if c.len() == 4 => match (month_by_name(b), year(c)) {
            (Some(m), Some(y)) => fixed(ymd(y, m, d)),
            _ => DateReading::Bad,
        },
        (Some(_), None, Some(d)) if a.len() == 4 => match (month_by_name(b), year(a)) {
            (Some(m), Some(y)) => fixed(ymd(y, m, d)),
            _ => DateReading::Bad,
        },
        _ => DateReading::Bad,
    }
}

/// The order of the file's ambiguous dates: the one its dates decide when they all agree,
/// else day first. Returns the order and, when a date decided it, that date's index.
pub fn order_of(readings: &[DateReading]) -> (Order, Option<usize>) {
    let decided: Vec<(usize, Order)> = readings
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.decides().map(|o| (i, o)))
        .collect();
    match decided.first() {
        Some(&(i, order)) if decided.iter().all(|&(_, o)| o == order) => (order, Some(i)),
        _ => (Order::DayFirst, None),
    }
}

/// `YYYY/MM/DD`, the standard's form.
pub fn standard(date: NaiveDate) -> String {
    date.format("%Y/%m/%d").to_string()
}

/// `YY/MM/DD`, the standard's form for round dates.
pub fn short(date: NaiveDate) -> String {
    format!(
        "{:02}/{:02}/{:02}",
        date.year() % 100,
        date.month(),
        date.day()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_forms_real_files_hold() {
        // The standard's forms.
        assert_eq!(read("2024/10/13"), DateReading::Fixed(day(2024, 10, 13)));
        // The standard's YY/MM/DD first; the DD/MM/YY reading kept for the caller to name.
        assert_eq!(
            read("24/10/13"),
            DateReading::ShortYear {
                year_first: Some(day(2024, 10, 13)),
                year_last: Some(day(2013, 10, 24)),
            }
        );
        assert_eq!(
            read("24/10/13").resolve(Order::MonthFirst),
            Some(day(2024, 10, 13))
        );
        // lichess (Java's medium date format in English), and the day first with a name.
        assert_eq!(read("Oct 13, 2024"), DateReading::Fixed(day(2024, 10, 13)));
        assert_eq!(read("Mar 3, 2026"), DateReading::Fixed(day(2026, 3, 3)));
        assert_eq!(
            read("13 October 2024"),
            DateReading::Fixed(day(2024, 10, 13))
        );
        assert_eq!(read("13 Sept. 2024"), DateReading::Fixed(day(2024, 9, 13)));
        // Swiss-Manager-era and German dates: dots are always day first.
        assert_eq!(read("28. 07. 2005"), DateReading::Fixed(day(2005, 7, 28)));
        assert_eq!(read("03.04.2005"), DateReading::Fixed(day(2005, 4, 3)));
        assert_eq!(read("03.04.05"), DateReading::Fixed(day(2005, 4, 3)));
        // ISO.
        assert_eq!(read("2024-10-13"), DateReading::Fixed(day(2024, 10, 13)));
        // Year last with slashes: the field above 12 decides; else both readings stand.
        assert_eq!(read("24/09/2010").decides(), Some(Order::DayFirst));
        assert_eq!(read("09/24/2010").decides(), Some(Order::MonthFirst));
        assert!(read("03/04/2010").is_ambiguous());
        assert!(!read("04/04/2010").is_ambiguous());
        assert_eq!(
            read("03/04/2010").resolve(Order::DayFirst),
            Some(day(2010, 4, 3))
        );
        assert_eq!(read(""), DateReading::Empty);
    }

    #[test]
    fn what_no_reading_fits_is_bad() {
        for text in [
            "2024/13/01",
            "2023/02/29",
            "31/31/2010",
            "Foo 3, 2024",
            "2024",
            "13.13.2024",
            "1/2/3/4",
            "2024/10",
        ] {
            assert_eq!(read(text), DateReading::Bad, "{text}");
        }
    }

    #[test]
    fn two_digit_years_follow_posix() {
        // POSIX strptime %y: 69-99 are the 1900s, 00-68 the 2000s.
        let year_first = |text| read(text).resolve(Order::DayFirst);
        assert_eq!(year_first("98/07/28"), Some(day(1998, 7, 28)));
        assert_eq!(year_first("05/07/28"), Some(day(2005, 7, 28)));
        // Read year first, `31/12/24` is 2031/12/24; DD/MM/YY gives 2024/12/31, which the
        // caller names.
        assert_eq!(
            read("31/12/24"),
            DateReading::ShortYear {
                year_first: Some(day(2031, 12, 24)),
                year_last: Some(day(2024, 12, 31)),
            }
        );
    }

    #[test]
    fn the_file_decides_the_order_when_its_dates_agree() {
        let start = read("03/04/2010");
        let end = read("13/04/2010");
        assert_eq!(order_of(&[start, end]), (Order::DayFirst, Some(1)));
        let end = read("04/13/2010");
        assert_eq!(order_of(&[start, end]), (Order::MonthFirst, Some(1)));
        assert_eq!(order_of(&[start]), (Order::DayFirst, None));
        // Dates that disagree decide nothing: day first.
        let both = [read("13/04/2010"), read("04/14/2010")];
        assert_eq!(order_of(&both), (Order::DayFirst, None));
    }
}
