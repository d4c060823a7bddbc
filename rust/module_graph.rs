//! The crate's file graph has no cycles (issue 41), as `tests/test_imports.py` checks for
//! the Python package.
//!
//! Every `.rs` file under `rust/` is a node. An edge runs from a file to the file that
//! defines what one of its `crate::`, `super::` or `self::` paths names (in `use` lines and
//! in code alike, comments and strings left out). A path that ends at a re-export (`pub use
//! x::Name` in `game/mod.rs` or anywhere else) is followed to the file that defines the
//! name, so a facade module joins no cycle; the re-export itself is an edge only when it is
//! written as a `crate::` / `super::` path. A parent naming its own child (`bots::Context`
//! in `sim/mod.rs`) is not an edge: the two are one unit by declaration.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type ModPath = Vec<String>;

/// One source file: its module path, its text without comments and literals, and its
/// re-exports (name -> the absolute path it re-exports).
struct File {
    module: ModPath,
    text: String,
    reexports: BTreeMap<String, ModPath>,
}

/// `text` with comments, string and char literals blanked (kept the same length).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    out.extend_from_slice(b"  ");
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    out.extend_from_slice(b"  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(b' ');
                    i += 1;
                }
            }
        } else if b[i] == b'r' && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#')) {
            // A raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push(b[i]);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == b'"'
                    && b[j + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&c| c == b'#')
                        .count()
                        == hashes
                {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.extend(std::iter::repeat_n(b' ', j.min(b.len()) - i));
            i = j.min(b.len());
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            out.extend(std::iter::repeat_n(b' ', end - i));
            i = end;
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '{'); a lifetime ('a) is kept.
            let end = if b.get(i + 1) == Some(&b'\\') {
                let mut j = i + 2;
                while j < b.len() && b[j] != b'\'' {
                    j += 1;
                }
                Some(j + 1)
            } else {
                let ch = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + ch) == Some(&b'\'')).then_some(i + 2 + ch)
            };
            if let Some(end) = end {
                out.extend(std::iter::repeat_n(b' ', end.min(b.len()) - i));
                i = end.min(b.len());
            } else {
                out.push(b[i]);
                i += 1;
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Reads an identifier at `i` (after spaces); returns it and the position after it.
fn ident(b: &[u8], mut i: usize) -> (String, usize) {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    let start = i;
    while i < b.len() && is_ident(b[i]) {
        i += 1;
    }
    (String::from_utf8_lossy(&b[start..i]).into_owned(), i)
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// Parses a use tree at `i` (`a::b`, `a::{b, c::d}`, `a::*`, `a as b`): the paths it
/// names, each with the name it binds, and the position after it.
fn use_tree(b: &[u8], i: usize) -> (Vec<(ModPath, String)>, usize) {
    let mut prefix = Vec::new();
    let mut i = i;
    loop {
        i = skip_ws(b, i);
        if b.get(i) == Some(&b'{') {
            let mut found = Vec::new();
            i += 1;
            loop {
                i = skip_ws(b, i);
                if b.get(i) == Some(&b'}') || i >= b.len() {
                    return (found, i + 1);
                }
                let (paths, next) = use_tree(b, i);
                for (p, bound) in paths {
                    found.push(([prefix.clone(), p].concat(), bound));
                }
                i = skip_ws(b, next);
                if b.get(i) == Some(&b',') {
                    i += 1;
                }
            }
        }
        if b.get(i) == Some(&b'*') {
            prefix.push("*".to_string());
            return (vec![(prefix, "*".to_string())], i + 1);
        }
        let (name, next) = ident(b, i);
        if name.is_empty() {
            return (vec![], next.max(i + 1));
        }
        prefix.push(name);
        i = skip_ws(b, next);
        if b[i..].starts_with(b"::") {
            i += 2;
            continue;
        }
        let mut bound = prefix.last().cloned().unwrap_or_default();
        if b[i..].starts_with(b"as") && !is_ident(b[i + 2]) {
            let (alias, next) = ident(b, i + 2);
            bound = alias;
            i = next;
        }
        return (vec![(prefix, bound)], i);
    }
}

/// The inline modules (`mod name { ... }`) enclosing each byte: their names, outermost first.
fn inline_modules(b: &[u8]) -> Vec<Vec<String>> {
    let mut at = Vec::with_capacity(b.len());
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut pending: Option<String> = None;
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"mod")
            && (i == 0 || !is_ident(b[i - 1]))
            && b.get(i + 3).is_some_and(u8::is_ascii_whitespace)
        {
            let (name, next) = ident(b, i + 3);
            let next = skip_ws(b, next);
            if b.get(next) == Some(&b'{') {
                pending = Some(name);
            }
        }
        match b[i] {
            b'{' => {
                depth += 1;
                if let Some(name) = pending.take() {
                    open.push((name, depth));
                }
            }
            b'}' => {
                if open.last().is_some_and(|(_, d)| *d == depth) {
                    open.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        at.push(open.iter().map(|(n, _)| n.clone()).collect());
        i += 1;
    }
    at
}

/// The module path a file defines (`rust/game/mod.rs` -> `game`).
fn module_of(root: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(root).unwrap_or(file);
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("rust/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Turns a written path into an absolute module path, from the module `here` (the file's
/// module plus enclosing inline modules). `None`: a path outside the crate (std, a
/// dependency) or a child-relative one.
fn absolute(here: &[String], path: &[String], children: &BTreeSet<String>) -> Option<ModPath> {
    let mut base: ModPath = here.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate" | "$crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some(first) if children.contains(first) => {}
        _ => return None,
    }
    Some([base, rest.to_vec()].concat())
}

struct Crate {
    files: BTreeMap<ModPath, File>,
}

impl Crate {
    fn load(root: &Path) -> Crate {
        let mut paths = Vec::new();
        rust_files(root, &mut paths);
        let mut files = BTreeMap::new();
        for path in paths {
            let text = strip(&fs::read_to_string(&path).expect("a readable source file"));
            let module = module_of(root, &path);
            files.insert(
                module.clone(),
                File {
                    module,
                    text,
                    reexports: BTreeMap::new(),
                },
            );
        }
        let modules: BTreeSet<ModPath> = files.keys().cloned().collect();
        for file in files.values_mut() {
            let children: BTreeSet<String> = modules
                .iter()
                .filter(|m| m.len() == file.module.len() + 1 && m.starts_with(&file.module))
                .filter_map(|m| m.last().cloned())
                .collect();
            let b = file.text.as_bytes();
            let mut i = 0;
            while let Some(at) = file.text[i..].find("pub") {
                let start = i + at;
                i = start + 3;
                if start > 0 && is_ident(b[start - 1]) || b.get(i).is_some_and(|&c| is_ident(c)) {
                    continue;
                }
                let mut j = skip_ws(b, i);
                if b.get(j) == Some(&b'(') {
                    while j < b.len() && b[j] != b')' {
                        j += 1;
                    }
                    j = skip_ws(b, j + 1);
                }
                if !(b[j..].starts_with(b"use")
                    && b.get(j + 3).is_some_and(u8::is_ascii_whitespace))
                {
                    continue;
                }
                let (paths, _) = use_tree(b, j + 3);
                for (path, bound) in paths {
                    if let Some(abs) = absolute(&file.module, &path, &children) {
                        file.reexports.insert(bound, abs);
                    }
                }
            }
        }
        Crate { files }
    }

    /// The file that defines what the absolute path `path` names.
    fn resolve(&self, path: &[String], depth: usize) -> Option<&ModPath> {
        let len = (0..=path.len())
            .rev()
            .find(|&n| self.files.contains_key(&path[..n]))?;
        let (module, file) = self.files.get_key_value(&path[..len])?;
        if let Some(name) = path.get(len) {
            if let Some(target) = file.reexports.get(name) {
                if depth < 16 && target.last() != Some(&"*".to_string()) {
                    return self.resolve(target, depth + 1).or(Some(module));
                }
            }
        }
        Some(module)
    }

    /// File -> the files it depends on.
    fn graph(&self) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
        let mut graph = BTreeMap::new();
        for (module, file) in &self.files {
            let b = file.text.as_bytes();
            let inline = inline_modules(b);
            let mut edges = BTreeSet::new();
            for anchor in ["$crate::", "crate::", "super::", "self::"] {
                let mut i = 0;
                while let Some(at) = file.text[i..].find(anchor) {
                    let start = i + at;
                    i = start + anchor.len();
                    if start > 0
                        && (is_ident(b[start - 1]) || b[start - 1] == b'$' || b[start - 1] == b':')
                    {
                        continue;
                    }
                    let (paths, _) = use_tree(b, start + usize::from(anchor.starts_with('$')));
                    let here = [module.clone(), inline[start].clone()].concat();
                    let paths = paths.into_iter().map(|(mut p, _)| {
                        if anchor.starts_with('$') {
                            p[0] = "$crate".into();
                        }
                        p
                    });
                    for path in paths {
                        let path: ModPath = path.into_iter().filter(|s| s != "*").collect();
                        if let Some(abs) = absolute(&here, &path, &BTreeSet::new()) {
                            if let Some(target) = self.resolve(&abs, 0) {
                                if target != module {
                                    edges.insert(target.clone());
                                }
                            }
                        }
                    }
                }
            }
            graph.insert(module.clone(), edges);
        }
        graph
    }
}

/// The cycles a depth-first walk meets, each as `a -> b -> ... -> a`.
fn cycles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<String> {
    fn name(m: &ModPath) -> String {
        if m.is_empty() {
            "lib".into()
        } else {
            m.join("/")
        }
    }
    fn visit(
        m: &ModPath,
        graph: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        path: &mut Vec<ModPath>,
        done: &mut BTreeSet<ModPath>,
        found: &mut Vec<String>,
    ) {
        path.push(m.clone());
        for t in graph.get(m).into_iter().flatten() {
            if let Some(at) = path.iter().position(|p| p == t) {
                let names: Vec<String> = path[at..].iter().chain([t]).map(name).collect();
                found.push(names.join(" -> "));
            } else if !done.contains(t) {
                visit(t, graph, path, done, found);
            }
        }
        path.pop();
        done.insert(m.clone());
    }
    let mut found = Vec::new();
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        if !done.contains(m) {
            visit(m, graph, &mut Vec::new(), &mut done, &mut found);
        }
    }
    found
}

fn crate_graph() -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    Crate::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("rust")).graph()
}

