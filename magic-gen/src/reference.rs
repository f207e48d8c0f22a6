//! The reference data of all 128 (slider, square) pairs, computed once and shared by the
//! search, the table builder and the verifier.

use crate::geometry::Occupancies;
use magic_tables_core::{Slider, Square, pair_index};

/// [`Occupancies`] of every (slider, square), in stream order: rook a1 … h8, bishop a1 … h8.
#[derive(Clone, Debug)]
pub struct ReferenceSet {
    all: Vec<Occupancies>,
}

impl ReferenceSet {
    /// Enumerates all 107,648 relevant occupancies and their slow reference attacks.
    pub fn new() -> Self {
        let all = Slider::ALL
            .iter()
            .flat_map(|&slider| Square::ALL.iter().map(move |&square| Occupancies::new(slider, square)))
            .collect();
        ReferenceSet { all }
    }

    /// The occupancies of one (slider, square).
    pub fn get(&self, slider: Slider, square: Square) -> &Occupancies {
        &self.all[pair_index(slider, square)]
    }

    /// All 128 entries, in stream order.
    pub fn iter(&self) -> impl Iterator<Item = &Occupancies> {
        self.all.iter()
    }
}

impl Default for ReferenceSet {
    fn default() -> Self {
        Self::new()
    }
}
