//! The AI's decisions in an opening (filled in below).