fn m(path: &str) -> ModPath {
    path.split('/').map(String::from).collect()
}

#[test]
fn the_file_graph_has_no_cycles() {
    let found = cycles(&crate_graph());
    assert!(
        found.is_empty(),
        "file cycles in rust/:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_graph_sees_uses_reexports_and_inline_paths() {
    // Guards the parser: a test that finds no edges would pass on any crate.
    let graph = crate_graph();
    let edges = |from: &str| graph.get(&m(from)).cloned().unwrap_or_default();
    // `use super::options::...` (a sibling), through `crate::game::...` (a facade
    // re-export, followed to the defining file), and an inline `crate::deck::shuffle`.
    assert!(edges("game/stud").contains(&m("game/options")));
    assert!(edges("sim/bots").contains(&m("game/state")));
    assert!(edges("game/state").contains(&m("deck")));
    assert!(
        !edges("game/state").contains(&m("game")),
        "a facade is followed"
    );
}

#[test]
fn a_cycle_is_found() {
    let mut graph = BTreeMap::new();
    graph.insert(m("a"), BTreeSet::from([m("b")]));
    graph.insert(m("b"), BTreeSet::from([m("c")]));
    graph.insert(m("c"), BTreeSet::from([m("a")]));
    assert_eq!(cycles(&graph), vec!["a -> b -> c -> a".to_string()]);
    graph.insert(m("c"), BTreeSet::new());
    assert!(cycles(&graph).is_empty());
}

#[test]
fn strip_blanks_comments_and_literals() {
    let s = strip("a // crate::x\n\"super::y {\" '{' 'a b /* self::z */ r#\"crate::q\"# c");
    assert!(!s.contains("crate::") && !s.contains("super::") && !s.contains("self::"));
    assert!(s.contains("'a b") && s.ends_with(" c") && !s.contains('{'));
}

/// The `GameKind` members named outside `rust/game/spec.rs` and outside test code (a
/// `tests/` folder, a `tests.rs` file, the pinned results, anything after a file's first
/// `#[cfg(test)]`): `file: member` for each.
fn games_named_outside_the_spec(root: &Path) -> Vec<String> {
    let mut paths = Vec::new();
    rust_files(root, &mut paths);
    let mut found = Vec::new();
    for path in paths {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .to_string();
        let test_file = rel.starts_with("game/spec.rs")
            || rel.contains("tests/")
            || rel.ends_with("tests.rs")
            || rel.ends_with("pinned.rs")
            || rel == "module_graph.rs";
        if test_file {
            continue;
        }
        let raw = fs::read_to_string(&path).expect("a readable source file");
        let text = strip(&raw);
        let end = raw.find("#[cfg(test)]").unwrap_or(text.len());
        let b = &text.as_bytes()[..end];
        let mut i = 0;
        while let Some(at) = text[i..end].find("GameKind::") {
            let (name, next) = ident(b, i + at + "GameKind::".len());
            // A member is a type-cased name; `GameKind::from_id` and the like are not.
            if name.starts_with(|c: char| c.is_ascii_uppercase()) && name != "ALL" {
                found.push(format!("{rel}: GameKind::{name}"));
            }
            i = next.max(i + at + 1);
        }
    }
    found
}

#[test]
fn no_file_but_the_spec_names_a_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("rust");
    let found = games_named_outside_the_spec(&root);
    assert!(
        found.is_empty(),
        "a game is a row of rust/game/spec.rs: branch on its VariantSpec, not on a member:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_game_named_outside_the_spec_is_found() {
    let dir = std::env::temp_dir().join(format!("holecard-games-{}", std::process::id()));
    fs::create_dir_all(dir.join("game")).expect("a temporary folder");
    fs::write(dir.join("game/spec.rs"), "GameKind::Razz").expect("written");
    fs::write(
        dir.join("bots.rs"),
        "// GameKind::Stud in a comment\nfn f(g: GameKind) -> bool { g == GameKind::Razz || GameKind::from_id(\"x\").is_ok() }\n#[cfg(test)]\nmod t { const G: GameKind = GameKind::Soko; }\n",
    )
    .expect("written");
    let found = games_named_outside_the_spec(&dir);
    fs::remove_dir_all(&dir).ok();
    assert_eq!(found, vec!["bots.rs: GameKind::Razz".to_string()]);
}
