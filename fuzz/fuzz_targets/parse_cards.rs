//! Card text: parsing never panics, and what parses prints back to the same cards.
#![no_main]

use holecard::card::parse_cards;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_cards(text) {
        Ok(cards) => {
            let printed: Vec<String> = cards.iter().map(ToString::to_string).collect();
            assert_eq!(parse_cards(&printed.join(" ")).unwrap(), cards);
        }
        Err(e) => {
            // Errors name the offending token.
            assert!(e.to_string().contains("invalid card"));
        }
    }
});
