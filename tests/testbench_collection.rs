//! `breadbin testbench` on a checkout of the VICE-testprogs collection: it reads the
//! collection's own list (`testbench/c64-testlist.in`), sorts its exit-code runs into the
//! bench's lists, runs them from the checkout's folders and checks a ratchet.

mod common;

use common::cli::{breadbin, one_line_error, stderr, stdout, tmp_in};

#[test]
fn a_checkout_is_run_from_its_own_list() {
    let root = tmp_in("collection", "checkout");
    let _ = std::fs::remove_dir_all(&root);
    for d in ["testbench", "A", "B"] {
        std::fs::create_dir_all(root.join(d)).unwrap();
    }
    let prg = |path: &str, text: &str| {
        let t = breadbin::basic::tokenize(text, path).unwrap();
        std::fs::write(root.join(path), t.prg).unwrap();
    };
    prg("A/pass.prg", "10 POKE 55295,0"); // $D7FF
    prg("A/fail.prg", "10 POKE 55295,255");
    prg("A/hang.prg", "10 GOTO 10");
    prg("B/new.prg", "10 POKE 55295,0");
    std::fs::write(
        root.join("testbench/c64-testlist.in"),
        "# the runs\n\
         ../A/,pass.prg,exitcode,5000000\n\
         ../A/,fail.prg,exitcode,5000000,vicii-pal\n\
         ../A/,hang.prg,exitcode,5000000,expect:timeout,comment:a loop, forever\n\
         ../A/,pass.prg,screenshot,5000000\n\
         ../B/,new.prg,exitcode,5000000,sid-new\n",
    )
    .unwrap();
    let ratchet = tmp_in("collection", "ratchet.txt");
    std::fs::write(&ratchet, "A/pass.prg\nA/hang.prg\n").unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["testbench", root.to_str().unwrap()];
        args.extend_from_slice(extra);
        breadbin(&args)
    };
    let o = run(&["--ratchet", ratchet.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("A                          2/3"), "{out}");
    assert!(
        !out.contains("B/new.prg"),
        "a model run is not a plain one: {out}"
    );
    std::fs::write(&ratchet, "A/pass.prg\nA/fail.prg\n").unwrap();
    let o = run(&["--ratchet", ratchet.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("A/fail.prg"), "{}", stderr(&o));
    // The other chips' list holds the run with an 8580.
    let o = run(&["--tests", "models"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("B                          1/1"),
        "{}",
        stdout(&o)
    );
    let o = run(&["--tests", "pictures"]);
    one_line_error(&o, 1, "--tests pictures");
    std::fs::write(
        root.join("testbench/c64-testlist.in"),
        "../A/,pass.prg,exitcode,5000000\n../A/,x.prg,exitcode,lots\n",
    )
    .unwrap();
    let o = run(&[]);
    one_line_error(&o, 1, "c64-testlist.in:2");
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_file(ratchet);
}
