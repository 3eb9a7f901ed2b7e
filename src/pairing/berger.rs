//! Round robins by the Berger tables (FIDE Handbook C.05, Annex 1).
