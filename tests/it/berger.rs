//! Round robins against the Berger tables of C.05 Annex 1.
