//! Exact tie-break values: rationals over `i64`, reduced, with a positive denominator.
//!
//! Points are kept in tenths, so every sum, product (Sonneborn-Berger) and average (AOB, ARO)
//! the tie-breaks need is a rational number; nothing here is ever rounded except where FIDE
//! says so, through [`Value::round_half_up`].

use std::cmp::Ordering;
use std::fmt;

use crate::tournament::Points;

/// An exact rational value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Value {
    pub const ZERO: Value = Value { num: 0, den: 1 };

    /// `num / den`; `den` must not be zero.
    pub fn new(num: i64, den: i64) -> Value {
        assert!(den != 0, "zero denominator");
        let sign = if den < 0 { -1 } else { 1 };
        let g = gcd(num, den);
        Value {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    pub fn int(n: i64) -> Value {
        Value { num: n, den: 1 }
    }

    pub fn points(p: Points) -> Value {
        Value::new(i64::from(p.0), 10)
    }

    pub fn numer(self) -> i64 {
        self.num
    }

    pub fn denom(self) -> i64 {
        self.den
    }

    pub fn times(self, other: Value) -> Value {
        Value::new(self.num * other.num, self.den * other.den)
    }

    pub fn div_int(self, n: i64) -> Value {
        Value::new(self.num, self.den * n)
    }

    /// The nearest multiple of `1 / scale`, halves rounded up (towards plus infinity):
    /// 1887.5 becomes 1888 with `scale` 1, 13.375 becomes 13.38 with `scale` 100.
    pub fn round_half_up(self, scale: i64) -> Value {
        // floor((2 * num * scale + den) / (2 * den)) / scale
        let n = 2 * i128::from(self.num) * i128::from(scale) + i128::from(self.den);
        let d = 2 * i128::from(self.den);
        let q = n.div_euclid(d);
        Value::new(q as i64, scale)
    }

    /// The value as an integer, if it is one.
    pub fn to_integer(self) -> Option<i64> {
        (self.den == 1).then_some(self.num)
    }

    /// Written with at least `decimals` decimals and as many more (up to six) as the value
    /// needs to be exact: `12.5`, `9.25`, `1888`, `13.38`.
    pub fn format(self, decimals: usize) -> String {
        let mut places = decimals;
        while places < 6 && (10_i64.pow(places as u32) % self.den) != 0 {
            places += 1;
        }
        let scale = 10_i64.pow(places as u32);
        let scaled = self.round_half_up(scale);
        let units = scaled.num * (scale / scaled.den);
        let sign = if units < 0 { "-" } else { "" };
        let abs = units.unsigned_abs();
        if places == 0 {
            format!("{sign}{abs}")
        } else {
            let scale = scale as u64;
            format!(
                "{sign}{}.{:0width$}",
                abs / scale,
                abs % scale,
                width = places
            )
        }
    }
}

impl std::ops::Add for Value {
    type Output = Value;
    fn add(self, other: Value) -> Value {
        Value::new(
            self.num * other.den + other.num * self.den,
            self.den * other.den,
        )
    }
}

impl std::ops::Sub for Value {
    type Output = Value;
    fn sub(self, other: Value) -> Value {
        Value::new(
            self.num * other.den - other.num * self.den,
            self.den * other.den,
        )
    }
}

impl std::iter::Sum for Value {
    fn sum<I: Iterator<Item = Value>>(iter: I) -> Value {
        iter.fold(Value::ZERO, |a, b| a + b)
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<Points> for Value {
    fn from(p: Points) -> Value {
        Value::points(p)
    }
}

/// Shortest exact decimal form (`12.5`, `9.25`, `1888`).
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.format(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_and_format() {
        assert_eq!(Value::new(37750, 20).round_half_up(1), Value::int(1888));
        assert_eq!(Value::new(107, 8).round_half_up(100), Value::new(1338, 100));
        assert_eq!(Value::new(-5, 10).round_half_up(1), Value::int(0));
        assert_eq!(Value::new(-15, 10).round_half_up(1), Value::int(-1));
        assert_eq!(Value::new(25, 2).format(1), "12.5");
        assert_eq!(Value::new(37, 4).format(2), "9.25");
        assert_eq!(Value::int(9).format(2), "9.00");
        assert_eq!(Value::new(-1, 4).format(1), "-0.25");
        assert_eq!(Value::new(1, 3).format(2), "0.333333");
        assert_eq!(Value::int(1888).to_string(), "1888");
    }
}
