//! The label map file: what the tokenizer records and the documented text format.

use breadbin::basic::{BasicError, LabelMap, tokenize};

const SOURCE: &str = "\
main:
  GOSUB draw
  GOTO main
draw:
100 PRINT \"{HOME}\"
  RETURN
";

#[test]
fn map_text_of_a_program() {
    let t = tokenize(SOURCE, "games/demo.bas").unwrap();
    assert_eq!(
        t.labels.to_text(),
        "# breadbin label map 1\n\
         label\tmain\t1\n\
         label\tdraw\t100\n\
         line\t1\t2\tgames/demo.bas\n\
         line\t2\t3\tgames/demo.bas\n\
         line\t100\t5\tgames/demo.bas\n\
         line\t101\t6\tgames/demo.bas\n"
    );
}

#[test]
fn map_reads_back_what_it_writes() {
    let t = tokenize(SOURCE, "dir with space/demo.bas").unwrap();
    let mut written = Vec::new();
    t.labels.write_to(&mut written).unwrap();
    let read = LabelMap::parse(std::str::from_utf8(&written).unwrap(), "demo.map").unwrap();
    assert_eq!(read, t.labels);
    assert_eq!(read.source_of(101).unwrap().file, "dir with space/demo.bas");
    assert_eq!(read.line_of("DRAW"), Some(100));
    assert_eq!(read.label_before(101), Some("draw"));
    assert_eq!(read.label_before(0), None);
}

#[test]
fn map_files_on_disk() {
    let dir = std::env::temp_dir().join(format!("breadbin-labels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("demo.map");
    let t = tokenize(SOURCE, "demo.bas").unwrap();
    t.labels.write_file(&path).unwrap();
    assert_eq!(LabelMap::read_file(&path).unwrap(), t.labels);
    std::fs::remove_dir_all(&dir).unwrap();
    let e = LabelMap::read_file(&path).unwrap_err();
    assert!(matches!(e, BasicError::Io { .. }), "{e:?}");
}

#[test]
fn bad_map_lines_are_named() {
    let cases = [
        ("label\tX\n", "m.map:1: missing line number"),
        (
            "# c\n\nlabel\tX\tten\n",
            "m.map:3: line number \"ten\" is not a number 0-65535",
        ),
        (
            "label\tX\t10\textra\n",
            "m.map:1: unexpected field \"extra\"",
        ),
        ("line\t10\t5\n", "m.map:1: missing source file"),
        (
            "line\t10\tfive\ta.bas\n",
            "m.map:1: source line \"five\" is not a number",
        ),
        ("lable\tX\t10\n", "m.map:1: unknown record \"lable\""),
        ("label\t\t10\n", "m.map:1: missing label name"),
    ];
    for (text, expected) in cases {
        let e = LabelMap::parse(text, "m.map").unwrap_err();
        assert!(matches!(e, BasicError::LabelMapSyntax { .. }));
        assert!(e.to_string().starts_with(expected), "{e}");
    }
}
