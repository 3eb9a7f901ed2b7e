//! Colour allocation for one pair (C.04.3 5.2) and the colour criteria C10-C13 it feeds.

use crate::chess::Color;

use super::state::{Entrant, Strength};

/// Which of the five rules of C.04.3 5.2 decided a board's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourRule {
    /// 5.2.1: both preferences granted.
    BothPreferences,
    /// 5.2.2: the stronger preference granted.
    StrongerPreference,
    /// 5.2.3: alternation from the most recent round in which they had different colours.
    Alternation,
    /// 5.2.4: the higher-ranked player's preference granted.
    HigherRankedPreference,
    /// 5.2.5: the pairing number's parity and the initial colour.
    InitialColour,
}

/// True when `a` ranks above `b` (C.04.3 1.2: score, then pairing number).
pub fn ranks_above(a: &Entrant, b: &Entrant) -> bool {
    (a.score, std::cmp::Reverse(a.id)) > (b.score, std::cmp::Reverse(b.id))
}

/// The colour `a` gets against `b`, and the rule that decided it.
pub fn allocate(a: &Entrant, b: &Entrant, initial: Color) -> (Color, ColourRule) {
    let (high, a_is_high) = if ranks_above(a, b) {
        (a, true)
    } else {
        (b, false)
    };
    let for_a = |high_colour: Color| if a_is_high { high_colour } else { !high_colour };
    match (a.preference, b.preference) {
        // 5.2.1: different preferences, or only one player has one.
        (Some(pa), Some(pb)) if pa.colour != pb.colour => {
            return (pa.colour, ColourRule::BothPreferences);
        }
        (Some(pa), None) => return (pa.colour, ColourRule::BothPreferences),
        (None, Some(pb)) => return (!pb.colour, ColourRule::BothPreferences),
        (Some(pa), Some(pb)) => {
            // 5.2.2: the stronger preference; between two absolute ones (topscorers only),
            // the wider colour difference.
            if pa.strength != pb.strength {
                let colour = if pa.strength > pb.strength {
                    pa.colour
                } else {
                    !pb.colour
                };
                return (colour, ColourRule::StrongerPreference);
            }
            if pa.strength == Strength::Absolute {
                let (da, db) = (a.colour_difference().abs(), b.colour_difference().abs());
                if da != db {
                    let colour = if da > db { pa.colour } else { !pb.colour };
                    return (colour, ColourRule::StrongerPreference);
                }
            }
        }
        (None, None) => {}
    }
    // 5.2.3: alternate from the most recent round in which one had White and the other
    // Black; the histories hold played games only, so unplayed rounds are skipped.
    for (ca, cb) in a.colours.iter().rev().zip(b.colours.iter().rev()) {
        if ca != cb {
            return (!*ca, ColourRule::Alternation);
        }
    }
    // 5.2.4: the higher-ranked player's preference.
    if let Some(p) = high.preference {
        return (for_a(p.colour), ColourRule::HigherRankedPreference);
    }
    // 5.2.5: an odd pairing number of the higher-ranked player gets the initial colour
    // (numbered among the players present, as the reference engine does).
    let high_colour = if high.number % 2 == 1 {
        initial
    } else {
        !initial
    };
    (for_a(high_colour), ColourRule::InitialColour)
}

/// The colour criteria of a pair once its colours are allocated: C10, C11, C12, C13 counts.
pub fn colour_costs(a: &Entrant, b: &Entrant, a_colour: Color, topscorers: bool) -> [i32; 4] {
    let mut costs = [0; 4];
    let top = topscorers && (a.topscorer || b.topscorer);
    for (p, colour) in [(a, a_colour), (b, !a_colour)] {
        if top {
            // C10: a colour difference beyond two after this game.
            let cd = p.colour_difference() + if colour.is_white() { 1 } else { -1 };
            if cd.abs() > 2 {
                costs[0] += 1;
            }
            // C11: the same colour three times in a row.
            let n = p.colours.len();
            if n >= 2 && p.colours[n - 1] == colour && p.colours[n - 2] == colour {
                costs[1] += 1;
            }
        }
        if let Some(pref) = p.preference
            && pref.colour != colour
        {
            // C12: the preference not granted; C13: a strong (or absolute) one.
            costs[2] += 1;
            if pref.strength >= Strength::Strong {
                costs[3] += 1;
            }
        }
    }
    costs
}
