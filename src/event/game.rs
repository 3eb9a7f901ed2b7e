//! (filled in by the application-layer step of issue 14)
