//! The FIDE (Dutch) System, C.04.3 as applied from 1 February 2026.
