//! The name column of the aligned text tables people read (standings, crosstable, boards,
//! player lists).
//!
//! A column is as wide as its longest name, up to [`NAME_MAX`] columns; a longer name is cut
//! and ends with `…`, so a cut name never passes for a whole one. Widths are counted as a
//! terminal shows them: combining marks (a decomposed `ü`) take no column and East Asian wide
//! characters take two, so a table keeps its alignment with any name.

/// The widest name column a text table gives; longer names are cut with a mark.
pub const NAME_MAX: usize = 40;

/// The mark that ends a cut name.
const CUT: char = '…';

/// The columns one character takes in a terminal.
fn char_width(c: char) -> usize {
    let code = c as u32;
    let zero = matches!(code,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x0610..=0x061A
        | 0x064B..=0x065F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x200B..=0x200F
        | 0x20D0..=0x20FF | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F)
        || c.is_control();
    let wide = matches!(code,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF | 0x20000..=0x3FFFD);
    if zero {
        0
    } else if wide {
        2
    } else {
        1
    }
}

/// The columns a text takes in a terminal.
pub fn width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

/// The width of a name column: the widest name, at least `min` (the heading's or the
/// table's usual width), at most [`NAME_MAX`].
pub fn name_width<'a>(names: impl IntoIterator<Item = &'a str>, min: usize) -> usize {
    names
        .into_iter()
        .map(width)
        .max()
        .unwrap_or(0)
        .clamp(min, NAME_MAX.max(min))
}

/// `name` in exactly `columns` columns: padded with spaces, or cut and ended with `…` when
/// it is wider.
pub fn fit(name: &str, columns: usize) -> String {
    let total = width(name);
    if total <= columns {
        return format!("{name}{}", " ".repeat(columns - total));
    }
    let mut out = String::new();
    let mut used = 0;
    for c in name.chars() {
        let w = char_width(c);
        if used + w + 1 > columns {
            break;
        }
        out.push(c);
        used += w;
    }
    // A cut between words shows no space before the mark.
    while out.ends_with(' ') {
        out.pop();
        used -= 1;
    }
    if columns > 0 {
        out.push(CUT);
        used += 1;
    }
    out.push_str(&" ".repeat(columns.saturating_sub(used)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_are_padded_long_ones_cut_with_a_mark() {
        assert_eq!(fit("Berg, Bo", 10), "Berg, Bo  ");
        assert_eq!(fit("Abcdefghijkl", 10), "Abcdefghi…");
        assert_eq!(width(&fit("Abcdefghijkl", 10)), 10);
        assert_eq!(fit("Exactly10!", 10), "Exactly10!");
    }

    /// "Müller" with a combining diaeresis (U+0308) takes six columns like the precomposed
    /// one; each Han character takes two.
    #[test]
    fn widths_count_terminal_columns() {
        assert_eq!(width("Mu\u{308}ller"), 6);
        assert_eq!(width("Müller"), 6);
        assert_eq!(width("丁立人"), 6);
        assert_eq!(fit("丁立人, Ding", 7), "丁立人…");
        assert_eq!(fit("丁立人", 7), "丁立人 ");
        assert_eq!(fit("丁立人 Ding Liren", 8), "丁立人… ");
        assert_eq!(width(&fit("丁立人 Ding Liren", 8)), 8);
    }

    #[test]
    fn column_width_follows_the_longest_name_within_bounds() {
        assert_eq!(name_width(["a", "bb"], 4), 4);
        assert_eq!(name_width(["a", &"x".repeat(35)], 30), 35);
        assert_eq!(name_width([&"x".repeat(90) as &str], 30), NAME_MAX);
    }
}
