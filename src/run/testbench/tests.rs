//! The lists, their results files and the endings.

use super::*;
use crate::c64::model::CiaModel;

fn entry(p: &str, expect: Expect) -> Entry {
    Entry {
        program: p.into(),
        cycles: 1,
        expect,
        ..Entry::default()
    }
}

#[test]
fn pass_and_timeout_rules() {
    assert!(Ending::Wrote(0).passes(Expect::Pass));
    assert!(!Ending::Wrote(0xFF).passes(Expect::Pass));
    assert!(!Ending::Timeout.passes(Expect::Pass));
    assert!(Ending::Timeout.passes(Expect::Timeout));
    assert!(!Ending::Wrote(0).passes(Expect::Timeout));
    assert!(!Ending::Wrote(0xFF).passes(Expect::Timeout));
    assert_eq!(Ending::Wrote(1).status(), "timeout");
    assert_eq!(Ending::Wrote(0x80).status(), "error");
}

#[test]
fn list_errors_name_file_and_line() {
    let dir = std::env::temp_dir().join(format!("breadbin-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("tests.tsv"),
        "program\tcycles\texpect\nA/x.prg\t100\tpass\nB/y.prg\tlots\tpass\n",
    )
    .unwrap();
    let e = read_list(&dir).unwrap_err().to_string();
    assert!(
        e.ends_with("tests.tsv:3: cycles 'lots' is not a whole number"),
        "{e}"
    );
    std::fs::write(dir.join("tests.tsv"), "A/x.prg\t100\tmaybe\n").unwrap();
    let e = read_list(&dir).unwrap_err().to_string();
    assert!(e.contains("tests.tsv:1: expect 'maybe'"), "{e}");
    std::fs::write(dir.join("tests.tsv"), "../x.prg\t100\tpass\n").unwrap();
    assert!(read_list(&dir).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
    let e = read_list(&dir).unwrap_err().to_string();
    assert!(e.contains("tests.tsv: cannot read"), "{e}");
}

#[test]
fn lists_with_disks_and_options_read_their_columns() {
    let dir = std::env::temp_dir().join(format!("breadbin-tbl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("tests-disk.tsv"),
        "program\tcycles\texpect\tdisk\tformat\n\
         drive/rpm/rpm1.prg\t10\tpass\tdrive/rpm/rpm.d64\td64\n\
         drive/rpm/rpm1.prg\t10\tpass\tdrive/rpm/rpm.p64\tp64\n",
    )
    .unwrap();
    let l = read_list_file(&dir, "tests-disk.tsv").unwrap();
    assert_eq!(l[0].disk, Some(("drive/rpm/rpm.d64".into(), "d64".into())));
    assert_eq!(l[0].unsupported(), None);
    assert_eq!(l[1].unsupported(), Some("a p64 image".into()));
    std::fs::write(
        dir.join("tests-models.tsv"),
        "program\tcycles\texpect\toptions\tcartridge\n\
         CIA/x.prg\t10\tpass\tcia-new\t\n\
         \t10\tpass\t\ttestbench/selftest/c64-pass.crt\n\
         SID/y.prg\t10\tpass\tsid-new fast\t\n",
    )
    .unwrap();
    let l = read_list_file(&dir, "tests-models.tsv").unwrap();
    assert_eq!(l[0].unsupported(), None);
    assert_eq!(l[0].model().map(|m| m.cia), Ok(CiaModel::Mos6526A));
    assert_eq!(l[2].unsupported(), Some("option fast".into()));
    assert_eq!(l[1].name(), "testbench/selftest/c64-pass.crt");
    let results: Vec<RunResult> = l
        .into_iter()
        .take(2)
        .map(|entry| RunResult {
            entry,
            ending: Ending::NotRun,
            picture: None,
        })
        .collect();
    let f = results_file(&results, std::time::Duration::from_secs(1));
    let lines: Vec<&str> = f.lines().collect();
    assert_eq!(lines[0], "../CIA/,x.prg,error,exitcode,,,,1,-1,-1");
    assert_eq!(
        lines[1],
        "./selftest/,,error,exitcode,,,c64-pass.crt,-1,-1,-1"
    );
    std::fs::write(dir.join("bad.tsv"), "program\tcycles\texpect\tcolour\n").unwrap();
    let e = read_list_file(&dir, "bad.tsv").unwrap_err().to_string();
    assert!(e.contains("bad.tsv:1: unknown column 'colour'"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn result_lines_follow_the_bench_format() {
    let results = vec![
        RunResult {
            entry: entry("CPU/sha/sha.prg", Expect::Pass),
            ending: Ending::Wrote(0xFF),
            picture: None,
        },
        RunResult {
            entry: entry("testbench/selftest/c64-pass.prg", Expect::Pass),
            ending: Ending::Wrote(0),
            picture: None,
        },
    ];
    let f = results_file(&results, std::time::Duration::from_secs(75));
    let lines: Vec<&str> = f.lines().collect();
    assert_eq!(lines[0], "../CPU/sha/,sha.prg,error,exitcode,,,,-1,-1,-1");
    assert_eq!(lines[1], "./selftest/,c64-pass.prg,ok,exitcode,,,,-1,-1,-1");
    assert_eq!(lines[2], "# 1 minutes and 15 seconds elapsed.");
    let r = report(&results, None);
    assert!(r.contains("CPU                        0/1"), "{r}");
    assert!(r.contains("total                      1/2"), "{r}");
    assert!(r.contains("CPU/sha/sha.prg  wrote $FF"), "{r}");
}

#[test]
fn every_run_starts_at_the_same_point_of_its_frame() {
    // Where in the frame a program starts must not depend on how long the ROMs took to
    // boot: the ready machine is taken at a fixed point of the first frame after the prompt.
    for model in [Model::C64_PAL, Model::NTSC] {
        let c64 = ready_model(Roms::open(), model).unwrap();
        let in_frame = c64.cycles() % model.cycles_per_frame();
        assert!(
            (START_IN_FRAME..START_IN_FRAME + 8).contains(&in_frame),
            "{model:?}: {in_frame} cycles into the frame"
        );
        assert!(c64.cpu().at_instruction_boundary());
        assert_eq!(c64.ram()[0xC6], 0, "nothing typed yet");
    }
}
